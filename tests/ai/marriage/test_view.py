"""States rebuilt from an observation (M13): the view state answers the seat's legal moves
exactly, the public record replays the discard pile, and every determinization is a whole deck
consistent with what the seat saw, the tiplu hidden from a seat that has not seen."""

from __future__ import annotations

import random

import pytest

from ai.marriage.view import UNKNOWN, hidden_cards, public_record, sample_state, tiplu_hidden, view_state
from game.marriage import RuleSet, apply, legal_actions, new_deal, observe, random_action
from game.marriage.deck import DECK_IDS, KIND
from game.marriage.state import OVER
from tests import family

CONFIGS = [RuleSet(players=2), RuleSet(players=3, stock_out="void"), RuleSet(players=4, dublee_route=False),
           RuleSet(players=5, dublee_finish_without_show=True, unseen_maal="zero")]


def _random_states(rules: RuleSet, seed: int, steps: int = 400):
    """Every state of a random deal (invalid finishes included)."""
    return family.random_states(new_deal, apply, rules, seed, steps,
                                lambda s, rng: random_action(s, rng, invalid=0.03))


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.players}p")
def test_m13_view_and_samples_agree_with_the_observation(rules):
    unseen_with_tiplu = []

    def tiplu(state, seat, obs, built):
        for rebuilt in built:
            assert (rebuilt.tiplu is None) == (state.tiplu is None)
        if tiplu_hidden(obs):
            unseen_with_tiplu.append(seat)
            assert state.tiplu in hidden_cards(obs), "an unseen seat's tiplu is one of the cards it cannot see"

    family.check_views(_random_states(rules, seed=rules.players), observe, view_state, sample_state, public_record,
                       legal_actions, DECK_IDS, KIND, random.Random(1), also=tiplu)
    assert unseen_with_tiplu


def test_m13_samples_place_the_tiplu_at_random_for_a_seat_that_has_not_seen():
    for state in _random_states(RuleSet(players=3), seed=11):
        seat = next((s for s in range(3) if state.seen[s] is None), None)
        if state.tiplu is not None and seat is not None and state.phase != OVER:
            break
    else:
        pytest.fail("no state with a tiplu and a seat that has not seen")
    obs = observe(state, seat)
    assert obs.tiplu is None and obs.jokers is None
    rng = random.Random(2)
    tiplus = {sample_state(obs, rng).tiplu for _ in range(30)}
    assert len(tiplus) > 5 and tiplus <= set(hidden_cards(obs))


def test_m5_the_record_replays_the_discard_pile():
    family.check_pile_record(_random_states(RuleSet(players=2), seed=3, steps=600), observe, public_record, KIND,
                             UNKNOWN)
