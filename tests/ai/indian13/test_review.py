"""The deal review of Indian Rummy (ai/indian13/review.py, issue 34): it reads only the seat's
observation, it is reproducible, it is honest (the random bot's moves are marked far more often
than the heuristic's), its best move is the one it rates best, and both games' reviews answer to
``python -m ai.review``."""

from __future__ import annotations

from ai import rating
from ai.indian13.front import FRONT
from ai.indian13.review import analyse, best_move, charged, decisions_of, review
from game.indian13 import GAME, Action, RuleSet, apply, observe
from game.replay import states
from tests import family

ITER = 10  # small: the tests check the logic, the benchmark the numbers


def recorded_deal(seed: int, players: int = 2, bot: str = "heuristic", seat_bot: str | None = None) -> dict:
    """A deal played by bots, recorded as a replay; seat 0 is played by ``seat_bot`` if given."""
    return family.recorded_deal(FRONT, RuleSet(players=players), seed, bot, seat_bot)


def test_the_review_is_reproducible_and_covers_every_draw_and_discard() -> None:
    doc = recorded_deal(3)
    a = review(doc, 0, iterations=ITER, seed=5)
    b = review(doc, 0, iterations=ITER, seed=5)
    assert a.to_json() == b.to_json()
    found = decisions_of(doc, 0)
    assert [d.step for d in a.decisions] == [step for step, *_ in found]
    assert {d.kind for d in a.decisions} <= {"draw", "discard"}
    assert all(0 <= d.chosen.win <= 1 and d.chosen.score <= 0 for d in a.decisions)
    assert a.accuracy is None or 0 <= a.accuracy <= 1
    for d in a.decisions:  # the move rated is the one played
        assert d.chosen.actions[0] == doc["actions"][d.step]["action"]


def test_i13_the_analysis_reads_only_the_observation() -> None:
    """The opponents' hidden cards dealt again (consistently with what the seat may know): the
    same analysis."""
    doc = recorded_deal(7, players=3)
    for step, kind, chosen, before in decisions_of(doc, 0)[2:8:3]:
        other = GAME.from_json(GAME.view(observe(before, 0).to_json()))  # the hidden cards dealt otherwise
        assert [sorted(h) for h in other.hands[1:]] != [sorted(h) for h in before.hands[1:]] or not other.stock
        a = analyse(observe(before, 0), chosen, kind, iterations=ITER, seed=9, step=step)
        b = analyse(observe(other, 0), chosen, kind, iterations=ITER, seed=9, step=step)
        assert a == b


def test_the_best_move_played_is_rated_best() -> None:
    """The Hint and the review agree: the option best_move picks, rated with the same seed, is
    rated best."""
    doc = recorded_deal(11)
    checked = 0
    for step, kind, _, before in decisions_of(doc, 0)[:10]:
        obs = observe(before, 0)
        best = best_move(obs, iterations=ITER, seed=4)
        played = [Action.from_json(best.actions[0])]
        decision = analyse(obs, played, kind, iterations=ITER, seed=rating.decision_seed(4, len(obs.history)),
                           step=step)
        assert decision.verdict in ("best", "only"), (step, decision.note)
        checked += 1
    assert checked


def test_i9_i10_what_an_option_is_charged() -> None:
    """A declarer is charged 0, a seat that dropped its drop, a loser its count."""
    doc = recorded_deal(5)
    end = states(doc)[-1]
    assert end.result is not None
    for seat in range(2):
        assert charged(end, seat) == end.result.points[seat]
    start = states(doc)[0]
    dropped = apply(start, Action.drop(start.turn))
    assert charged(dropped, start.turn) == start.rules.first_drop


def test_random_moves_are_marked_more_often_than_the_heuristics() -> None:
    family.random_marked_more_often(review, lambda seed, bot: recorded_deal(seed, seat_bot=bot), ITER)
