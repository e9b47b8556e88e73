"""Glicko-2 (ai/glicko2.py) against Glickman's worked example and its own invariants."""

from __future__ import annotations

import pytest

from ai.glicko2 import Rating, expected, update, update_one


def test_the_papers_worked_example():
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, results, tau=0.5)
    assert new.r == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.vol == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation():
    new = update(Rating(1500, 200, 0.06), [])
    assert new.r == 1500
    assert new.rd == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)
    assert update(Rating(1500, 350, 0.06), []).rd == 350  # never wider than a newcomer's


def test_solving_raises_failing_lowers_and_both_narrow():
    player, puzzle = Rating(), Rating(1600, 80, 0.06)
    up, puzzle_after_solve = update_one(player, puzzle, 1.0)
    down, puzzle_after_fail = update_one(player, puzzle, 0.0)
    assert up.r > player.r > down.r
    assert up.rd < player.rd and down.rd < player.rd
    assert puzzle_after_solve.r < puzzle.r < puzzle_after_fail.r
    # a newcomer moves much more than a well-known puzzle
    assert up.r - player.r > puzzle.r - puzzle_after_solve.r


def test_expected_score_is_symmetric_for_equal_deviations():
    a, b = Rating(1700, 100), Rating(1500, 100)
    assert expected(a, b) > 0.5
    assert expected(a, b) + expected(b, a) == pytest.approx(1.0)


def test_json_round_trip_and_malformed():
    r = Rating(1623.5, 88.1, 0.0601)
    assert Rating.from_json(r.to_json()) == r
    for bad in ({}, {"r": "x", "rd": 1, "vol": 1}, {"r": 1500, "rd": -1, "vol": 0.06}, None):
        with pytest.raises(ValueError):
            Rating.from_json(bad)
