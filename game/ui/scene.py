"""The scene base class and drawing helpers every scene shares.

A scene has ``enter``, ``exit``, ``handle(event)``, ``update(dt)`` and ``draw(surface)``; ``draw``
never changes the game.  ``busy()`` says whether the scene is animating or waiting on a worker,
so the app keeps ticking; otherwise the app sleeps until the next event (idle CPU stays low).
"""

from __future__ import annotations

from typing import Any

import pygame

from .resources import font, wrap
from .textdraw import draw_text, new_layer
from .widgets import INK, MUTED

FELT_TOP, FELT_BOTTOM = (22, 96, 64), (10, 58, 40)


class Scaled:
    """Sizes at 1280x720 scaled to the window: scenes, and whatever else draws like one (the
    replay viewer's tables).  Needs ``self.app``."""

    app: Any

    @property
    def scale(self) -> float:
        w, h = self.app.screen.get_size()
        return max(0.5, min(w / 1280, h / 720))

    def px(self, v: float) -> int:
        return round(v * self.scale)

    def fs(self, v: float) -> int:
        """A font size: ``v`` at 1280x720, never below 18 px there."""
        return max(12, round(max(18, v) * self.scale))


class Scene(Scaled):
    overlay = False  # drawn over the scene below it
    name = "scene"

    def __init__(self, app: Any) -> None:
        self.app = app  # the App (game.ui.app), handed down: a scene never imports it

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def busy(self) -> bool:
        return False

    def draw(self, surf: pygame.Surface) -> None: ...



_FELT: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a vertical gradient with a soft vignette (cached per window size)."""
    surf = _FELT.get(size)
    if surf is None:
        if len(_FELT) > 4:
            _FELT.clear()
        w, h = size
        surf = pygame.Surface(size).convert()
        for y in range(h):
            t = y / max(1, h - 1)
            c = tuple(round(a + (b - a) * t) for a, b in zip(FELT_TOP, FELT_BOTTOM))
            pygame.draw.line(surf, c, (0, y), (w, y))
        _FELT[size] = surf
    return surf


def title_bar(surf: pygame.Surface, scene: Scene, title: str, subtitle: str = "") -> int:
    """A scene heading; returns the y below it.  A heading too wide for the window is drawn a few
    sizes smaller, then on more lines (a subtitle wraps)."""
    w = surf.get_width()
    room = w - scene.px(40)
    size = scene.fs(40)
    smallest = max(12, round(size * 0.75))
    while size > smallest and font(size, True).size(title)[0] > room:
        size -= 1
    y = scene.px(24)
    for line in wrap(title, size, room, True):
        y = draw_text(surf, line, (w // 2, y), size, INK, True, "midtop").bottom
    if subtitle:
        y += scene.px(4)
        for line in wrap(subtitle, scene.fs(20), room):
            y = draw_text(surf, line, (w // 2, y), scene.fs(20), MUTED, anchor="midtop").bottom
    return y + scene.px(16)


def dim(surf: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surf.blit(shade, (0, 0))
    new_layer()
