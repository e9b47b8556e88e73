"""The state of one deal of 13-card Indian Rummy (CONTRACT.md ``indian13-state``).

The engine treats a :class:`State` as a value: :func:`game.indian13.turn.apply` returns a new one.
Cards are physical ids (:mod:`game.indian13.deck`).  The stock is kept *bottom first* (drawing is
``list.pop()``); the JSON form lists it top first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core import hand_state
from game.core.cards import JOKER
from game.core.documents import kind_groups_json
from game.core.hand_state import *  # noqa: F403  (the phases, why a seat is out, how a deal ended)
from game.core.hand_state import CutJokerTable
from game.core.log import Log
from game.core.seats import Seat

from .deck import KIND, count_kinds, points_table, wild_table
from .rules import RuleSet

__all__ = [*hand_state.__all__, "Result", "Seat", "State"]


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended (CONTRACT.md ``result``).  ``groups`` hold card kinds."""

    winner: int | None
    reason: str
    points: tuple[int, ...]
    gain: int
    groups: tuple[tuple[tuple[int, ...], ...] | None, ...]

    def to_json(self) -> dict:
        return {
            "winner": self.winner, "reason": self.reason, "points": list(self.points), "gain": self.gain,
            "groups": kind_groups_json(self.groups),
        }


@dataclass(slots=True)
class State(CutJokerTable):
    """A deal's state: the fields of :class:`~game.core.hand_state.CutJokerTable` (``rules`` a
    :class:`RuleSet`, ``result`` a :class:`Result`), then the cut's wild and points tables."""

    if TYPE_CHECKING:  # what the shared fields hold in this game
        rules: RuleSet
        result: Result | None

    wild: tuple[bool, ...] = ()
    points: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.history) is not Log:
            self.history = Log(self.history)
        if not self.wild:
            cut = None if self.cut_joker is None else KIND[self.cut_joker]
            self.wild = wild_table(self.rules.jokers, self.rules.pj_cut, cut)
        if not self.points:
            self.points = points_table(self.wild)

    def derived(self) -> tuple:
        return self.wild, self.points

    def kind_counts(self) -> list[int]:
        return count_kinds(self.all_cards())

    @property
    def cut_is_printed_joker(self) -> bool:
        """I3.3: the cut card is a printed joker."""
        return self.cut_joker is not None and KIND[self.cut_joker] == JOKER
