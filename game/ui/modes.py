"""The command-line modes besides playing: ``--smoke-test``, ``--screenshot DIR`` and
``--bench-frames``.  All run under any SDL video driver (the dummy one included)."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path

import pygame

from .app import App
from .persist import Store


def _scratch_store() -> Store:
    folder = os.environ.get("VAZHUSHAL_DATA_DIR") or tempfile.mkdtemp(prefix="vazhushal-")
    return Store(Path(folder))


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def quick_settings(app: App) -> None:
    app.settings.animation = "Off"
    app.settings.bot_speed = "Instant"


def wait_for(app: App, predicate, timeout: float = 60.0) -> bool:
    """Step the app until ``predicate()`` holds (bots think in a worker thread)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        app.step([])
        time.sleep(0.002)
    return predicate()


def screenshot(app: App, path: Path) -> None:
    app.dirty = True
    app.step([])
    app.draw()
    pygame.image.save(app.screen, str(path))


def run_screenshots(folder: str) -> int:
    from . import scenarios

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    app = App(store=_scratch_store())
    quick_settings(app)
    names = []
    for name, setup in scenarios.SCENES:
        setup(app)
        screenshot(app, out / f"{name}.png")
        names.append(name)
    app.shutdown()
    print(json.dumps({"folder": str(out), "screenshots": names}))
    return 0


def run_bench_frames(frames: int = 600) -> int:
    from .demo import long_line_match
    from .table_scene import TableScene

    app = App(store=_scratch_store())
    quick_settings(app)
    match = long_line_match(6, 30)
    table = TableScene(app, match)
    app.push(table)
    app.step([])
    geo = table.geo()
    line_rects = [geo.line.rects[i] for i in geo.line.visible]
    hand_rects = [r for _, r in geo.hand]
    points = [r.center for r in line_rects + hand_rects] or [(640, 360)]
    times = []
    warm = len(points) + 30  # one pass over every hover position fills the text and card caches
    for i in range(frames + warm):
        pos = points[i % len(points)]
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
        start = time.perf_counter()
        app.dirty = True
        app.step([event])
        if i >= warm:
            times.append((time.perf_counter() - start) * 1000)
    app.shutdown()
    times.sort()
    result = {
        "scene": "table", "players": 6, "line": len(match.state.line), "size": list(app.screen.get_size()),
        "driver": pygame.display.get_driver(), "frames": len(times),
        "p50_ms": round(statistics.median(times), 3), "p99_ms": round(times[int(len(times) * 0.99) - 1], 3),
        "max_ms": round(times[-1], 3), "mean_ms": round(statistics.fmean(times), 3),
    }
    print(json.dumps(result))
    return 0


def run_smoke_test() -> int:
    from . import scenarios

    start = time.monotonic()
    app = App(store=_scratch_store())
    quick_settings(app)
    visited = scenarios.walk_all(app)
    app.shutdown()
    print(json.dumps({"ok": True, "scenes": sorted(visited), "seconds": round(time.monotonic() - start, 2)}))
    return 0


def run_game(resume: bool = False) -> int:
    """The window: the title screen, then whatever the player chooses; with ``resume`` straight
    into the saved match (the title screen says why when there is none to continue)."""
    from .scenes.title import TitleScene

    start = time.perf_counter()
    app = App()
    title = TitleScene(app)
    app.push(title)
    if resume:
        title.continue_game(quiet=False)
    app.step([])
    import logging
    logging.getLogger(__name__).info("first frame after %.3f s", time.perf_counter() - start)
    if os.environ.get("VAZHUSHAL_EXIT_AFTER_FIRST_FRAME"):  # start-up timing (build_scripts/build.py)
        app.shutdown()
        return 0
    app.run()
    return 0
