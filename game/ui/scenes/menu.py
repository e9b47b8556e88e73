"""The in-game menu (Esc): resume, settings, rules, back to the title (the game is saved), quit."""

from __future__ import annotations

import pygame

from ..scene import dim
from ..widgets import Button, panel
from .base import FormScene


class MenuScene(FormScene):
    name = "menu"
    overlay = True
    title = "Menu"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.form.widgets = [
            Button("Resume", self.back, "Esc"),
            Button("Settings", lambda: self.app.open("settings")),
            Button("How to play", lambda: self.app.open("howto")),
            Button("Save and leave to title", self.to_title),
            Button("Quit", self.app.quit),
        ]

    def to_title(self) -> None:
        self.app.autosave(self.table.match)
        self.app.reset_to(self.app.make("title"))

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 150)
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, self.px(460), self.px(380))
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=245)
        from ..widgets import label
        label(surf, "Menu", (box.centerx, box.y + self.px(16)), self.fs(30), bold=True, anchor="midtop")
        y = box.y + self.px(70)
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(box.x + self.px(30), y, box.w - self.px(60), self.px(48))
            y += self.px(58)
        self.form.draw(surf, self.fs(22))
