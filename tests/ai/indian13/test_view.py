"""States rebuilt from an observation (I13): the view state answers the seat's legal moves
exactly, the public record replays the discard pile, and every determinization is a whole deck
consistent with what the seat saw."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.indian13.view import UNKNOWN, hidden_cards, public_record, sample_state, view_state
from game.indian13 import RuleSet, apply, legal_actions, new_deal, observe
from game.indian13.deck import KIND, deck_ids
from game.indian13.simulate import random_action
from game.indian13.state import OVER
from tests import family
from tests.inhand_helpers import record_sees_a_reshuffle

CONFIGS = [RuleSet(players=2), RuleSet(players=3, stock_out="void"), RuleSet(players=4, joker_from_discard="allowed"),
           RuleSet(players=5, deck_table="catsatcards", auto_arrange_losers=False), RuleSet(players=6, jokers="none")]


def _random_states(rules: RuleSet, seed: int, steps: int = 250):
    """Every state of a random deal (drops and invalid declarations included)."""
    return family.random_states(new_deal, apply, rules, seed, steps,
                                lambda s, rng: random_action(s, rng, drop=0.01, declare=0.3, search=False))


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.players}p")
def test_i13_view_and_samples_agree_with_the_observation(rules):
    family.check_views(_random_states(rules, seed=rules.players), observe, view_state, sample_state, public_record,
                       lambda s: legal_actions(s, declarations=False), deck_ids(rules), KIND, random.Random(1))


def test_i4_2_the_record_replays_the_discard_pile():
    family.check_pile_record(_random_states(RuleSet(players=2), seed=3, steps=400), observe, public_record, KIND,
                             UNKNOWN)


def test_i11_2_the_record_sees_a_reshuffle():
    record_sees_a_reshuffle(lambda seed: _random_states(RuleSet(players=2), seed=seed, steps=600), observe,
                            public_record)


def test_i5_5_a_taken_card_is_known_until_it_is_discarded():
    state = new_deal(RuleSet(players=2), random.Random(5))
    taker = state.turn
    top = KIND[state.discard[-1]]
    state = apply(state, legal_actions(state)[2])  # take the open card
    assert state.taken_discard is not None
    record = public_record(observe(state, 1 - taker))
    assert record.known[taker] == Counter()  # the open card was never named by an action
    keep = [a for a in legal_actions(state) if a.type == "discard"][0]
    state = apply(state, keep)
    other = 1 - taker
    state = apply(state, legal_actions(state)[1])  # the other seat draws from the stock
    discard = [a for a in legal_actions(state) if a.type == "discard"][0]
    state = apply(state, discard)
    state = apply(state, legal_actions(state)[2])  # the taker takes that discard
    record = public_record(observe(state, other))
    assert record.known[taker] == Counter({discard.card: 1})
    assert record.taken[taker] == Counter({discard.card: 1}) and top is not None


def test_hidden_cards_are_the_other_hands_and_the_stock():
    state = new_deal(RuleSet(players=3), random.Random(2))
    obs = observe(state, 1)
    hidden = set(hidden_cards(obs))
    assert hidden == set(state.stock) | set(state.hands[0]) | set(state.hands[2])


def test_i13_the_record_names_each_refused_discard():
    """A stock draw while a discarded card lies on top of the pile refuses that card: every seat
    sees it (the open card is named only once a seat has discarded it)."""
    rules = RuleSet(players=2)
    seen = 0
    for seed in range(6):
        expected = [Counter(), Counter()]
        state = new_deal(rules, random.Random(seed))
        discarded: set[int] = set()  # physical cards some seat discarded
        rng = random.Random(seed)
        for _ in range(200):
            if state.phase == OVER:
                break
            action = random_action(state, rng, drop=0.0, declare=0.3, search=False)
            if action.type == "draw_stock" and state.discard and state.discard[-1] in discarded:
                expected[state.turn][KIND[state.discard[-1]]] += 1
                seen += 1
            state = apply(state, action)
            if action.type == "discard":
                discarded.add(state.discard[-1])
            for viewer in (0, 1):
                assert public_record(observe(state, viewer)).refused == tuple(expected)
    assert seen > 20
