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

from ai.hand_moves import hand_moves
from ai.registry import Registry
from game.indian13 import Action, apply, legal_actions
from game.indian13.legal import declarations_of

from .view import view_state

LegalMoves = hand_moves(view_state, legal_actions, declarations_of, apply, Action)  # I7.2: its declarations
legal_moves_for = LegalMoves.listed  # every legal action of the observing seat (none when it is not its turn)
BOTS = Registry(__package__, ("random_bot", "heuristic", "search"))  # this game's bots by name
register, bot_names, make_bot = BOTS.exports()  # make_bot(name, rng, **options); unknown names raise KeyError
