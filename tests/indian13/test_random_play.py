"""Random-play simulations: 2-6 players, options and presets, invariants after every action (every
physical card once, hand sizes, JSON round trip, private observations, apply never changes its
input, illegal actions change nothing, every listed action applies).  The long run is
``python -m game.indian13.simulate`` and the soak test below (``-m soak``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.indian13 import Action, RuleSet, apply, legal_actions, new_deal, preset, to_json
from game.indian13.simulate import CONFIGS, play_deal
from tests.family import random_play

from .helpers import check_invariants, random_action

CASES = [
    (2, {}, 12), (3, {}, 8), (4, {}, 6), (5, {}, 5), (6, {}, 5),
    (2, {"auto_arrange_losers": False, "invalid_declare_ends_deal": True}, 8),
    (4, {"auto_arrange_losers": False, "four_card_life": True}, 5),
    (3, {"stock_out": "void", "joker_from_discard": "allowed"}, 6),
    (5, {"max_jokers_per_meld": "unlimited", "auto_arrange_declarer": True}, 4),
    (6, {"jokers": "none", "first_turn_bonus": True}, 4),
    (2, {"jokers": "printed_only", "pj_cut_double_score": True}, 6),
    (4, {"deck_table": "catsatcards", "count_melded_cards": True, "cap": None}, 5),
]
PRESET_CASES = [("CatsAtCards classic", 3), ("Strict online (004)", 4), ("Pool 101", 2), ("Deals", 5)]


def _wrong(state, rng: random.Random) -> list[Action]:
    other = (state.turn + 1) % state.players
    wrong = [Action.draw_stock(other), Action.discard(state.turn, 52 if rng.random() < 0.5 else 0)]
    if state.phase == "draw":
        wrong.append(Action.discard(state.turn, 0))
    return wrong


def play(rules: RuleSet, seed: int, deals: int, stats: Counter) -> None:
    random_play(new_deal, rules, seed, deals, stats, legal_actions=legal_actions,
                choose=lambda s, rng: random_action(s, rng, drop=0.05, invalid=0.02), apply=apply, write=to_json,
                check=lambda s, step: check_invariants(s, round_trip=step % 3 == 0), wrong=_wrong, letter="I")


@pytest.mark.parametrize("players, options, deals", CASES, ids=[
    f"{p}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "standard") for p, o, _ in CASES])
def test_random_play_invariants(players, options, deals):
    stats: Counter = Counter()
    play(RuleSet(players=players, **options), seed=players * 100 + len(options), deals=deals, stats=stats)
    assert sum(stats[r] for r in ("declared", "all_dropped", "void", "invalid_declaration")) == deals


@pytest.mark.parametrize("name, players", PRESET_CASES)
def test_random_play_presets(name, players):
    stats: Counter = Counter()
    play(preset(name, players), seed=players, deals=4, stats=stats)
    assert stats["actions"] > 0


def test_random_play_reaches_every_ending():
    """The simulations are only worth something if play goes everywhere."""
    stats: Counter = Counter()
    rng = random.Random(6)
    for i in range(90):
        players, options = CONFIGS[i % len(CONFIGS)]
        play_deal(RuleSet(players=players, **options), rng, stats, check=lambda s, **kw: None)
    for key in ("declared", "all_dropped", "void", "invalid_declaration", "reshuffle", "show", "take_discard"):
        assert stats[key] > 0, (key, stats)


@pytest.mark.soak
def test_soak_random_play():
    stats: Counter = Counter()
    rng = random.Random(2024)
    for i in range(3000):
        players, options = CONFIGS[i % len(CONFIGS)]
        play_deal(RuleSet(players=players, **options), rng, stats, check=check_invariants)
    assert stats["breaks"] == 0
