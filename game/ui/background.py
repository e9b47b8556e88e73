"""What the scenes that work in the background share (the hand review, same cards): the job's
state, its progress bar, and the row of buttons along the foot of the screen."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from .widgets import ACCENT, MUTED, Form, label


@dataclass
class Job:
    """Work in the background: its progress, the result, or why it stopped."""

    done: int = 0
    total: int = 0
    result: Any = None
    error: str | None = None
    cancelled: bool = False
    finished: threading.Event = field(default_factory=threading.Event)


Work = Callable[[Callable[[int, int], None], Callable[[], bool]], Any]  # (progress, cancel) -> result


def start(app: Any, job: Job, work: Work, cancelled: type[BaseException]) -> None:
    """Run ``work(progress, cancel)`` off the UI thread for ``job``: its progress, its result, or
    the error that stopped it (one line; the game goes on), and ``job.finished`` when it is over.
    ``cancel()`` answers ``job.cancelled``; ``cancelled`` is what ``work`` raises when it stops."""

    def progress(n: int, total: int) -> None:
        job.done, job.total = n, total
        app.dirty = True

    def run() -> None:
        try:
            job.result = work(progress, lambda: job.cancelled)
        except cancelled:
            pass
        except Exception as exc:  # noqa: BLE001  (background work never stops the game)
            job.error = f"{type(exc).__name__}: {exc}"
        finally:
            job.finished.set()
            app.dirty = True

    app.submit(run)


def progress_bar(surf: pygame.Surface, scene: Any, job: Job, words: str) -> None:
    """A bar across the middle of the screen, filled as far as ``job`` has come, and ``words``."""
    w, h = surf.get_size()
    p = scene.px
    bar = pygame.Rect(w // 2 - p(300), h // 2 - p(14), p(600), p(28))
    pygame.draw.rect(surf, (30, 60, 46), bar, border_radius=8)
    total = max(1, job.total, job.done)
    filled = bar.copy()
    filled.w = min(bar.w, round(bar.w * job.done / total))
    if filled.w:
        pygame.draw.rect(surf, ACCENT, filled, border_radius=8)
    pygame.draw.rect(surf, (120, 160, 140), bar, width=2, border_radius=8)
    label(surf, words, (w // 2, bar.bottom + p(16)), scene.fs(18), MUTED, anchor="midtop")


def draw_button_row(surf: pygame.Surface, scene: Any, form: Form, size: int) -> None:
    """``form``'s buttons side by side, centred along the foot of the screen."""
    w, h = surf.get_size()
    p = scene.px
    n = len(form.widgets)
    bw = min(p(300), (w - p(60)) // max(1, n) - p(16))
    x0 = w // 2 - (n * bw + (n - 1) * p(16)) // 2
    for i, b in enumerate(form.widgets):
        b.rect = pygame.Rect(x0 + i * (bw + p(16)), h - p(66), bw, p(50))
    form.draw(surf, size)
