"""I13: what each seat may know."""

from __future__ import annotations

import random

from game.indian13 import Action, RuleSet, new_deal, observe
from tests.inhand_helpers import taking_is_public

from .helpers import K, act, groups, make_state, toks


def test_i13_own_hand_and_public_counts_only():
    state = new_deal(RuleSet(players=4), random.Random(3))
    for seat in range(4):
        obs = observe(state, seat)
        doc = obs.to_json()
        assert doc["hand"] == toks(state.hands[seat])
        assert obs.revealed_hands == (None,) * 4 and obs.finish is None
        assert doc["hand_counts"] == [13] * 4 and doc["stock_count"] == len(state.stock)
        assert doc["discard"] == toks(state.discard) and doc["cut_joker"] == toks([state.cut_joker])[0]
        assert "hands" not in doc and "stock" not in doc


def test_i13_taking_the_top_discard_is_public_a_stock_draw_names_no_card():
    taking_is_public(make_state(3, discard="9C KH"), act, observe, toks, K, Action)


def test_i9_4_i13_dropped_hands_stay_unseen_after_the_deal():
    hand = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD"
    state = make_state(3, hands=[hand.replace("|", " ").split() + ["2D"]], phase="discard",
                       out=[None, "first_drop", None])
    over = act(state, Action.declare(0, K("2D"), groups(hand)))
    obs = observe(over, 2)
    assert obs.revealed_hands[1] is None
    assert obs.revealed_hands[0] is not None and obs.revealed_hands[2] is not None
    assert toks([obs.finish]) == ["2D"]


def test_i13_an_invalid_declaration_is_shown_to_all():
    text = "3H JK 5H | 9S 7C JS | 8C 8D 8S | KH KC KD KS"
    state = make_state(3, hands=[text.replace("|", " ").split() + ["2D"]], phase="discard")
    after = act(state, Action.declare(0, K("2D"), groups(text)))
    assert observe(after, 1).revealed_hands[0] is not None and observe(after, 1).revealed_hands[2] is None
