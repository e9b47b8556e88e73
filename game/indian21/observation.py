"""What one seat may know (T15).  Bots and the table scene see only this.

Public: the cut joker (so every wild card and value card), the discard pile and its history, the
stock size, each hand's size, who is out, every action (a stock draw names no card; a show and the
losers' groupings are shown to all).  Private: the other hands and the finish card until the show.
Dropped hands stay unseen even after the deal (T9).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import kind_text
from game.core.cut_joker_view import CutJokerView
from game.core.documents import cut_joker_observation
from game.core.hand_state import cut_joker_observe

from .deck import KIND
from .state import State


@dataclass(frozen=True, slots=True)
class Observation(CutJokerView):
    """The fields of :class:`game.core.cut_joker_view.CutJokerView` (the cut joker always set; hands
    shown to all by a show, an invalid one and the losers' groupings, T7, T8, T10), and the
    value-card kinds."""

    value_kinds: tuple[int, ...]  # T3.4, T11: value-card kinds, the same-suit joker first

    def to_json(self) -> dict:
        return cut_joker_observation(self, KIND, {"value_cards": [kind_text(k) for k in self.value_kinds]})


def observe(state: State, seat: int) -> Observation:
    """The view of ``seat``: its own hand, and everything public (T15)."""
    assert state.jokers is not None
    return cut_joker_observe(Observation, state, seat, value_kinds=state.jokers.value_kinds)
