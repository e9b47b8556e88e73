"""V5 a turn: draw, meld, discard; whose turn; the hand and the table."""

from __future__ import annotations

from game.vazhushal import DRAW, PLAY, Action, to_json
from tests.helpers import K, Ks, act, bag, expect_illegal, hand, make_state, table


def test_v5_1_draw_stock_takes_the_top_card():
    state = make_state(hands=["2C 5C 9D"], stock_top="QH KS", line="3D")
    top_before = to_json(state)["stock"]
    after = act(state, Action.draw_stock(0))
    assert hand(after, 0) == bag("2C 5C 9D QH")
    assert to_json(after)["stock"] == top_before[1:]
    assert after.phase == PLAY and after.turn == 0
    assert after.history == [{"player": 0, "type": "draw_stock"}]  # the drawn card is not public (V12)
    assert after.line == state.line


def test_v5_1_one_draw_per_turn():
    state = make_state(hands=["2C 5C 9D"], line="3D")
    after = act(state, Action.draw_stock(0))
    expect_illegal(after, Action.draw_stock(0), "wrong_phase", "V5.1")
    expect_illegal(after, Action.take_line(0, 0, Ks("3D 3S 3H")), "wrong_phase", "V5.1")


def test_v5_1_draw_comes_first():
    state = make_state(hands=["2C 5C 9D 6H 7H 8H"], line="3D")
    expect_illegal(state, Action.discard(0, K("2C")), "wrong_phase", "V5.1")
    expect_illegal(state, Action.arrange(0, [Ks("6H 7H 8H")]), "wrong_phase", "V5.1")
    expect_illegal(state, Action.done(0), "wrong_phase", "V5.1")


def test_v5_not_your_turn():
    state = make_state(hands=["2C 5C 9D", "3C 6C 10D"], turn=1)
    expect_illegal(state, Action.draw_stock(0), "not_your_turn", "V5")
    expect_illegal(state, {"player": 0, "type": "draw_stock"}, "not_your_turn")
    act(state, Action.draw_stock(1))


def test_v5_2_meld_any_number_of_times_and_lay_off():
    state = make_state(hands=["5S 6S 7S 8S 9D 9H 9C 2C KD"], phase="play")
    s = act(state, Action.meld_(0, [Ks("5S 6S 7S")]))
    s = act(s, Action.meld_(0, [Ks("9D 9H 9C")]))
    s = act(s, Action.arrange(0, [Ks("5S 6S 7S 8S"), Ks("9D 9H 9C")]))  # lay off the 8S
    assert table(s, 0) == [["5S", "6S", "7S", "8S"], ["9H", "9D", "9C"]]
    assert hand(s, 0) == bag("2C KD")
    assert [e["type"] for e in s.history] == ["meld", "meld", "arrange"]
    assert s.phase == PLAY


def test_v5_2_meld_needs_cards_in_hand():
    state = make_state(hands=["5S 6S 7S 2C"], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("5S 6S 8S")]), "card_not_in_hand", "V5.2")
    expect_illegal(state, Action.meld_(0, []), "no_melds", "V5.2")
    expect_illegal(state, Action.meld_(0, [Ks("5S 6S")]), "illegal_meld", "V4")


def test_v5_3_discard_to_the_newest_end_and_turn_passes_left():
    state = make_state(players=3, hands=["2C 5C 9D", "3C", "4S"], line="3D 8H", phase="play", turn=0)
    s = act(state, Action.discard(0, K("5C")))
    assert [t for t in to_json(s)["line"]] == ["3D", "8H", "5C"]
    assert hand(s, 0) == bag("2C 9D")
    assert (s.turn, s.phase) == (1, DRAW)
    assert s.history[-1] == {"player": 0, "type": "discard", "card": "5C"}
    s = act(s, Action.draw_stock(1), Action.discard(1, K("3C")))
    assert s.turn == 2
    s = act(s, Action.draw_stock(2), Action.discard(2, K("4S")))
    assert s.turn == 0  # wraps around (V2.6: play goes to the left)


def test_v5_3_discard_only_a_card_in_hand():
    state = make_state(hands=["2C 5C 9D"], melds=[["5S 6S 7S"]], phase="play")
    expect_illegal(state, Action.discard(0, K("KD")), "card_not_in_hand", "V5.3")


def test_v5_3_must_keep_a_card_to_discard():
    state = make_state(hands=["5S 6S 7S"], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("5S 6S 7S")]), "must_keep_card", "V5.3")
    state = make_state(hands=["8S"], melds=[["5S 6S 7S"]], phase="play")
    expect_illegal(state, Action.arrange(0, [Ks("5S 6S 7S 8S")]), "must_keep_card", "V5.3")
    state = make_state(hands=["5S 6S"], line="7S")
    expect_illegal(state, Action.take_line(0, 0, Ks("5S 6S 7S")), "must_keep_card", "V5.3")


def test_v5_4_never_touch_another_players_melds():
    state = make_state(hands=["8S 2C 5C", "KD"], melds=[["AD 2D 3D"], ["9S 10S JS"]], line="QS", phase="play")
    # lay off on the other seat's meld: those cards are not ours
    expect_illegal(state, Action.arrange(0, [Ks("AD 2D 3D"), Ks("8S 9S 10S JS")]), "card_not_in_hand", "V5.2")
    state = make_state(hands=["8S 2C 5C", "KD"], melds=[["AD 2D 3D"], ["9S 10S JS"]], line="QS")
    # a take cannot use cards on the table (here another seat's)
    expect_illegal(state, Action.take_line(0, 0, Ks("9S 10S JS QS")), "cards_not_available", "V6.3")


def test_v5_5_may_discard_a_card_taken_from_the_line():
    state = make_state(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    s = act(state, Action.take_line(0, 1, Ks("5S 6S 7S")))
    assert hand(s, 0) == bag("2C KH")
    s = act(s, Action.discard(0, K("KH")))
    assert s.line[-1] % 54 == K("KH") and s.turn == 1
