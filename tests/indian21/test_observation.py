"""T15: what each player may know: its own hand, the cut joker (so every wild card and value card),
the discard pile, the stock size, hand sizes, drops and actions; the scored groupings after the
show; never a dropped hand."""

from __future__ import annotations

import random

from game.indian21 import Action, RuleSet, new_deal, observe

from .helpers import K, act, check_observation, groups, hand_of, kinds_text, make_state

EX1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
EX2 = "2S 3S 4S | 9D 10D JD | QC JK AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"


def test_t15_own_hand_and_everything_public_no_other_hand():
    state = new_deal(RuleSet(players=4), random.Random(2))
    for seat in range(4):
        obs = observe(state, seat)
        doc = obs.to_json()
        assert obs.hand == tuple(state.hands[seat]) and obs.hand_counts == (21, 21, 21, 21)
        assert obs.stock_count == len(state.stock) and obs.cut_joker == state.cut_joker
        assert obs.revealed_hands == (None,) * 4 and obs.finish is None
        assert "hands" not in doc and "stock" not in doc
        assert doc["value_cards"] == kinds_text(state.jokers.value_kinds)
        check_observation(state, seat)


def test_t15_a_stock_draw_names_no_card_a_discard_taken_is_public():
    state = make_state(3, discard="4C 9H")
    after = act(state, Action.take_discard(0))
    assert observe(after, 1).taken_discard == after.taken_discard
    assert observe(after, 1).history[-1] == {"player": 0, "type": "take_discard"}
    drawn = act(make_state(3), Action.draw_stock(0))
    assert observe(drawn, 1).history[-1] == {"player": 0, "type": "draw_stock"}


def test_t15_the_show_and_the_losers_groupings_are_public_after_the_show():
    state = make_state(3, hands=[hand_of(EX1, "4C")], phase="discard")
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    obs = observe(after, 2)
    assert obs.revealed_hands[0] == tuple(after.hands[0]) and obs.revealed_hands[1] == tuple(after.hands[1])
    assert obs.finish == after.finish and obs.result.groups[1] is not None


def test_t15_an_invalid_show_is_seen_a_drop_never():
    state = make_state(4, hands=[hand_of(EX2, "4C")], phase="discard")
    after = act(state, Action.declare(0, K("4C"), groups(EX2)), Action.drop(1))
    obs = observe(after, 2)
    assert obs.revealed_hands[0] == tuple(after.hands[0])  # the show was laid out for all
    assert obs.revealed_hands[1] is None  # T9: set aside unseen
    assert obs.revealed_hands[3] is None
