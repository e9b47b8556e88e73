"""The Indian Rummy experiments of ``python -m tools.study13`` run and report consistent figures."""

from __future__ import annotations

import json

import ai.indian13.search
from tools import study13


def test_deny_plays_each_deal_from_both_seats_and_reports_an_interval(capsys):
    assert study13.main(["deny", "--deals", "2", "--seed", "3", "--penalty", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and 0.0 <= data["win_rate"] <= 1.0
    low, high = data["ci95"]
    assert low <= data["win_rate"] <= high


def test_peek_restores_the_sampler_it_replaces():
    before = ai.indian13.search.sample_state
    data = study13.run("peek", 0.02, deals=1, seed=4, jobs=1)
    assert ai.indian13.search.sample_state is before
    assert data["games"] == 2 and data["experiment"] == "peek"
