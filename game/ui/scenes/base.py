"""A scene that is a titled form of widgets (most scenes around the table).

``title`` and ``subtitle`` are English, marked for the catalogue (``N_``) where a subclass sets them;
they are translated when drawn (:func:`shown_title`), so a scene speaks the language in force."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..scene import Scene, felt, title_bar
from ..widgets import Form, Widget


def shown_title(words: str) -> str:
    """A title or subtitle in the language in force ("" stays "": gettext's "" is the catalogue header)."""
    return _(words) if words else ""


class FormScene(Scene):
    title = ""
    subtitle = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form()

    def widgets(self) -> list[Widget]:
        return self.form.widgets

    def back(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    def layout(self, top: int) -> None:
        """Place the widgets in a centred column (override for other shapes)."""
        w = self.app.screen.get_width()
        bw, bh, gap = self.px(520), self.px(50), self.px(10)
        y = top
        for widget in self.form.widgets:
            widget.rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            y += bh + gap

    def draw_background(self, surf: pygame.Surface) -> int:
        surf.blit(felt(surf.get_size()), (0, 0))
        return title_bar(surf, self, shown_title(self.title), shown_title(self.subtitle))

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        self.layout(top)
        self.form.draw(surf, self.fs(22))
