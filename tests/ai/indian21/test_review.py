"""The deal review of 21-card Indian Rummy (ai/indian21/review.py): it reads only the seat's
observation, it is reproducible, it is honest (the random bot's moves are marked far more often
than the heuristic's), its best move is the one it rates best, the table's Hint and the review of
the replay agree however the decks' copies are numbered, and ``python -m ai.review`` routes to it."""

from __future__ import annotations

import random

import pytest

from ai import rating
from ai.indian21.front import FRONT
from ai.indian21.review import (
    analyse,
    best_move,
    charged,
    decision_kind,
    decisions_of,
    review,
)
from game.indian21 import Action, RuleSet, apply, new_deal, observe
from game.indian21.state import OVER
from game.replay import states
from tests import family
from tests.ai.indian21.helpers import reshuffle_hidden

ITER = 8  # small: the tests check the logic, the benchmark the numbers


def recorded_deal(seed: int, players: int = 2, bot: str = "heuristic", seat_bot: str | None = None,
                  rules: RuleSet | None = None) -> dict:
    """A deal played by bots, recorded as a replay; seat 0 is played by ``seat_bot`` if given."""
    return family.recorded_deal(FRONT, rules or RuleSet(players=players), seed, bot, seat_bot)


def test_the_review_is_reproducible_and_covers_every_draw_and_discard() -> None:
    doc = recorded_deal(7)
    a = review(doc, 0, iterations=ITER, seed=5)
    b = review(doc, 0, iterations=ITER, seed=5)
    assert a.to_json() == b.to_json()
    found = decisions_of(doc, 0)
    assert [d.step for d in a.decisions] == [step for step, *_ in found]
    assert {d.kind for d in a.decisions} == {"draw", "discard"}
    assert all(0 <= d.chosen.win <= 1 and d.chosen.score <= 0 for d in a.decisions)
    assert a.accuracy is None or 0 <= a.accuracy <= 1
    for d in a.decisions:  # the move rated is the one played
        assert d.chosen.actions[0] == doc["actions"][d.step]["action"]


def test_t15_the_analysis_reads_only_the_observation() -> None:
    """The opponents' hidden cards dealt again (consistently with what the seat may know): the
    same analysis."""
    doc = recorded_deal(7, players=3)
    checked = 0
    for step, kind, chosen, before in decisions_of(doc, 0)[2:12:3]:
        other = reshuffle_hidden(before, 0, random.Random(step))
        assert [sorted(h) for h in other.hands[1:]] != [sorted(h) for h in before.hands[1:]]
        a = analyse(observe(before, 0), chosen, kind, iterations=ITER, seed=9, step=step)
        b = analyse(observe(other, 0), chosen, kind, iterations=ITER, seed=9, step=step)
        assert a == b
        checked += 1
    assert checked


def test_the_best_move_played_is_rated_best() -> None:
    """The Hint and the review agree: the option best_move picks, rated with the same seed, is
    rated best."""
    doc = recorded_deal(11)
    checked = 0
    for step, kind, _, before in decisions_of(doc, 0)[:8]:
        obs = observe(before, 0)
        assert decision_kind(obs) == kind
        best = best_move(obs, iterations=ITER, seed=4)
        played = [Action.from_json(best.actions[0])]
        decision = analyse(obs, played, kind, iterations=ITER, seed=rating.decision_seed(4, len(obs.history)),
                           step=step)
        assert decision.verdict in ("best", "only"), (step, decision.note)
        checked += 1
    assert checked
    with pytest.raises(ValueError):
        best_move(observe(states(doc)[0], 1 - states(doc)[0].turn))  # not that seat's turn


def test_t8_t9_t10_what_an_option_is_charged() -> None:
    """A declarer is charged 0, a seat that dropped its drop, a loser its count."""
    doc = recorded_deal(5)
    end = states(doc)[-1]
    assert end.result is not None
    for seat in range(2):
        assert charged(end, seat) == end.result.points[seat]
    start = states(doc)[0]
    dropped = apply(start, Action.drop(start.turn))
    assert charged(dropped, start.turn) == start.rules.first_drop
    three = new_deal(RuleSet(players=3), random.Random(2))
    mover = three.turn
    out = apply(three, Action.drop(mover))
    assert charged(out, mover) == 30 and out.phase != OVER
    waiting = (mover + 2) % 3  # it has not drawn yet: the half rule (T10.4)
    assert 0 <= charged(out, waiting) <= 60


def test_random_moves_are_marked_more_often_than_the_heuristics() -> None:
    family.random_marked_more_often(review, lambda seed, bot: recorded_deal(seed, seat_bot=bot), ITER)
