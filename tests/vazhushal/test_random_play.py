"""Random-play simulations (the perft of this game): every option, 2-6 players, invariants after
every action (no card lost or duplicated, legal tables, JSON round trip, private observations,
every witness of legal_draws applies).  A soak run of 100,000 hands is behind ``-m soak``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.vazhushal import OVER, RuleSet, apply, from_json, legal_actions, new_hand, next_hand, to_json
from tests.helpers import SNAKE, check_invariants, random_turn_step

CONFIGS = [
    # (players, options, hands)
    (2, {}, 40),
    (3, {}, 20),
    (4, {}, 20),
    (5, {}, 15),
    (6, {}, 15),
    (2, {"negative_joker": False}, 15),
    (4, {"negative_joker": False}, 10),
    (2, {"first_wild": "must_meld"}, 15),
    (4, {"first_wild": "must_meld"}, 10),
    (2, {"first_wild": "return_to_deck"}, 15),
    (5, {"first_wild": "return_to_deck"}, 10),
    (2, {"first_wild": "first_player_takes"}, 20),
    (3, {"first_wild": "first_player_takes"}, 15),
    (6, {"first_wild": "first_player_takes"}, 10),
    (3, {"one_deck_for_three": True}, 25),
    (3, {"one_deck_for_three": True, "first_wild": "first_player_takes", "negative_joker": False}, 10),
    (4, {"redeal_on_three_doubles": False}, 10),
    (2, {"wild_in_hand_value": 10, "target_wins": 1}, 10),
]


def play(rules, seed, hands, *, full_every=1, witnesses=True, stats=None):
    """Play ``hands`` hands (the deal passing left, V11) checking invariants after every action."""
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    check_invariants(state)
    for _ in range(hands):
        actions = 0
        while state.phase != OVER:
            steps = random_turn_step(state, rng, check_witnesses=witnesses)
            for step in steps:
                before = to_json(state) if actions % full_every == 0 else None
                previous, state = state, apply(state, step)
                if before is not None:
                    assert to_json(previous) == before, "apply changed its input state"
                actions += 1
                assert actions < 2000, "a hand that never ends"
                full = actions % full_every == 0
                check_invariants(state, observations=full, round_trip=full)
                if state.phase != OVER:
                    assert legal_actions(state), f"seat {state.turn} in phase {state.phase} has no legal action"
        if stats is not None:
            stats[state.result.reason] += 1
            stats["actions"] += actions
        check_invariants(state)
        state = next_hand(state, rng)
        check_invariants(state)


def _config_id(players, options):
    return f"{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "standard")


# The suite plays half of each configuration's hands (at least 5), every configuration still played and
# checked after every action; the long check (dev.py test --long) plays them all.
@pytest.mark.parametrize("players, options, hands", [
    *[pytest.param(p, o, max(5, h // 2), id=_config_id(p, o)) for p, o, h in CONFIGS],
    *[pytest.param(p, o, h, marks=pytest.mark.long, id=f"{_config_id(p, o)}-long") for p, o, h in CONFIGS]])
def test_random_play_invariants(players, options, hands):
    stats: Counter = Counter()
    play(RuleSet(players=players, **options), seed=players * 1000 + len(options), hands=hands, stats=stats)
    assert stats["went_out"] + stats["stock_out"] == hands


def test_random_play_reaches_both_endings_and_every_draw_kind():
    """The simulations above are only worth something if play goes everywhere: going out, the
    stock running out, stock draws, takes with a meld, meld-less takes (V6.5b), premelds (V6.4b)."""
    seen: Counter = Counter()
    rng = random.Random(99)
    for players in (2, 3, 6):
        rules = RuleSet(players=players)
        for _ in range(12):
            state = new_hand(rules, rng)
            while state.phase != OVER:
                for step in random_turn_step(state, rng):
                    state = apply(state, step)
            seen[state.result.reason] += 1
            for e in state.history:
                if e["type"] == "take_line":
                    seen["take_meld" if "meld" in e else "take_no_meld"] += 1
                elif e["type"] == "meld" and any(x["type"] == "take_line" and x["player"] == e["player"]
                                                 for x in state.history[state.history.index(e):][:2]):
                    seen["meld"] += 1
                else:
                    seen[e["type"]] += 1
    for what in ("went_out", "stock_out", "draw_stock", "take_meld", "discard", "arrange", "done"):
        assert seen[what] > 0, (what, seen)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_unchecked_apply_matches_checked_apply_for_legal_actions(players):
    """``apply(state, action, check=False)`` is the fast path for search on legal actions: it must
    give the same state as the checked path (and so a legal table)."""
    rng = random.Random(players)
    rules = RuleSet(players=players)
    mismatches = []
    for _ in range(8):
        state = new_hand(rules, rng)
        while state.phase != OVER:
            for step in random_turn_step(state, rng):
                checked = apply(state, step)
                unchecked = apply(state, step, check=False)
                if to_json(unchecked) != to_json(checked):
                    mismatches.append((to_json(state), step.to_json()))
                state = checked
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[0][1]}"


def test_json_round_trip_of_reachable_states():
    rng = random.Random(5)
    for players in (2, 4, 6):
        state = new_hand(RuleSet(players=players), rng)
        while state.phase != OVER:
            for step in random_turn_step(state, rng):
                state = apply(state, step)
                doc = to_json(state)
                assert to_json(from_json(doc)) == doc


@pytest.mark.soak
def test_soak_100000_hands():
    """Long run: 100,000 hands over every table size and option, cheap invariants after every
    action and the full ones (JSON round trip, observations) every 100 actions; about an hour."""
    option_sets = [{}, {"negative_joker": False}, {"first_wild": "must_meld"}, {"first_wild": "return_to_deck"},
                   {"first_wild": "first_player_takes"}, {"wild_in_hand_value": 10}]
    total = 0
    seed = 0
    while total < 100_000:
        for players in (2, 3, 4, 5, 6):
            for options in option_sets + ([{"one_deck_for_three": True}] if players == 3 else []):
                seed += 1
                play(RuleSet(players=players, **options), seed=seed, hands=50, full_every=100, witnesses=False)
                total += 50
    assert total >= 100_000


def test_error_codes_are_snake_case():
    assert SNAKE.match("premeld_without_take") and not SNAKE.match("Bad-Code")
    assert issubclass(IllegalAction, ValueError)
