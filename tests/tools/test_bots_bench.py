"""The bots' timing bench (``python -m tools.bots_bench``) runs for every game and reports what it says."""

from __future__ import annotations

import json

import pytest

from ai.games import GAMES
from tools import bots_bench


def test_the_decision_bench_times_every_decision_of_a_27_card_deal(capsys) -> None:
    assert bots_bench.main(["--game", "indian21", "--preset", "27-card", "--deals", "1", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["level"] == "Medium" and report["preset"] == "27-card" and report["players"] == 2
    assert set(report["hand_sizes"]) <= {27, 28} and 27 in report["hand_sizes"]
    every = report["cpu"]["all"]
    assert every["decisions"] == sum(v["decisions"] for k, v in report["cpu"].items() if k != "all")
    assert 0 <= every["p50_ms"] <= every["p95_ms"] <= every["p99_ms"] <= every["max_ms"]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_is_benched_with_its_default_preset(capsys, game) -> None:
    assert bots_bench.main(["--game", game, "--deals", "1", "--seed", "2", "--level", "Easy"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == game and report["preset"] == GAMES[game].engine.default_preset
    assert report["cpu"]["all"]["decisions"] > 0 and report["deals_per_s"] > 0


def test_an_unknown_level_is_refused(capsys) -> None:
    with pytest.raises(SystemExit):
        bots_bench.main(["--game", "marriage", "--level", "Grandmaster"])
    assert "--level must be one of" in capsys.readouterr().err
