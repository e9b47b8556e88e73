"""Scene flow: every scene reached with synthetic mouse and key events; a whole hand against a
bot driven by events."""

from __future__ import annotations

import pygame

from game.ui import selftest
from game.ui.selftest import wait_for
from game.ui.vazhushal import smoke as vazhushal_smoke
from game.vazhushal import OVER

from .helpers import ev_key, human_vs_bot, open_table

ALL_SCENES = {"title", "newgame", "table", "menu", "handover", "matchover", "howto", "stats", "settings", "pass"}


def test_walk_every_scene_with_mouse_and_keys(app):
    visited = selftest.walk_all(app)
    assert ALL_SCENES <= visited
    assert not app.running  # the walk ends with Quit


def test_a_full_hand_against_a_bot_by_events(app):
    match = human_vs_bot(seed=8)
    table = open_table(app, match)
    human_turns = 0

    def finished() -> bool:
        nonlocal human_turns
        if table.my_turn() and app.top is table:
            human_turns += 1
            vazhushal_smoke.human_turn(app, table)
        return match.state.phase == OVER and selftest.top_name(app) == "handover"

    assert wait_for(app, finished, 120)
    assert human_turns > 0
    players = {e["player"] for e in match.state.history if e["type"] == "discard"}
    assert players == {0, 1}
    # Next hand from the hand-over screen, by key
    app.step([ev_key(pygame.K_RETURN)])
    assert selftest.top_name(app) == "table"
    assert match.hand_no == 1 and match.state.phase != OVER


def test_keyboard_only_turn(app):
    match = human_vs_bot(seed=8)
    table = open_table(app, match)
    assert wait_for(app, table.my_turn, 30)
    before = len(match.state.history)
    app.step([ev_key(pygame.K_n)])  # draw from the stock
    assert match.state.history[-1]["type"] == "draw_stock"
    app.step([ev_key(pygame.K_RIGHT), ev_key(pygame.K_SPACE)])  # select the second card
    assert len(table.selected) == 1
    card = next(iter(table.selected))
    app.step([ev_key(pygame.K_d)])
    assert match.state.history[-1]["type"] == "discard"
    assert match.state.line[-1] == card
    assert len(match.state.history) == before + 2


def test_resizing_the_window_keeps_working(app):
    match = human_vs_bot(seed=2)
    table = open_table(app, match)
    for size in ((1920, 1080), (900, 560), (1280, 720)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
        assert app.screen.get_size() == size
        lay = table.geo().layout
        assert app.screen.get_rect().contains(lay.hand_area)


def test_f11_toggles_fullscreen_and_back(app):
    from game.ui.scenes.title import TitleScene

    app.reset_to(TitleScene(app))
    app.step([ev_key(pygame.K_F11)])
    assert app.settings.fullscreen
    app.step([ev_key(pygame.K_F11)])
    assert not app.settings.fullscreen
    assert app.screen.get_size() == app.windowed_size
