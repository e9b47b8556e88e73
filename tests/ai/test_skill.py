"""The rating with the luck of the deal taken out (issue 34, item 3; ``ai.skill``)."""

from __future__ import annotations

import math

import pytest

import ai.skill as skill
from ai.skill import Rating, bot_hand, calibration_result, duplicate, placement, rateable, rating, trend
from game.replay import validate

TABLE = {"Random": (-40.0, 6.0, 200), "Easy": (-15.0, 7.0, 200), "Medium": (0.0, 0.0, 200),
         "Hard": (3.0, 6.0, 200), "Expert": (8.0, 6.0, 200)}


def test_rating_is_the_mean_duplicate_result_per_100_hands_with_its_95_interval():
    assert rating([1, 0, 0, 0]) is None  # too few hands
    r = rating([1, 0, -1, 0, 1, 1, 0, 0])
    mean = 2 / 8
    sd = math.sqrt(sum((x - mean) ** 2 for x in [1, 0, -1, 0, 1, 1, 0, 0]) / 7)
    assert r == Rating(100 * mean, 100 * 1.96 * sd / math.sqrt(8), 8)
    assert r.words() == f"{100 * mean:+.0f} ± {r.half:.0f}" and r.low < 25 < r.high
    assert rating([0] * 10) == Rating(0.0, 0.0, 10)


def test_trend_is_the_running_rating_thinned_to_a_few_points():
    assert trend([1, -1, 0, 1]) == [100.0, 0.0, 0.0, 25.0]
    long = trend([1, 0] * 100, points=40)
    assert len(long) == 40 and long[0] == 100.0 and long[-1] == 50.0


def test_placement_among_the_calibrated_bots():
    assert placement(TABLE, 0.5, 1.0) == "like Medium"
    assert placement(TABLE, -5.0, 11.0) == "somewhere from Easy to Hard"
    assert placement(TABLE, -25.0, 2.0) == "between Random and Easy"
    assert placement(TABLE, -60.0, 5.0) == "below Random"
    assert placement(TABLE, 30.0, 5.0) == "above Expert"
    assert placement({}, 0.0) == ""


@pytest.mark.parametrize("game", ["vazhushal", "indian13", "indian21", "marriage"])
def test_medium_played_again_by_medium_scores_nothing_and_random_scores_below(game):
    """The scale's zero is Medium: Medium in the seat, played again by Medium, gives 0 every hand
    (the bots answer from their seed and what they see); the random bot loses to it."""
    assert [calibration_result(game, "Medium", seed) for seed in range(4)] == [0.0] * 4
    randoms = [calibration_result(game, "Random", seed) for seed in range(12)]
    assert all(d in (-1.0, 0.0, 1.0) or abs(d) < 1 for d in randoms) and sum(randoms) < 0


def test_a_calibration_hand_is_a_replay_with_every_seat_recorded():
    doc = bot_hand("indian13", "Easy", 42, players=3)
    assert validate(doc)["ok"]
    assert [(b["seat"], b["level"]) for b in doc["bots"]] == [(0, "Easy"), (1, "Medium"), (2, "Medium")]
    assert rateable(doc, 0) and not rateable({**doc, "bots": doc["bots"][:2]}, 0)
    assert duplicate(doc, 0).level == "Medium"
    assert skill.hand_key(doc) == "calibration-h000"
