"""Statistics: hands and matches played and won, per opponent level."""

from __future__ import annotations

import pygame

from ..persist import Stats
from ..widgets import INK, MUTED, Button, label, panel
from .base import FormScene


class StatsScene(FormScene):
    name = "stats"
    title = "Statistics"
    subtitle = "Your results, per opponent level"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.confirming = False
        self.reset_button = Button("Reset statistics", self.reset)
        self.form.widgets = [Button("Back", self.back, "Esc"), self.reset_button]

    def reset(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.reset_button.caption = "Really reset? (again to confirm)"
            return
        self.app.stats = Stats()
        self.app.store.save_stats(self.app.stats)
        self.confirming = False
        self.reset_button.caption = "Reset statistics"

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        w, h = surf.get_size()
        p = self.px
        stats = self.app.stats
        rows = [(lv, stats.levels[lv]) for lv in sorted(stats.levels)] + [("All", stats.totals())]
        cols = ["Opponent level", "Hands played", "Hands won", "Win %", "Matches played", "Matches won"]
        xs = [p(0), p(260), p(430), p(580), p(700), p(880)]
        box = pygame.Rect(0, top, p(1060), p(60) + p(40) * len(rows))
        box.centerx = w // 2
        panel(surf, box)
        for x, c in zip(xs, cols):
            label(surf, c, (box.x + p(20) + x, box.y + p(16)), self.fs(18), MUTED, True)
        for r, (name, row) in enumerate(rows):
            y = box.y + p(56) + r * p(40)
            hp, hw = row.get("hands_played", 0), row.get("hands_won", 0)
            pct = f"{100 * hw / hp:.0f}%" if hp else "–"
            values = [name, hp, hw, pct, row.get("matches_played", 0), row.get("matches_won", 0)]
            for x, v in zip(xs, values):
                label(surf, str(v), (box.x + p(20) + x, y), self.fs(20), INK, name == "All")
        if len(rows) == 1:
            label(surf, "No hands played yet.", (w // 2, box.bottom + p(20)), self.fs(20), MUTED, anchor="midtop")
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(w // 2 - p(360) + i * p(370), h - p(80), p(350), p(50))
        self.form.draw(surf, self.fs(20))
