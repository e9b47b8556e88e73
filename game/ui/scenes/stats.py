"""Statistics: hands and matches played and won, per game (each game's opponent levels, then the
game's total), then every game together; and (the Skill page) each game's rating with the luck of
the deal taken out, its trend, and where the bots sit on the same scale (:mod:`ai.skill`).

The statistics' keys (games, levels) stay English as saved; they are translated where shown."""

from __future__ import annotations

import pygame

from ai import skill
from ai.strength import merged_levels
from game.i18n import N_, _, ngettext

from ..bots import level_shown, match_me_words
from ..persist import Stats
from ..resources import elide, font, wrap
from ..textdraw import fit_lines, note_elided
from ..widgets import ACCENT, INK, MUTED, Button, label, panel
from .base import FormScene

COLUMNS = (N_("Game · opponent"), N_("Hands played"), N_("Hands won"), N_("Win %"), N_("Matches played"),
           N_("Matches won"))
HOT_SEAT_NOTE = N_("Hands played by several people at one screen (hot seat) are not counted: they are nobody's own.")
SHORT_COLUMNS = (N_("Game · opponent"), N_("Hands"), N_("Won"), N_("Win %"), N_("Matches"), N_("Won"))
CALIBRATED_WORDS = (N_("Random"),)  # a calibrated bot that is not a level (ai.skill.ORDER): named on the plot


class StatsScene(FormScene):
    name = "stats"
    title = N_("Statistics")
    subtitle = N_("Your results, per game and opponent level")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.confirming = False
        self.showing_skill = False
        self.reset_button = Button(_("Reset statistics"), self.reset)
        self.skill_button = Button(_("Skill"), self.toggle_skill, "K")
        self.coach_button = Button(_("Coach"), self.open_coach, "C")  # on the Skill page (game.ui.scenes.insights)
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.form.widgets = [self.back_button, self.skill_button, self.reset_button]

    def toggle_skill(self) -> None:
        """The results table, or each game's rating (the Skill page)."""
        self.showing_skill = not self.showing_skill
        self.skill_button.caption = _("Results") if self.showing_skill else _("Skill")
        self.subtitle = (N_("Your play against Medium's on the same cards") if self.showing_skill
                         else type(self).subtitle)
        self.app.dirty = True
        self.form.widgets = [self.back_button, self.skill_button, *([self.coach_button] if self.showing_skill else []),
                             self.reset_button]
        self.form.focus = min(self.form.focus, len(self.form.widgets) - 1)

    def open_coach(self) -> None:
        """The coach (where your win chance goes) of the games with rated hands."""
        self.app.open("insights")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_k:
            self.toggle_skill()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.showing_skill:
            self.open_coach()
            return
        super().handle(event)

    def reset(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.reset_button.caption = _("Really reset? (again to confirm)")
            return
        self.app.stats = Stats()
        self.app.store.save_stats(self.app.stats)
        self.confirming = False
        self.reset_button.caption = _("Reset statistics")

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
            title = _(front.title)
            out += [(_("{game} · {opponent}").format(game=title,
                                                     opponent=level_shown(lv.removeprefix(front.stats_prefix))),
                     stats.levels[lv], False) for lv in mine]
            out.append((_("{game}: all").format(game=title), total, True))
            overall = {k: overall[k] + total[k] for k in overall}
        return out + [(_("All games"), overall, True)]

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        if self.showing_skill:
            self.draw_skill(surf, top)
        else:
            self.draw_results(surf, top)
        self.draw_buttons(surf)

    def draw_buttons(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        p = self.px
        n = len(self.form.widgets)
        bw = min(p(350), (w - p(40)) // n - p(20))
        x0 = w // 2 - (n * bw + (n - 1) * p(20)) // 2
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(x0 + i * (bw + p(20)), h - p(80), bw, p(50))
        self.form.draw(surf, self.fs(20))

    def draw_results(self, surf: pygame.Surface, top: int) -> None:
        w, h = surf.get_size()
        p = self.px
        rows = self.rows()
        table = []
        for name, row, bold in rows:
            hp, hw = row.get("hands_played", 0), row.get("hands_won", 0)
            pct = _("{percent}%").format(percent=f"{100 * hw / hp:.0f}") if hp else "–"
            table.append(([name, hp, hw, pct, row.get("matches_played", 0), row.get("matches_won", 0)], bold))
        width = min(w - p(40), p(1080))
        gap = max(p(24), 10)
        cols, heads, head_size, cell_size, widths = self.columns(table, width - p(40), gap)
        xs = [sum(widths[:i]) + gap * i for i in range(len(cols))]
        head_line = font(head_size, True).get_linesize()
        # the rows share what is left above the note under them (two lines) and the buttons
        header = max(p(60), self.fs(18) + p(30), len(max(heads, key=len)) * head_line + p(26))
        below = p(14) + 2 * (self.fs(16) + p(4)) + p(8)
        step = min(max(p(40), cell_size + 4), (h - p(80) - below - top - header) // max(1, len(rows)))
        step = max(step, font(cell_size, True).get_linesize() - 1)
        box = pygame.Rect(0, top, width, header + step * len(rows))
        box.centerx = w // 2
        panel(surf, box)
        for x, lines in zip(xs, heads):
            for i, line in enumerate(lines):
                label(surf, line, (box.x + p(20) + x, box.y + p(16) + i * head_line), head_size, MUTED, True)
        for r, (values, bold) in enumerate(table):
            y = box.y + header - p(4) + r * step
            for x, v in zip(xs, values):
                label(surf, str(v), (box.x + p(20) + x, y), cell_size, INK, bold)
        y = box.bottom + p(14)
        if len(rows) == 1:
            label(surf, _("No hands played yet."), (w // 2, y), self.fs(20), MUTED, anchor="midtop")
            y += self.fs(20) + p(8)
        for line in fit_lines(wrap(_(HOT_SEAT_NOTE), self.fs(16), w - p(40)), 2):
            label(surf, line, (w // 2, y), self.fs(16), MUTED, anchor="midtop")
            y += self.fs(16) + p(4)

    def columns(self, table: list, room: int, gap: int) -> tuple[list[str], list[list[str]], int, int, list[int]]:
        """The table's columns as they fit ``room``: the long headings, else the short ones, in type
        a step or two smaller when needed (never below 11 px), a heading on two lines last.  Returns
        the headings, each heading's lines, the headings' and cells' type sizes and the columns' widths."""
        def widths_of(heads: list[list[str]], head_size: int, cell_size: int) -> list[int]:
            head_f, cell_f = font(head_size, True), font(cell_size, True)
            return [max([head_f.size(line)[0] for line in lines] + [cell_f.size(str(v[i]))[0] for v, _bold in table])
                    for i, lines in enumerate(heads)]

        tried = None
        for two_lines in (False, True):
            for cols in ([_(c) for c in COLUMNS], [_(c) for c in SHORT_COLUMNS]):
                for step in range(4):
                    head_size, cell_size = max(11, self.fs(18) - step), max(11, self.fs(20) - step)
                    heads = [[c] for c in cols]
                    if two_lines:  # each heading on two lines at most, as narrow as its cells allow
                        cells = widths_of([[""] for _c in cols], head_size, cell_size)
                        head_f = font(head_size, True)
                        heads = [wrap(c, head_size, max([cell] + [head_f.size(word)[0] for word in c.split()]), True)
                                 for c, cell in zip(cols, cells)]
                        heads = [lines if len(lines) <= 2 else [c] for c, lines in zip(cols, heads)]
                    widths = widths_of(heads, head_size, cell_size)
                    tried = (cols, heads, head_size, cell_size, widths)
                    if sum(widths) + gap * (len(cols) - 1) <= room:
                        return tried
        assert tried is not None
        return tried

    # --- the Skill page ----------------------------------------------------------------------------

    def rated_games(self) -> list[tuple[str, str, list[dict]]]:
        """(game, its title, its rated hands) for each game with a rated hand."""
        return [(name, _(front.title), self.app.stats.skill[name]) for name, front in self.app.games.items()
                if self.app.stats.skill.get(name)]

    def skill_lines(self, game: str, rated: list[dict]) -> list[str]:
        """What the Skill page says of a game: the rating, where it sits, the accuracy."""
        r = skill.rating([e["d"] for e in rated])
        if r is None:
            n = len(rated)
            first = ngettext("{n} rated hand: your rating shows after {fewest}.",
                             "{n} rated hands: your rating shows after {fewest}.", n).format(n=n, fewest=skill.FEWEST)
        else:
            where = skill.placement(self.kept_levels(game), r.value, r.half)
            if where:
                first = ngettext("Rating {rating} over {n} hand: you play {where}",
                                 "Rating {rating} over {n} hands: you play {where}", r.hands)
            else:
                first = ngettext("Rating {rating} over {n} hand", "Rating {rating} over {n} hands", r.hands)
            first = first.format(rating=r.words(), n=r.hands, where=where)
        me = self.app.stats.match_me.get(game)
        # where Match me stands (ai.match_me)
        follows = [match_me_words(me, self.app.games[game].bots)] if me is not None else []
        reviewed = [e for e in rated if e["acc"] is not None]
        losses = [e["loss"] for e in reviewed if e.get("loss") is not None]
        if not reviewed:
            return [first, _("Review a hand (from its results) to see your accuracy here."), *follows]
        n = len(reviewed)
        accuracy = round(100 * sum(e["acc"] for e in reviewed) / n)
        if losses:
            second = ngettext("Accuracy {accuracy} % over {n} reviewed hand, {lost} % win chance lost a decision",
                              "Accuracy {accuracy} % over {n} reviewed hands, {lost} % win chance lost a decision", n)
        else:
            second = ngettext("Accuracy {accuracy} % over {n} reviewed hand",
                              "Accuracy {accuracy} % over {n} reviewed hands", n)
        lost = f"{100 * sum(losses) / len(losses):.1f}" if losses else ""
        return [first, second.format(accuracy=accuracy, n=n, lost=lost), *follows]

    def draw_skill(self, surf: pygame.Surface, top: int) -> None:
        w, h = surf.get_size()
        p = self.px
        games = self.rated_games()
        width = min(w - p(40), p(1080))
        x = w // 2 - width // 2
        explain = _("Each hand you play against bots is played again by Medium in your seat, from the same deal "
                    "and the same opponents. Rating: your wins minus Medium's, per 100 hands (Medium = 0), "
                    "with its 95 % range.")
        y = top
        for line in fit_lines(wrap(explain, self.fs(17), width), 3):
            label(surf, line, (x, y), self.fs(17), MUTED)
            y += self.fs(17) + p(4)
        y += p(8)
        if not games:
            label(surf, _("No rated hands yet: play a hand against bots."), (w // 2, y + p(20)), self.fs(20), MUTED,
                  anchor="midtop")
            return
        room = h - p(100) - y
        each = max(p(90), min(p(170), room // len(games) - p(10)))
        plot_w = min(p(380), width // 2)
        text_w = width - plot_w - p(30)
        step = self.fs(18) + p(4)
        head = p(16) + self.fs(22)  # the game's title, over its lines
        parts = [[part for line in self.skill_lines(game, rated) for part in wrap(line, self.fs(18), text_w)]
                 for game, _title, rated in games]
        # each box as tall as its lines need (a long translation), the usual height at least
        heights = [max(each, head + len(lines) * step - p(4) + p(6)) for lines in parts]
        fits = 0
        while fits < len(games) and sum(heights[:fits + 1]) + fits * p(10) <= room:
            fits += 1
        fits = max(1, fits)
        if len(games) > fits:  # the games with no room are cut, as words are
            note_elided(", ".join(title for _game, title, _rated in games[fits:]))
        for (game, title, rated), lines, tall in zip(games[:fits], parts, heights):
            box = pygame.Rect(x, y, width, tall)
            panel(surf, box)
            plot = pygame.Rect(box.right - plot_w, box.y + p(10), plot_w - p(14), min(box.h, each) - p(20))
            label(surf, elide(title, self.fs(22), text_w), (box.x + p(16), box.y + p(12)), self.fs(22), INK, True)
            ty = box.y + head
            room_lines = max(0, (box.bottom - p(6) - ty + p(4)) // step)
            for part in fit_lines(lines, room_lines):
                label(surf, part, (box.x + p(16), ty), self.fs(18), INK)
                ty += step
            self.draw_trend(surf, plot, game, [e["d"] for e in rated])
            y += tall + p(10)

    def kept_levels(self, game: str) -> dict:
        """The game's calibration (each bot's rating) less the levels merged into another
        (:func:`ai.strength.merged_levels`: Hard where no measurement told it from Medium), as the
        new-game screen offers them: the Skill page's lines and words name only what a player picks."""
        front = self.app.games[game].bots
        merged = merged_levels(front)
        return {name: row for name, row in front.calibration.items() if merged.get(name, name) == name}

    def trend_marks(self, plot: pygame.Rect, game: str, results: list[float]) -> dict:
        """Where the Skill page's plot puts things: ``lines`` (each bot's name, its line's y, its
        label's y: every line is named, labels too close are spread apart), ``points`` (the player's
        rating after each hand, as (x, y); none before :data:`ai.skill.FEWEST` rated hands, when a
        rating means little) and ``inner`` (the plot's area)."""
        p = self.px
        points = skill.trend(results) if len(results) >= skill.FEWEST else []
        table = self.kept_levels(game)
        bots = {name: v for name, (v, _half, _n) in table.items()}
        span = skill.calibration_range(table) or (-20.0, 20.0)
        low, high = min(span[0], 0.0) - 15, max(span[1], 0.0) + 15  # the bots' range
        if points:
            low, high = min(low, min(points) - 5), max(high, max(points) + 5)  # the whole line on the scale
        inner = plot.inflate(-p(16), -p(16))
        names = max((font(self.fs(13)).size(_(name))[0] for name in bots), default=0)
        inner.w -= max(p(72), names + p(12))  # room for the bots' names at the right (their widest, measured)

        def y_of(v: float) -> int:
            return round(inner.bottom - (v - low) / (high - low) * inner.h)

        order = sorted(bots.items(), key=lambda kv: -kv[1])  # top to bottom
        ys = [y_of(v) for _name, v in order]
        labels = spread(ys, self.fs(13) + 1, plot.top + self.fs(13) // 2, plot.bottom - self.fs(13) // 2)
        lines = [(name, y, ly) for (name, _v), y, ly in zip(order, ys, labels)]
        if len(points) == 1:
            dots = [(inner.centerx, y_of(points[0]))]
        else:
            step = inner.w / max(1, len(points) - 1)
            dots = [(round(inner.x + i * step), y_of(v)) for i, v in enumerate(points)]
        return {"lines": lines, "points": dots, "inner": inner}

    def draw_trend(self, surf: pygame.Surface, plot: pygame.Rect, game: str, results: list[float]) -> None:
        """The rating after each hand (a line, from the fifth rated hand), over the bots' places on
        the same scale (dotted, each named)."""
        p = self.px
        pygame.draw.rect(surf, (20, 44, 34), plot, border_radius=6)
        marks = self.trend_marks(plot, game, results)
        inner = marks["inner"]
        for name, yy, ly in marks["lines"]:
            for xx in range(inner.x, inner.right, p(8)):
                pygame.draw.line(surf, (70, 110, 90), (xx, yy), (min(xx + p(4), inner.right), yy))
            if ly != yy:  # the name moved off its line: a short tie to it
                pygame.draw.line(surf, (70, 110, 90), (inner.right, yy), (inner.right + p(3), ly))
            label(surf, _(name), (inner.right + p(4), ly), self.fs(13), MUTED, anchor="midleft")
        dots = marks["points"]
        if len(dots) == 1:
            pygame.draw.circle(surf, ACCENT, dots[0], p(4))
        elif dots:
            pygame.draw.lines(surf, ACCENT, False, dots, max(2, p(2)))


def spread(ys: list[int], gap: int, top: int, bottom: int) -> list[int]:
    """Label positions for lines at ``ys`` (top to bottom): each as near its line as can be, at
    least ``gap`` apart, between ``top`` and ``bottom`` when there is room.

    >>> spread([50, 52, 54], 10, 0, 100)
    [42, 52, 62]
    """
    blocks: list[tuple[int, list[int]]] = []  # (first label's y, the lines' ys): labels gap apart

    def place(members: list[int]) -> int:
        first = round(sum(members) / len(members) - (len(members) - 1) * gap / 2)
        return max(top, min(first, bottom - (len(members) - 1) * gap))

    for y in ys:
        blocks.append((place([y]), [y]))
        while len(blocks) > 1 and blocks[-2][0] + len(blocks[-2][1]) * gap > blocks[-1][0]:
            members = blocks[-2][1] + blocks[-1][1]
            blocks[-2:] = [(place(members), members)]
    return [first + k * gap for first, members in blocks for k in range(len(members))]
