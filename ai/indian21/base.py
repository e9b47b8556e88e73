"""The bot interface of 21-card Indian Rummy, the legal-move helper and the registry of bots.

A bot is built with a seeded ``random.Random`` and options (``make_bot("heuristic", rng)``).  On
its turn it gets only its seat's :class:`game.indian21.Observation` (T15), never the state, and
returns one :class:`game.indian21.Action`: ``bot.choose(obs)``.

:class:`LegalMoves` answers "what may I do" from the observation alone: it asks the engine's
legal-move source (:func:`game.indian21.legal_actions`) on a state rebuilt from the observation
with the hidden cards dealt in kind order (:func:`ai.indian21.view.view_state`), so it cannot leak
a hidden card, and it is exact because the seat's moves depend only on what the seat sees.

>>> import random
>>> sorted(bot_names())
['heuristic', 'random', 'search']
>>> make_bot("random", random.Random(1)).name
'random'
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ai.registry import Registry
from game.indian21 import Action, Observation, State, apply, legal_actions
from game.indian21.legal import declarations_of
from game.indian21.state import DISCARD

from .view import view_state


class LegalMoves:
    """The legal-move source for one seat, built from its observation alone."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self._state: State | None = None

    @property
    def state(self) -> State:
        """The seat's view as a state (hidden cards dealt in kind order)."""
        if self._state is None:
            self._state = view_state(self.obs)
        return self._state

    def actions(self, *, declarations: bool = True) -> list[Action]:
        """Every legal action of the seat to move (one valid show a finish card)."""
        if self.obs.turn != self.obs.seat:
            return []
        return legal_actions(self.state, declarations=declarations)

    def declarations(self) -> list[Action]:
        """T7.2: one valid show for every finish card that leaves one (phase discard)."""
        if self.obs.turn != self.obs.seat or self.obs.phase != DISCARD:
            return []
        return declarations_of(self.state)

    def after(self, action: Action) -> State:
        """The view state after ``action`` (checked: raises ``IllegalAction``)."""
        return apply(self.state, action)

    def is_legal(self, action: object) -> bool:
        if not isinstance(action, Action) or action.player != self.obs.seat:
            return False
        try:
            apply(self.state, action)
        except Exception:  # noqa: BLE001  (a malformed action is not legal)
            return False
        return True


def legal_moves_for(obs: Observation) -> list[Action]:
    """Every legal action of the observing seat (empty when it is not its turn)."""
    return LegalMoves(obs).actions()


@runtime_checkable
class Bot(Protocol):
    """A computer player.  ``choose`` is called whenever its seat must act."""

    name: str

    def choose(self, obs: Observation) -> Action:
        ...


BUILTIN = ("random_bot", "heuristic", "search")
BOTS = Registry(__package__, BUILTIN)  # this game's bots by name
register = BOTS.register


def bot_names() -> list[str]:
    return BOTS.names()


def make_bot(name: str, rng: random.Random, **options: object) -> Bot:
    """A new bot of the registered ``name``; unknown names raise ``KeyError``."""
    return BOTS.make(name, rng, **options)
