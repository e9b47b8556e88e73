"""M4-M9: the tiplu, a turn, seeing the maal, finishing, an invalid finish, the stock running out."""

from __future__ import annotations

from collections import Counter

import pytest

from game.marriage import Action, apply, from_json, jokers_of, legal_actions, to_json
from game.marriage.turn import banned_kind

from .helpers import K, Ks, act, expect_illegal, flat, groups, make_state, toks

PURE3 = "AS 2S 3S | 9C 10C JC | 4H 5H 6H"
SEVEN = "2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH | 10S 10S"


# --- M4 the tiplu ------------------------------------------------------------------------------

def test_m4_1_the_first_sight_sets_the_tiplu_from_stock_index_half_s():
    stock = "2D 3D 4C 7C 8D 9D JS QD KD AC"  # s = 10: index 5 from the top, the 9D
    state = make_state(3, hands=[flat(PURE3)], phase="discard", stock=stock)
    after = act(state, Action.see_maal(0, groups(PURE3)))
    assert toks([after.tiplu]) == ["9D"] and after.seen[0] == "pure"
    assert toks(after.stock[::-1]) == "2D 3D 4C 7C 8D JS QD KD AC".split()  # it leaves the stock
    assert [toks(g) for g in after.shown[0]] == [g.split() for g in PURE3.split(" | ")]


@pytest.mark.parametrize("stock, tiplu", [("QD", "QD"), ("2D 3D", "3D"), ("2D 3D 4C", "3D"), ("2D 3D 4C 7C", "4C")])
def test_m4_1_index_half_s_on_small_stocks(stock, tiplu):
    state = make_state(2, hands=[flat(PURE3)], phase="discard", stock=stock)
    assert toks([act(state, Action.see_maal(0, groups(PURE3))).tiplu]) == [tiplu]


def test_m4_1_a_later_sight_keeps_the_tiplu():
    state = make_state(3, hands=[None, flat(PURE3)], phase="discard", turn=1, seen=["pure", None, None],
                       shown=["2H 3H 4H | 7D 8D 9D | JH QH KH"], tiplu="5D")
    after = act(state, Action.see_maal(1, groups(PURE3)))
    assert toks([after.tiplu]) == ["5D"] and len(after.stock) == len(state.stock)


def test_m4_1_an_empty_stock_at_the_first_sight_is_refilled_first():
    state = make_state(2, hands=[flat(PURE3)], phase="discard", stock="", discard="9H 2C KS")
    assert not state.stock
    after = act(state, Action.see_maal(0, groups(PURE3)))
    assert toks(after.discard) == ["KS"] and after.tiplu is not None
    before = Counter(toks(state.discard[:-1]))
    assert Counter(toks(after.stock + [after.tiplu])) == before


def test_m4_2_tiplu_poplu_jhiplu_and_ordinary_jokers():
    j = jokers_of(K("5D"))
    assert (j.tiplu, j.poplu, j.jhiplu) == (K("5D"), K("6D"), K("4D")) and set(j.ordinary) == set(Ks("5S 5H 5C"))
    assert sum(j.wild) == 6 and j.maal == (K("5D"), K("6D"), K("4D"))  # 6 kinds: 2 + 3 + 3 + 9 = 17 cards in play
    ace, king, two = jokers_of(K("AH")), jokers_of(K("KC")), jokers_of(K("2S"))
    assert (ace.poplu, ace.jhiplu) == (K("2H"), K("KH"))  # A: 2 above, K below
    assert (king.poplu, king.jhiplu) == (K("AC"), K("QC"))
    assert (two.poplu, two.jhiplu) == (K("3S"), K("AS"))


# --- M5 a turn ---------------------------------------------------------------------------------

def test_m5_1_draw_the_top_stock_card_or_the_top_discard():
    state = make_state(2, stock_top="9D", discard="4C 7H")
    assert toks(act(state, Action.draw_stock(0)).hands[0])[-1] == "9D"
    after = act(state, Action.take_discard(0))
    assert toks(after.hands[0])[-1] == "7H" and toks(after.discard) == ["4C"] and after.phase == "discard"
    expect_illegal(after, Action.draw_stock(0), "already_drawn", "M5.1")


def test_m5_1_m14_3_a_seat_that_has_seen_may_not_take_a_joker_others_may():
    for top in ("5H", "6D"):
        seen = make_state(2, seen=["pure", None], shown=[PURE3], tiplu="5D", discard="9C " + top)
        expect_illegal(seen, Action.take_discard(0), "joker_on_discard_pile", "M5.1")
        assert [a.type for a in legal_actions(seen)] == ["draw_stock"]
        unseen = make_state(2, seen=["pure", None], shown=[PURE3], tiplu="5D", discard="9C " + top, turn=1)
        assert toks(act(unseen, Action.take_discard(1)).hands[1])[-1] == top
    plain = make_state(2, seen=["pure", None], shown=[PURE3], tiplu="5D", discard="9C 7H")
    assert toks(act(plain, Action.take_discard(0)).hands[0])[-1] == "7H"


def test_m5_2_the_card_taken_may_not_be_discarded_or_be_the_finish_card_a_copy_may():
    state = make_state(2, hands=["8H 2C"], discard="9C 7H")
    after = act(state, Action.take_discard(0))
    assert banned_kind(after) == K("7H")
    expect_illegal(after, Action.discard(0, K("7H")), "discard_taken_card", "M5.2")
    assert K("7H") not in {a.card for a in legal_actions(after)}
    twice = act(make_state(2, hands=["7H 2C"], discard="9C 7H"), Action.take_discard(0))
    done = act(twice, Action.discard(0, K("7H")))  # an identical copy may go
    assert toks(done.discard)[-1] == "7H" and toks(done.hands[0]).count("7H") == 1
    assert done.hands[0].count(twice.taken_discard) == 1  # the card taken stays in the hand


def test_m5_2_the_card_taken_may_not_be_the_finish_card():
    hand = "7S 8S 5S KS KC KH 9H 9S 6D 4D 5D"  # 11 cards: the 7H taken and a 13th to come
    state = make_state(2, hands=[hand + " 6H"], seen=["pure", None], shown=["AS 2S 3S | 9C 10C JC | 2H 3H 4H"],
                       tiplu="QD", discard="9C 7H", phase="draw")
    after = act(state, Action.take_discard(0))
    rest = groups("7S 8S 5S | KS KC KH | 9H 9S 6D | 4D 5D 6H")
    expect_illegal(after, Action.declare(0, K("7H"), rest), "finish_taken_card", "M5.2")


def test_m5_3_see_then_discard_or_declare_combinations_stay_in_the_hand():
    state = make_state(2, hands=[flat(PURE3)], phase="discard")
    seen = act(state, Action.see_maal(0, groups(PURE3)))
    assert seen.phase == "discard" and seen.turn == 0  # still this seat's turn
    after = act(seen, Action.discard(0, K(toks(seen.hands[0])[0])))
    assert after.turn == 1 and after.phase == "draw" and after.held(0) == 21
    expect_illegal(make_state(2), Action.discard(0, K("2C")), "draw_first", "M5.3")
    expect_illegal(make_state(2, phase="discard"), Action.discard(0, 52), "card_not_in_hand", "M5.3")  # JK


# --- M6 seeing the maal ------------------------------------------------------------------------

def test_m6_1a_three_pure_combinations_see_the_maal():
    state = make_state(2, hands=[flat(PURE3)], phase="discard")
    listed = [a for a in legal_actions(state) if a.type == "see_maal"]
    assert listed and all(len(a.groups) == 3 for a in listed)
    after = act(state, Action.see_maal(0, groups(PURE3)))
    assert after.seen == ["pure", None] and after.held(0) == 22 and len(after.hands[0]) == 13


def test_m6_1a_exposed_tunnelas_count_toward_the_three():
    one = make_state(2, hands=["AS 2S 3S 9C 10C JC"], exposed=["6H 6H 6H"], phase="discard")
    wrong = expect_illegal(one, Action.see_maal(0, groups(PURE3)), "wrong_see_groups", "M6.3")
    assert "2 pure combinations (your exposed tunnela counts as one)" in wrong.message, wrong.message
    assert act(one, Action.see_maal(0, groups("AS 2S 3S | 9C 10C JC"))).seen[0] == "pure"
    three = make_state(2, exposed=["6H 6H 6H | 7C 7C 7C | KD KD KD"], phase="discard")
    after = act(three, Action.see_maal(0, []))
    assert after.seen[0] == "pure" and after.shown[0] == [] and after.tiplu is not None
    four = make_state(2, exposed=["6H 6H 6H | 7C 7C 7C | KD KD KD | 2S 2S 2S"], phase="discard")
    assert act(four, Action.see_maal(0, [])).seen[0] == "pure"
    wrong = expect_illegal(three, Action.see_maal(0, groups("AS 2S 3S")), "wrong_see_groups", "M6.3")
    assert "(your 3 exposed tunnelas count as 3)" in wrong.message, wrong.message


def test_m6_1b_seven_dublees_see_the_maal():
    state = make_state(2, hands=[flat(SEVEN)], phase="discard")
    after = act(state, Action.see_maal(0, groups(SEVEN)))
    assert after.seen[0] == "dublee" and len(after.shown[0]) == 7 and after.tiplu is not None
    off = make_state(2, hands=[flat(SEVEN)], phase="discard", dublee_route=False)
    expect_illegal(off, Action.see_maal(0, groups(SEVEN)), "dublee_route_off", "M6.1b")
    assert not any(a.type == "see_maal" and len(a.groups) == 7 for a in legal_actions(off))


def test_m6_1b_exposed_tunnelas_never_count_as_dublees():
    six = SEVEN.rsplit(" | ", 1)[0]
    state = make_state(2, hands=[flat(six)], exposed=["10S 10S 10S"], phase="discard")
    expect_illegal(state, Action.see_maal(0, groups(six)), "wrong_see_groups", "M6.3")
    expect_illegal(state, Action.see_maal(0, groups(six + " | 10S 10S")), "cards_not_in_hand", "M6.1")


def test_m6_2_shown_cards_stay_on_the_table_and_count_among_the_21():
    state = act(make_state(2, hands=[flat(PURE3)], phase="discard"), Action.see_maal(0, groups(PURE3)))
    for token in flat(PURE3):
        if token not in toks(state.hands[0]):
            expect_illegal(state, Action.discard(0, K(token)), "card_not_in_hand", "M5.3")
    expect_illegal(state, Action.see_maal(0, groups(PURE3)), "already_seen", "M6.1")


@pytest.mark.parametrize("text, code", [
    ("AS 2S 3S | 9C 10C JC", "wrong_see_groups"),  # two, three needed
    ("AS 2S 3S | 9C 10C JC | 4H 5H 6H | 7D 8D 9D", "wrong_see_groups"),
    ("AS 2S 3S | 9C 10C JC | KS KC KH", "not_a_pure_combination"),  # a triplet is not pure
    ("AS 2S 3S | 9C 10C JC | 8C 9C 5S", "not_a_pure_combination"),  # M3.7: no jokers before seeing
    ("KS AS 2S | 9C 10C JC | 4H 5H 6H", "not_a_pure_combination"),
    ("2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH | 10S 10H", "not_a_dublee"),
    ("2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH", "wrong_see_groups"),
    ("AS 2S 3S | 9C 10C JC | 4H 5H 6H 7H", "wrong_see_groups"),
    ("QC QC QC | QD QD QD | QS QS QS", "cards_not_in_hand"),
])
def test_m6_3_anything_else_is_refused_and_nothing_charged(text, code):
    state = make_state(2, hands=["AS 2S 3S 9C 10C JC 4H 5H 6H KS KC KH 8C 5S 2C 2C 3H 3H 8S 8S 10S"],
                       phase="discard", tiplu=None)
    expect_illegal(state, Action.see_maal(0, groups(text)), code)
    expect_illegal(make_state(2), Action.see_maal(0, groups(PURE3)), "draw_first", "M5.3")


# --- M7 finishing ------------------------------------------------------------------------------

W1_HAND = "7S 8S 5S | KS KC KH | 9H 9S 6D | 4D 5D 6D"


def w1_state(**options):
    return make_state(3, hands=[flat(W1_HAND) + ["QS"]], exposed=["6H 6H 6H"], shown=["AS 2S 3S | 9C 10C JC"],
                      seen=["pure", None, None], tiplu="5D", phase="discard", **options)


def test_m7_1_w1_finish_with_four_new_combinations():
    state = w1_state()
    over = act(state, Action.declare(0, K("QS"), groups(W1_HAND)))
    assert over.phase == "over" and over.result.reason == "declared" and over.result.winner == 0
    assert toks([over.finish]) == ["QS"] and over.held(0) == 21
    assert any(a.type == "declare" and a.card == K("QS") for a in legal_actions(state))


def test_m7_1_the_cards_must_be_exactly_the_hand():
    state = w1_state()
    expect_illegal(state, Action.declare(0, K("QS"), groups(W1_HAND)[:3]), "declare_cards_mismatch", "M7.1")
    expect_illegal(state, Action.declare(0, K("QD"), groups(W1_HAND)), "declare_cards_mismatch", "M7.1")
    extra = groups(W1_HAND) + [Ks("AS 2S 3S")]
    expect_illegal(state, Action.declare(0, K("QS"), extra), "declare_cards_mismatch", "M7.1")


def test_m7_1_finish_same_turn_default_and_option():
    hand = flat(PURE3) + flat("2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S") + ["QS"]
    state = make_state(2, hands=[hand], phase="discard", stock_top="5C")
    seen = act(state, Action.see_maal(0, groups(PURE3)))
    finish = Action.declare(0, K("QS"), groups("2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"))
    assert act(seen, finish).result.reason == "declared"
    off = make_state(2, hands=[hand], phase="discard", stock_top="5C", finish_same_turn=False)
    seen = act(off, Action.see_maal(0, groups(PURE3)))
    expect_illegal(seen, finish, "may_not_finish", "M7.3")
    assert not any(a.type == "declare" for a in legal_actions(seen))


def test_m7_1_finish_same_turn_off_allows_the_next_turn():
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D"
    state = make_state(2, hands=[flat(hand)], seen=["pure", None], shown=[PURE3], tiplu="5C", stock_top="10S",
                       history=[{"player": 0, "type": "see_maal", "groups": [g.split() for g in PURE3.split(" | ")]},
                                {"player": 0, "type": "discard", "card": "QS"},
                                {"player": 1, "type": "draw_stock"}, {"player": 1, "type": "discard", "card": "KC"}],
                       finish_same_turn=False)
    drawn = act(state, Action.draw_stock(0))
    finish = [a for a in legal_actions(drawn) if a.type == "declare"]
    assert finish and act(drawn, finish[0]).result.reason == "declared"


def test_m7_2_w2_an_eighth_dublee_and_a_finish_card_the_rest_unchecked():
    state = make_state(2, hands=["AH 7C 9D 4S JS 2D QC"], shown=[SEVEN], seen=["dublee", None], tiplu="5D",
                       stock_top="AH")
    drawn = act(state, Action.draw_stock(0))
    over = act(drawn, Action.declare(0, K("QC"), [Ks("AH AH")]))
    assert over.result.reason == "dublees" and over.result.winner == 0 and toks([over.finish]) == ["QC"]
    assert [a.groups for a in legal_actions(drawn) if a.type == "declare"] == [((K("AH"), K("AH")),)]
    expect_illegal(drawn, Action.declare(0, K("QC"), [Ks("AH AH AH")]), "declare_cards_mismatch", "M7.2")
    expect_illegal(drawn, Action.declare(0, K("KD"), [Ks("AH AH")]), "declare_cards_mismatch", "M7.2")


def test_m7_2_the_route_other_than_the_seat_saw_by_is_an_invalid_finish():
    state = make_state(2, hands=["AH AH 7C 9D 4S JS 2D QC"], shown=[SEVEN], seen=["dublee", None], tiplu="5D",
                       phase="discard")
    after = act(state, Action.declare(0, K("QC"), [Ks("AH AH 7C"), Ks("9D 4S JS")]))
    assert after.out[0] == "invalid_finish"
    two = act(state, Action.declare(0, K("QC"), [Ks("AH AH"), Ks("7C 9D")]))
    assert two.out[0] == "invalid_finish"


def test_m7_2_dublee_finish_without_show_eight_dublees_at_once():
    eight = SEVEN + " | AH AH"
    state = make_state(2, hands=[flat(eight) + ["QC"]], phase="discard", dublee_finish_without_show=True,
                       stock="2D 3D 4C 7C 8D 9D JS")
    assert state.tiplu is None
    listed = [a for a in legal_actions(state) if a.type == "declare"]
    assert len(listed) == 1 and len(listed[0].groups) == 8
    over = act(state, Action.declare(0, K("QC"), groups(eight)))
    assert over.result.reason == "dublees" and toks([over.tiplu]) == ["7C"]  # set at the end (index 3 of 7)
    expect_illegal(make_state(2, hands=[flat(eight) + ["QC"]], phase="discard"),
                   Action.declare(0, K("QC"), groups(eight)), "may_not_finish", "M7.3")
    bad = act(state, Action.declare(0, K("QC"), groups(SEVEN + " | AH QC")[:7]))
    assert bad.out[0] == "invalid_finish"


def test_m7_3_a_seat_that_may_not_finish_is_refused():
    state = make_state(2, hands=[flat(PURE3)], phase="discard")
    expect_illegal(state, Action.declare(0, K("AS"), groups("2S 3S 9C | 10C JC 4H")), "may_not_finish", "M7.3")
    expect_illegal(make_state(2), Action.declare(0, K("2C"), []), "draw_first", "M5.3")


# --- M8 invalid finish -------------------------------------------------------------------------

def test_m8_invalid_finish_out_the_finish_card_discarded_play_goes_on():
    hand = "8C 9C 10D | JD JH JS | 6D 7D 8D | AH AD AC"
    state = make_state(3, hands=[None, None, flat(hand) + ["2D"]], turn=2, phase="discard",
                       seen=["pure", None, "pure"], shown=[PURE3, None, "2C 3C 4C | 5H 6H 7H | JC QC KC"], tiplu="5D")
    after = act(state, Action.declare(2, K("2D"), groups(hand)))
    assert after.out == [None, None, "invalid_finish"] and after.finish is None
    assert toks(after.discard)[-1] == "2D" and after.held(2) == 21 and after.phase == "draw" and after.turn == 0
    assert after.result is None


def test_m8_one_seat_left_wins_without_a_dublee_bonus():
    state = make_state(2, hands=["9D 4S JS 2D QC AH AH 7C"], shown=[SEVEN, PURE3], seen=["dublee", "pure"],
                       tiplu="5D", phase="discard")
    over = act(state, Action.declare(0, K("QC"), [Ks("AH 7C")]))
    r = over.result
    assert over.out[0] == "invalid_finish" and r.reason == "all_out" and r.winner == 1 and over.finish is None
    assert r.game_points == (3 + 10, 0) and r.groups == (None, None)


# --- M9 the stock runs out ---------------------------------------------------------------------

def test_m9_m14_11_an_empty_stock_at_a_turn_start_is_refilled_from_the_discards():
    state = make_state(2, hands=["KS"], phase="discard", stock="", discard="9H 2C", seen=["pure", None],
                       shown=[PURE3], tiplu="5D")
    old = Counter(toks(state.discard))
    after = act(state, Action.discard(0, K("KS")))
    assert toks(after.discard) == ["KS"] and Counter(toks(after.stock)) == old
    assert toks([after.tiplu]) == ["5D"] and after.phase == "draw" and after.turn == 1


def test_m9_stock_out_void_makes_the_deal_void():
    state = make_state(3, hands=["KS"], phase="discard", stock="", discard="9H 2C", seen=["pure", None, None],
                       shown=[PURE3], tiplu="5D", stock_out="void")
    over = act(state, Action.discard(0, K("KS")))
    r = over.result
    assert over.phase == "over" and r.reason == "void" and r.winner is None
    assert r.maal == r.game_points == r.net == (0, 0, 0) and r.groups == (None, None, None)


def test_m9_no_turn_waits_with_an_empty_stock_after_a_draw_of_the_last_card():
    state = make_state(2, stock="9D", discard="9H 2C 4C")
    drawn = act(state, Action.draw_stock(0))
    assert drawn.stock == [] and drawn.phase == "discard"
    after = act(drawn, Action.discard(0, K("9D")))
    assert after.stock and toks(after.discard) == ["9D"]


def test_apply_rejects_actions_after_the_deal_and_out_of_turn():
    over = act(w1_state(), Action.declare(0, K("QS"), groups(W1_HAND)))
    expect_illegal(over, Action.draw_stock(1), "deal_over", "M12")
    expect_illegal(make_state(2), Action.draw_stock(1), "not_your_turn", "M5")
    with pytest.raises(ValueError):
        apply(make_state(2), {"player": 0, "type": "fly"})


# --- edges the contract fixes ------------------------------------------------------------------

def test_m9_m4_1_the_first_sight_with_an_empty_stock_under_stock_out_void_voids_the_deal():
    state = make_state(3, hands=[flat(PURE3)], phase="discard", stock="", discard="9H 2C KS", stock_out="void")
    over = act(state, Action.see_maal(0, groups(PURE3)))
    assert over.phase == "over" and over.result.reason == "void" and over.tiplu is None
    assert over.held(0) == 22 and over.seen[0] == "pure"
    assert to_json(from_json(to_json(over))) == to_json(over)


def test_m7_2_without_show_the_winner_has_not_seen_and_maal_zero_counts_it_so():
    eight = SEVEN + " | AH AH"
    hand = flat(eight) + ["QC", "5C", "5C", "3C", "9H", "10H"]  # tiplu 4C: two poplu and a jhiplu, 5 + 2
    for option, maal in (("counted", 7), ("zero", 0)):
        state = make_state(2, hands=[hand], phase="discard", stock="2D 3D 4C 5D 8D",
                           dublee_finish_without_show=True, unseen_maal=option)
        over = act(state, Action.declare(0, K("QC"), groups(eight)))
        assert toks([over.tiplu]) == ["4C"] and over.seen == [None, None]  # set at the end (M4.1)
        assert over.result.reason == "dublees" and over.result.game_points == (0, 15)
        assert over.result.maal[0] == maal and sum(over.result.net) == 0


def test_m8_all_out_before_anyone_saw_sets_the_tiplu_at_the_end():
    state = make_state(2, hands=["AH AH 7C 9D"], phase="discard", stock="2D 3D 4C 7C 8D",
                       dublee_finish_without_show=True)
    over = act(state, Action.declare(0, K("9D"), [Ks("AH AH")]))
    assert over.out[0] == "invalid_finish" and over.result.reason == "all_out" and over.result.winner == 1
    assert toks([over.tiplu]) == ["4C"] and over.result.game_points == (20, 0)
    assert to_json(from_json(to_json(over))) == to_json(over)


def test_m5_2_laying_cards_keeps_the_card_taken_in_the_hand_while_a_copy_can_go():
    state = make_state(2, hands=["7H 8H 9H AS 2S 3S 9C 10C JC"], discard="2C 7H")
    taken = act(state, Action.take_discard(0))
    seen = act(taken, Action.see_maal(0, groups("7H 8H 9H | AS 2S 3S | 9C 10C JC")))
    assert taken.taken_discard in seen.hands[0] and banned_kind(seen) == K("7H")
    expect_illegal(seen, Action.discard(0, K("7H")), "discard_taken_card", "M5.2")
