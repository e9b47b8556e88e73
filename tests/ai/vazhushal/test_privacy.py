"""Bots see only their seat's observation (RULES.md V12), and the states they rebuild from it are
faithful: same legal moves, no card lost, the public record respected."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.vazhushal.base import LegalMoves, bot_names
from ai.vazhushal.determinize import public_record, sample_state, unseen_cards, view_state
from game.core.cards import KIND_OF
from game.vazhushal import DRAW, FINAL, OVER, Action, State, apply, legal_actions, legal_draws, observe
from tests.ai.helpers import RULE_VARIANTS, quick_bot


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same state with every card ``seat`` cannot see (other hands, the stock but its
    bottom indicator) dealt differently."""
    other = state.copy()
    keep_bottom = 1 if other.indicator is not None and other.stock else 0
    hidden = other.stock[keep_bottom:] + [c for s, h in enumerate(other.hands) if s != seat for c in h]
    rng.shuffle(hidden)
    cards = iter(hidden)
    other.stock = other.stock[:keep_bottom] + [next(cards) for _ in other.stock[keep_bottom:]]
    for s, hand in enumerate(other.hands):
        if s != seat:
            other.hands[s] = [next(cards) for _ in hand]
    return other


def random_play_states(rules, seed: int, limit: int = 400):
    """States along a hand played by quick random moves (each state once)."""
    rng = random.Random(seed)
    from game.vazhushal import greedy_arrangement, new_hand

    state = new_hand(rules, rng)
    for _ in range(limit):
        if state.phase == OVER:
            return
        yield state
        if state.phase == DRAW:
            for step in rng.choice(legal_draws(state)).steps:
                state = apply(state, step)
            continue
        arrangement = greedy_arrangement(state)
        if arrangement is not None and rng.random() < 0.5:
            state = apply(state, arrangement)
        if state.phase == FINAL:
            state = apply(state, Action.done(state.turn))
        else:
            state = apply(state, rng.choice(legal_actions(state)))


@pytest.mark.parametrize("name", ["random", "heuristic", "search"])
def test_v12_bots_never_see_hidden_cards(name):
    """Two states differing only in other seats' hidden cards give identical observations and,
    with the same seed, identical actions."""
    assert name in bot_names()
    rng = random.Random(3)
    checked = 0
    for rules in RULE_VARIANTS[:4]:
        for state in random_play_states(rules, seed=checked + 11, limit=60):
            if state.phase == OVER or rng.random() < 0.6:
                continue
            seat = state.turn
            twin = reshuffle_hidden(state, seat, rng)
            assert twin.hands[seat] == state.hands[seat] and twin.stock != state.stock or len(state.stock) < 3
            obs, obs_twin = observe(state, seat), observe(twin, seat)
            assert obs == obs_twin
            a = quick_bot(name, 5).choose(obs, LegalMoves(obs))
            b = quick_bot(name, 5).choose(obs_twin, LegalMoves(obs_twin))
            assert a == b
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: f"{r.players}p-{r.first_wild}")
def test_view_state_keeps_every_card_and_the_legal_moves(rules):
    for state in random_play_states(rules, seed=rules.players):
        obs = observe(state, state.turn)
        view = view_state(obs)
        assert sorted(view.all_cards()) == sorted(state.all_cards())
        assert [len(h) for h in view.hands] == [len(h) for h in state.hands]
        assert view.hands[state.turn] == state.hands[state.turn]
        if state.phase == DRAW:
            assert [o.steps for o in legal_draws(view)] == [o.steps for o in legal_draws(state)]
        else:
            assert legal_actions(view) == legal_actions(state)


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: f"{r.players}p-{r.first_wild}")
def test_sampled_states_respect_the_public_record(rules):
    rng = random.Random(rules.players)
    for state in random_play_states(rules, seed=rules.players + 100):
        seat = state.turn
        obs = observe(state, seat)
        record = public_record(obs)
        for s in range(rules.players):  # what the record says a seat holds, it holds
            assert record.known[s] <= Counter(KIND_OF[c] for c in state.hands[s])
        for i, k in enumerate(record.stock[:len(state.stock)]):
            if k >= 0:
                assert KIND_OF[state.stock[i]] == k
        world = sample_state(obs, rng, record)
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        assert world.hands[seat] == state.hands[seat] and world.line == state.line
        for s in range(rules.players):
            assert record.known[s] <= Counter(KIND_OF[c] for c in world.hands[s])
        if state.stock and state.indicator is not None:
            assert KIND_OF[world.stock[0]] == state.indicator  # V2.4
        hidden = {c for s, h in enumerate(world.hands) if s != seat for c in h} | set(world.stock)
        assert set(unseen_cards(obs)) == hidden
