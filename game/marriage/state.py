"""The state of one deal of Indian Marriage (CONTRACT.md ``marriage-state``).

The engine treats a :class:`State` as a value: :func:`game.marriage.turn.apply` returns a new one.
Cards are physical ids (:mod:`game.marriage.deck`).  The stock is kept *bottom first* (drawing is
``list.pop()``); the JSON form lists it top first.  ``exposed`` and ``shown`` hold one list of
groups (tuples of ids) a seat: the tunnelas laid at the deal (M2.3) and what was laid to see the
maal (M6).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.documents import kind_groups_json
from game.core.hand_state import HandTable
from game.core.seats import Seat

from .deck import KIND, Jokers, jokers_of
from .rules import RuleSet

EXPOSE, DRAW, DISCARD, OVER = "expose", "draw", "discard", "over"
PHASES = (EXPOSE, DRAW, DISCARD, OVER)

PURE_ROUTE, DUBLEE_ROUTE = "pure", "dublee"  # seen: M6.1a, M6.1b
SEEN_VALUES = (None, PURE_ROUTE, DUBLEE_ROUTE)
INVALID_FINISH = "invalid_finish"  # out: M8
OUT_VALUES = (None, INVALID_FINISH)

# result.reason
DECLARED, DUBLEES, ALL_OUT, VOID = "declared", "dublees", "all_out", "void"
REASONS = (DECLARED, DUBLEES, ALL_OUT, VOID)

Group = tuple[int, ...]
Groups = tuple[Group, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended (CONTRACT.md ``result``).  ``groups`` hold card kinds."""

    winner: int | None
    reason: str
    maal: tuple[int, ...]  # M10 a seat
    game_points: tuple[int, ...]  # M11 g a seat, the winner 0
    net: tuple[int, ...]  # M11 settlement a seat, summing to 0
    groups: tuple[Groups | None, ...]  # the winner's finishing groups

    def to_json(self) -> dict:
        return {
            "winner": self.winner, "reason": self.reason, "maal": list(self.maal),
            "game_points": list(self.game_points), "net": list(self.net),
            "groups": kind_groups_json(self.groups),
        }


@dataclass(slots=True)
class State(HandTable):
    rules: RuleSet
    seats: list[Seat]
    dealer: int
    stock: list[int]  # bottom first
    discard: list[int]  # oldest first; the last is the top (M5.1)
    hands: list[list[int]]  # cards held and not laid on the table
    exposed: list[list[Group]]  # M2.3
    shown: list[list[Group]]  # M6
    seen: list[str | None]  # M6: None, "pure" or "dublee"
    tiplu: int | None  # M4.1: physical id, out of play
    finish: int | None  # M7: the winner's face-down card
    out: list[str | None]  # M8
    taken_discard: int | None  # M5.2: physical id taken from the discard pile this turn
    turn: int
    phase: str
    totals: list[int]  # M12: running totals before this deal
    result: Result | None = None
    history: list[dict] = field(default_factory=list)

    @property
    def jokers(self) -> Jokers | None:
        """M4.2: the jokers of the deal, once the tiplu is set."""
        return None if self.tiplu is None else jokers_of(KIND[self.tiplu])

    @property
    def tiplu_kind(self) -> int | None:
        return None if self.tiplu is None else KIND[self.tiplu]

    def copy(self) -> State:
        """A copy whose lists may be changed without touching this state."""
        return State(self.rules, self.seats, self.dealer, self.stock[:], self.discard[:], [h[:] for h in self.hands],
                     [e[:] for e in self.exposed], [s[:] for s in self.shown], self.seen[:], self.tiplu, self.finish,
                     self.out[:], self.taken_discard, self.turn, self.phase, self.totals[:], self.result,
                     self.history[:])

    def table_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` has laid: exposed tunnelas and shown groups."""
        return [c for g in self.exposed[seat] for c in g] + [c for g in self.shown[seat] for c in g]

    def held(self, seat: int) -> int:
        """The cards of ``seat`` in all: hand, exposed and shown (21, or 22 while it plays)."""
        return len(self.hands[seat]) + sum(map(len, self.exposed[seat])) + sum(map(len, self.shown[seat]))

    def laid(self) -> list[int]:
        """Every seat's exposed tunnelas and shown groups (M1.1: every card is somewhere)."""
        return [c for s in range(self.players) for c in self.table_cards(s)]

    def extras(self) -> tuple[int | None, ...]:
        return (self.tiplu, self.finish)
