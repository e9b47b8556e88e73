"""What every game's review keeps (issue 34), tested for each game of the bot registry that offers
one: a review is reproducible, a cancel stops it, ``python -m ai.review`` and the game's own command
print it as text and JSON and refuse a bad replay (exit 2), and another game's replay is refused.
What a game's review rates and charges, and that it marks the random bot's moves far more often
than the heuristic's (:func:`tests.family.random_marked_more_often`, at each game's budget), is
tested in its own folder."""

from __future__ import annotations

import json
import random

import pytest

from ai import rating
from ai import review as shared
from ai.games import GAMES as BOTS
from ai.safety import SafeBot
from game.replay import Recorder, states
from tests import family

# Small (8 until 2026-11-30, when the suite needed the time): the tests check the logic, the
# benchmark (docs/skill.md) the numbers.
ITER = 4
REVIEWED = [name for name, front in BOTS.items() if front.review is not None]


def recorded_hand(front, seed: int, seat_bot: str | None = None, players: int = 2) -> dict:
    """A hand of the game's default preset between heuristics, seat 0 by ``seat_bot`` if given."""
    return family.recorded_deal(front, front.preset(front.engine.default_preset, players), seed, seat_bot=seat_bot)


@pytest.fixture(params=REVIEWED)
def front(request):
    return BOTS[request.param]


def test_every_game_with_bots_has_a_review():
    assert REVIEWED == list(BOTS)


def test_the_review_is_reproducible(front):
    doc = recorded_hand(front, 3)
    first = front.review.review(doc, 0, iterations=ITER, seed=5)
    again = front.review.review(doc, 0, iterations=ITER, seed=5)
    assert first.to_json() == again.to_json() and first.decisions


def test_cancel_stops_the_review(front):
    doc = recorded_hand(front, 3)
    assert len(front.review.review(doc, 0, iterations=1).decisions) > 2
    calls: list[int] = []
    with pytest.raises(front.review.Cancelled):
        front.review.review(doc, 0, iterations=ITER, cancel=lambda: len(calls) > 1,
                            progress=lambda n, total: calls.append(n))
    assert len(calls) == 2


def test_the_command_prints_text_and_json_and_refuses_a_bad_replay(front, tmp_path, capsys):
    """``python -m ai.review`` (JSON here) and the game's own command (text here: the shared one
    hands a replay to it) both answer."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(recorded_hand(front, 5)), encoding="utf-8")
    assert shared.main(["--seat", "1", str(path), "--iterations", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 1 and out["decisions"] and "mean_loss" in out
    assert front.review.main([str(path), "--iterations", "2"]) == 0
    assert "Review of" in capsys.readouterr().out
    for main in (shared.main, front.review.main):
        bad = tmp_path / "bad.json"
        bad.write_text("{}", encoding="utf-8")
        assert main([str(bad)]) == 2
        assert main([str(tmp_path / "missing.json")]) == 2
        broken = json.loads(path.read_text(encoding="utf-8"))
        broken["actions"][0]["action"]["type"] = "fly"
        bad.write_text(json.dumps(broken), encoding="utf-8")
        assert main([str(bad), "--iterations", "2"]) == 2
        assert capsys.readouterr().err.strip()
        with pytest.raises(SystemExit) as exc:
            main(["--seat", "7", str(path)])
        assert exc.value.code == 2


def test_another_games_replay_is_refused(front):
    doc = recorded_hand(front, 5)
    doc["game"] = next(name for name in BOTS if name != front.name)
    with pytest.raises(ValueError):
        front.review.review(doc, 0, iterations=ITER)



def test_which_copy_of_a_card_a_seat_holds_changes_nothing(front):
    """A replayed hand numbers the decks' identical copies otherwise than the hand at the table may
    have; the Hint at the table (``best_move``) and the review of the replay must still agree (the
    determinizations depend on the kinds only)."""
    state = front.deal(front.preset(front.engine.default_preset, 3), random.Random(21))
    rec = Recorder()
    rec.start(state, front.name, match_id="20260101-000000-000002", hand_no=0, seed=21)
    bots = [SafeBot(front.bots.make("heuristic", random.Random(s)), front) for s in range(3)]
    at_table = []
    for _ in range(front.max_actions):
        if state.result is not None:
            break
        if state.turn == 0 and front.review.decision_kind(front.observe(state, 0)) is not None:
            at_table.append(state)
        action, state = bots[state.turn].advance(state)
        rec.add(action.player, action)
    replayed = {len(s.history): s for s in states(rec.finish(state))}
    assert len(at_table) >= 4
    for table in at_table[:4]:
        here = front.review.best_move(front.observe(table, 0), iterations=ITER)
        there = front.review.best_move(front.observe(replayed[len(table.history)], 0), iterations=ITER)
        assert (here.text, here.win, here.score) == (there.text, there.win, there.score)


def test_the_review_rates_every_decision_of_the_seat_and_the_move_played(front):
    doc = recorded_hand(front, 7)
    result = front.review.review(doc, 0, iterations=ITER, seed=5)
    found = front.review.decisions_of(doc, 0)
    rated = [d.step for d in result.decisions]
    assert rated and set(rated) <= {step for step, *_ in found} and rated == sorted(rated)  # (a play with
    # nothing to choose, such as Vazhushal's final melding, is not rated)
    assert all(0 <= d.chosen.win <= 1 for d in result.decisions)
    assert result.accuracy is None or 0 <= result.accuracy <= 1
    for d in result.decisions:  # the move rated is the one played
        assert d.chosen.actions[0] == doc["actions"][d.step]["action"]


def test_the_analysis_reads_only_the_observation(front):
    """The hidden cards dealt otherwise (the game's ``view`` of the seat's observation): the same
    analysis."""
    engine = front.engine
    doc = recorded_hand(front, 7, players=3)
    checked = 0
    for step, kind, chosen, before in front.review.decisions_of(doc, 0)[2:12:3]:
        obs = front.observe(before, 0)
        other = engine.from_json(engine.view(obs.to_json()))
        assert other.hands != before.hands
        same = front.observe(other, 0)
        assert front.review.analyse(obs, chosen, kind, iterations=ITER, seed=9, step=step) == \
            front.review.analyse(same, chosen, kind, iterations=ITER, seed=9, step=step)
        checked += 1
    assert checked


def test_the_best_move_is_rated_best(front):
    """The Hint and the review agree: the move ``best_move`` picks is legal there and, rated with
    the same seed, is rated best."""
    doc = recorded_hand(front, 11)
    checked = 0
    for step, kind, _, before in front.review.decisions_of(doc, 0)[:8]:
        obs = front.observe(before, 0)
        assert front.review.decision_kind(obs) == kind
        best = front.review.best_move(obs, iterations=ITER, seed=4)
        played = [front.engine.parse_action(a, before) for a in best.actions]
        after = before
        for action in played:  # legal there (the checked engine raises otherwise)
            after = front.engine.apply(after, action)
        seed = rating.decision_seed(4, len(obs.history))
        decision = front.review.analyse(obs, played, kind, iterations=ITER, seed=seed, step=step)
        assert decision.verdict in ("best", "only"), (step, decision.note)
        checked += 1
    assert checked
