"""V7 melding rules (first meld pure, the table always legal, melded cards stay) and V8 going out."""

from __future__ import annotations

from game.vazhushal import OVER, Action, to_json
from tests.helpers import K, Ks, act, bag, expect_illegal, hand, make_state, table

# --- V7.1 ------------------------------------------------------------------------------------------

def test_v7_1_first_meld_must_be_a_pure_sequence():
    state = make_state(hands=["9S 9H 9C 5S JK 7S 2C"], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("9S 9H 9C")]), "first_meld_not_pure", "V7.1")
    expect_illegal(state, Action.meld_(0, [Ks("5S JK 7S")]), "first_meld_not_pure", "V7.1")
    expect_illegal(state, Action.arrange(0, [Ks("9S 9H 9C")]), "first_meld_not_pure", "V7.1")


def test_v7_1_pure_sequence_first_then_anything():
    state = make_state(hands=["9S 9H 9C 5S 6S 7S 2C"], phase="play")
    s = act(state, Action.meld_(0, [Ks("5S 6S 7S")]), Action.meld_(0, [Ks("9S 9H 9C")]))
    assert len(s.melds[0]) == 2


def test_v7_1_pure_sequence_and_set_laid_together():
    """A first meld action holding a pure sequence and a set is accepted (V7.2 holds after it)."""
    state = make_state(hands=["9S 9H 9C 5S 6S 7S 2C"], phase="play")
    s = act(state, Action.meld_(0, [Ks("9S 9H 9C"), Ks("5S 6S 7S")]))
    assert [m.kind for m in s.melds[0]] == ["set", "sequence"]


def test_v7_1_applies_in_the_final_phase_too():
    state = make_state(hands=["9S 9H 9C 2C", "3D"], phase="final", stock=[], turn=0)
    expect_illegal(state, Action.meld_(0, [Ks("9S 9H 9C")]), "first_meld_not_pure", "V7.1")


# --- V7.2 ------------------------------------------------------------------------------------------

def test_v7_2_arrange_must_keep_a_pure_sequence():
    state = make_state(hands=["JK 2C KD"], melds=[["5S 6S 7S"]], phase="play")
    # breaking the only pure sequence with a joker in it
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S 7S JK")]), "no_pure_sequence", "V7.2")


def test_v7_2_arrange_must_keep_melds_legal():
    state = make_state(hands=["2C KD QD"], melds=[["5S 6S 7S 8S"]], phase="play")
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S"), Ks("7S 8S")]), "illegal_meld", "V4")
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S 7S 8S KD QD")]), "illegal_meld", "V4")


def test_v7_2_arrange_must_not_make_identical_melds():
    state = make_state(players=4, hands=["5S 6S 7S 2C"], melds=[["5S 6S 7S 8S 9S 10S"]], phase="play")
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S 7S"), Ks("8S 9S 10S"), Ks("5S 6S 7S")]),
                   "identical_melds", "V4.5")
    # the same cards arranged differently are fine: 5-6-7 and 5-10 differ in span
    s = act(state, Action.arrange(0, [Ks("5S 6S 7S 8S 9S 10S"), Ks("5S 6S 7S")]))
    assert sorted(len(m) for m in table(s, 0)) == [3, 6]


def test_v7_2_split_a_long_sequence():
    state = make_state(hands=["2C"], melds=[["3S 4S 5S 6S 7S 8S"]], phase="play")
    s = act(state, Action.arrange(0, [Ks("3S 4S 5S"), Ks("6S 7S 8S")]))
    assert table(s, 0) == [["3S", "4S", "5S"], ["6S", "7S", "8S"]]
    assert all(m.is_pure_sequence for m in s.melds[0])


# --- V7.3 ------------------------------------------------------------------------------------------

def test_v7_3_melded_cards_never_back_to_hand():
    state = make_state(hands=["2C KD"], melds=[["5S 6S 7S 8S"]], phase="play")
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S 7S")]), "melded_cards_missing", "V7.3")
    expect_illegal(state, Action.arrange(0, []), "melded_cards_missing", "V7.3")


def test_v7_3_melded_cards_never_discarded():
    state = make_state(hands=["2C KD"], melds=[["5S 6S 7S 8S"]], phase="play")
    expect_illegal(state, Action.discard(0, K("8S")), "card_not_in_hand", "V7.3")


def test_v7_3_swap_natural_for_joker_and_reuse_the_joker():
    state = make_state(hands=["6H 9C 9D 2C"], melds=[["2S 3S 4S", "5H JK 7H"]], phase="play")
    s = act(state, Action.arrange(0, [Ks("2S 3S 4S"), Ks("5H 6H 7H"), Ks("9C 9D JK")]))
    assert hand(s, 0) == bag("2C")
    assert table(s, 0)[1] == ["5H", "6H", "7H"] and s.melds[0][1].is_pure_sequence
    assert sorted(table(s, 0)[2]) == ["9C", "9D", "JK"]
    assert s.history[-1]["type"] == "arrange"


def test_v7_3_unchanged_meld_keeps_its_reading():
    """Engine decision 1: in an arrange, a meld whose cards are unchanged keeps its reading (here
    JK-JK-7H as 5-6-7, though 7-8-9 would be worth more)."""
    state = make_state(hands=["8C 9C 10C 2C"], melds=[["AS 2S 3S", "JK JK 7H"]], phase="play")
    assert (state.melds[0][1].low, state.melds[0][1].high) == (5, 7)
    s = act(state, Action.arrange(0, [Ks("AS 2S 3S"), Ks("JK JK 7H"), Ks("8C 9C 10C")]))
    m = s.melds[0][1]
    assert (m.low, m.high) == (5, 7) and table(s, 0)[1] == ["JK", "JK", "7H"]


def test_v7_3_two_unchanged_melds_with_the_same_cards_keep_their_readings():
    """Engine decision 1 with two decks: JK-JK-7H (5-6-7) and 7H-JK-JK (7-8-9) both stay unchanged
    in an arrange that only adds a new meld, so both keep their readings (values 18 and 24)."""
    state = make_state(players=4, hands=["9C 10C JC 2D"], phase="play",
                       melds=[["2S 3S 4S", "JK JK 7H", "7H JK JK"]])
    before = sorted((m.low, m.high) for m in state.melds[0][1:])
    assert before == [(5, 7), (7, 9)]
    s = act(state, Action.arrange(0, [Ks("2S 3S 4S"), Ks("JK JK 7H"), Ks("7H JK JK"), Ks("9C 10C JC")]))
    assert sorted((m.low, m.high) for m in s.melds[0][1:3]) == before
    # a plain meld action leaves them alone too
    s = act(state, Action.meld_(0, [Ks("9C 10C JC")]))
    assert sorted((m.low, m.high) for m in s.melds[0][1:3]) == before


def test_v7_arrange_takes_cards_only_from_own_hand():
    state = make_state(hands=["2C", "8S"], melds=[["5S 6S 7S"]], phase="play")
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S 7S 8S")]), "card_not_in_hand", "V5.2")


def test_v7_meld_in_wrong_phase():
    state = make_state(hands=["5S 6S 7S 2C"], melds=[["AD 2D 3D"]], phase="over",
                       result={"winner": 1, "reason": "went_out", "scores": None}, wins=[0, 1])
    expect_illegal(state, Action.meld_(0, [Ks("5S 6S 7S")]), "hand_over", "V8")


# --- V8 going out ----------------------------------------------------------------------------------

def test_v8_going_out_after_a_stock_draw():
    state = make_state(hands=["5S 6S 7S 9D 9H 9C", "2D 3D"], stock_top="KD", wins=[2, 1])
    s = act(state, Action.draw_stock(0), Action.meld_(0, [Ks("5S 6S 7S"), Ks("9D 9H 9C")]))
    s = act(s, Action.discard(0, K("KD")))
    assert s.phase == OVER
    assert s.result.to_json() == {"winner": 0, "reason": "went_out", "scores": None}
    assert s.wins == [3, 1]
    assert hand(s, 0) == bag("") and s.line[-1] % 54 == K("KD")
    assert to_json(s)["result"] == {"winner": 0, "reason": "went_out", "scores": None}
    # the hand ends at once
    expect_illegal(s, Action.draw_stock(1), "hand_over", "V8")
    expect_illegal(s, Action.draw_stock(0), "hand_over", "V8")


def test_v8_going_out_on_the_first_turn_after_a_take():
    state = make_state(hands=["5S 6S 9D 9H 9C"], line="3C 7S KD", line_first_dealt=True)
    s = act(state, Action.take_line(0, 1, Ks("5S 6S 7S")), Action.meld_(0, [Ks("9D 9H 9C")]),
            Action.discard(0, K("KD")))
    assert s.phase == OVER and s.result.winner == 0 and s.result.reason == "went_out"


def test_v8_going_out_with_one_meld_action_for_everything():
    state = make_state(hands=["5S 6S 7S 8S 9S JK 2C"], melds=[["AD 2D 3D"]], phase="play")
    s = act(state, Action.meld_(0, [Ks("5S 6S 7S 8S 9S JK")]), Action.discard(0, K("2C")))
    assert s.phase == OVER and s.result.winner == 0


def test_v8_cannot_go_out_by_melding_every_card():
    state = make_state(hands=["5S 6S 7S 9D 9H 9C"], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("5S 6S 7S"), Ks("9D 9H 9C")]), "must_keep_card", "V5.3")
