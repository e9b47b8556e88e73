"""A yes/no question over the scene below (restart a hand, leave a match, declare...).

The focus starts on the confirm button, whose caption names Enter: Enter confirms, Esc cancels.
What is drawn passes through :func:`game.ui.wording.shown` (no rule id reaches the player).  The
caller hands the words in the player's language; the Cancel button's default is translated here."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _

from ..resources import font, wrap
from ..scene import dim
from ..widgets import ACCENT, INK, Button, label, panel
from ..wording import shown
from .base import FormScene


class ConfirmScene(FormScene):
    name = "confirm"
    overlay = True

    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None],
                 no: str | None = None) -> None:
        super().__init__(app)
        no = _("Cancel") if no is None else no
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.form.widgets = [Button(no, self.back, "Esc"), Button(yes, self.accept, "Enter")]
        self.form.focus = 1  # the button that says "Enter" is the one Enter presses

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 160)
        w, h = surf.get_size()
        p = self.px
        bw = min(w - 16, max(p(620), 300))
        inner = bw - max(p(60), 16)
        head = wrap(shown(self.question), self.fs(28), inner, True)
        lines = wrap(shown(self.detail), self.fs(20), inner) if self.detail else []
        head_h = max(self.fs(28) + p(8), font(self.fs(28), True).get_linesize())
        line_h = max(self.fs(20) + max(p(6), 3), font(self.fs(20)).get_linesize())
        button_h = max(p(50), self.fs(22) + 12)
        gap = max(p(20), 8)
        each = (bw - 3 * gap) // 2
        for b in self.form.widgets:
            b.rect = pygame.Rect(0, 0, each, button_h)
        # side by side when both captions fit with their keys (the focused one marked), else one above the other
        stacked = not all(b.fits("› " + b.caption, self.fs(22)) for b in self.form.widgets)
        buttons_h = 2 * button_h + gap if stacked else button_h
        box = pygame.Rect(0, 0, bw, p(20) + len(head) * head_h + p(14) + len(lines) * line_h + p(30) + buttons_h)
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=250, border=ACCENT)
        y = box.y + p(20)
        for line in head:
            label(surf, line, (box.centerx, y), self.fs(28), ACCENT, True, "midtop")
            y += head_h
        y += p(14)
        for line in lines:
            label(surf, line, (box.centerx, y), self.fs(20), INK, anchor="midtop")
            y += line_h
        for i, b in enumerate(self.form.widgets):
            if stacked:  # the confirm button (Enter) on top, Cancel under it
                bottom = box.bottom - p(20) - (button_h + gap if i == 1 else 0)
                b.rect = pygame.Rect(box.x + gap, bottom - button_h, box.w - 2 * gap, button_h)
            else:
                b.rect = pygame.Rect(box.x + gap + i * (each + gap), box.bottom - p(20) - button_h, each, button_h)
        self.form.draw(surf, self.fs(22))
