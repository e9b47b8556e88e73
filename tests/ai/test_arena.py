"""A small smoke run of the arena (issue #3, part 6) and its statistics."""

from __future__ import annotations

import json
import random

import pytest

from ai.arena import main, parse_bot, run, wilson
from ai.vazhushal.runner import bots_for_seats, play_hand
from game.vazhushal import OVER, RuleSet, Seat, new_hand


def test_smoke_arena_json(capsys):
    assert main(["--bots", "heuristic,random,search:iterations=2:time_s=null:max_turns=2", "--players", "3",
                 "--hands", "3", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 3 and data["players"] == 3
    assert data["endings"]["went_out"] + data["endings"]["stock_out"] == 3 and data["game"] == "vazhushal"
    assert sum(b["hands_won"] for b in data["bots"].values()) + data["drawn"] == 3
    for b in data["bots"].values():
        low, high = b["ci95"]
        assert 0 <= low <= b["win_rate"] <= high <= 1
        assert set(b["decision_ms"]) == {"p50", "p95", "p99", "max"}
        assert b["faults"] == 0


def test_smoke_arena_table(capsys):
    assert main(["--bots", "heuristic,random", "--hands", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "random" in out and "95% CI" in out and "p95 ms" in out


def test_results_do_not_depend_on_the_number_of_jobs():
    rules = RuleSet(players=2)
    one, _ = run(["heuristic", "random"], rules, 4, seed=5, jobs=1)
    two, _ = run(["heuristic", "random"], rules, 4, seed=5, jobs=2)
    assert {k: v.wins for k, v in one.tallies.items()} == {k: v.wins for k, v in two.tallies.items()}


def test_bot_options_on_the_command_line():
    assert parse_bot("search:iterations=50:time_s=null:width=3") == (
        "search", {"iterations": 50, "time_s": None, "width": 3})


def test_wilson_interval():
    low, high = wilson(950, 1000)
    assert low == pytest.approx(0.9346, abs=1e-3) and high == pytest.approx(0.9619, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0


def test_bots_for_seats_plays_bot_seats_by_name():
    rules = RuleSet(players=3)
    seats = [Seat("a", "bot:heuristic"), Seat("b", "bot:random"), Seat("c", "bot:heuristic")]
    state = new_hand(rules, random.Random(3), seats)
    bots = bots_for_seats(state, random.Random(4))
    assert sorted(bots) == [0, 1, 2] and bots[1].name == "random"
    assert play_hand(bots, state).phase == OVER


def test_the_game_is_picked_by_name_and_vazhushal_is_the_default(capsys):
    """``--game`` (issue 13): every game's report has the same keys, its endings its own."""
    assert main(["--game", "vazhushal", "--bots", "heuristic,random", "--hands", "2", "--seed", "3", "--json"]) == 0
    named = json.loads(capsys.readouterr().out)
    assert main(["--bots", "heuristic,random", "--hands", "2", "--seed", "3", "--json"]) == 0
    default = json.loads(capsys.readouterr().out)
    assert list(named) == list(default) == ["game", "players", "hands", "seed", "seconds", "hands_per_s", "endings",
                                            "drawn", "bots"]
    assert list(named["endings"]) == ["went_out", "stock_out", "unfinished"]
    assert named["bots"]["heuristic"]["hands_won"] == default["bots"]["heuristic"]["hands_won"]
