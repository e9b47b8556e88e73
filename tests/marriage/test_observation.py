"""M13: what each seat may know.  A seat that has not seen the maal gets no hint of which cards are
jokers: its observation holds no tiplu and nothing derived from it, and stays the same whatever
card the tiplu is (tested over whole random deals by swapping the tiplu with a stock card)."""

from __future__ import annotations

import json
import random

import pytest

from game.marriage import Action, RuleSet, apply, legal_actions, new_deal, observe, plain_action, random_action
from game.marriage.deck import KIND
from game.marriage.simulate import CONFIGS
from game.marriage.state import State
from tests.inhand_helpers import taking_is_public

from .helpers import K, act, flat, groups, make_state, toks

PURE3 = "AS 2S 3S | 9C 10C JC | 4H 5H 6H"
JOKER_WORDS = ("tiplu", "joker", "wild", "maal", "poplu", "jhiplu")


def test_m13_own_hand_and_public_counts_only():
    state = new_deal(RuleSet(players=4), random.Random(3))
    for seat in range(4):
        obs = observe(state, seat)
        doc = obs.to_json()
        assert doc["hand"] == toks(state.hands[seat]) and doc["hand_counts"] == [21] * 4
        assert doc["stock_count"] == len(state.stock) and doc["discard"] == toks(state.discard)
        assert obs.revealed_hands == (None,) * 4 and obs.finish is None and doc["tiplu"] is None
        assert "hands" not in doc and "stock" not in doc


def test_m13_the_tiplu_only_after_seeing_groups_and_routes_public():
    state = make_state(3, hands=[flat(PURE3)], phase="discard")
    after = act(state, Action.see_maal(0, groups(PURE3)))
    mine, theirs = observe(after, 0), observe(after, 1)
    assert mine.tiplu == after.tiplu and mine.jokers is not None and mine.to_json()["tiplu"] is not None
    assert theirs.tiplu is None and theirs.jokers is None and theirs.to_json()["tiplu"] is None
    assert theirs.seen == ("pure", None, None) and len(theirs.shown[0]) == 3
    assert theirs.history[-1]["type"] == "see_maal" and theirs.stock_count == len(after.stock)


def test_m13_a_stock_draw_names_no_card_a_discard_taken_is_public():
    taking_is_public(make_state(3, discard="9C KH"), act, observe, toks, K, Action)


def test_m13_everything_is_public_at_the_end():
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"
    state = make_state(3, hands=[flat(hand) + ["QS"]], seen=["pure", None, None], shown=[PURE3], tiplu="5D",
                       phase="discard")
    over = act(state, Action.declare(0, K("QS"), groups(hand)))
    for seat in range(3):
        obs = observe(over, seat)
        assert obs.tiplu == over.tiplu and obs.finish == over.finish and obs.result == over.result
        assert obs.revealed_hands == tuple(tuple(h) for h in over.hands)


def swap_tiplu(state: State, rng: random.Random) -> State | None:
    """The same state with the tiplu exchanged for a stock card of another kind."""
    if state.tiplu is None:
        return None
    others = [i for i, c in enumerate(state.stock) if KIND[c] != KIND[state.tiplu]]
    if not others:
        return None
    i = rng.choice(others)
    swapped = state.copy()
    swapped.stock[i], swapped.tiplu = state.tiplu, state.stock[i]
    return swapped


def unseen_views(rules: RuleSet, seed: int) -> int:
    """Play a random deal; check every observation of every seat that has not seen. Returns how many
    views were checked with a tiplu set (so the test knows it tested something)."""
    rng = random.Random(seed)
    state = new_deal(rules, rng)
    checked = 0
    while state.phase != "over":
        swapped = swap_tiplu(state, rng)
        for seat in range(state.players):
            if state.seen[seat] is not None:
                continue
            obs = observe(state, seat)
            doc = obs.to_json()
            assert obs.tiplu is None and obs.jokers is None and doc["tiplu"] is None and doc["result"] is None
            assert not [k for k in doc if any(w in k for w in JOKER_WORDS) and doc[k] is not None]
            if swapped is not None:
                assert json.dumps(observe(swapped, seat).to_json()) == json.dumps(doc), "a view depends on the tiplu"
                checked += 1
        if swapped is not None and state.seen[state.turn] is None:
            assert legal_actions(swapped) == legal_actions(state), "legal moves depend on the tiplu"
            assert plain_action(swapped) == plain_action(state), "the plain move reads the tiplu"
        state = apply(state, random_action(state, rng))
    return checked


@pytest.mark.parametrize("players, options", CONFIGS[:8])
def test_m13_no_joker_information_for_a_seat_that_has_not_seen_over_whole_deals(players, options):
    checked = sum(unseen_views(RuleSet(players=players, **options), seed) for seed in range(3))
    assert checked > 0
