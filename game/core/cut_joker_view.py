"""The observation the games of the cut joker share (13- and 21-card Indian Rummy): one seat's view
of a deal, its own hand and everything public (I13, T15).  Each game's ``Observation`` adds what
its own rules show (21-card: the value cards) and writes its document; :func:`hand_state.cut_joker_observe`
fills one from a state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .seats import SeatView


@dataclass(frozen=True, slots=True)
class CutJokerView(SeatView):
    cut_joker: int | None  # physical id (None: rules without a cut joker)
    wild: tuple[bool, ...]  # the wild kinds
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
    result: Any  # the game's Result, once the deal is over
    history: tuple[dict, ...]  # shared with the state: read, never change
    revealed_hands: tuple[tuple[int, ...] | None, ...]  # hands shown to all (a declaration, a show)
