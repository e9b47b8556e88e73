"""The tuner (tools/tune.py), the tuned weights as data (ai/weights.py) and the ladder (ai/ladder.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from ai import ladder, weights
from ai.games import GAMES
from ai.vazhushal.heuristic import DEFAULT_PARAMS, Params
from tools import tune


def _quadratic(optimum: list[float]):
    """A noiseless objective with its maximum at ``optimum`` (what SPSA must climb)."""

    def evaluate(points, seed, hands):
        return [1.0 - sum((p - o) ** 2 for p, o in zip(point, optimum)) / 100.0 for point in points]

    return evaluate


def _problem(start: list[float]) -> tune.Problem:
    return tune.Problem("vazhushal", "heuristic", ["count_weight", "wild_hold"], start, ["random"])


def test_spsa_climbs_a_smooth_objective_towards_its_optimum():
    problem = _problem([6.0, 10.0])
    optimum = [8.0, 4.0]
    result = tune.tune(problem, _quadratic(optimum), iterations=300, hands=1, seed=3, spsa=tune.Spsa(300, a=3.0))
    before = sum((s - o) ** 2 for s, o in zip(problem.start, optimum))
    after = sum((result["values"][n] - o) ** 2 for n, o in zip(problem.names, optimum))
    assert after < before / 10


def test_spsa_is_reproducible_and_keeps_parameters_at_or_above_the_lower_bound():
    problem = _problem([1.0, 1.0])
    pull_down = _quadratic([-5.0, -5.0])  # the optimum lies below zero: the bound must hold
    one = tune.tune(problem, pull_down, iterations=40, hands=1, seed=9, spsa=tune.Spsa(40, a=3.0))
    two = tune.tune(problem, pull_down, iterations=40, hands=1, seed=9, spsa=tune.Spsa(40, a=3.0))
    assert one == two
    assert all(v >= 0.0 for e in one["history"] for v in e["values"].values())


def test_every_iteration_plays_fresh_training_deals_far_from_reported_seeds():
    seen = []

    def record(points, seed, hands):
        seen.append(seed)
        return [0.5, 0.5]

    tune.tune(_problem([6.0, 10.0]), record, iterations=5, hands=1, seed=2)
    assert len(set(seen)) == 5 and min(seen) >= tune.TRAIN_SEED


def test_the_objective_plays_the_perturbed_bot_on_common_deals():
    problem = _problem([6.0, 10.0])
    assert problem.spec([6.5, 9.0]) == "heuristic:count_weight=6.5:wild_hold=9.0"
    first = tune.win_rate(problem, [6.0, 10.0], tune.TRAIN_SEED, 3)
    assert first == tune.win_rate(problem, [6.0, 10.0], tune.TRAIN_SEED, 3)  # same deals, same bots
    assert 0.0 <= first <= 1.0


def test_the_tune_command_writes_its_values_with_how_they_were_obtained(tmp_path):
    out = tmp_path / "run.json"
    assert tune.main(["--bot", "heuristic", "--against", "random", "--params", "count_weight", "--iterations", "2",
                      "--hands", "2", "--check-hands", "2", "--jobs", "1", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["status"] == "done" and set(data["values"]) == {"count_weight"}
    assert len(data["history"]) == 2 and data["check"]["hands"] == 2
    assert data["start"] == {"count_weight": DEFAULT_PARAMS.count_weight}


def test_the_tune_command_refuses_an_option_that_is_not_a_number(tmp_path, capsys):
    with pytest.raises(SystemExit):
        tune.main(["--params", "meld_early", "--out", str(tmp_path / "x.json")])
    assert "not numeric" in capsys.readouterr().err


def test_the_tune_command_never_writes_into_the_folder_the_bots_read(capsys):
    with pytest.raises(SystemExit):
        tune.main(["--params", "count_weight", "--out", str(weights.FOLDER / "vazhushal-heuristic.json")])
    assert "outside" in capsys.readouterr().err
    assert not (weights.FOLDER / "vazhushal-heuristic.json").exists()


@dataclass(frozen=True)
class _Inner:
    x: float = 1.0


@dataclass(frozen=True)
class _Outer:
    a: float = 1.0
    inner: _Inner = field(default_factory=_Inner)


def _with_file(monkeypatch, tmp_path, data) -> None:
    (tmp_path / "t.json").write_text(json.dumps(data))
    monkeypatch.setattr(weights, "FOLDER", tmp_path)


def test_tuned_values_are_laid_over_the_hand_set_ones(monkeypatch, tmp_path):
    _with_file(monkeypatch, tmp_path, {"values": {"a": 2.5, "x": 7.0}, "command": "..."})
    got = weights.tuned(_Outer(), "t", nested="inner")
    assert got.a == 2.5 and got.inner.x == 7.0
    assert weights.tuned(_Outer(), "missing") == _Outer()


@pytest.mark.parametrize("values, message", [({"b": 1.0}, "unknown weights: b"), ({"a": "high"}, "not a number"),
                                             ({"a": True}, "not a number")])
def test_a_tuned_file_that_would_silently_do_nothing_is_an_error(monkeypatch, tmp_path, values, message):
    _with_file(monkeypatch, tmp_path, {"values": values})
    with pytest.raises(ValueError, match=message):
        weights.tuned(_Outer(), "t")


def test_the_shipped_tuned_files_name_real_weights():
    for path in weights.FOLDER.glob("*.json"):
        found = weights.values(path.stem)
        assert found, path
    assert isinstance(DEFAULT_PARAMS, Params)


def test_ladder_specs_are_the_levels_players_get():
    from ai.vazhushal.base import LEVELS

    assert ladder.spec("vazhushal", "Medium") == "heuristic"
    assert ladder.spec("vazhushal", "random") == "random"
    hard = ladder.spec("vazhushal", "Hard")
    assert hard.startswith(LEVELS["Hard"].bot + ":") and all(k in hard for k in LEVELS["Hard"].options)


def test_a_ladder_rung_reports_the_goal_against_the_lower_bound():
    rung = ladder.Rung("Medium", "random", 2, 0.05)
    row = ladder.measure("vazhushal", rung, hands=4, seed=5, jobs=1)
    assert row["hands"] == 4 and row["met"] == (row["ci95"][0] >= 0.05)
    table = ladder.markdown([row])
    assert "Medium vs random" in table and "≥ 5 %" in table
    assert ladder.Rung("Expert", "Medium", 6, 0.25).label == "Expert at 6 seats vs 5 Medium"
    assert "≥ 32.5 %" in ladder.markdown([{**row, "goal": 0.325}])  # a goal's decimal is kept


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_front_names_its_levels_and_its_heuristics_tunable_options(game):
    from ai.registry import Level

    levels = GAMES[game].levels
    assert list(levels) == ["Easy", "Medium", "Hard", "Expert"]
    assert all(isinstance(level, Level) for level in levels.values())
    expert = ladder.spec(game, "Expert")  # a bot of the game's own, not Medium again
    assert expert.split(":")[0] in GAMES[game].bots.names() and expert != ladder.spec(game, "Medium")
    defaults = tune.default_options(game)
    numeric = {k: v for k, v in defaults.items() if isinstance(v, float)}
    assert numeric and all(not isinstance(v, dict) for v in defaults.values())  # flat: weights laid out too
