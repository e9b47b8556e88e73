"""The bots' timing bench (``python -m tools.indian21.bots_bench``) runs and reports what it says."""

from __future__ import annotations

import json

from tools.indian21 import bots_bench


def test_the_decision_bench_times_every_decision_of_a_27_card_deal(capsys) -> None:
    assert bots_bench.main(["--deals", "1", "--seed", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["level"] == "Medium" and report["preset"] == "27-card" and report["players"] == 2
    assert set(report["hand_sizes"]) <= {27, 28} and 27 in report["hand_sizes"]
    every = report["cpu"]["all"]
    assert every["decisions"] == report["cpu"]["draw"]["decisions"] + report["cpu"]["discard"]["decisions"] + \
        report["cpu"].get("show", {}).get("decisions", 0)
    assert 0 <= every["p50_ms"] <= every["p95_ms"] <= every["p99_ms"] <= every["max_ms"]
