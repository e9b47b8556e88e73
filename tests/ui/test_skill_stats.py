"""The rating in the app (issue 34, item 3): each hand against bots played again by Medium in the
background, kept in the statistics file, the review's accuracy beside it, the Skill page."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui.match import HUMAN, SeatSetup
from game.ui.persist import STATS_FILE, Stats
from game.ui.selftest import button, top_name, wait_for
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import OVER, RuleSet
from game.vazhushal.simulate import plain_action

from .test_review_scene import finished_table


def test_a_hand_against_a_bot_is_rated_and_its_review_accuracy_kept(app, store) -> None:
    table = finished_table(app, seed=21)
    doc = table.match.last_replay
    assert wait_for(app, lambda: bool(app.stats.skill.get("vazhushal")), 30)
    [entry] = app.stats.skill["vazhushal"]
    assert entry["hand"] == f"{doc['match_id']}-h000" and entry["d"] in (-1.0, 0.0, 1.0) and entry["acc"] is None
    assert entry["loss"] is None
    app.flush_saves()
    saved = json.loads(store.path(STATS_FILE).read_text())
    assert saved["skill"]["vazhushal"] == [entry]
    button(app, "Review this hand").activate()
    review = app.top
    review.iterations = 6
    assert wait_for(app, lambda: review.job.finished.is_set(), 120)
    app.step([])
    accuracy, loss = review.job.result.accuracy, review.job.result.mean_loss
    entry = app.stats.skill["vazhushal"][0]
    assert entry["acc"] == (None if accuracy is None else pytest.approx(accuracy))
    assert entry["loss"] == (None if accuracy is None else pytest.approx(loss))


def test_a_hand_between_two_people_is_not_rated(app) -> None:
    match = VazhushalMatch.new([SeatSetup("You", HUMAN), SeatSetup("Friend", HUMAN)], RuleSet(players=2), 3)
    while match.state.phase != OVER:
        match.play(plain_action(match.state))
    app.reset_to(app.make("title"))
    app.open("table", match)
    app.step([])
    assert match.state.result is not None and not app.rating_jobs
    assert not app.stats.skill


def test_the_statistics_file_keeps_rated_hands_and_refuses_damaged_ones() -> None:
    stats = Stats()
    for i in range(3):
        stats.rate("indian13", f"m-h{i:03}", [1, 0, -1][i])
    stats.rate("indian13", "m-h000", 1)  # once a hand
    assert stats.note_accuracy("indian13", "m-h001", 0.75, 0.03) and not stats.note_accuracy("indian13", "x", 0.5)
    doc = json.loads(json.dumps(stats.to_json()))
    assert Stats.parse(doc).skill == stats.skill == {"indian13": [
        {"hand": "m-h000", "d": 1.0, "acc": None, "loss": None},
        {"hand": "m-h001", "d": 0.0, "acc": 0.75, "loss": 0.03},
        {"hand": "m-h002", "d": -1.0, "acc": None, "loss": None}]}
    for bad in ({"indian13": [{"hand": "m", "d": 3, "acc": None}]}, {"indian13": [{"hand": "m", "d": 0}]},
                {"indian13": "lots"}, [1, 2], {"indian13": [{"hand": "m", "d": 0, "acc": 1.5}]},
                {"indian13": [{"hand": "m", "d": 0, "acc": 0.5, "loss": -1}]},
                {"indian13": [{"hand": "m", "d": 0, "acc": 0.5, "more": 1}]}):
        with pytest.raises(ValueError):
            Stats.parse({**doc, "skill": bad})
    first = doc["skill"]["indian13"][0]
    damaged = {**doc, "skill": {"indian13": [{"hand": "m", "d": 3, "acc": None}, first]}}
    assert Stats.from_json(damaged).skill == {"indian13": [first]}
    assert Stats.parse({"levels": {}}).skill == {}  # a file from before ratings
    old = Stats.parse({"levels": {}, "skill": {"marriage": [{"hand": "m", "d": 0, "acc": 0.5}]}})  # before "loss"
    assert old.skill == {"marriage": [{"hand": "m", "d": 0.0, "acc": 0.5, "loss": None}]}


def test_the_skill_page(app) -> None:
    app.reset_to(app.make("title"))
    app.open("stats")
    scene = app.top
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0)])
    assert scene.showing_skill and scene.skill_button.caption == "Results"
    app.draw()
    assert scene.rated_games() == []
    for i in range(7):
        app.stats.rate("indian13", f"m-h{i:03}", [1, 0, 0, -1, 0, 1, 1][i])
    app.stats.rate("marriage", "m-h000", 0)
    app.draw()
    [(g1, _t1, rated13), (g2, _t2, _rated)] = scene.rated_games()
    assert (g1, g2) == ("indian13", "marriage")
    lines = scene.skill_lines("indian13", rated13)
    assert lines[0].startswith("Rating +29 ± ") and "over 7 hands" in lines[0]
    assert "Review a hand" in lines[1]
    assert scene.skill_lines("marriage", app.stats.skill["marriage"])[0] == "1 rated hand: your rating shows after 5."
    # the chart names the levels a player picks among: Hard, merged into Medium, has no line of its own
    named = [name for name, _y, _ly in scene.trend_marks(pygame.Rect(0, 0, 400, 200), "indian13", [0.0] * 7)["lines"]]
    assert "Medium" in named and "Expert" in named and "Hard" not in named, named
    button(app, "Results").activate()
    assert not scene.showing_skill and top_name(app) == "stats"
    app.draw()


def test_a_rating_waits_while_a_tables_bot_thinks(app) -> None:
    """The rating plays its moves while the table waits for the person, never while a bot thinks
    (it would take the bot's thinking time), and stops when the app closes."""
    from concurrent.futures import Future

    app.rating_jobs.append(("indian13", "m-h000", Future()))  # a rating on its way
    scene = app.make("title")
    app.reset_to(scene)
    scene.bot_job = object()  # a bot thinking
    app.update(0.0)
    assert not app.bots_quiet.is_set()
    scene.bot_job = None
    app.update(0.0)
    assert app.bots_quiet.is_set() and app._rating_turn() is False
    app.closing = True
    assert app._rating_turn() is True
