"""Frame times of the busiest table: 6 players and a 30-card line (``python -m game
--bench-frames`` from a source checkout, or ``python -m tools.ui.bench_frames``); prints JSON."""

from __future__ import annotations

import json
import statistics
import sys
import time

import pygame

from game.ui.app import App
from game.ui.selftest import quick_settings, scratch_store

from .demo import long_line_match


def run_bench_frames(frames: int = 600) -> int:
    app = App(store=scratch_store())
    quick_settings(app)
    app.settings.animation = "Normal"  # measured with animations on, as players have them
    match = long_line_match(6, 30)
    table = app.make("table", match)
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




if __name__ == "__main__":
    sys.exit(run_bench_frames())
