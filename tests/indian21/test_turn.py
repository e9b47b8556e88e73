"""A turn (T4, T5), the show (T7.1, T7.3), an invalid show (T8), drops (T9), the stock running out
(T13): through the checked ``apply``."""

from __future__ import annotations

import pytest

from game.indian21 import Action, apply, is_legal, legal_actions, to_json
from game.indian21.deck import KIND

from .helpers import K, act, expect_illegal, groups, hand_of, make_state, toks

EX1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
EX2 = "2S 3S 4S | 9D 10D JD | QC JK AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"


# --- T4 stock and discard pile ---------------------------------------------------------------------

def test_t4_1_draw_the_top_stock_card():
    state = make_state(2, stock_top="QD 3C")
    after = act(state, Action.draw_stock(0))
    assert toks(after.hands[0])[-1] == "QD" and after.phase == "discard" and after.has_drawn[0]
    assert len(after.stock) == len(state.stock) - 1


def test_t4_1_take_the_top_discard_only():
    state = make_state(2, discard="4C 9H")
    after = act(state, Action.take_discard(0))
    assert toks(after.hands[0])[-1] == "9H" and toks(after.discard)[-1] == "4C"
    assert toks([after.taken_discard]) == ["9H"]


def test_t4_1_an_empty_discard_pile_cannot_be_taken():
    state = make_state(3, discard=(), out=["invalid_declaration", None, None], turn=1)
    expect_illegal(state, Action.take_discard(1), "discard_pile_empty", "T4.1")


@pytest.mark.parametrize("joker", ["JK", "7S", "6H", "8H"])
def test_t4_2_a_joker_on_top_may_not_be_taken(joker):
    state = make_state(2, discard=f"4C {joker}")
    expect_illegal(state, Action.take_discard(0), "joker_on_discard_pile", "T4.2")
    assert [a.type for a in legal_actions(state)] == ["drop", "draw_stock"]


def test_t4_2_joker_from_discard_allowed():
    state = make_state(2, discard="4C JK", joker_from_discard="allowed")
    assert toks(act(state, Action.take_discard(0)).hands[0])[-1] == "JK"


def test_t4_2_the_open_card_may_be_taken_even_a_joker():
    state = make_state(3, discard="7C", has_drawn=[False, False, False])
    after = act(state, Action.take_discard(0))
    assert toks(after.hands[0])[-1] == "7C"
    later = make_state(3, discard="7C", has_drawn=[False, True, False])  # somebody drew: no longer
    expect_illegal(later, Action.take_discard(0), "joker_on_discard_pile", "T4.2")


def test_t4_3_the_card_taken_may_not_be_discarded_but_an_identical_copy_may():
    state = make_state(2, discard="4C 9H")
    after = act(state, Action.take_discard(0))
    expect_illegal(after, Action.discard(0, K("9H")), "discard_taken_card", "T4.3")
    assert K("9H") not in [a.card for a in legal_actions(after) if a.type == "discard"]
    state = make_state(2, hands=[("9H", 21)], discard="4C 9H")
    after = act(state, Action.take_discard(0), Action.discard(0, K("9H")))  # the other 9H goes
    assert toks(after.discard)[-1] == "9H" and "9H" in toks(after.hands[0])
    assert after.hands[0].count(state.discard[-1]) == 1  # the physical card taken stays


def test_t4_3_the_card_taken_may_not_be_the_finish_card():
    hand = hand_of(EX1)
    state = make_state(2, hands=[hand], discard="5H 4C")
    after = act(state, Action.take_discard(0))
    expect_illegal(after, Action.declare(0, K("4C"), groups(EX1)), "finish_taken_card", "T4.3")


# --- T5 a turn ----------------------------------------------------------------------------------------

def test_t5_draw_then_discard_then_the_next_seat():
    state = make_state(3, turn=1)
    after = act(state, Action.draw_stock(1))
    card = after.hands[1][0]
    after = act(after, Action.discard(1, KIND[card]))
    assert after.turn == 2 and after.phase == "draw" and len(after.hands[1]) == 21


def test_t5_order_of_a_turn_is_checked():
    state = make_state(3, turn=1)
    expect_illegal(state, Action.draw_stock(0), "not_your_turn", "T5")
    expect_illegal(state, Action.discard(1, KIND[state.hands[1][0]]), "draw_first", "T5")
    expect_illegal(state, Action.declare(1, K("2S"), [[K("3S")]]), "draw_first", "T5")
    after = act(state, Action.draw_stock(1))
    expect_illegal(after, Action.draw_stock(1), "already_drawn", "T5")
    expect_illegal(after, Action.take_discard(1), "already_drawn", "T5")
    expect_illegal(after, Action.drop(1), "drop_after_draw", "T9")
    expect_illegal(after, Action.discard(1, K("JK") if "JK" not in toks(after.hands[1]) else K("AS")),
                   "card_not_in_hand", "T5")


def test_t5_the_turn_skips_seats_that_are_out():
    state = make_state(4, turn=1, out=[None, None, "first_drop", None], has_drawn=[True, True, False, True])
    after = act(state, Action.draw_stock(1))
    after = act(after, Action.discard(1, KIND[after.hands[1][0]]))
    assert after.turn == 3


# --- T7 the show ------------------------------------------------------------------------------------------

def test_t7_1_finish_and_groups_must_be_exactly_the_cards_held_or_refused():
    state = make_state(2, hands=[hand_of(EX1, "4C")], phase="discard")
    short = groups(EX1)[:-1]
    expect_illegal(state, Action.declare(0, K("4C"), short), "declare_cards_mismatch", "T7.1")
    expect_illegal(state, Action.declare(0, K("QD"), groups(EX1)), "declare_cards_mismatch", "T7.1")
    extra = groups(EX1) + [[K("4C")]]
    expect_illegal(state, Action.declare(0, K("4C"), extra), "declare_cards_mismatch", "T7.1")


def test_t7_1_the_finish_card_goes_face_down():
    state = make_state(2, hands=[hand_of(EX1, "4C")], phase="discard")
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    assert toks([after.finish]) == ["4C"] and "4C" not in toks(after.hands[0]) and len(after.hands[0]) == 21


def test_t7_1_judged_as_submitted_unless_auto_arrange_declarer():
    messy = [[k for g in groups(EX1) for k in g]]  # the right cards in one group
    state = make_state(3, hands=[hand_of(EX1, "4C")], phase="discard")
    assert act(state, Action.declare(0, K("4C"), messy)).out[0] == "invalid_declaration"
    state = make_state(3, hands=[hand_of(EX1, "4C")], phase="discard", auto_arrange_declarer=True)
    after = act(state, Action.declare(0, K("4C"), messy))
    assert after.result.reason == "declared" and after.result.winner == 0 and len(after.result.groups[0]) > 1


def test_t7_3_a_valid_show_ends_the_deal_and_the_declarer_wins_with_0():
    state = make_state(3, hands=[hand_of(EX1, "4C")], phase="discard")
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    assert after.phase == "over" and after.result.winner == 0 and after.result.points[0] == 0
    expect_illegal(after, Action.draw_stock(1), "deal_over", "T7.3")
    assert legal_actions(after) == []


def test_t7_2_legal_actions_list_a_valid_show_for_each_finish_card_that_leaves_one():
    state = make_state(2, hands=[hand_of(EX1, "4C")], phase="discard")
    shows = [a for a in legal_actions(state) if a.type == "declare"]
    assert K("4C") in [a.card for a in shows]
    for a in shows:
        assert is_legal(state, a) and apply(state, a).result.reason == "declared"


# --- T8 invalid show --------------------------------------------------------------------------------------

def test_t8_invalid_show_charged_120_set_aside_and_play_goes_on():
    state = make_state(3, hands=[hand_of(EX2, "4C")], phase="discard")
    after = act(state, Action.declare(0, K("4C"), groups(EX2)))
    assert after.out[0] == "invalid_declaration" and len(after.hands[0]) == 22 and after.finish is None
    assert after.turn == 1 and after.phase == "draw"


def test_t8_invalid_show_with_one_seat_left_it_wins():
    state = make_state(2, hands=[hand_of(EX2, "4C")], phase="discard")
    r = act(state, Action.declare(0, K("4C"), groups(EX2))).result
    assert r.reason == "all_dropped" and r.winner == 1 and r.points == (120, 0) and r.gain == 120
    assert r.value[0] == 0 and r.net == (-120, 120)  # set aside like a drop: no value points


def test_t8_invalid_declare_penalty_option():
    state = make_state(2, hands=[hand_of(EX2, "4C")], phase="discard", invalid_declare_penalty=80)
    assert act(state, Action.declare(0, K("4C"), groups(EX2))).result.points == (80, 0)


def test_t8_invalid_declare_ends_deal():
    ex6c = "2S 3S 4S 9D 10D JD QC KC AC 5C 5D 5S KH 10H 4H 2H 9C 3D 8C 6C JS"
    state = make_state(3, hands=[hand_of(EX2, "4C"), ex6c], phase="discard", invalid_declare_ends_deal=True,
                       discard="6D")
    after = act(state, Action.declare(0, K("4C"), groups(EX2)))
    r = after.result
    assert after.phase == "over" and r.reason == "invalid_declaration" and r.winner is None and r.gain == 0
    assert r.points[0] == 120 and r.points[1] == 62 and r.points[2] > 0
    assert r.value == (0, 0, 0) and r.net == tuple(-p for p in r.points)
    assert r.groups[0] is None and r.groups[1] is not None


# --- T9 drops ---------------------------------------------------------------------------------------------

def test_t9_first_drop_30_middle_drop_70():
    first = make_state(3, has_drawn=[False, False, False])
    after = act(first, Action.drop(0))
    assert after.out[0] == "first_drop" and after.turn == 1
    middle = act(make_state(3), Action.drop(0))
    assert middle.out[0] == "middle_drop"
    r = act(after, Action.drop(1)).result  # seat 1 had not drawn either: two first drops, seat 2 wins
    assert r.reason == "all_dropped" and r.winner == 2 and r.points == (30, 30, 0)


def test_t9_drop_values_are_options():
    state = make_state(2, has_drawn=[False, False], first_drop=10, middle_drop=40)
    assert act(state, Action.drop(0)).result.points == (10, 0)
    assert act(make_state(2, first_drop=10, middle_drop=40), Action.drop(0)).result.points == (40, 0)


def test_t9_a_dropped_hand_is_set_aside_unseen():
    from game.indian21 import observe

    after = act(make_state(3), Action.drop(0))
    assert len(after.hands[0]) == 21
    for seat in (1, 2):
        assert observe(after, seat).revealed_hands[0] is None


# --- T13 the stock runs out ----------------------------------------------------------------------------------

def test_t13_reshuffle_within_the_action_that_ended_the_turn():
    state = make_state(2, hands=[("QD", 22)], discard="9H 2C", stock=[], phase="discard")
    under = sorted(toks(state.discard))
    after = act(state, Action.discard(0, K("QD")))
    assert toks(after.discard) == ["QD"] and sorted(toks(after.stock)) == under
    assert after.cut_joker == state.cut_joker  # the cut joker stays out
    again = apply(state, Action.discard(0, K("QD")))
    assert to_json(again) == to_json(after)  # seeded by the table: the same every time


def test_t13_stock_out_void():
    """(With 159 cards an empty stock always leaves cards under the top discard, so a deal is void
    only by the option.)"""
    state = make_state(3, hands=[("QD", 22)], discard="9H 2C", stock=[], phase="discard", stock_out="void",
                       out=[None, "first_drop", None], has_drawn=[True, False, True])
    after = act(state, Action.discard(0, K("QD")))
    r = after.result
    assert after.phase == "over" and r.reason == "void" and r.winner is None and r.gain == 0
    assert r.points == r.value == r.net == (0, 0, 0) and r.groups == (None, None, None)  # drops not collected
