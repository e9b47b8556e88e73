"""What a deal charges and pays each seat (T8-T12) and the deal's result (CONTRACT.md ``result``).

A loser's count (T10): 2 for a near show (T10.1), else by the pure sequences it holds (T10.2),
capped (T10.3) and halved for a seat that had not started a turn (T10.4).  Value points (T11): each
seat still in scores its value cards, marriages first; with ``m`` seats in, seat ``i`` collects
``m * V_i - sum(V)``.  Settlement (T12): the winner collects every count and charge.

>>> value_points([0, 0, 12, 1], (0, 1, 12), (10, 30, 50), (100, 300, 500))  # AS AS KS 2S, spade trio
110
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.hand_turn import charges
from game.core.hand_turn import last_declaration as last_declaration  # re-exported
from game.core.hand_turn import shown_groups as shown_groups  # re-exported: T10, the groups losers showed

from .arrange import lowest_count, near_show
from .melds import MeldRules, read_group
from .state import ALL_DROPPED, FIRST_DROP, INVALID, MIDDLE_DROP, VOID, Groups, Result, State

# --- T11: value points ------------------------------------------------------------------------------

def value_points(kinds: Sequence[int], value_kinds: Sequence[int], value_table: Sequence[int],
                 marriage_table: Sequence[int]) -> int:
    """T11.2: the value points V of ``kinds``: ``k`` marriages (one card of every value type) score
    ``marriage_table[k - 1]``, then each type with 1, 2, 3 cards left scores ``value_table``; a card
    scores once, and the number of marriages is the one that scores most."""
    counts = [sum(1 for k in kinds if k == v) for v in value_kinds]
    most = min(counts) if len(value_kinds) > 1 else 0  # a lone value type (AS, T3.5) has no marriage
    best = None
    for k in range(min(most, len(marriage_table)) + 1):
        v = marriage_table[k - 1] if k else 0
        v += sum(value_table[min(c - k, len(value_table)) - 1] for c in counts if c - k >= 1)
        if best is None or v > best:
            best = v
    return best or 0


def seat_value(state: State, seat: int) -> int:
    """T11.1: V of a seat still in, from its kept cards (the finish card is apart, in ``finish``)."""
    r = state.rules
    if not r.value_cards:
        return 0
    return value_points(state.hand_kinds(seat), state.jokers.value_kinds, r.value_table,  # type: ignore[union-attr]
                        r.marriage_table)


# --- T10: a loser's count ------------------------------------------------------------------------------

def shown_count(kinds: Sequence[int], groups: Groups, rules: MeldRules) -> int:
    """T10.2 on groups a loser showed: with P pure sequences (tunnelas count) among them, every card
    (P = 0), the cards outside them (P below the pure sequences needed), or the cards outside legal
    melds; a group that is no meld counts as loose cards."""
    points = rules.points
    readings = [read_group(g, rules) for g in groups]
    pure = sum(r.pure for r in readings)
    total = sum(points[k] for k in kinds)
    if pure == 0:
        return total
    if pure < rules.pure_needed:
        return total - sum(points[k] for g, r in zip(groups, readings) if r.pure for k in g)
    return total - sum(points[k] for g, r in zip(groups, readings) if r.meld for k in g)


def capped(state: State, seat: int, count: int) -> int:
    """T10.3, T10.4: the cap, then half for a loser that had not started a turn."""
    r = state.rules
    if r.cap is not None:
        count = min(count, r.cap)
    if r.half_rule and not state.has_drawn[seat]:
        count = count // 2 if r.half_rounding == "down" else -(-count // 2)
    return count


def loser_count(state: State, seat: int, shown: Groups | None = None) -> tuple[int, Groups]:
    """T10: what a loser pays, and the groups it was judged on (``shown`` by the seat, or the
    engine's grouping with the lowest count).  T10.1 looks at the cards, whatever the grouping."""
    kinds = state.hand_kinds(seat)
    rules = state.meld_rules
    assert rules is not None
    if shown is None:
        best = lowest_count(kinds, rules)
        return capped(state, seat, best.points), best.groups
    count = rules.near_show_points if near_show(kinds, rules) is not None else shown_count(kinds, shown, rules)
    return capped(state, seat, count), shown


def out_charge(state: State, seat: int) -> int:
    """T9, T8: what a seat that is out pays."""
    r = state.rules
    return {FIRST_DROP: r.first_drop, MIDDLE_DROP: r.middle_drop, INVALID: r.invalid_declare_penalty}[state.out[seat]]


# --- T12: the settlement -----------------------------------------------------------------------------

def settle(state: State, winner: int | None, reason: str, declarer: int | None = None,
           declared: Groups | None = None, shown: dict[int, Groups] | None = None) -> Result:
    """The result of a deal that ends now (T7.3, T8, T9, T12, T13).

    ``declared``: the winner's groups after a valid show.  Other seats in play are losers, judged
    on ``shown`` groups when they showed, or the engine's grouping.  With
    ``invalid_declare_ends_deal`` (reason ``invalid_declaration``) nobody collects: each seat pays
    its charge or count and no value points are settled."""
    n = state.players
    if reason == VOID:  # T13: nobody scores, drops are not collected
        zeros = (0,) * n
        return Result(None, VOID, zeros, 0, (None,) * n, zeros, zeros)
    points, groups = charges(state, winner, declared, reason == ALL_DROPPED, lambda seat: out_charge(state, seat),
                             lambda seat: loser_count(state, seat, (shown or {}).get(seat)))
    if winner is None:  # T8 with invalid_declare_ends_deal: each pays, nobody collects
        zeros = (0,) * n
        return Result(None, reason, tuple(points), 0, tuple(groups), zeros, tuple(-p for p in points))
    gain = sum(points)
    seats_in = state.in_play()
    value = [seat_value(state, s) if s in seats_in else 0 for s in range(n)]
    m, total = len(seats_in), sum(value)
    net = []
    for s in range(n):
        own = m * value[s] - total if s in seats_in else 0  # T11.3
        net.append(gain + own if s == winner else own - points[s])
    return Result(winner, reason, tuple(points), gain, tuple(groups), tuple(value), tuple(net))



