"""Statistics: hands and matches played and won, per game (each game's opponent levels, then the
game's total), then every game together."""

from __future__ import annotations

import pygame

from ..persist import Stats
from ..resources import font
from ..widgets import INK, MUTED, Button, label, panel
from .base import FormScene

COLUMNS = ("Game · opponent", "Hands played", "Hands won", "Win %", "Matches played", "Matches won")
SHORT_COLUMNS = ("Game · opponent", "Hands", "Won", "Win %", "Matches", "Won")


class StatsScene(FormScene):
    name = "stats"
    title = "Statistics"
    subtitle = "Your results, per game and opponent level"

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

    def rows(self) -> list[tuple[str, dict, bool]]:
        """(label, counts, a total) for each row: each game with hands played, its opponent levels
        then its total; then all games (each hand once)."""
        stats = self.app.stats
        games = list(self.app.games.values())
        out: list[tuple[str, dict, bool]] = []
        overall = {k: 0 for k in stats.KEYS}
        def owner(level: str) -> str:  # a row without another game's prefix is the unprefixed game's
            return next((g.name for g in games if g.stats_prefix and level.startswith(g.stats_prefix)),
                        next((g.name for g in games if not g.stats_prefix), ""))

        for front in games:
            mine = sorted(lv for lv in stats.levels if owner(lv) == front.name)
            total = stats.game_totals(front.name, mine)
            if not total["hands_played"] and not mine:
                continue
            out += [(f"{front.title} · {lv.removeprefix(front.stats_prefix)}", stats.levels[lv], False) for lv in mine]
            out.append((f"{front.title}: all", total, True))
            overall = {k: overall[k] + total[k] for k in overall}
        return out + [("All games", overall, True)]

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        w, h = surf.get_size()
        p = self.px
        rows = self.rows()
        table = []
        for name, row, bold in rows:
            hp, hw = row.get("hands_played", 0), row.get("hands_won", 0)
            pct = f"{100 * hw / hp:.0f}%" if hp else "–"
            table.append(([name, hp, hw, pct, row.get("matches_played", 0), row.get("matches_won", 0)], bold))
        width = min(w - p(40), p(1080))
        head_f, cell_f = font(self.fs(18), True), font(self.fs(20), True)
        gap = max(p(24), 10)
        for cols in (COLUMNS, SHORT_COLUMNS):  # the short headings when the long ones do not fit
            widths = [max([head_f.size(c)[0]] + [cell_f.size(str(v[i]))[0] for v, _ in table])
                      for i, c in enumerate(cols)]
            if sum(widths) + gap * (len(cols) - 1) + p(40) <= width:
                break
        xs = [sum(widths[:i]) + gap * i for i in range(len(cols))]
        step = min(max(p(40), self.fs(20) + 4), (h - p(100) - top - p(60)) // max(1, len(rows)))
        box = pygame.Rect(0, top, width, max(p(60), self.fs(18) + p(30)) + step * len(rows))
        box.centerx = w // 2
        panel(surf, box)
        for x, c in zip(xs, cols):
            label(surf, c, (box.x + p(20) + x, box.y + p(16)), self.fs(18), MUTED, True)
        for r, (values, bold) in enumerate(table):
            y = box.y + max(p(56), self.fs(18) + p(26)) + r * step
            for x, v in zip(xs, values):
                label(surf, str(v), (box.x + p(20) + x, y), self.fs(20), INK, bold)
        if len(rows) == 1:
            label(surf, "No hands played yet.", (w // 2, box.bottom + p(20)), self.fs(20), MUTED, anchor="midtop")
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(w // 2 - p(360) + i * p(370), h - p(80), p(350), p(50))
        self.form.draw(surf, self.fs(20))
