"""What one seat may know (T15).  Bots and the table scene see only this.

Public: the cut joker (so every wild card and value card), the discard pile and its history, the
stock size, each hand's size, who is out, every action (a stock draw names no card; a show and the
losers' groupings are shown to all).  Private: the other hands and the finish card until the show.
Dropped hands stay unseen even after the deal (T9).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import kind_text
from game.core.hand_state import revealed_hands
from game.core.seats import Seat

from .deck import KIND
from .rules import RuleSet
from .state import OVER, SHOW, Result, State


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    rules: RuleSet
    seats: tuple[Seat, ...]
    dealer: int
    cut_joker: int  # physical id
    wild: tuple[bool, ...]  # T3: wild kinds
    value_kinds: tuple[int, ...]  # T3.4, T11: value-card kinds, the same-suit joker first
    stock_count: int
    discard: tuple[int, ...]  # physical ids, oldest first
    hand: tuple[int, ...]  # this seat's hand only
    hand_counts: tuple[int, ...]
    out: tuple[str | None, ...]
    has_drawn: tuple[bool, ...]
    taken_discard: int | None  # public: taking the top discard is seen by all
    finish: int | None  # once the show is made
    turn: int
    phase: str
    totals: tuple[int, ...]
    result: Result | None
    history: tuple[dict, ...]  # shared with the state: read, never change
    revealed_hands: tuple[tuple[int, ...] | None, ...]  # hands shown to all (T7, T8, T10)

    def to_json(self) -> dict:
        def t(cards: tuple[int, ...]) -> list[str]:
            return [kind_text(KIND[c]) for c in cards]

        return {
            "seat": self.seat, "rules": self.rules.to_json(),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats], "dealer": self.dealer,
            "cut_joker": kind_text(KIND[self.cut_joker]),
            "value_cards": [kind_text(k) for k in self.value_kinds],
            "stock_count": self.stock_count, "discard": t(self.discard), "hand": t(self.hand),
            "hand_counts": list(self.hand_counts), "out": list(self.out), "has_drawn": list(self.has_drawn),
            "taken_discard": None if self.taken_discard is None else kind_text(KIND[self.taken_discard]),
            "finish": None if self.finish is None else kind_text(KIND[self.finish]),
            "turn": self.turn, "phase": self.phase, "totals": list(self.totals),
            "result": None if self.result is None else self.result.to_json(),
            "history": [dict(e) for e in self.history],
            "revealed_hands": [None if h is None else t(h) for h in self.revealed_hands],
        }


def observe(state: State, seat: int) -> Observation:
    """The view of ``seat``: its own hand, and everything public (T15)."""
    assert state.jokers is not None
    return Observation(
        seat=seat, rules=state.rules, seats=tuple(state.seats), dealer=state.dealer, cut_joker=state.cut_joker,
        wild=state.wild, value_kinds=state.jokers.value_kinds, stock_count=len(state.stock),
        discard=tuple(state.discard), hand=tuple(state.hands[seat]), hand_counts=tuple(len(h) for h in state.hands),
        out=tuple(state.out), has_drawn=tuple(state.has_drawn), taken_discard=state.taken_discard,
        finish=state.finish if state.phase in (SHOW, OVER) else None, turn=state.turn, phase=state.phase,
        totals=tuple(state.totals), result=state.result, history=tuple(state.history),
        revealed_hands=revealed_hands(state),
    )
