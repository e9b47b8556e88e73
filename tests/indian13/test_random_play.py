"""Random-play simulations: 2-6 players, options and presets, invariants after every action (every
physical card once, hand sizes, JSON round trip, private observations, apply never changes its
input, illegal actions change nothing, every listed action applies).  The long run is
``python -m game.indian13.simulate`` and the soak test below (``-m soak``)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.indian13 import Action, RuleSet, apply, legal_actions, new_deal, preset, to_json
from game.indian13.simulate import CONFIGS, play_deal
from tests.family import random_play
from tests.inhand_helpers import random_play_tests, soak, wrong_turn

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
    random_play(new_deal, rules, seed, deals, stats, legal_actions=legal_actions,
                choose=lambda s, rng: random_action(s, rng, drop=0.05, invalid=0.02), apply=apply, write=to_json,
                check=lambda s, step: check_invariants(s, round_trip=step % 3 == 0), wrong=wrong_turn(Action),
                letter="I")


test_random_play_invariants, test_random_play_presets = random_play_tests(
    play, RuleSet, preset, CASES, PRESET_CASES, ("declared", "all_dropped", "void", "invalid_declaration"), 4)


def test_random_play_reaches_every_ending():
    """The simulations are only worth something if play goes everywhere."""
    stats = soak(CONFIGS, RuleSet, play_deal, check=lambda s, **kw: None, deals=90, seed=6)
    for key in ("declared", "all_dropped", "void", "invalid_declaration", "reshuffle", "show", "take_discard"):
        assert stats[key] > 0, (key, stats)


@pytest.mark.soak
def test_soak_random_play():
    assert soak(CONFIGS, RuleSet, play_deal, check=check_invariants)["breaks"] == 0
