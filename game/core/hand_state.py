"""The words of a draw-discard-declare game's state document (13- and 21-card Indian Rummy,
CONTRACT.md): its phases, why a seat is out, how a deal ended.

>>> PHASES, OUT_VALUES[1:], REASONS
(('draw', 'discard', 'show', 'over'), ('first_drop', 'middle_drop', 'invalid_declaration'), \
('declared', 'all_dropped', 'void', 'invalid_declaration'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .log import Log
from .seats import Seat

__all__ = ["ALL_DROPPED", "DECLARED", "DISCARD", "DRAW", "FIRST_DROP", "INVALID", "INVALID_END", "MIDDLE_DROP",
           "OUT_VALUES", "OVER", "PHASES", "REASONS", "SHOW", "VOID"]

DRAW, DISCARD, SHOW, OVER = "draw", "discard", "show", "over"
PHASES = (DRAW, DISCARD, SHOW, OVER)

# out: why a seat takes no further part in the deal
FIRST_DROP, MIDDLE_DROP, INVALID = "first_drop", "middle_drop", "invalid_declaration"
OUT_VALUES = (None, FIRST_DROP, MIDDLE_DROP, INVALID)

# result.reason
DECLARED, ALL_DROPPED, VOID, INVALID_END = "declared", "all_dropped", "void", "invalid_declaration"
REASONS = (DECLARED, ALL_DROPPED, VOID, INVALID_END)


def revealed_hands(state) -> tuple[tuple[int, ...] | None, ...]:
    """The hands every seat sees (I13, T15): a declarer's or a seat's shown groups once the deal is
    being shown or is over, an invalid declarer's cards at once, and at the end of a deal won by a
    declaration every hand still in play; a dropped hand never."""
    late = state.phase in (SHOW, OVER) or INVALID in state.out
    shown = {e["player"] for e in state.history if e["type"] in ("declare", "show")} if late else set()
    revealed: list[tuple[int, ...] | None] = []
    for s in range(state.players):
        public = s in shown and (state.out[s] == INVALID or state.phase in (SHOW, OVER))
        public = public or (state.phase == OVER and state.out[s] is None and state.result is not None
                            and state.result.reason in (DECLARED, INVALID_END))
        revealed.append(tuple(state.hands[s]) if public else None)
    return tuple(revealed)


def cut_joker_observe(make: Any, state: Any, seat: int, **extra: Any) -> Any:
    """What ``seat`` may know of a state of the games whose deal turns up a cut joker (I13, T15):
    its own hand and everything public, as the game's observation class ``make``."""
    return make(
        seat=seat, rules=state.rules, seats=tuple(state.seats), dealer=state.dealer, cut_joker=state.cut_joker,
        wild=state.wild, stock_count=len(state.stock), discard=tuple(state.discard),
        hand=tuple(state.hands[seat]), hand_counts=tuple(len(h) for h in state.hands), out=tuple(state.out),
        has_drawn=tuple(state.has_drawn), taken_discard=state.taken_discard,
        finish=state.finish if state.phase in (SHOW, OVER) else None, turn=state.turn, phase=state.phase,
        totals=tuple(state.totals), result=state.result, history=tuple(state.history),
        revealed_hands=revealed_hands(state), **extra,
    )


class HandTable:
    """What the states of the in-hand games share (a mixin of their slotted dataclasses): the
    number of players, the seats still in play, and every physical card of the table."""

    __slots__ = ()

    @property
    def players(self) -> int:
        return self.rules.players  # type: ignore[attr-defined]

    def in_play(self) -> list[int]:
        """Seats that are not out (dropped, or finished invalidly), in seat order."""
        return [s for s in range(self.players) if self.out[s] is None]  # type: ignore[attr-defined]

    def laid(self) -> list[int]:
        """Cards out of the hands but on the table apart from the piles (none but the extras)."""
        return []

    def extras(self) -> tuple[int | None, ...]:
        """Single cards on the table outside the piles and hands: the cut joker and the finish
        card (a game without a cut joker names its own)."""
        return (self.cut_joker, self.finish)  # type: ignore[attr-defined]

    def all_cards(self) -> list[int]:
        """Every physical card of the table, wherever it is: the stock, the discard pile, the
        hands, what is laid and the single cards of :meth:`extras`."""
        cards = self.stock + self.discard  # type: ignore[attr-defined]
        for hand in self.hands:  # type: ignore[attr-defined]
            cards = cards + hand
        cards += self.laid()
        cards += [c for c in self.extras() if c is not None]
        return cards


@dataclass(slots=True)
class CutJokerTable(HandTable):
    """The state of a deal of the games whose deal turns up a cut joker (13- and 21-card Indian
    Rummy), in CONTRACT.md's key order: a game's ``State`` adds the tables it derives from the cut
    (:meth:`derived`, passed on by :meth:`copy`)."""

    rules: Any
    seats: list[Seat]
    dealer: int
    cut_joker: int | None  # physical id of the cut card (I2.5, T2.3), out of play
    stock: list[int]  # bottom first
    discard: list[int]  # oldest first; the last is the top (I4.2, T4.1)
    hands: list[list[int]]
    finish: int | None  # I7.1, T7.1: the declarer's face-down card
    out: list[str | None]
    has_drawn: list[bool]  # I9.2; T9, T10.4
    taken_discard: int | None  # I5.5, T4.3: physical id taken from the discard pile this turn
    turn: int
    phase: str
    totals: list[int]  # I12, T14: running totals before this deal
    result: Any = None
    history: Log = field(default_factory=Log)  # list[dict] in, a shared append-only log inside

    def derived(self) -> tuple:
        """The game's fields after ``history`` (what the deal's cut decides), in order."""
        return ()

    def copy(self) -> Any:
        """A copy whose lists may be changed without touching this state."""
        return type(self)(self.rules, self.seats, self.dealer, self.cut_joker, self.stock[:], self.discard[:],
                          [h[:] for h in self.hands], self.finish, self.out[:], self.has_drawn[:],
                          self.taken_discard, self.turn, self.phase, self.totals[:], self.result,
                          self.history.fork() if type(self.history) is Log else Log(self.history), *self.derived())
