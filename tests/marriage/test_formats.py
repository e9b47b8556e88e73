"""M12: the match format: ``deals`` deals (players x 1 by default) with the M11 results added, the
highest total winning (ties shared), or each deal alone; money is points times ``point_value``."""

from __future__ import annotations

import random

import pytest

from game.marriage import RuleSet, Series, apply, deal_scores, money, plain_action
from game.marriage.state import Result
from tests.inhand_helpers import play_series


def play_out(state):
    while state.phase != "over":
        state = apply(state, plain_action(state))
    return state


def test_m12_deals_format_plays_players_times_one_deals_and_adds_the_nets():
    series = Series.start(RuleSet(players=3))
    rng = random.Random(5)
    dealers, totals = play_series(series, rng, play_out, lambda end: end.result.net)
    assert series.deals_played == 3 and series.totals == totals and sum(totals) == 0
    assert dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[1] + 1) % 3
    best = max(totals)
    assert series.winners() == [s for s in range(3) if totals[s] == best]
    with pytest.raises(ValueError):
        series.deal(rng)


def test_m12_deals_option_and_points_format():
    assert Series.start(RuleSet(players=2, deals=5)).rules.deal_count == 5
    series = Series.start(RuleSet(players=4, format="points"))
    series.record(play_out(series.deal(random.Random(2))))
    assert series.over and series.deals_played == 1


def test_m12_ties_are_shared_and_money_is_points_times_point_value():
    series = Series.start(RuleSet(players=3))
    series.totals = [7, 7, -14]
    assert series.winners() == [0, 1]
    result = Result(0, "declared", (17, 5, 3), (0, 3, 10), (39, -13, -26), (None, None, None))
    assert deal_scores(RuleSet(players=3), result) == [39, -13, -26]
    assert money(RuleSet(players=3, point_value=0.5), result) == [19.5, -6.5, -13.0]


def test_m12_only_a_finished_deal_is_recorded():
    series = Series.start(RuleSet(players=2))
    with pytest.raises(ValueError):
        series.record(series.deal(random.Random(1)))
