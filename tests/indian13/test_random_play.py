"""Random-play simulations: 2-6 players, options and presets, invariants after every action (every
physical card once, hand sizes, JSON round trip, private observations, apply never changes its
input, illegal actions change nothing, every listed action applies).  The long run is
``python -m game.indian13.simulate`` and the soak test below (``-m soak``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.indian13 import Action, IllegalAction, RuleSet, apply, legal_actions, new_deal, preset, to_json
from game.indian13.simulate import CONFIGS, play_deal

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


def play(rules: RuleSet, seed: int, deals: int, stats: Counter) -> None:
    rng = random.Random(seed)
    for _ in range(deals):
        state = new_deal(rules, rng)
        check_invariants(state)
        steps = 0
        while state.phase != "over":
            options = legal_actions(state)
            assert options, f"seat {state.turn} has no legal action in phase {state.phase}"
            for extra in rng.sample(options, min(2, len(options))):  # every listed action applies
                apply(state, extra)
            _illegal_changes_nothing(state, rng)
            action = random_action(state, rng, drop=0.05, invalid=0.02)
            before = to_json(state)
            new = apply(state, action)
            assert to_json(state) == before, "apply changed its input state"
            state = new
            check_invariants(state, round_trip=steps % 3 == 0)
            steps += 1
            assert steps < 3000, "a deal that never ends"
        stats[state.result.reason] += 1
        stats["actions"] += steps


def _illegal_changes_nothing(state, rng: random.Random) -> None:
    other = (state.turn + 1) % state.players
    wrong = [Action.draw_stock(other), Action.discard(state.turn, 52 if rng.random() < 0.5 else 0)]
    if state.phase == "draw":
        wrong.append(Action.discard(state.turn, 0))
    for action in wrong:
        before = to_json(state)
        try:
            apply(state, action)
        except IllegalAction as exc:
            assert exc.message.startswith(exc.rule + ": ") and exc.rule.startswith("I")
        assert to_json(state) == before


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
