"""What one seat may know (RULES.md V12).  Bots and the table scene see only this.

>>> # obs = observe(state, seat); obs.hand is that seat's hand, obs.hand_counts everyone's size
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import KIND_OF, kind_text
from game.core.documents import observation_document
from game.core.seats import SeatView

from .melds import Meld
from .state import OVER, Result, State


@dataclass(frozen=True, slots=True)
class Observation(SeatView):
    indicator: int | None
    wild: tuple[bool, ...]
    stock_count: int
    line: tuple[int, ...]  # physical ids, oldest first
    line_first_dealt: bool
    hand: tuple[int, ...]  # this seat's hand only
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    turn: int
    phase: str
    wins: tuple[int, ...]
    result: Result | None
    history: tuple[dict, ...]
    revealed_hands: tuple[tuple[int, ...], ...] | None  # every hand, once the hand is over

    def visible_cards(self) -> list[int]:
        """Every physical card this seat can see face up."""
        cards = list(self.line) + list(self.hand)
        for seat in self.melds:
            for m in seat:
                cards += m.cards
        if self.revealed_hands:
            for h in self.revealed_hands:
                cards += h
        return cards

    def to_json(self) -> dict:
        def t(cards: tuple[int, ...]) -> list[str]:
            return [kind_text(KIND_OF[c]) for c in cards]

        middle = {
            "indicator": None if self.indicator is None else kind_text(self.indicator),
            "stock_count": self.stock_count, "line": t(self.line),
            "line_first_dealt": self.line_first_dealt, "hand": t(self.hand),
            "hand_counts": list(self.hand_counts),
            "melds": [[m.to_json() for m in seat] for seat in self.melds],
        }
        return observation_document(self, middle, {"wins": list(self.wins)},
                                    None if self.revealed_hands is None else [t(h) for h in self.revealed_hands])


def observe(state: State, seat: int) -> Observation:
    """The view of ``seat``: its own hand, and everything public (V12)."""
    return Observation(
        seat=seat, rules=state.rules, seats=tuple(state.seats), dealer=state.dealer,
        indicator=state.indicator, wild=state.wild, stock_count=len(state.stock),
        line=tuple(state.line), line_first_dealt=state.line_first_dealt,
        hand=tuple(state.hands[seat]), hand_counts=tuple(len(h) for h in state.hands),
        melds=tuple(tuple(m) for m in state.melds), turn=state.turn, phase=state.phase,
        wins=tuple(state.wins), result=state.result, history=tuple(dict(e) for e in state.history),
        revealed_hands=tuple(tuple(h) for h in state.hands) if state.phase == OVER else None,
    )
