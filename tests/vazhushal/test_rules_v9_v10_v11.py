"""V9 the stock runs out, V10 card values in the stock-out score, V11 the match."""

from __future__ import annotations

import random

import pytest

from game.vazhushal import DRAW, FINAL, OVER, PLAY, Action, RuleSet, new_hand, next_hand, to_json
from game.vazhushal.rules import TARGET_WIN_CHOICES
from game.vazhushal.scoring import hand_penalty, seat_score
from tests.helpers import K, Ks, act, bag, expect_illegal, hand, make_state


def last_card_state(**kw):
    """Seat 0 to draw the last stock card (the indicator 4S); every other card is in the line."""
    return make_state(hands=["5S 6S 7S 2C", "9D 9H"], stock=["4S"], indicator="4S", rest_to="line", **kw)


# --- V9.1 ------------------------------------------------------------------------------------------

def test_v9_1_drawing_the_last_card_ends_the_hand_at_the_end_of_the_turn():
    s = act(last_card_state(), Action.draw_stock(0))
    assert s.stock == [] and hand(s, 0)["4S"] == 1 and s.phase == PLAY
    s = act(s, Action.meld_(0, [Ks("5S 6S 7S")]))  # the turn goes on as usual
    s = act(s, Action.discard(0, K("2C")))
    assert s.phase == FINAL and s.turn == 1 and s.result is None  # V9.2 starts left of seat 0
    assert s.line[-1] % 54 == K("2C")


def test_v9_1_going_out_with_the_last_card_wins_outright():
    state = make_state(hands=["5S 6S 7S 2C"], melds=[["AD 2D 3D", "9D 9H 9C"]], stock=["4S"], indicator="4S",
                       rest_to="line")
    s = act(state, Action.draw_stock(0), Action.meld_(0, [Ks("4S 5S 6S 7S")]))
    s = act(s, Action.discard(0, K("2C")))
    assert s.phase == OVER and s.result.reason == "went_out" and s.result.winner == 0


def test_v9_1_empty_stock_cannot_be_drawn():
    state = make_state(hands=["5S 6S 7S 2C"], stock=[], rest_to="line")
    expect_illegal(state, Action.draw_stock(0), "stock_empty", "V9.1")


# --- V9.2 ------------------------------------------------------------------------------------------

def final_state(**kw):
    s = act(last_card_state(**kw), Action.draw_stock(0), Action.discard(0, K("2C")))
    assert s.phase == FINAL
    return s


def test_v9_2_final_phase_no_take_no_discard_no_draw():
    s = final_state()
    expect_illegal(s, Action.take_line(1, len(s.line) - 1, Ks("9D 9H 2C")), "wrong_phase", "V9.2")
    expect_illegal(s, Action.discard(1, K("9D")), "wrong_phase", "V9.2")
    expect_illegal(s, Action.draw_stock(1), "wrong_phase", "V9.2")
    expect_illegal(s, Action.done(0), "not_your_turn", "V5")


def test_v9_2_done_only_in_the_final_phase():
    state = make_state(hands=["5S 6S 2C"], phase="play")
    expect_illegal(state, Action.done(0), "wrong_phase", "V9.2")


def test_v9_2_meld_and_arrange_in_turn_order_then_score():
    s = final_state()
    # seat 1 has no melds: it must start with a pure sequence (V7.1) and holds none
    expect_illegal(s, Action.meld_(1, [Ks("9D 9H 2C")]), "card_not_in_hand", "V5.2")
    s = act(s, Action.done(1))
    assert s.phase == FINAL and s.turn == 0
    # seat 0 may meld every card left: nothing is discarded in this phase
    s = act(s, Action.meld_(0, [Ks("4S 5S 6S 7S")]))
    assert hand(s, 0) == bag("")
    s = act(s, Action.done(0))
    assert s.phase == OVER and s.result.reason == "stock_out"
    # seat 0: 4+5+6+7 = 22 melded, nothing in hand; seat 1: 9D 9H in hand = -18
    assert s.result.scores == (22, -18) and s.result.winner == 0 and s.wins == [1, 0]
    assert to_json(s)["result"] == {"winner": 0, "reason": "stock_out", "scores": [22, -18]}
    expect_illegal(s, Action.done(1), "hand_over", "V8")


def test_v9_2_three_players_order_starts_left_of_the_last_drawer():
    state = make_state(players=3, hands=["2C", "5S 6S 7S 3C", "9D"], stock=["4S"], indicator="4S",
                       rest_to="line", turn=1)
    s = act(state, Action.draw_stock(1), Action.discard(1, K("3C")))
    assert (s.phase, s.turn) == (FINAL, 2)
    s = act(s, Action.done(2))
    assert s.turn == 0
    s = act(s, Action.done(0))
    assert s.turn == 1
    s = act(s, Action.meld_(1, [Ks("4S 5S 6S 7S")]), Action.done(1))
    assert s.phase == OVER and s.result.winner == 1 and s.result.scores == (-2, 22, -9)


def test_v9_2_final_phase_counts_done_actions_in_the_history():
    """Engine decision 7: the final phase ends when the history holds one 'done' a player."""
    state = make_state(hands=["2C", "5C"], melds=[["5S 6S 7S"], ["6H 7H 8H"]], stock=[], rest_to="line",
                       phase="final", turn=0, history=[{"player": 1, "type": "done"}])
    s = act(state, Action.done(0))
    assert s.phase == OVER and s.result.reason == "stock_out"


# --- V9.3, V9.4, V10 -------------------------------------------------------------------------------

def scoring_state(hands, melds, players=2, **kw):
    return make_state(players=players, hands=hands, melds=melds, stock=[], rest_to="line",
                      phase="final", **kw)


def finish(state):
    s = state
    for _ in range(state.players):
        s = act(s, Action.done(s.turn))
    assert s.phase == OVER
    return s


def test_v9_3_v10_scores_melds_minus_hand_with_wilds():
    # indicator 4C: 4H and 4D are wild
    state = scoring_state(hands=["2C 4H", "AS"], melds=[["5S 6S 7S", "KH KD JK"], ["9C 10C JC"]])
    assert seat_score(state, 0) == 18 + 30 - (2 + 20)  # a wild in hand counts 20
    assert seat_score(state, 1) == 29 - 10  # an ace counts 10
    s = finish(state)
    assert s.result.scores == (26, 19) and s.result.winner == 0 and s.wins == [1, 0]


def test_v10_wild_in_hand_value_option():
    state = scoring_state(hands=["2C 4H JK", "AS"], melds=[["5S 6S 7S"], ["9C 10C JC"]], wild_in_hand_value=10)
    assert hand_penalty(state, 0) == 2 + 10 + 10
    assert finish(state).result.scores == (18 - 22, 19)


def test_v10_wild_in_a_meld_counts_as_the_card_it_stands_for():
    state = scoring_state(hands=["", ""], melds=[["5S 6S 7S", "QH JK AH"], ["9C JK JC", "AD 2D 3D"]])
    assert seat_score(state, 0) == 18 + 30
    assert seat_score(state, 1) == 29 + 15
    # a wild-rank card used as itself counts as itself; stood in for another card, as that card
    state = scoring_state(hands=["", ""], melds=[["3H 4H 5H", "4D 6S 7S"], ["AD 2D 3D"]])
    assert seat_score(state, 0) == 12 + (5 + 6 + 7)


def test_v10_card_values_in_hand():
    state = scoring_state(hands=["AS KS QS JS 10S 9S 2S", ""], melds=[[], []])
    assert hand_penalty(state, 0) == 50 + 9 + 2


def test_v9_4_tie_fewer_cards_in_hand_wins():
    state = scoring_state(hands=["2C", "2H 3C"], melds=[["5S 6S 7S"], ["6H 7H 8H"]])
    s = finish(state)
    assert s.result.scores == (16, 16) and s.result.winner == 0 and s.wins == [1, 0]


def test_v9_4_still_tied_no_one_wins():
    state = scoring_state(hands=["2C", "5C"], melds=[["5S 6S 7S"], ["6H 7H 8H"]], wins=[2, 3])
    s = finish(state)
    assert s.result.scores == (16, 16) and s.result.winner is None and s.wins == [2, 3]
    assert to_json(s)["result"] == {"winner": None, "reason": "stock_out", "scores": [16, 16]}


def test_v9_4_highest_score_wins_among_many():
    state = scoring_state(players=4, hands=["2C", "KC", "", "9D 9S"],
                         melds=[["5S 6S 7S"], ["6H 7H 8H"], ["AC 2C 3C"], ["JD QD KD"]])
    s = finish(state)
    assert s.result.scores == (16, 11, 15, 12) and s.result.winner == 0


# --- V11 the match ---------------------------------------------------------------------------------

@pytest.mark.parametrize("target", TARGET_WIN_CHOICES)
def test_v11_target_choices(target):
    assert set(TARGET_WIN_CHOICES) == {1, 3, 5, 7, 10, 0}
    rules = RuleSet(target_wins=target)
    state = new_hand(rules, random.Random(0))
    state.wins = [target, 0] if target else [10**6, 0]
    assert state.match_over is (target > 0)
    state.wins = [max(target - 1, 0), 0]
    assert state.match_over is False


def test_v11_each_won_hand_is_one_point_and_the_deal_passes_left():
    state = make_state(hands=["5S 6S 7S 9D 9H 9C", "2D 3D"], stock_top="KD", wins=[4, 2], dealer=1)
    s = act(state, Action.draw_stock(0), Action.meld_(0, [Ks("5S 6S 7S"), Ks("9D 9H 9C")]),
            Action.discard(0, K("KD")))
    assert s.wins == [5, 2] and s.match_over
    nxt = next_hand(s, random.Random(1))
    assert nxt.dealer == 0 and nxt.turn == 1 and nxt.wins == [5, 2] and nxt.phase == DRAW


def test_v11_deal_passes_left_after_a_drawn_hand():
    state = scoring_state(hands=["2C", "5C"], melds=[["5S 6S 7S"], ["6H 7H 8H"]], dealer=0)
    s = finish(state)
    assert s.result.winner is None
    nxt = next_hand(s, random.Random(3))
    assert nxt.dealer == 1 and nxt.wins == s.wins
