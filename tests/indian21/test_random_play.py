"""Random-play simulations: 2-6 players, options and presets, invariants after every action (every
physical card once, hand sizes, JSON round trip, private observations, apply never changes its
input, illegal actions change nothing, every listed action applies).  The long run is
``python -m game.indian21.simulate`` and the soak test below (``-m soak``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.indian21 import Action, RuleSet, apply, legal_actions, new_deal, plain_action, preset, to_json
from game.indian21.simulate import CONFIGS, check_state, play_deal, run
from tests.family import random_play

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


def _wrong(state, rng: random.Random) -> list[Action]:
    other = (state.turn + 1) % state.players
    wrong = [Action.draw_stock(other), Action.discard(state.turn, 52 if rng.random() < 0.5 else 0)]
    if state.phase == "draw":
        wrong.append(Action.discard(state.turn, 0))
    return wrong


def play(rules: RuleSet, seed: int, deals: int, stats: Counter) -> None:
    random_play(new_deal, rules, seed, deals, stats, legal_actions=legal_actions,
                choose=lambda s, rng: random_action(s, rng, drop=0.05, invalid=0.02), apply=apply, write=to_json,
                check=lambda s, step: check_invariants(s, round_trip=step % 5 == 0 or s.phase == "over",
                                                       observations=step % 2 == 0),
                wrong=_wrong, letter="T", copy_every=4, longest=20000)


@pytest.mark.parametrize("players, options, deals", CASES, ids=[
    f"{p}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "standard") for p, o, _ in CASES])
def test_random_play_invariants(players, options, deals):
    stats: Counter = Counter()
    play(RuleSet(players=players, **options), seed=players * 100 + len(options), deals=deals, stats=stats)
    assert sum(stats[r] for r in ("declared", "all_dropped", "void", "invalid_declaration")) == deals


@pytest.mark.parametrize("name, players", PRESET_CASES)
def test_random_play_presets(name, players):
    stats: Counter = Counter()
    play(preset(name, players), seed=players, deals=2, stats=stats)
    assert stats["actions"] > 0


def test_random_play_a_few_hundred_deals_over_every_config():
    """The simulation's own invariants (every card once, sizes, settlement, observations, the JSON
    round trip every 10th action) over 220 deals of every player count, option mix and preset."""
    stats = run(220, seed=21, log=lambda line: None)
    assert stats["breaks"] == 0 and stats["hands"] == 220
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
    stats: Counter = Counter()
    rng = random.Random(2024)
    for i in range(3000):
        players, options = CONFIGS[i % len(CONFIGS)]
        play_deal(RuleSet(players=players, **options), rng, stats, check=check_state)
    assert sum(stats[r] for r in ("declared", "all_dropped", "void", "invalid_declaration")) == 3000
