"""The app's own smoke test (``python -m game --smoke-test``, also in the frozen app): a scripted
walk through every scene, driven by synthetic mouse and key events where a player would use them:
the shared scenes, then each game's part (its front's ``smoke``).  The helpers that drive the app
headless are :mod:`game.ui.drive` (re-exported here for the tests and ``tools/ui``)."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pygame

from .app import App
from .drive import button, click, click_at, click_widget, key, press, quick_settings, top_name, wait_for
from .lobby.smoke import smoke as network_smoke
from .persist import SAVE_FILE, Store

__all__ = ["button", "click", "click_at", "click_widget", "key", "press", "quick_settings", "run_smoke_test",
           "scratch_store", "top_name", "wait_for", "walk_all"]


def scratch_store() -> Store:
    folder = os.environ.get("VAZHUSHAL_DATA_DIR") or tempfile.mkdtemp(prefix="vazhushal-")
    return Store(Path(folder))


def walk_all(app) -> set[str]:
    app.reset_to(app.make("title"))
    app.step([])
    # title -> how to play (keyboard), pages, back
    target = app.top.form.widgets.index(button(app, "How to play"))
    while app.top.form.focus != target:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert top_name(app) == "howto"
    for _ in range(7):
        press(app, pygame.K_RIGHT)
    for _ in range(len(app.games)):  # every game's rules (G: the next game)
        press(app, pygame.K_g)
    press(app, pygame.K_ESCAPE)
    # the tutorial: its first coach mark, then skipped
    click_widget(app, button(app, "Tutorial: your first hand"))
    assert app.top.tutorial is not None
    click_widget(app, app.top.buttons["skip"])
    assert top_name(app) == "title"
    # statistics and settings (mouse)
    click_widget(app, button(app, "Statistics"))
    assert top_name(app) == "stats"
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Settings"))
    assert top_name(app) == "settings"
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_ESCAPE)
    # each game: a new game played by events, saved, continued (its front's smoke)
    for front in app.games.values():
        assert top_name(app) == "title", top_name(app)
        front.smoke(app)
    # network play on loopback: host a table, a friend joins and is told when it closes; join a table
    assert top_name(app) == "title", top_name(app)
    network_smoke(app)
    # a corrupt save: found at the title screen, a message, the file kept aside (the previous
    # copy, if readable, is offered instead), no crash
    app.flush_saves()
    app.store.path(SAVE_FILE).write_text("{not json", encoding="utf-8")
    app.top.build()
    app.step([])
    assert top_name(app) == "title" and any("could not be read" in t for t, _ in app.toasts)
    assert any(p.name.startswith("autosave.corrupt-") for p in app.store.folder.iterdir())
    click_widget(app, button(app, "Quit"))
    assert not app.running
    return set(app.visited)


def run_smoke_test() -> int:
    start = time.monotonic()
    app = App(store=scratch_store())
    quick_settings(app)
    visited = walk_all(app)
    app.shutdown()
    print(json.dumps({"ok": True, "scenes": sorted(visited), "seconds": round(time.monotonic() - start, 2)}))
    return 0
