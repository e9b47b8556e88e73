"""A yes/no question over the scene below (restart a hand, leave a match...)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..resources import wrap
from ..scene import dim
from ..widgets import ACCENT, INK, Button, label, panel
from .base import FormScene


class ConfirmScene(FormScene):
    name = "confirm"
    overlay = True

    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None],
                 no: str = "Cancel") -> None:
        super().__init__(app)
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.form.widgets = [Button(no, self.back, "Esc"), Button(yes, self.accept, "Enter")]
        self.form.focus = 0

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 160)
        w, h = surf.get_size()
        p = self.px
        lines = wrap(self.detail, self.fs(20), p(560)) if self.detail else []
        box = pygame.Rect(0, 0, p(620), p(170) + len(lines) * self.fs(26))
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=250, border=ACCENT)
        label(surf, self.question, (box.centerx, box.y + p(20)), self.fs(28), ACCENT, True, "midtop")
        y = box.y + p(70)
        for line in lines:
            label(surf, line, (box.centerx, y), self.fs(20), INK, anchor="midtop")
            y += self.fs(26)
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(box.x + p(30) + i * p(290), box.bottom - p(70), p(270), p(50))
        self.form.draw(surf, self.fs(22))
