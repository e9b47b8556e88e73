"""Review this hand (game/ui/scenes/review.py), headless: from the hand-over screen, the analysis
in the background with a progress bar, cancel, the decisions and their details, Show me."""

from __future__ import annotations

import pygame

from game.ui.match import HUMAN, SeatSetup
from game.ui.selftest import button, top_name, wait_for
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import OVER, RuleSet
from game.vazhushal.simulate import plain_action


def finished_table(app, seed: int = 6, level: str = "Medium", game: str = "vazhushal"):
    """A hand of ``game`` (Vazhushal, or ``indian13``) against one bot of ``level``, played plainly
    to its end and opened at its hand-over (deal results) screen; returns the table."""
    if game == "indian13":
        from game.indian13 import RuleSet as rule_set
        from game.indian13.simulate import plain_action as play
        from game.ui.indian13.match import Indian13Match as match_class
        scene, ended = "table13", "results13"
    else:
        match_class, rule_set, play, scene, ended = VazhushalMatch, RuleSet, plain_action, "table", "handover"
    match = match_class.new([SeatSetup("You", HUMAN), SeatSetup("Meena", level)], rule_set(players=2), seed)
    while match.state.phase != OVER:
        match.play(play(match.state))
    app.reset_to(app.make("title"))
    table = app.open(scene, match)
    app.step([])
    assert wait_for(app, lambda: top_name(app) == ended, 10)
    return table


def test_review_from_the_hand_over_screen(app) -> None:
    table = finished_table(app)
    assert table.match.last_replay is not None
    button(app, "Review this hand").activate()
    assert top_name(app) == "review"
    scene = app.top
    scene.iterations = 6
    app.draw()  # the progress bar while it runs
    assert wait_for(app, lambda: scene.job.finished.is_set(), 120)
    app.step([])
    assert scene.job.error is None and scene.job.result is not None
    assert scene.job.result.seat == 0
    assert [b.caption for b in scene.form.widgets] == ["Show me", "Biggest mistake", "Back"]
    app.draw()
    if scene.decisions:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)])
        assert scene.selected == min(1, len(scene.decisions) - 1)
        app.draw()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert top_name(app) == "handover"


def test_cancelling_the_review_stops_it(app) -> None:
    finished_table(app, seed=8)
    button(app, "Review this hand").activate()
    scene = app.top
    button(app, "Cancel").activate()
    assert top_name(app) == "handover" and scene.job.cancelled
    assert wait_for(app, lambda: scene.job.finished.is_set(), 60)
    assert scene.job.result is None or scene.job.cancelled


def test_the_indian_rummy_results_offer_the_review_of_the_deal(app) -> None:
    """Issue 34: the Indian Rummy deal has the same review, from its results screen."""
    finished_table(app, seed=3, game="indian13")
    button(app, "Review").activate()
    assert top_name(app) == "review"
    scene = app.top
    scene.iterations = 4
    assert wait_for(app, lambda: scene.job.finished.is_set(), 120)
    app.step([])
    assert scene.job.error is None and scene.job.result.seat == 0 and scene.decisions
    assert {d.kind for d in scene.decisions} <= {"draw", "discard"}
    app.draw()
    button(app, "Show me").activate()
    assert top_name(app) == "replay" and app.top.index == scene.decisions[scene.selected].step


def test_the_replay_viewer_opens_the_review_of_the_seat_shown(app) -> None:
    """Issue 34: the review is reachable from the replay viewer (R, or its button), for the seat
    the viewer shows, in every game that has one."""
    table = finished_table(app, seed=9)
    doc = table.match.last_replay
    app.reset_to(app.make("title"))
    viewer = app.open("replay", doc, seat=1)
    app.step([])
    app.draw()
    assert viewer.buttons["review"].enabled
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)])
    assert top_name(app) == "review" and app.top.seat == 1
    app.top.cancel()
    assert top_name(app) == "replay"
