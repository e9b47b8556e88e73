"""What one seat may know (M13).  Bots and the table scene see only this.

Public: the discard pile and the actions (a stock draw names no card), exposed and shown groups,
who has seen and by which route, the stock size, each hand's size, who is out.  Private: the other
hands, the finish card, and the tiplu: a seat learns it only when it sees the maal (M6.2), so the
view of a seat that has not seen holds nothing that depends on which cards are jokers (no tiplu, no
joker table, no maal).  Everything is public once the deal is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import kind_text
from game.core.documents import observation_document
from game.core.seats import SeatView

from .deck import KIND, Jokers, jokers_of
from .state import OVER, Result, State

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Observation(SeatView):
    stock_count: int
    discard: Cards  # physical ids, oldest first
    hand: Cards  # this seat's hand only
    hand_counts: tuple[int, ...]  # cards in each hand (laid groups not included)
    exposed: tuple[tuple[Cards, ...], ...]  # M2.3, every seat
    shown: tuple[tuple[Cards, ...], ...]  # M6, every seat
    seen: tuple[str | None, ...]
    tiplu: int | None  # physical id: only once this seat has seen, or after the deal
    out: tuple[str | None, ...]
    taken_discard: int | None  # public: taking the top discard is seen by all
    finish: int | None  # after the deal
    turn: int
    phase: str
    totals: tuple[int, ...]
    result: Result | None
    history: tuple[dict, ...]  # shared with the state: read, never change
    revealed_hands: tuple[Cards | None, ...]  # every hand after the deal

    @property
    def jokers(self) -> Jokers | None:
        """M4.2: the jokers, for a seat that knows the tiplu."""
        return None if self.tiplu is None else jokers_of(KIND[self.tiplu])

    def to_json(self) -> dict:
        def t(cards: Cards) -> list[str]:
            return [kind_text(KIND[c]) for c in cards]

        def card(c: int | None) -> str | None:
            return None if c is None else kind_text(KIND[c])

        middle = {
            "stock_count": self.stock_count, "discard": t(self.discard), "hand": t(self.hand),
            "hand_counts": list(self.hand_counts), "exposed": [[t(g) for g in gs] for gs in self.exposed],
            "shown": [[t(g) for g in gs] for gs in self.shown], "seen": list(self.seen), "tiplu": card(self.tiplu),
            "out": list(self.out), "taken_discard": card(self.taken_discard), "finish": card(self.finish),
        }
        return observation_document(self, middle, {"totals": list(self.totals)},
                                    [None if h is None else t(h) for h in self.revealed_hands])


def knows_tiplu(state: State, seat: int) -> bool:
    """M13: ``seat`` has seen the maal, or the deal is over."""
    return state.tiplu is not None and (state.seen[seat] is not None or state.phase == OVER)


def observe(state: State, seat: int) -> Observation:
    """The view of ``seat``: its own hand, and everything public (M13)."""
    over = state.phase == OVER
    return Observation(
        seat=seat, rules=state.rules, seats=tuple(state.seats), dealer=state.dealer, stock_count=len(state.stock),
        discard=tuple(state.discard), hand=tuple(state.hands[seat]), hand_counts=tuple(len(h) for h in state.hands),
        exposed=tuple(tuple(gs) for gs in state.exposed), shown=tuple(tuple(gs) for gs in state.shown),
        seen=tuple(state.seen), tiplu=state.tiplu if knows_tiplu(state, seat) else None, out=tuple(state.out),
        taken_discard=state.taken_discard, finish=state.finish if over else None, turn=state.turn,
        phase=state.phase, totals=tuple(state.totals), result=state.result if over else None,
        history=tuple(state.history),
        revealed_hands=tuple(tuple(h) for h in state.hands) if over else (None,) * state.players,
    )
