"""Random play of 21-card Indian Rummy for 2 to 6 seats over option mixes and presets, checked
after every action: each of the 159 cards once, the hand sizes, the JSON round trip, what each seat
may see, an ``apply`` that leaves its input alone, refused actions that change nothing, and listed
actions that all apply.  ``python -m game.indian21.simulate`` is the long run; ``-m soak`` runs the
soak test below."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.indian21 import Action, RuleSet, apply, legal_actions, new_deal, plain_action, preset, to_json
from game.indian21.simulate import CONFIGS, check_state, play_deal, run
from tests.family import random_play
from tests.inhand_helpers import random_play_tests, soak, wrong_turn

from .helpers import check_invariants, random_action

CASES = [
    (2, {}, 6), (3, {}, 4), (4, {}, 3), (5, {}, 3), (6, {}, 3),
    (2, {"auto_arrange_losers": False, "invalid_declare_ends_deal": True}, 5),
    (4, {"auto_arrange_losers": False, "max_jokers_per_meld": 1}, 3),
    (3, {"stock_out": "void", "joker_from_discard": "allowed"}, 4),
    (5, {"wild_rank": "same_suit_only", "auto_arrange_declarer": True}, 3),
    (6, {"value_cards": False, "half_rule": False, "cap": None}, 3),
    (2, {"show_pure_sequences": 0, "show_dublees": 5, "show_jokers": 4}, 5),
]
PRESET_CASES = [("27-card", 2), ("27-card", 5), ("21-card no value cards", 3), ("21-card deals", 4)]


def play(rules: RuleSet, seed: int, deals: int, stats: Counter) -> None:
    random_play(new_deal, rules, seed, deals, stats, legal_actions=legal_actions,
                choose=lambda s, rng: random_action(s, rng, drop=0.05, invalid=0.02), apply=apply, write=to_json,
                check=lambda s, step: check_invariants(s, round_trip=step % 5 == 0 or s.phase == "over",
                                                       observations=step % 2 == 0),
                wrong=wrong_turn(Action), letter="T", copy_every=4, longest=20000)


test_random_play_invariants, test_random_play_presets = random_play_tests(
    play, RuleSet, preset, CASES, PRESET_CASES, ("declared", "all_dropped", "void", "invalid_declaration"), 2)


@pytest.mark.parametrize("deals", [110, pytest.param(220, marks=pytest.mark.long, id="220-long")])
def test_random_play_a_few_hundred_deals_over_every_config(deals):
    """The simulation's own invariants (every card once, sizes, settlement, observations, the JSON
    round trip every 10th action) over ``deals`` deals going round the 22 player counts, option
    mixes and presets (five of each in the suite, ten in the long checks)."""
    stats = run(deals, seed=21, log=lambda line: None)
    assert stats["breaks"] == 0 and stats["hands"] == deals
    for key in ("declared", "all_dropped", "invalid_declaration", "reshuffle", "show", "take_discard", "drop"):
        assert stats[key] > 0, (key, stats)


def test_plain_action_plays_deals_to_a_valid_show():
    endings: Counter = Counter()
    for seed in range(6):
        state = new_deal(RuleSet(players=2 + seed % 3), random.Random(seed))
        for _ in range(5000):
            if state.phase == "over":
                break
            action = plain_action(state)
            state = apply(state, action)
        check_state(state)
        endings[state.result.reason] += 1
        if state.result.reason == "declared":
            assert state.out[state.result.winner] is None
    assert endings["declared"] >= 4, endings


@pytest.mark.soak
def test_soak_random_play():
    stats = soak(CONFIGS, RuleSet, play_deal, check=check_state)
    assert sum(stats[r] for r in ("declared", "all_dropped", "void", "invalid_declaration")) == 3000
