"""The Indian Rummy experiments of ``python -m tools.indian13.study`` run and report consistent figures."""

from __future__ import annotations

import json
import random

import ai.indian13.search
from game.indian13 import new_deal, observe, preset
from tools.indian13 import study as study13


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


def test_fair_and_expert_peek_play_the_expert_at_a_full_table():
    assert study13.seatings(7, 3) == (1,) and study13.seatings(7, 2) == (0, 1)
    for what, expert in (("fair", False), ("peek", True)):
        data = study13.run(what, 0.02, deals=1, seed=4, jobs=1, players=3, expert=expert)
        assert data["games"] == 1 and data["players"] == 3 and data["expert_options"]
    bot = study13.PeekingSearch(random.Random(1), 0.02, peek=False, expert=True)
    assert bot.bot.policy.params.lookahead == study13.LEVELS["Expert"].options["lookahead"]


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


def test_takes_fits_the_take_model_and_scores_it_on_other_deals():
    data = study13.takes(deals=8, test_deals=4, seed=6, jobs=1)
    train, test = data["draws"]
    assert train > 0 and test > 0
    assert list(data["weights"]) == list(study13.TAKE_FEATURES)
    assert 0.0 <= data["auc"] <= 1.0 and 0.0 < data["log_loss"]["the model"] < 5.0


def test_take_features_read_the_public_record():
    from collections import Counter

    from ai.indian13.view import PublicRecord
    from game.core.cards import parse_kind

    k = parse_kind
    record = PublicRecord(known=(Counter(), Counter([k("5H"), k("KS"), k("7C")])), taken=(Counter(), Counter()),
                          shed=(Counter(), Counter([k("6H")])), draws=(3, 3), pile=(), reshuffled=False,
                          refused=(Counter(), Counter([k("AS"), k("6H")])))
    points = list(range(53))
    features = dict(zip(study13.TAKE_FEATURES, study13.take_features(k("6H"), 1, record, points)))
    assert features["held: same suit, 1 apart"] == 1 and features["held: same suit, 2 apart"] == 0
    assert features["shed: same card"] == 1 and features["refused: same card"] == 1
    assert features["draws so far / 10"] == 0.6
    ace = dict(zip(study13.TAKE_FEATURES, study13.take_features(k("AS"), 1, record, points)))
    assert ace["held: same suit, 1 apart"] == 1, "the king is next to the ace"
    assert ace["refused: same card"] == 1
    assert 0.0 < study13.take_chance(k("6H"), 1, record, points) < study13.take_chance(k("4H"), 1, record, points)


def test_fair_deny_plays_each_deal_from_both_seats():
    data = study13.run("fair-deny", 4.0, deals=1, seed=3, jobs=1)
    assert data["games"] == 2 and data["experiment"] == "fair-deny"
