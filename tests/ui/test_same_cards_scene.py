"""Same cards, another player (game/ui/scenes/samecards.py), headless: from the hand-over and deal
results screens and the replay viewer, the hand played again in the background, cancel, the two
endings side by side, Show me, and the other level one click away."""

from __future__ import annotations

import pygame

from game.ui.selftest import button, top_name, wait_for

from .test_review_scene import finished_table


def key(app, k) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def test_same_cards_from_the_hand_over_screen_with_medium(app) -> None:
    table = finished_table(app, seed=11)
    doc = table.match.last_replay
    assert doc["bots"] == [{"seat": 1, "level": "Medium", "seed": table.match.bot_seed(1)}]
    button(app, "Same cards").activate()
    expert = app.top
    assert top_name(app) == "samecards" and expert.level == "Expert" and expert.seat == 0
    app.draw()  # the progress bar while it runs
    button(app, "Cancel").activate()
    assert top_name(app) == "handover" and expert.job.cancelled
    assert wait_for(app, lambda: expert.job.finished.is_set(), 30) and expert.job.result is None
    key(app, pygame.K_c)
    assert top_name(app) == "samecards"
    key(app, pygame.K_ESCAPE)
    app.open("samecards", doc, 0, "Medium")
    scene = app.top
    assert top_name(app) == "samecards" and scene.level == "Medium"
    assert wait_for(app, lambda: scene.job.finished.is_set(), 60)
    app.step([])
    result = scene.job.result
    assert scene.job.error is None and result is not None and result.seat == 0
    assert [b.caption for b in scene.form.widgets] == ["Show me: you", "Show me: Medium",
                                                        "Expert instead", "Back"]
    assert result.exact and result.again["initial"] == doc["initial"]
    app.draw()
    if result.first_difference is not None:
        button(app, "Show me: Medium").activate()
        assert top_name(app) == "replay" and app.top.index == result.first_difference
        assert app.top.timeline.doc is result.again and app.top.seat == 0
        key(app, pygame.K_ESCAPE)
        assert top_name(app) == "samecards"
        button(app, "Show me: you").activate()
        assert top_name(app) == "replay" and app.top.timeline.doc is doc
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "handover"


def test_same_cards_from_the_deal_results_and_the_replay_viewer(app) -> None:
    finished_table(app, seed=5, level="Easy", game="indian13")
    button(app, "Same cards").activate()
    scene = app.top
    assert top_name(app) == "samecards" and scene.level == "Expert" and scene.seat == 0
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "results13" and scene.job.cancelled
    button(app, "Replay").activate()
    assert top_name(app) == "replay"
    app.draw()
    viewer = app.top
    viewer.next_seat()
    key(app, pygame.K_c)
    assert top_name(app) == "samecards" and app.top.seat == 1  # the seat the viewer shows
    other = app.top
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "replay" and other.job.cancelled


def test_same_cards_says_when_a_hand_cannot_be_played_again(app) -> None:
    table = finished_table(app, seed=12)
    doc = {**table.match.last_replay, "game": "no-such-game"}
    app.open("samecards", doc, 0, "Medium")
    scene = app.top
    assert wait_for(app, lambda: scene.job.finished.is_set(), 10)
    app.step([])
    app.draw()
    assert scene.job.error is not None and "could not be played again" in scene.lines()[1]
    assert [b.enabled for b in scene.form.widgets] == [False, False, True, True]
