"""A turn: I4 (stock and discard pile), I5, I9 (drop) and I11 (the stock runs out)."""

from __future__ import annotations

import random

import pytest

from game.indian13 import Action, RuleSet, apply, from_json, legal_actions, new_deal, to_json
from game.indian13.actions import ACTION_TYPES
from game.indian13.deck import KIND

from .helpers import K, act, expect_illegal, make_state, random_action, toks


def test_i4_1_draw_the_top_stock_card():
    state = make_state(2, stock_top="QH 2C")
    after = act(state, Action.draw_stock(0))
    assert toks(after.hands[0])[-1] == "QH" and toks(after.stock[::-1])[0] == "2C"
    assert after.phase == "discard" and len(after.hands[0]) == 14 and after.has_drawn[0]


def test_i4_2_only_the_top_discard_may_be_taken():
    state = make_state(2, discard="9C 4D KH")
    after = act(state, Action.take_discard(0))
    assert toks(after.hands[0])[-1] == "KH" and toks(after.discard) == ["9C", "4D"]
    assert toks([after.taken_discard]) == ["KH"]
    expect_illegal(make_state(2, discard=()), Action.take_discard(0), "discard_pile_empty", "I4.2")


def test_i5_1_drop_only_before_drawing():
    state = act(make_state(3), Action.draw_stock(0))
    expect_illegal(state, Action.drop(0), "drop_after_draw", "I9.1")


def test_i5_2_draw_once_then_discard():
    state = act(make_state(2), Action.draw_stock(0))
    expect_illegal(state, Action.draw_stock(0), "already_drawn", "I5.2")
    expect_illegal(state, Action.take_discard(0), "already_drawn", "I5.2")
    expect_illegal(make_state(2, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"]), Action.discard(0, K("4H")),
                   "draw_first", "I5.2")


def test_i5_3_a_turn_ends_with_a_discard():
    state = make_state(3, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"], stock_top="9D")
    after = act(state, Action.draw_stock(0), Action.discard(0, K("4H")))
    assert toks(after.discard)[-1] == "4H" and len(after.hands[0]) == 13
    assert after.turn == 1 and after.phase == "draw" and after.taken_discard is None
    expect_illegal(act(state, Action.draw_stock(0)), Action.discard(0, K("KH")), "card_not_in_hand", "I5.3")


def test_i5_4_nothing_is_laid_on_the_table():
    assert set(ACTION_TYPES) == {"drop", "draw_stock", "take_discard", "discard", "declare", "show"}


def test_i5_5_the_taken_card_may_not_be_discarded_this_turn():
    state = act(make_state(2, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"], discard="9D"),
                Action.take_discard(0))
    expect_illegal(state, Action.discard(0, K("9D")), "discard_taken_card", "I5.5")
    assert Action.discard(0, K("9D")) not in legal_actions(state)
    after = act(state, Action.discard(0, K("4H")), Action.draw_stock(1))
    assert after.taken_discard is None


def test_i5_5_an_identical_copy_may_be_discarded():
    state = act(make_state(2, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS 9D 4H"], discard="9D"),
                Action.take_discard(0))
    after = act(state, Action.discard(0, K("9D")))
    assert toks(after.discard)[-1] == "9D" and "9D" in toks(after.hands[0])
    assert state.taken_discard in after.hands[0], "the physical card taken stays in the hand"


def test_i5_5_the_taken_card_may_not_be_the_finish():
    state = act(make_state(2, hands=["2H 3H 4H 9S 10S JS QS 8C 8D 8S KH KC KD"], discard="5H", cut="7D"),
                Action.take_discard(0))
    grouped = [[K(t) for t in g.split()] for g in ("2H 3H 4H", "9S 10S JS QS", "8C 8D 8S", "KH KC KD")]
    expect_illegal(state, Action.declare(0, K("5H"), grouped), "finish_taken_card", "I5.5")


def test_i5_6_a_joker_on_the_discard_pile_may_not_be_taken():
    state = make_state(3, discard="4C 9H JK", has_drawn=[True, True, True], history=[
        {"player": 2, "type": "draw_stock"}, {"player": 2, "type": "discard", "card": "JK"}])
    expect_illegal(state, Action.take_discard(0), "joker_on_discard_pile", "I5.6")
    assert [a.type for a in legal_actions(state)] == ["drop", "draw_stock"]
    wild = make_state(3, discard="4C 9H 7S", cut="7D", has_drawn=[True, True, True])
    expect_illegal(wild, Action.take_discard(0), "joker_on_discard_pile", "I5.6")


def test_i5_6_the_open_card_may_be_taken_even_when_a_joker():
    state = make_state(3, discard="7S", cut="7D")
    after = act(state, Action.take_discard(0))
    assert KIND[after.taken_discard] == K("7S")
    later = make_state(3, discard="7S", cut="7D", has_drawn=[False, False, True])  # seat 2 discarded it
    expect_illegal(later, Action.take_discard(0), "joker_on_discard_pile", "I5.6")


def test_i5_6_option_allows_taking_jokers():
    state = make_state(3, discard="4C JK", has_drawn=[True, True, True], joker_from_discard="allowed")
    assert act(state, Action.take_discard(0)).hands[0][-1] == state.discard[-1]


def test_i9_2_first_drop_and_middle_drop():
    state = make_state(3)
    after = act(state, Action.drop(0))
    assert after.out == ["first_drop", None, None] and after.turn == 1
    state = make_state(3, has_drawn=[True, False, False])
    assert act(state, Action.drop(0)).out[0] == "middle_drop"


def test_i9_4_a_dropped_seat_is_skipped():
    state = make_state(4, out=[None, "first_drop", None, None], hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"])
    after = act(state, Action.draw_stock(0), Action.discard(0, K("4H")))
    assert after.turn == 2


def test_i9_5_all_but_one_drop_the_last_wins_the_drops():
    state = make_state(3, out=[None, "middle_drop", None], has_drawn=[False, True, True], turn=2)
    after = act(state, Action.drop(2))
    r = after.result
    assert after.phase == "over" and r.reason == "all_dropped" and r.winner == 0
    assert r.points == (0, 30, 30) and r.gain == 60 and r.groups == (None, None, None)


def test_i9_3_drop_values_are_options():
    state = make_state(3, out=[None, "first_drop", None], turn=2, has_drawn=[False, False, True],
                       first_drop=15, middle_drop=40)
    assert act(state, Action.drop(2)).result.points == (0, 15, 40)


def test_i11_2_reshuffle_within_the_discard_that_ends_the_turn():
    state = make_state(2, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"], stock="9D", discard="2C 3C 4C")
    before_pile = toks(state.discard)
    after = act(state, Action.draw_stock(0), Action.discard(0, K("4H")))
    assert after.phase == "draw" and after.turn == 1
    assert toks(after.discard) == ["4H"]
    assert sorted(toks(after.stock)) == sorted(before_pile)
    assert after.cut_joker == state.cut_joker  # I2.5: the cut joker stays out of play


def test_i11_2_reshuffle_is_a_replayable_function_of_the_state():
    state = make_state(2, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"], stock="9D", discard="2C 3C 4C")
    a = act(state, Action.draw_stock(0), Action.discard(0, K("4H")))
    b = act(state, Action.draw_stock(0), Action.discard(0, K("4H")))
    assert toks(a.stock) == toks(b.stock)


def test_i11_1_void_option_ends_the_deal_and_forgets_drops():
    state = make_state(3, hands=["AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"], stock="9D", discard="2C 3C",
                       out=[None, "first_drop", None], stock_out="void")
    after = act(state, Action.draw_stock(0), Action.discard(0, K("4H")))
    assert after.result.reason == "void" and after.result.points == (0, 0, 0) and after.result.gain == 0


def test_i11_2_reshuffle_within_an_invalid_declaration_that_passes_the_turn():
    hand = "AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS 4H"
    state = make_state(3, hands=[hand], stock="9D", discard="2C 3C")
    pile = len(state.discard)
    grouped = [[K(t) for t in hand.split()[:7]], [K(t) for t in hand.split()[7:]]]
    after = act(state, Action.draw_stock(0), Action.declare(0, K("9D"), grouped))
    assert after.out[0] == "invalid_declaration" and after.phase == "draw" and after.turn == 1
    assert len(after.stock) == pile - 1 and toks(after.discard) == ["3C"]


def test_not_your_turn_and_deal_over():
    state = make_state(3)
    expect_illegal(state, Action.draw_stock(1), "not_your_turn", "I5")
    over = act(make_state(2), Action.drop(0))
    expect_illegal(over, Action.draw_stock(1), "deal_over", "I7.5")
    assert legal_actions(over) == []


def test_i11_2_reshuffle_replays_the_same_from_json():
    """The referee replays a recorded deal from its JSON, where physical ids are assigned afresh:
    a reshuffle must come out the same as in the dealt state."""
    rng = random.Random(4)
    start = new_deal(RuleSet(players=2), rng)
    direct, replayed, reshuffles = start, from_json(to_json(start)), 0
    while direct.phase != "over" and reshuffles < 2:
        action = random_action(direct, rng, drop=0, invalid=0, declare=0)
        after = apply(direct, action)
        reshuffles += after.phase == "draw" and len(after.stock) > len(direct.stock)
        direct, replayed = after, apply(replayed, action)
        assert to_json(direct) == to_json(replayed)
    assert reshuffles == 2


def test_i9_1_drop_only_at_the_start_of_the_own_turn():
    state = make_state(3)
    expect_illegal(state, Action.drop(1), "not_your_turn", "I5")
    assert act(state, Action.drop(0)).out[0] == "first_drop"
    expect_illegal(act(state, Action.draw_stock(0)), Action.drop(0), "drop_after_draw", "I9.1")


def test_a_malformed_action_object_is_a_state_error_and_leaves_the_state_alone():
    # what Python code can build and no JSON document can hold: a card that is not a card
    from game.core.errors import StateError

    state = act(make_state(2), Action.draw_stock(0))
    before = to_json(state)
    for action in (Action.discard(0, 105), Action.discard(0, -1), Action.discard(0, None), Action.discard(0, "2C"),
                   Action.declare(0, 999, [[1, 2, 3]]), Action.declare(0, 1, [[None, 2, 3]]),
                   Action(0, "declare", card=1, groups=7), Action(0, "fly")):
        with pytest.raises(StateError):
            apply(state, action)
        assert to_json(state) == before and action.shape_error()
