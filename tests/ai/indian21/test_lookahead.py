"""The heuristic's look-ahead (the Expert level): its best few discards re-ranked by what the next
card is expected to add, over the cards the seat cannot see."""

from __future__ import annotations

import random

from ai.indian21.heuristic import DEFAULT_PARAMS, Policy, unseen_counts
from ai.indian21.view import public_record, view_state
from ai.weights import laid_over
from game.indian21 import new_deal, observe, preset
from game.indian21.policy import random_action
from game.indian21.state import DISCARD, OVER
from game.indian21.turn import apply


def discard_states(count: int, seed: int):
    """States in phase ``discard`` from random play, as the seat to move sees them."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = new_deal(preset("21-card standard", 2 + len(found) % 3), random.Random(rng.getrandbits(32)))
        for _ in range(rng.randrange(2, 30)):
            if state.phase == OVER:
                break
            state = apply(state, random_action(state, rng))
        if state.phase == DISCARD:
            obs = observe(state, state.turn)
            found.append((view_state(obs), public_record(obs)))
    return found


def test_the_look_ahead_reorders_the_same_discards_and_keeps_wild_cards_last():
    plain, ahead = Policy(DEFAULT_PARAMS), Policy(laid_over(DEFAULT_PARAMS, {"lookahead": 5}))
    moved = 0
    for state, record in discard_states(12, 5):  # every table size 4 times; each checked, and first choices move
        before = plain.discard_values(state, record)
        after = ahead.discard_values(state, record)
        assert sorted(k for _, k in before) == sorted(k for _, k in after)
        if any(not state.wild[k] for _, k in after):
            assert not state.wild[after[0][1]]  # a wild card never goes first while a natural one may
        moved += before[0][1] != after[0][1]
    assert moved > 0  # the look-ahead changes some first choices


def test_a_look_ahead_of_no_weight_leaves_the_ranking_as_it_was():
    plain = Policy(DEFAULT_PARAMS)
    weightless = Policy(laid_over(DEFAULT_PARAMS, {"lookahead": 5, "lookahead_weight": 0.0}))
    for state, record in discard_states(8, 9):
        assert weightless.discard_values(state, record) == plain.discard_values(state, record)
        assert sum(unseen_counts(state, record)) > 0
