"""What one seat may know (I13).  Bots and the table scene see only this.

Public: the discard pile and its history, the cut joker, the stock size, each hand's size, who is
out, every action (a stock draw names no card; a declaration and a show are shown to all).
Private: the other hands and the finish card until the declaration is shown.  Dropped hands stay
unseen even after the deal (I9.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.documents import cut_joker_observation
from game.core.hand_state import cut_joker_observe
from game.core.seats import SeatView

from .deck import KIND
from .state import Result, State


@dataclass(frozen=True, slots=True)
class Observation(SeatView):
    cut_joker: int | None  # physical id
    wild: tuple[bool, ...]
    stock_count: int
    discard: tuple[int, ...]  # physical ids, oldest first
    hand: tuple[int, ...]  # this seat's hand only
    hand_counts: tuple[int, ...]
    out: tuple[str | None, ...]
    has_drawn: tuple[bool, ...]
    taken_discard: int | None  # public: taking the top discard is seen by all
    finish: int | None  # once the declaration is shown
    turn: int
    phase: str
    totals: tuple[int, ...]
    result: Result | None
    history: tuple[dict, ...]  # shared with the state: read, never change
    revealed_hands: tuple[tuple[int, ...] | None, ...]  # hands shown to all (I7, I8, I10.3)

    def to_json(self) -> dict:
        return cut_joker_observation(self, KIND, {})


def observe(state: State, seat: int) -> Observation:
    """The view of ``seat``: its own hand, and everything public (I13)."""
    return cut_joker_observe(Observation, state, seat)
