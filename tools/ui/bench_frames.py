"""Frame times of each game's busiest table (for Vazhushal: 6 players and a 30-card line)
(``python -m game --bench-frames`` from a source checkout, or ``python -m tools.ui.bench_frames``);
prints one JSON line a game.  Each game's table comes from its screenshots module
(``tools.<game>.shots.busiest``)."""

from __future__ import annotations

import json
import statistics
import sys
import time

import pygame

from game.ui.app import App
from game.ui.games import GAMES
from game.ui.selftest import quick_settings, scratch_store

from .screenshots import game_shots


def run_bench_frames(frames: int = 600) -> int:
    for name in GAMES:
        print(json.dumps(measure(name, frames)), flush=True)
    return 0


def measure(game: str, frames: int = 600) -> dict:
    app = App(store=scratch_store())
    quick_settings(app)
    app.settings.animation = "Normal"  # measured with animations on, as players have them
    table, points = game_shots(game).busiest(app)
    points = points or [(640, 360)]
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
    size = list(app.screen.get_size())
    app.shutdown()
    times.sort()
    return {
        "game": game, "scene": table.name, "players": len(table.match.state.seats), "size": size,
        "driver": pygame.display.get_driver(), "frames": len(times),
        "p50_ms": round(statistics.median(times), 3), "p99_ms": round(times[int(len(times) * 0.99) - 1], 3),
        "max_ms": round(times[-1], 3), "mean_ms": round(statistics.fmean(times), 3),
    }


if __name__ == "__main__":
    import os

    # as ``python -m game --bench-frames`` measures (docs/app.md): the drawing, not a virtual screen's copy
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(run_bench_frames())
