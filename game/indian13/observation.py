"""What one seat may know (I13).  Bots and the table scene see only this.

Public: the discard pile and its history, the cut joker, the stock size, each hand's size, who is
out, every action (a stock draw names no card; a declaration and a show are shown to all).
Private: the other hands and the finish card until the declaration is shown.  Dropped hands stay
unseen even after the deal (I9.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cut_joker_view import CutJokerView
from game.core.documents import cut_joker_observation
from game.core.hand_state import cut_joker_observe

from .deck import KIND
from .state import State


@dataclass(frozen=True, slots=True)
class Observation(CutJokerView):
    """The fields of :class:`game.core.cut_joker_view.CutJokerView`: hands are shown to all by a
    declaration, an invalid one and the show (I7, I8, I10.3)."""

    def to_json(self) -> dict:
        return cut_joker_observation(self, KIND, {})


def observe(state: State, seat: int) -> Observation:
    """The view of ``seat``: its own hand, and everything public (I13)."""
    return cut_joker_observe(Observation, state, seat)
