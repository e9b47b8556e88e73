"""The experiments of ``python -m tools.study`` run and report consistent figures."""

from __future__ import annotations

import json

import ai.search
from tools import study


def test_solo_reports_a_cumulative_share(capsys):
    assert study.main(["solo", "--bot", "heuristic", "--hands", "4", "--seed", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    shares = list(data["share_out_by_turn"].values())
    assert shares == sorted(shares) and 0.0 <= shares[-1] <= 1.0
    assert data["went_out"] <= data["hands"] == 4


def test_oracle_plays_both_seats_and_leaves_the_search_module_alone():
    before = ai.search.sample_state
    data = study.oracle(hands=2, width=2, seed=5)
    assert sum(data["wins"].values()) == 2
    assert ai.search.sample_state is before


def test_oracle_searches_the_real_state(monkeypatch):
    """The oracle's search deals no determinization: its one world is the state being played."""
    seen = []
    real_choose = ai.search.SearchBot.choose

    def choose(bot, obs, legal):
        world = bot.sample(obs, bot.rng, None, None, None, bot.tries)
        seen.append((obs, world, bot.sample(obs, bot.rng, None, None, None, bot.tries)))
        return real_choose(bot, obs, legal)

    monkeypatch.setattr(ai.search.SearchBot, "choose", choose)
    study.oracle(hands=1, width=2, seed=5)
    assert seen
    for obs, world, again in seen:
        assert world.turn == obs.seat and world.hands[world.turn] == list(obs.hand)
        assert again is world  # the one state being played, not a fresh deal each time


def test_gaps_compare_every_candidate_with_the_first_choice():
    data = study.gaps(states=2, iterations=3, seed=7)
    for row in data["rows"]:
        assert row["phase"] in ("draw", "play")
        assert 0.0 <= row["first_choice_wins"] <= 1.0
        for gain, se in row["others"]:
            assert -1.0 <= gain <= 1.0 and se >= 0.0


def test_danger_experiment_restores_the_policy():
    from ai.heuristic import Policy
    before = Policy.discard_costs
    data = study.danger(hands=2, weight=15.0, seed=3)
    assert sum(data["wins"].values()) == 2
    assert Policy.discard_costs is before


def test_peek_plays_both_arms_on_the_same_deals():
    data = study.peek(deals=1, seed=3, iterations=4)
    assert data["games"] == 2
    for arm in ("fair", "peeking"):
        assert 0.0 <= data[arm]["win_rate"] <= 1.0
        low, high = data[arm]["ci95"]
        assert low <= data[arm]["win_rate"] <= high
    assert data["peeking_gain"]["mean"] == round(data["peeking"]["win_rate"] - data["fair"]["win_rate"], 4)


def test_peeking_worlds_hold_the_real_hands_and_shuffle_only_the_stock():
    import random

    from game.engine import new_hand, preset

    state = new_hand(preset("Standard", 2), random.Random(8))
    worlds = [study._with_stock_shuffled(state, random.Random(s)) for s in range(5)]
    for world in worlds:
        assert world.hands == state.hands and world.line == state.line
        assert sorted(world.stock) == sorted(state.stock)
        assert world.stock[0] == state.stock[0]  # the indicator stays at the bottom (V2.4)
    assert any(world.stock != state.stock for world in worlds)
    assert state.stock == new_hand(preset("Standard", 2), random.Random(8)).stock  # the real state untouched


def test_a_partial_reveal_places_that_many_real_cards_in_the_other_hand():
    import random
    from collections import Counter

    from ai.determinize import public_record, sample_state
    from game.engine import new_hand, observe, preset
    from game.engine.cards import KIND_OF

    state = new_hand(preset("Standard", 2), random.Random(12))
    obs = observe(state, state.turn)
    record = public_record(obs)
    other = 1 - state.turn
    real = Counter(KIND_OF[c] for c in state.hands[other])
    for seed in range(4):
        shown = study._revealed(record, state, state.turn, 4, random.Random(seed))
        extra = shown.known[other] - record.known[other]
        assert sum(extra.values()) == 4 and not extra - real  # four more, all of the real hand
        assert shown.known[state.turn] == record.known[state.turn]
        world = sample_state(obs, random.Random(seed), shown)
        assert not extra - Counter(KIND_OF[c] for c in world.hands[other])  # dealt where they are
    data = study.peek(deals=1, seed=3, iterations=4, reveal=4, arms=("peeking",))
    assert "fair" not in data and "peeking_gain" not in data and data["reveal"] == 4
