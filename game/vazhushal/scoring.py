"""Scores when the stock runs out (RULES.md V9.3, V9.4, V10)."""

from __future__ import annotations

from game.core.cards import KIND_OF, rank_of, rank_value

from .state import STOCK_OUT, Result, State


def hand_penalty(state: State, seat: int) -> int:
    """V10: the value of the cards left in a hand; a wild counts ``wild_in_hand_value``."""
    total = 0
    for c in state.hands[seat]:
        k = KIND_OF[c]
        total += state.rules.wild_in_hand_value if state.wild[k] else rank_value(rank_of(k))
    return total


def seat_score(state: State, seat: int) -> int:
    """V9.3: value of the melded cards (each wild as the card it stands for) minus the hand."""
    return sum(m.value for m in state.melds[seat]) - hand_penalty(state, seat)


def stock_out_result(state: State) -> Result:
    """V9.4: highest score wins; a tie goes to fewer cards in hand; still tied, a drawn hand."""
    scores = tuple(seat_score(state, s) for s in range(state.players))
    ranked = sorted(range(state.players), key=lambda s: (-scores[s], len(state.hands[s])))
    best = ranked[0]
    tied = [s for s in ranked if scores[s] == scores[best] and len(state.hands[s]) == len(state.hands[best])]
    return Result(best if len(tied) == 1 else None, STOCK_OUT, scores)
