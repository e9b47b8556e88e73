"""The arena plays 13-card Indian Rummy by name (``--game indian13``): the deal won by the fewest
points (I12.1; ties shared), a void deal shared (I11.1).  The report's shape, duplicate deals and
results that do not depend on --jobs are tested for every game in ``tests/ai/test_arena.py``."""

from __future__ import annotations

import pytest

from ai.arena import game_front, play_hands
from game.indian13 import RuleSet


def test_i12_1_the_declarer_wins_and_the_points_game_is_zero_sum():
    outcome = play_hands(["heuristic", "random"], RuleSet(players=2), seed=4, hands=range(4), game="indian13")
    heuristic, random_bot = outcome.tallies["heuristic"], outcome.tallies["random"]
    assert heuristic.wins + random_bot.wins == 4
    nets = heuristic.stats["mean_net"] + random_bot.stats["mean_net"]
    assert sum(nets) == 0  # I12.1: the winner collects what the others are charged


def test_i11_1_a_void_deal_is_shared_by_every_seat():
    """Random bots never declare; with ``stock_out=void`` the deal ends void, every seat at 0."""
    rules = RuleSet(players=2, stock_out="void")
    outcome = play_hands(["random", "random"], rules, seed=1, hands=[0], game="indian13")
    assert outcome.endings["void"] == 1 and outcome.drawn == 0
    assert outcome.tallies["random"].wins == pytest.approx(1.0)  # two halves


def test_games_are_picked_by_name():
    assert game_front("indian13").engine.default_preset == "Standard points"
    assert game_front("vazhushal").engine.default_preset == "Standard"
    with pytest.raises(KeyError, match="unknown game"):
        game_front("chess")
