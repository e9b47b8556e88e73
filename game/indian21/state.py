"""The state of one deal of 21-card Indian Rummy (CONTRACT.md ``indian21-state``).

The engine treats a :class:`State` as a value: :func:`game.indian21.turn.apply` returns a new one.
Cards are physical ids (:mod:`game.indian21.deck`).  The stock is kept *bottom first* (drawing is
``list.pop()``); the JSON form lists it top first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from game.core import hand_state
from game.core.documents import kind_groups_json
from game.core.hand_state import *  # noqa: F403  (the phases, why a seat is out, how a deal ended)
from game.core.hand_state import CutJokerTable
from game.core.log import Log
from game.core.seats import Seat

from .deck import KIND, Jokers, count_kinds, jokers_of
from .melds import MeldRules
from .rules import RuleSet

__all__ = [*hand_state.__all__, "Result", "Seat", "State"]

Groups = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended (CONTRACT.md ``result``).  ``groups`` hold card kinds.

    ``points``: what each seat pays (a loser's count after the cap and the half rule, a drop, an
    invalid show; the winner 0); ``gain``: what the winner collects of them; ``value``: each seat's
    value points V (T11, 0 for a seat that is out); ``net``: the T12 settlement, summing to 0."""

    winner: int | None
    reason: str
    points: tuple[int, ...]
    gain: int
    groups: tuple[Groups | None, ...]
    value: tuple[int, ...]
    net: tuple[int, ...]

    def to_json(self) -> dict:
        return {
            "winner": self.winner, "reason": self.reason, "points": list(self.points), "gain": self.gain,
            "groups": kind_groups_json(self.groups),
            "value": list(self.value), "net": list(self.net),
        }


@lru_cache(maxsize=512)
def deal_cards(rules: RuleSet, cut_kind: int) -> tuple[Jokers, MeldRules]:
    """The jokers and meld rules of a deal whose cut joker is of ``cut_kind`` (cached: a deal's
    states all share them)."""
    jokers = jokers_of(rules, cut_kind)
    return jokers, MeldRules.of(rules, jokers)


@dataclass(slots=True)
class State(CutJokerTable):
    """A deal's state: the fields of :class:`~game.core.hand_state.CutJokerTable` (``rules`` a
    :class:`RuleSet`, ``result`` a :class:`Result`, the cut joker always dealt, T2.3), then the
    cut's jokers and meld rules."""

    if TYPE_CHECKING:  # what the shared fields hold in this game
        rules: RuleSet
        result: Result | None

    jokers: Jokers | None = None
    meld_rules: MeldRules | None = None

    def __post_init__(self) -> None:
        if type(self.history) is not Log:
            self.history = Log(self.history)
        if self.jokers is None or self.meld_rules is None:
            self.jokers, self.meld_rules = deal_cards(self.rules, KIND[self.cut_joker])

    @property
    def wild(self) -> tuple[bool, ...]:
        """T3: which kinds are wild this deal."""
        return self.jokers.wild  # type: ignore[union-attr]

    @property
    def points(self) -> tuple[int, ...]:
        """T10: card points by kind this deal (every wild card 0)."""
        return self.jokers.points  # type: ignore[union-attr]

    def derived(self) -> tuple:
        return self.jokers, self.meld_rules

    def kind_counts(self) -> list[int]:
        return count_kinds(self.all_cards())

    def hand_kinds(self, seat: int) -> list[int]:
        return [KIND[c] for c in self.hands[seat]]
