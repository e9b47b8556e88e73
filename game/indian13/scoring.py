"""What a deal charges each seat (I8-I10) and the deal's result (CONTRACT.md ``result``).

A loser's count (I10.3): with two sequences, one pure (and the four-card life of I7.3 when on),
only cards outside legal melds count; otherwise every card.  The count is capped (I10.4) or flat;
``count_melded_cards`` counts every card (I10.5); ``first_turn_bonus`` halves the count of seats
that have not played yet and spares their meldable cards (I7.6); ``pj_cut_double_score`` doubles
every amount after the cap (I3.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.hand_turn import charges
from game.core.hand_turn import last_declaration as last_declaration  # re-exported
from game.core.hand_turn import shown_groups as shown_groups  # re-exported: I7.5, the groups losers showed

from .actions import DRAW_STOCK, TAKE_DISCARD
from .arrange import arrange
from .deck import KIND
from .melds import MeldRules, scoring_melds
from .state import ALL_DROPPED, FIRST_DROP, INVALID, MIDDLE_DROP, SHOW, VOID, Result, State

Groups = tuple[tuple[int, ...], ...]
FLAT_COUNT = 80  # I10.4: "loses 80"


def meld_rules(state: State) -> MeldRules:
    """The meld rules of this deal: its wild cards and the I6.5, I6.6 and I7.3 options."""
    r = state.rules
    return MeldRules(state.wild, r.joker_cap, r.trios, r.four_card_life)


def hand_kinds(state: State, seat: int) -> list[int]:
    return [KIND[c] for c in state.hands[seat]]


def declared_on_first_turn(history: Sequence[dict], seat: int) -> bool:
    """I7.6: the declaration came on the seat's first turn (its only draw of the deal)."""
    return sum(1 for e in history if e["player"] == seat and e["type"] in (DRAW_STOCK, TAKE_DISCARD)) <= 1


def loser_count(state: State, seat: int, shown: Groups | None = None, *, relief: bool = False) -> tuple[int, Groups]:
    """I10.3-I10.5, I7.6: what a loser is charged, before the I3.3 doubling, and the groups it was
    judged on (``shown`` by the seat, or the engine's fewest-points grouping)."""
    r = state.rules
    kinds = hand_kinds(state, seat)
    points = state.points
    total = sum(points[k] for k in kinds)
    if shown is not None:
        groups = shown
        is_meld, life = scoring_melds(groups, meld_rules(state))
        loose = sum(points[k] for g, m in zip(groups, is_meld) if not m for k in g)
        counted_all = not any(len(g) for g, m in zip(groups, is_meld) if m)
        if r.count_melded_cards or not (life or relief):
            count, counted_all = total, True
        else:
            count = loose
    else:
        best = arrange(kinds, meld_rules(state), points, need_life=not relief)
        groups = tuple(best.groups)
        counted_all = r.count_melded_cards or not best.melds or not (best.life or relief)
        count = total if r.count_melded_cards else best.points
    if counted_all and r.full_count == "flat":
        count = FLAT_COUNT
    elif r.cap is not None:
        count = min(count, r.cap)
    if relief:
        count //= 2
    return count, groups


def shown_charge(state: State, seat: int, groups: Groups) -> int:
    """What ``seat``, in play, is charged for its cards grouped as ``groups`` if the deal ends now
    (I10.3-I10.5, I7.6 when a declaration on the declarer's first turn already ended it, I3.3): the
    one count the table shows and :func:`settle` charges."""
    declaration = last_declaration(state.history) if state.phase == SHOW else None
    declarer = None if declaration is None else declaration["player"]
    relief = (state.rules.first_turn_bonus and declarer is not None and declarer != seat
              and declared_on_first_turn(state.history, declarer) and not state.has_drawn[seat])
    return loser_count(state, seat, tuple(tuple(g) for g in groups), relief=relief)[0] * doubled(state)


def drop_charge(state: State, seat: int) -> int:
    """I9.3, I8.2: what a seat that is out is charged."""
    r = state.rules
    return {FIRST_DROP: r.first_drop, MIDDLE_DROP: r.middle_drop, INVALID: r.invalid_declare_penalty}[state.out[seat]]


def doubled(state: State) -> int:
    """I3.3: 2 when ``pj_cut_double_score`` is on and the cut card is a printed joker, else 1."""
    return 2 if state.rules.pj_cut_double_score and state.cut_is_printed_joker else 1


def settle(state: State, winner: int | None, reason: str, declarer: int | None = None,
           declared: Groups | None = None, shown: dict[int, Groups] | None = None) -> Result:
    """The result of a deal that ends now (I7.5, I8.2, I9.5, I11, I12.1).

    ``declarer`` made the declaration that ended the deal (valid: the winner, with its groups
    ``declared``; invalid with ``invalid_declare_ends_deal``: winner ``None``).  Other seats in
    play are losers, judged on ``shown`` groups when they showed (I7.5) or the engine's grouping."""
    n = state.players
    if reason == VOID:  # I11.1: nobody scores, drops are not collected
        return Result(None, VOID, (0,) * n, 0, (None,) * n)
    factor = doubled(state)
    relief_for_new = (state.rules.first_turn_bonus and declarer is not None and declarer == winner
                      and declared_on_first_turn(state.history, declarer))

    def loser(seat: int) -> tuple[int, Groups | None]:
        count, used = loser_count(state, seat, (shown or {}).get(seat),
                                  relief=relief_for_new and not state.has_drawn[seat])
        return count * factor, used

    points, groups = charges(state, winner, declared, reason == ALL_DROPPED,
                             lambda seat: drop_charge(state, seat) * factor, loser)
    gain = sum(points) if winner is not None else 0
    return Result(winner, reason, tuple(points), gain, tuple(groups))
