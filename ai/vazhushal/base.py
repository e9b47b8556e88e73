"""The bot interface, the registry of bots by name and the difficulty levels.

A bot is built with a seeded ``random.Random`` and options (``make_bot("heuristic", rng)``).  On
its turn it gets only its seat's :class:`~game.vazhushal.Observation` (RULES.md V12) and a
:class:`LegalMoves` built from that observation, and returns the next action, or a plan: a list of
actions to play one after the other in this turn (the runner checks every one).

A seat of kind ``bot:<name>`` is played by the bot registered under ``<name>``; a new bot plugs in
with :func:`register` and needs no change elsewhere.

>>> import random
>>> sorted(bot_names())
['heuristic', 'random', 'search']
>>> make_bot("random", random.Random(1)).name
'random'
>>> LEVELS["Expert"].bot
'search'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Protocol, runtime_checkable

from game.i18n import N_
from game.vazhushal import Action, DrawOption, IllegalAction, Observation, State, apply
from game.vazhushal import legal_actions as _legal_actions
from game.vazhushal import legal_draws as _legal_draws

from ..hand_moves import ViewedMoves
from ..registry import Level, Registry
from .determinize import view_state

Plan = Action | Sequence[Action]


class LegalMoves(ViewedMoves):
    """The legal-move source for one seat, built from its observation alone (so it cannot leak
    a hidden card).  Answers come from the engine (:mod:`game.vazhushal.legal`), asked on a state
    rebuilt from the observation (:func:`ai.vazhushal.determinize.view_state`)."""

    view = staticmethod(view_state)

    def draws(self) -> list[DrawOption]:
        """Every legal way to start the turn (phase draw)."""
        return _legal_draws(self.state)

    def actions(self) -> list[Action]:
        """The actions a turn cannot do without (draws, discards, done, a required meld)."""
        return _legal_actions(self.state)

    def after(self, action: Action) -> State:
        """The view state after ``action`` (checked: raises ``IllegalAction``)."""
        return apply(self.state, action)

    def is_legal(self, action: Action) -> bool:
        try:
            apply(self.state, action)
        except IllegalAction:
            return False
        return True


@runtime_checkable
class Bot(Protocol):
    """A computer player.  ``choose`` is called whenever its seat must act."""

    name: str

    def choose(self, obs: Observation, legal: LegalMoves) -> Plan:
        ...


BUILTIN = ("random_bot", "heuristic", "search")
BOTS = Registry(__package__, BUILTIN)  # this game's bots by name
register, bot_names, make_bot = BOTS.exports()  # make_bot(name, rng, **options); unknown names raise KeyError


_level = partial(Level, registry=BOTS)  # a level of this game's bots


# The budget is the safety limit of ai.safety (a decision over twice the budget is replaced); the
# heuristic decides in milliseconds, the search stops itself after ``time_s`` (Hard keeps a margin:
# in the app the bot shares the interpreter with the drawing loop).
LEVELS: dict[str, Level] = {
    "Easy": _level("Easy", "heuristic", {"blunder": 0.35}, 0.5,
                   N_("Easy: plays sensibly but often draws or throws the wrong card.")),
    "Medium": _level("Medium", "heuristic", {}, 0.5,
                     N_("Medium: weighs every wipe and keeps what it can meld; careful what it feeds you.")),
    "Hard": _level("Hard", "search", {"iterations": 60, "time_s": 0.3}, 0.5,
                   N_("Hard: tries its best moves on many guesses of the hidden cards.")),
    "Expert": _level("Expert", "search", {}, 0.8,
                     N_("Expert: looks a few turns ahead on 200 guesses of the hidden cards.")),
}
