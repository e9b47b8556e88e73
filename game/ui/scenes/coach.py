"""A coach mark: a short explanation over the table, pointing at what it is about (a ring around
a rectangle of the scene below), dismissed with "Got it"."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..resources import font, wrap
from ..scene import dim
from ..widgets import ACCENT, INK, Button, label, panel
from .base import FormScene


class CoachScene(FormScene):
    name = "coach"
    overlay = True

    def __init__(self, app, title: str, words: str, target: pygame.Rect | None = None) -> None:
        super().__init__(app)
        self.heading, self.words, self.target = title, words, target
        self.form.widgets = [Button(_("Got it"), self.back, "Enter")]

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 120)
        w, h = surf.get_size()
        p = self.px
        if self.target is not None:
            pygame.draw.rect(surf, ACCENT, self.target.inflate(p(16), p(16)), width=4, border_radius=10)
        lines = wrap(self.words, self.fs(20), p(520))
        heads = wrap(self.heading, self.fs(26), p(532), True)
        step = max(self.fs(26), font(self.fs(20)).get_linesize())  # Tamil and Devanagari sit taller
        head_step = font(self.fs(26), True).get_linesize()
        above = max(p(60), p(16) + len(heads) * head_step + p(8))  # the heading's lines, then the words
        box = pygame.Rect(0, 0, p(580), above + p(80) + len(lines) * step)
        if self.target is not None:  # beside what it explains, inside the window
            box.topleft = (self.target.right + p(30), self.target.y)
            box.clamp_ip(pygame.Rect(0, 0, w, h))
        else:
            box.center = (w // 2, h // 2)
        panel(surf, box, alpha=250, border=ACCENT)
        for i, line in enumerate(heads):
            label(surf, line, (box.x + p(24), box.y + p(16) + i * head_step), self.fs(26), ACCENT, True)
        y = box.y + above
        for line in lines:
            label(surf, line, (box.x + p(24), y), self.fs(20), INK)
            y += step
        b = self.form.widgets[0]
        b.rect = pygame.Rect(box.right - p(200), box.bottom - p(62), p(176), p(46))
        self.form.draw(surf, self.fs(22))
