"""The Indian Rummy experiments of ``python -m tools.study13`` run and report consistent figures."""

from __future__ import annotations

import json
import random

import ai.indian13.search
from game.indian13 import new_deal, observe, preset
from tools import study13


def test_deny_plays_each_deal_from_both_seats_and_reports_an_interval(capsys):
    assert study13.main(["deny", "--deals", "2", "--seed", "3", "--penalty", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and 0.0 <= data["win_rate"] <= 1.0
    low, high = data["ci95"]
    assert low <= data["win_rate"] <= high


def test_peek_leaves_the_search_module_as_it_was():
    before = (ai.indian13.search.sample_state, ai.indian13.search.quick_draw, ai.indian13.search.quick_discard)
    for what in ("peek", "model", "rivals"):
        data = study13.run(what, 0.02, deals=1, seed=4, jobs=1)
        assert data["games"] == 2 and data["experiment"] == what
    assert (ai.indian13.search.sample_state, ai.indian13.search.quick_draw, ai.indian13.search.quick_discard) == before


def test_peeking_search_deals_the_real_hands_and_models_the_other_seat():
    rng = random.Random(8)
    state = new_deal(preset("Standard points", 2), rng)
    peek = study13.PeekingSearch(random.Random(1), 0.02, model=True)
    peek.choose(state)
    world = peek.bot.sample(observe(state, state.turn), random.Random(2))
    assert world.hands == state.hands and sorted(world.stock) == sorted(state.stock)
    assert peek.bot.other_draw is not ai.indian13.search.quick_draw
    assert peek.bot.other_discard == peek.model.discard


def test_leaf_scores_the_estimate_and_the_fitted_models_on_other_deals():
    data = study13.leaf(deals=6, test_deals=3, seed=5, jobs=1)
    train, test = data["positions"]
    assert train > 0 and test > 0
    assert set(data["log_loss"]) == {"a constant", "the leaf estimate", *study13.LEAF_MODELS}
    assert all(0.0 < v < 5.0 for v in data["log_loss"].values())
