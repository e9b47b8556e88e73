"""Driving the app headless with synthetic events, as a player would: the smoke test
(:mod:`game.ui.selftest`), each game's part of it (``game.ui.<game>.smoke``), the tests and
``tools/ui`` use these.  No scene is imported here."""

from __future__ import annotations

import time

import pygame


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def quick_settings(app) -> None:
    """No animations, bots at once, the first-hand explanations already seen, and no coach's
    profile of each rated hand in the background (seconds of search a hand: the harness plays
    many; tests/ui/test_insights_scene.py turns it on)."""
    app.coach_profiles = False
    app.settings.animation = "Off"
    app.settings.bot_speed = "Instant"
    app.settings.wild_intro_seen = True
    app.settings.tutorials_offered = sorted(app.games)  # and no guided first hand offered on New game


def wait_for(app, predicate, timeout: float = 60.0) -> bool:
    """Step the app until ``predicate()`` holds (bots think in a worker thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        app.step([])
        time.sleep(0.002)
    return predicate()


def top_name(app) -> str:
    return app.top.name if app.top is not None else ""


def press(app, k: int, mod: int = 0) -> None:
    app.step([key(k, mod)])


def click_at(app, pos) -> None:
    app.step(click(pos))


def click_widget(app, widget) -> None:
    app.dirty = True
    app.step([])
    click_at(app, widget.rect.center)


def button(app, caption: str):
    for w in app.top.form.widgets:
        if getattr(w, "caption", None) == caption:
            return w
    raise AssertionError(f"no button {caption!r} on {top_name(app)}")


def new_game_of(app, title: str):
    """From the title screen: the new-game screen with the game called ``title`` chosen."""
    click_widget(app, button(app, "New game"))
    assert top_name(app) == "newgame", top_name(app)
    ng = app.top
    game = next(w for w in ng.rule_widgets if getattr(w, "caption", "") == "Game")
    for _ in range(len(app.games)):
        if game.value == title:
            break
        click_widget(app, game)
        game = next(w for w in ng.rule_widgets if getattr(w, "caption", "") == "Game")
    assert game.value == title, game.value
    return ng
