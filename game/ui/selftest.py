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
from .persist import SAVE_FILE, Store

__all__ = ["button", "click", "click_at", "click_widget", "key", "press", "quick_settings", "run_smoke_test",
           "scratch_store", "top_name", "wait_for", "walk_all"]


def scratch_store() -> Store:
    folder = os.environ.get("VAZHUSHAL_DATA_DIR") or tempfile.mkdtemp(prefix="vazhushal-")
    return Store(Path(folder))


def walk_all(app, parts: dict[str, float] | None = None) -> set[str]:
    """Every scene, by events; ``parts`` (if given) gets the seconds each part took: the shared
    scenes, each game, the network tables, the damaged save."""
    parts = {} if parts is None else parts
    start = time.monotonic()

    def done(part: str) -> None:
        nonlocal start
        parts[part] = round(time.monotonic() - start, 2)
        start = time.monotonic()

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
    click_widget(app, button(app, "Vazhushal"))  # the chooser of the games with a guided hand
    assert app.top.tutorial is not None
    click_widget(app, app.top.buttons["skip"])
    assert top_name(app) == "title"
    # the daily puzzle: a shipped puzzle read from the bundle and shown
    click_widget(app, next(w for w in app.top.form.widgets if getattr(w, "caption", "").startswith("Daily puzzle")))
    assert top_name(app) == "puzzles" and app.top.puzzle is not None, "no daily puzzle found in the bundle"
    press(app, pygame.K_ESCAPE)
    assert top_name(app) == "title", top_name(app)
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
    done("shared scenes")
    # each game: a new game played by events, saved, continued (its front's smoke)
    for name, front in app.games.items():
        assert top_name(app) == "title", top_name(app)
        front.smoke(app)
        done(name)
    # network play on loopback: host a table, a friend joins and is told when it closes; join a table
    # (imported here: the network stack is loaded only when first used, game.ui.catalog)
    from .lobby.smoke import smoke as network_smoke

    assert top_name(app) == "title", top_name(app)
    network_smoke(app)
    done("network")
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
    done("damaged save")
    return set(app.visited)


def run_smoke_test() -> int:
    start = time.monotonic()
    app = App(store=scratch_store())
    quick_settings(app)
    parts: dict[str, float] = {}
    visited = walk_all(app, parts)
    app.shutdown()
    print(json.dumps({"ok": True, "scenes": sorted(visited), "seconds": round(time.monotonic() - start, 2),
                      "parts": parts}))
    return 0
