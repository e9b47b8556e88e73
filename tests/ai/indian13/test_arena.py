"""The arena plays 13-card Indian Rummy by name (``--game indian13``): the report's shape, the
deal won by the fewest points (ties shared), duplicate deals and the Wilson interval."""

from __future__ import annotations

import json

import pytest

from ai.arena import game_front, main, play_hands, run
from ai.indian13.front import ENDINGS
from game.indian13 import RuleSet, preset


def test_i12_1_arena_json_for_indian13(capsys):
    assert main(["--game", "indian13", "--bots", "heuristic,random,search:iterations=2:time_s=null:max_turns=1",
                 "--players", "3", "--hands", "3", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "indian13" and data["hands"] == 3 and data["players"] == 3
    assert list(data["endings"]) == list(ENDINGS) and sum(data["endings"].values()) == 3
    assert sum(b["hands_won"] for b in data["bots"].values()) + data["drawn"] == pytest.approx(3)
    for b in data["bots"].values():
        low, high = b["ci95"]
        assert 0 <= low <= b["win_rate"] <= high <= 1
        assert set(b["decision_ms"]) == {"p50", "p95", "p99", "max"}
        assert {"mean_points", "mean_net", "drop_rate"} <= set(b) and b["faults"] == 0
        assert b["seat_share"] == pytest.approx(1 / 3, abs=1e-3)


def test_arena_table_for_indian13(capsys):
    assert main(["--game", "indian13", "--bots", "heuristic,random", "--hands", "2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("indian13: 2 deals") and "points" in out and "95% CI" in out


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


def test_duplicate_deals_play_each_deal_in_every_rotation():
    rules = preset("Standard points", 2)
    outcome = play_hands(["heuristic", "heuristic:danger_weight=0"], rules, seed=3, hands=range(4),
                         duplicate=True, game="indian13")
    assert outcome.hands == 4
    assert all(t.seats == 4 for t in outcome.tallies.values())


def test_indian13_results_do_not_depend_on_the_number_of_jobs():
    rules = RuleSet(players=2)
    one, _ = run(["heuristic", "random"], rules, 3, seed=5, jobs=1, game="indian13")
    two, _ = run(["heuristic", "random"], rules, 3, seed=5, jobs=2, game="indian13")
    assert {k: v.wins for k, v in one.tallies.items()} == {k: v.wins for k, v in two.tallies.items()}


def test_games_are_picked_by_name():
    assert game_front("indian13").engine.default_preset == "Standard points"
    assert game_front("vazhushal").engine.default_preset == "Standard"
    with pytest.raises(KeyError, match="unknown game"):
        game_front("chess")


def test_bad_bot_or_preset_is_an_argument_error():
    with pytest.raises(SystemExit):
        main(["--game", "indian13", "--bots", "nobody"])
    with pytest.raises(SystemExit):
        main(["--game", "indian13", "--preset", "Standard"])  # Vazhushal's preset name
