"""The bot interface of 13-card Indian Rummy, the legal-move helper and the registry of bots.

A bot is built with a seeded ``random.Random`` and options (``make_bot("heuristic", rng)``).  On
its turn it gets only its seat's :class:`game.indian13.Observation` (I13), never the state, and
returns one :class:`game.indian13.Action`: ``bot.choose(obs)``.

:class:`LegalMoves` answers "what may I do" from the observation alone: it asks the engine's
legal-move source (:func:`game.indian13.legal_actions`) on a state rebuilt from the observation
with the hidden cards dealt in id order (:func:`ai.indian13.view.view_state`), so it cannot leak a
hidden card, and it is exact because the seat's moves depend only on what the seat sees.

>>> import random
>>> sorted(bot_names())
['heuristic', 'random', 'search']
>>> make_bot("random", random.Random(1)).name
'random'
"""

from __future__ import annotations

from ai.hand_moves import HandMoves
from ai.registry import Registry
from game.indian13 import Action, Observation, apply, legal_actions
from game.indian13.legal import declarations_of

from .view import view_state


class LegalMoves(HandMoves):
    """The legal-move source for one seat, built from its observation alone (I7.2: its declarations)."""

    view = staticmethod(view_state)
    legal = staticmethod(legal_actions)
    declarations_of = staticmethod(declarations_of)
    apply = staticmethod(apply)
    action = Action


def legal_moves_for(obs: Observation) -> list[Action]:
    """Every legal action of the observing seat (empty when it is not its turn)."""
    return LegalMoves(obs).actions()


BUILTIN = ("random_bot", "heuristic", "search")
BOTS = Registry(__package__, BUILTIN)  # this game's bots by name
register = BOTS.register
bot_names, make_bot = BOTS.names, BOTS.make  # make_bot(name, rng, **options); unknown names raise KeyError
