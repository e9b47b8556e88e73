"""T14: match formats: each deal settled alone (points) or a number of deals added up (deals)."""

from __future__ import annotations

import random

from game.indian21 import RuleSet, Series, deal_scores, preset
from game.indian21.policy import plain_action
from game.indian21.state import OVER
from game.indian21.turn import apply
from tests.inhand_helpers import play_series


def play_out(state):
    for _ in range(5000):
        if state.phase == OVER:
            return state
        state = apply(state, plain_action(state))
    raise AssertionError("a deal that never ends")


def test_t14_points_one_deal_settled_alone():
    series = Series.start(RuleSet(players=3))
    end = play_out(series.deal(random.Random(1)))
    series.record(end)
    assert series.over and series.totals == list(end.result.net) and sum(series.totals) == 0


def test_t14_deals_add_the_settlements_and_the_deal_passes_on():
    series = Series.start(preset("21-card deals", 3))
    dealers, total = play_series(series, random.Random(4), play_out, lambda end: deal_scores(series.rules, end.result))
    assert series.deals_played == 3 and series.totals == total and sum(total) == 0
    assert dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[1] + 1) % 3
    best = max(total)
    assert series.winners() == [s for s in range(3) if total[s] == best]  # ties shared


def test_t14_deals_option():
    series = Series.start(RuleSet(players=2, format="deals", deals=5))
    assert series.rules.deal_count == 5 and not series.over
