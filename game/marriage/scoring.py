"""Settling a deal (M10, M11) and the deal's result (CONTRACT.md ``result``).

n seats, maal M_i, T = sum of M_i.  Each non-winner owes the winner its game points g_i: 3 when it
has seen, 10 when not, plus the dublee bonus (5) when the winner won by W2, plus the invalid-finish
penalty (10) for a seat that finished invalidly (M8).  A non-winner's net is n*M_i - T - g_i, the
winner's n*M_w - T + sum of g_i; the nets sum to 0 (M11).  A void deal is all 0 (M9).
"""

from __future__ import annotations

from collections.abc import Sequence

from .deck import KIND, Jokers
from .maal import maal_points
from .state import DUBLEES, INVALID_FINISH, VOID, Groups, Result, State


def seat_maal(state: State, seat: int, jokers: Jokers) -> int:
    """M10: the maal of ``seat`` from its 21 kept cards (hand, exposed, shown; never the finish
    card); 0 for a seat that has not seen under ``unseen_maal: "zero"`` (M10.3)."""
    if state.rules.unseen_maal == "zero" and state.seen[seat] is None:
        return 0
    exposed = [[KIND[c] for c in g] for g in state.exposed[seat]]
    kept = [KIND[c] for c in state.hands[seat]] + [KIND[c] for g in state.shown[seat] for c in g]
    return maal_points(kept, exposed, jokers, state.rules.double_marriage_points)


def game_points(state: State, seat: int, reason: str) -> int:
    """M11: what a non-winner owes the winner."""
    r = state.rules
    g = r.seen_game_points if state.seen[seat] is not None else r.unseen_game_points
    if reason == DUBLEES:
        g += r.dublee_bonus
    if state.out[seat] == INVALID_FINISH:
        g += r.invalid_finish_penalty  # M8
    return g


def net_points(maal: Sequence[int], owed: Sequence[int], winner: int) -> tuple[int, ...]:
    """M11: n*M_i - T - g_i for a non-winner, n*M_w - T + sum g for the winner (``owed[winner]`` 0)."""
    n, total = len(maal), sum(maal)
    return tuple(n * maal[s] - total + (sum(owed) if s == winner else -owed[s]) for s in range(n))


def settle(state: State, winner: int | None, reason: str, groups: Groups | None = None) -> Result:
    """The result of a deal that ends now: ``winner`` by ``reason`` with its finishing ``groups``
    (kinds), or a void deal.  The tiplu is set (M4.1) unless the deal is void."""
    n = state.players
    if reason == VOID or winner is None:
        zeros = (0,) * n
        return Result(None, VOID, zeros, zeros, zeros, (None,) * n)
    jokers = state.jokers
    assert jokers is not None, "M4.1: the tiplu is set before the maal is counted"
    maal = tuple(seat_maal(state, s, jokers) for s in range(n))
    owed = tuple(0 if s == winner else game_points(state, s, reason) for s in range(n))
    finishing: list[Groups | None] = [None] * n
    finishing[winner] = groups
    return Result(winner, reason, maal, owed, net_points(maal, owed, winner), tuple(finishing))
