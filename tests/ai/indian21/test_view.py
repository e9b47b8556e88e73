"""States rebuilt from an observation (T15): the view state answers the seat's legal moves
exactly, the public record replays the discard pile, every determinization is a whole deck
consistent with what the seat saw, and only the kinds of the cards matter to it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.indian21.view import UNKNOWN, hidden_cards, public_record, sample_state, view_state
from game.indian21 import RuleSet, apply, legal_actions, new_deal, observe, preset, random_action
from game.indian21.deck import DECK_IDS, KIND
from tests import family
from tests.inhand_helpers import record_sees_a_reshuffle

CONFIGS = [RuleSet(players=2), RuleSet(players=3, stock_out="void"), RuleSet(players=4, joker_from_discard="allowed"),
           RuleSet(players=5, auto_arrange_losers=False), RuleSet(players=6), preset("27-card", 3)]


def _random_states(rules: RuleSet, seed: int, steps: int = 200, drop: float = 0.01):
    """Every state of a random deal (drops and invalid shows included)."""
    return family.random_states(new_deal, apply, rules, seed, steps, lambda s, rng: random_action(
        s, rng, drop=drop, declare=0.3, invalid=drop, search=False))


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.players}p-{r.hand_size}")
def test_t15_view_and_samples_agree_with_the_observation(rules):
    family.check_views(_random_states(rules, seed=rules.players), observe, view_state, sample_state, public_record,
                       lambda s: legal_actions(s, declarations=False), DECK_IDS, KIND, random.Random(1), every=3)


def test_t4_the_record_replays_the_discard_pile():
    family.check_pile_record(_random_states(RuleSet(players=2), seed=3, steps=400), observe, public_record, KIND,
                             UNKNOWN)


def test_t13_the_record_sees_a_reshuffle():
    record_sees_a_reshuffle(lambda seed: _random_states(RuleSet(players=2), seed=seed, steps=600, drop=0.0), observe,
                            public_record)


def test_t4_3_a_taken_card_is_known_until_it_is_discarded():
    for seed in range(20):
        state = new_deal(RuleSet(players=2), random.Random(seed))
        taker = state.turn
        other = 1 - taker
        state = apply(state, legal_actions(state)[1])  # the first seat draws from the stock
        state = apply(state, [a for a in legal_actions(state) if a.type == "discard"][0])
        state = apply(state, legal_actions(state)[1])  # the other seat draws from the stock
        thrown = [a for a in legal_actions(state) if a.type == "discard"][-1]
        state = apply(state, thrown)
        if state.wild[thrown.card]:  # T4.2: a joker on the pile may not be taken
            continue
        state = apply(state, legal_actions(state)[2])  # the first seat takes that discard
        record = public_record(observe(state, other))
        assert record.known[taker] == Counter({thrown.card: 1})
        assert record.taken[taker] == Counter({thrown.card: 1})
        kept = [a for a in legal_actions(state) if a.type == "discard" and a.card != thrown.card][0]
        state = apply(state, kept)
        assert public_record(observe(state, other)).known[taker] == Counter({thrown.card: 1})
        return
    pytest.fail("every deal's thrown card was a joker")


def test_hidden_cards_are_the_other_hands_and_the_stock_in_kind_order():
    state = new_deal(RuleSet(players=3), random.Random(2))
    obs = observe(state, 1)
    hidden = hidden_cards(obs)
    assert set(hidden) == set(state.stock) | set(state.hands[0]) | set(state.hands[2])
    assert hidden == sorted(hidden, key=lambda c: (KIND[c], c))


def test_t1_2_which_copy_of_a_card_a_seat_holds_changes_no_determinization():
    """The decks' identical copies swapped between the seat's hand and the hidden cards: the
    view and every sample hold the same kinds in the same places."""
    state = new_deal(RuleSet(players=2), random.Random(8))
    seat = state.turn
    other = state.copy()
    hand = other.hands[seat]
    swapped = 0
    for i, card in enumerate(hand):
        twin = next((c for c in other.stock if KIND[c] == KIND[card]), None)
        if twin is not None:
            j = other.stock.index(twin)
            hand[i], other.stock[j] = twin, card
            swapped += 1
    assert swapped
    a, b = observe(state, seat), observe(other, seat)
    assert a.hand != b.hand and a.to_json() == b.to_json()

    def kinds_of(built):
        return [[KIND[c] for c in h] for h in built.hands], [KIND[c] for c in built.stock]

    assert kinds_of(view_state(a)) == kinds_of(view_state(b))
    assert kinds_of(sample_state(a, random.Random(4))) == kinds_of(sample_state(b, random.Random(4)))
