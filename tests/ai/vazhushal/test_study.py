"""The experiments of ``python -m tools.vazhushal.study`` run and report consistent figures."""

from __future__ import annotations

import json

import ai.vazhushal.search
from tools.vazhushal import study


def test_solo_reports_a_cumulative_share(capsys):
    assert study.main(["solo", "--bot", "heuristic", "--hands", "4", "--seed", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    shares = list(data["share_out_by_turn"].values())
    assert shares == sorted(shares) and 0.0 <= shares[-1] <= 1.0
    assert data["went_out"] <= data["hands"] == 4


def test_oracle_plays_both_seats_and_leaves_the_search_module_alone():
    before = ai.vazhushal.search.sample_state
    data = study.oracle(hands=2, width=2, seed=5)
    assert sum(data["wins"].values()) == 2
    assert ai.vazhushal.search.sample_state is before


def test_oracle_plays_the_bot_it_is_given():
    data = study.oracle(hands=2, width=2, seed=5, against="random")
    assert data["against"] == "random"
    assert set(data["wins"]) <= {"oracle", "random", "drawn"} and sum(data["wins"].values()) == 2


def test_oracle_searches_the_real_state(monkeypatch):
    """The oracle's search deals no determinization: its one world is the state being played."""
    seen = []
    real_choose = ai.vazhushal.search.SearchBot.choose

    def choose(bot, obs, legal):
        world = bot.sample(obs, bot.rng, None, None, None, bot.tries)
        seen.append((obs, world, bot.sample(obs, bot.rng, None, None, None, bot.tries)))
        return real_choose(bot, obs, legal)

    monkeypatch.setattr(ai.vazhushal.search.SearchBot, "choose", choose)
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
    from ai.vazhushal.heuristic import Policy
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


def test_peek_at_a_full_table_moves_the_search_round_the_seats():
    assert study.seatings(5, 4) == (1,) and study.seatings(5, 2) == (0, 1)
    data = study.peek(deals=2, seed=3, iterations=2, players=4)
    assert data["players"] == 4 and data["games"] == 2  # one seating a deal
    assert data["peeking_gain"]["mean"] == round(data["peeking"]["win_rate"] - data["fair"]["win_rate"], 4)


def test_infosets_counts_the_next_draws_reached_and_how_many_differ():
    data = study.infosets(players=3, hands=2, samples=6, seed=5)
    assert data["decisions"] > 0
    assert 0 < data["distinct_information_sets"] <= data["play_outs_reaching_the_next_draw"] <= 6 * data["decisions"]
    reached, distinct = data["play_outs_reaching_the_next_draw"], data["distinct_information_sets"]
    assert data["visits_per_set"] == round(reached / distinct, 2)


def test_the_same_world_reaches_the_same_information_set():
    import random

    from ai.vazhushal.search import SearchBot
    from game.core.cards import KIND_OF
    from game.vazhushal import Action, apply, new_hand, preset

    state = next(s for s in (new_hand(preset("Standard", 2), random.Random(k)) for k in range(50)) if s.turn == 0)
    state = apply(state, Action.draw_stock(0))
    discard = Action.discard(0, KIND_OF[state.hands[0][0]])
    keys = {study._next_infoset(SearchBot(random.Random(1)), state.copy(), discard) for _ in range(3)}
    assert len(keys) == 1 and next(iter(keys)) is not None


def test_peeking_worlds_hold_the_real_hands_and_shuffle_only_the_stock():
    import random

    from game.vazhushal import new_hand, preset

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

    from ai.vazhushal.determinize import public_record, sample_state
    from game.core.cards import KIND_OF
    from game.vazhushal import new_hand, observe, preset

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


def _turns_after_a_stock_draw_and_discard(hands: int, seed: int):
    """Real states of Medium self-play where ``model`` measures (seat 0 to draw after seat 1
    drew from the stock and discarded)."""
    import random

    from ai.vazhushal.base import make_bot
    from ai.vazhushal.runner import safe_bot
    from game.vazhushal import OVER, new_hand, preset

    for h in range(hands):
        rng = random.Random(seed + h)
        state = new_hand(preset("Standard", 2), rng)
        bots = [safe_bot(make_bot("heuristic", random.Random(rng.getrandbits(64)))) for _ in range(2)]
        while state.phase != OVER:
            if study._after_stock_and_discard(state):
                yield state
            state = bots[state.turn].advance(state)[1]


def test_model_checks_pass_for_the_real_hand():
    """Medium's own policy, given the other seat's real hand, makes the discard and the stock draw
    that seat made: the checks of ``model`` keep every world that holds the truth."""
    from ai.vazhushal.heuristic import Policy

    policy = Policy()
    states = list(_turns_after_a_stock_draw_and_discard(6, 900))
    assert len(states) >= 10
    for state in states:
        assert study._would_discard(policy, state)
        assert study._would_draw_stock(policy, state)


def test_model_checks_reject_a_hand_that_would_have_thrown_something_else():
    """The check has teeth: with the discard swapped for another card of the real hand, Medium
    would mostly have thrown something else, and such worlds are dropped."""
    import random

    from ai.vazhushal.heuristic import Policy
    from game.core.cards import KIND_OF

    policy = Policy()
    rejected = 0
    for state in _turns_after_a_stock_draw_and_discard(6, 900):
        rng = random.Random(len(state.history))
        world = state.copy()
        # swap the discard (the last card of the line) with a random card of the other hand
        i = rng.randrange(len(world.hands[1]))
        world.hands[1][i], world.line[-1] = world.line[-1], world.hands[1][i]
        if KIND_OF[world.line[-1]] != KIND_OF[state.line[-1]] and not study._would_discard(policy, world):
            rejected += 1
    assert rejected >= 5  # most swaps make Medium throw another card


def test_model_reports_paired_gains_over_uniform_dealing():
    data = study.model(hands=3, samples=3, tries=30, seed=11)
    assert data["states"] > 0 and data["deals_tried"] > 0
    assert 0.0 <= data["pass_both"] <= data["pass_discard"] <= 1.0
    for name in ("discard", "discard_and_draw"):  # paired by state: the gain is the difference of means
        assert abs(data[f"gain_{name}"]["mean"] - (data[name] - data["uniform"])) < 0.002
