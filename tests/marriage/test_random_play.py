"""Random-play simulations: 2-5 players, options and presets, invariants after every action (every
physical card once, card counts, JSON round trip, private observations, apply never changes its
input, illegal actions change nothing, every listed action applies).  The long run is
``python -m game.marriage.simulate`` and the soak test below (``-m soak``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.marriage import Action, RuleSet, apply, legal_actions, new_deal, plain_action, preset, to_json
from game.marriage.simulate import CONFIGS, check_state, random_action, run
from tests.family import random_play
from tests.inhand_helpers import random_play_tests

CASES = [
    (2, {}, 6), (3, {}, 5), (4, {}, 4), (5, {}, 4),
    (2, {"dublee_route": False, "finish_same_turn": False}, 4),
    (3, {"dublee_finish_without_show": True, "max_wilds_per_combo": 1}, 4),
    (4, {"stock_out": "void", "unseen_maal": "zero"}, 3),
    (5, {"double_marriage_points": 30, "format": "points"}, 3),
]
PRESET_CASES = [("Marriage standard", 2), ("Marriage maalCounter", 4), ("Marriage seen-only maal", 5)]


def _wrong(state, rng: random.Random) -> list[Action]:
    other = (state.turn + 1) % state.players
    wrong = [Action.draw_stock(other), Action.discard(state.turn, 52), Action.see_maal(state.turn, [[0, 1]])]
    if state.phase != "discard":
        wrong.append(Action.declare(state.turn, 0, []))
    return wrong


def play(rules: RuleSet, seed: int, deals: int, stats: Counter) -> None:
    random_play(new_deal, rules, seed, deals, stats, legal_actions=legal_actions, choose=random_action, apply=apply,
                write=to_json, check=lambda s, step: check_state(s, round_trip=step % 3 == 0), wrong=_wrong,
                letter="M", must_refuse=True)


test_random_play_invariants, test_random_play_presets = random_play_tests(
    play, RuleSet, preset, CASES, PRESET_CASES, ("declared", "dublees", "all_out", "void"), 3)


def test_random_play_reaches_every_ending_and_event():
    """The simulations are only worth something if play goes everywhere."""
    stats = run(160, 7, check=lambda s, **kw: None)
    assert stats["breaks"] == 0
    for key in ("declared", "dublees", "all_out", "seen_pure", "seen_dublee", "invalid_finish", "tunnelas_exposed",
                "take_discard", "reshuffle"):
        assert stats[key] > 0, (key, stats)


@pytest.mark.parametrize("stock_out", ["void", "reshuffle"])
def test_random_play_when_nobody_finishes_the_stock_runs_out(stock_out):
    rng = random.Random(3)
    state = new_deal(RuleSet(players=5, stock_out=stock_out), rng)
    reshuffles = 0
    for steps in range(1500):
        if state.phase == "over":
            break
        new = apply(state, random_action(state, rng, finish=0.0, invalid=0.0))
        reshuffles += new.phase == "draw" and len(new.stock) > len(state.stock) + 1
        state = new
        check_state(state, round_trip=steps % 25 == 0)
    if stock_out == "void":
        assert state.phase == "over" and state.result.reason == "void" and not any(state.result.net)
    else:
        assert state.phase != "over" and reshuffles >= 2


def test_plain_action_plays_deals_to_the_end():
    for players in (2, 3, 4, 5):
        state = new_deal(RuleSet(players=players), random.Random(players))
        for _ in range(3000):
            if state.phase == "over":
                break
            state = apply(state, plain_action(state))
        assert state.phase == "over"


@pytest.mark.soak
def test_soak_random_play():
    stats = run(3000, 2024)
    assert stats["breaks"] == 0
    assert len(CONFIGS) >= 14
