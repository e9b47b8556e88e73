"""The coach (Statistics -> Skill -> Coach): where a player's win chance goes in one game, over the
hands the app has looked at (:mod:`ai.insights`).

Two charts a player would rather look at than read: the wins lost per 100 hands by kind of decision
and by phase of the hand, the player's bar beside Medium's and the Expert's on the same cards; then
the three habits that cost the player most beyond what Medium loses on the same cards, in plain
words, each with a Practise button that opens the puzzles on that theme (shown only when the game
has puzzles of it).  Until :data:`ai.insights.FEWEST` hands are looked at, the coach says how many
more it needs.

The profiles come from the statistics file (each rated hand's ``coach``, computed in the background
after the hand); nothing is computed here.
"""

from __future__ import annotations

import pygame

from ai import insights
from game.i18n import N_, _, ngettext

from ..resources import font, wrap
from ..scene import felt, title_bar
from ..textdraw import fit_lines
from ..widgets import ACCENT, INK, MUTED, Button, arrange_buttons, label, panel
from .base import FormScene

YOU_COLOUR = ACCENT
MEDIUM_COLOUR = (120, 170, 230)
EXPERT_COLOUR = (150, 225, 160)
WHO_WORDS = (N_("You"), N_("Medium"), N_("Expert"))


def practisable(game: str) -> set[str]:
    """The puzzle themes ``game`` has puzzles of (none when the puzzles cannot be read)."""
    try:
        from ai.puzzles import pick

        return {t for p in pick.puzzles_of(game) for t in p.themes}
    except Exception:  # noqa: BLE001  (no puzzles: no Practise buttons, never a crash)
        return set()


class InsightsScene(FormScene):
    name = "insights"
    title = N_("Coach")

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.games = [name for name in app.games if any(e.get("coach") for e in app.stats.skill.get(name, []))]
        self.games = self.games or [name for name in app.games if app.stats.skill.get(name)]
        self.game = game if game is not None else (self.games[0] if self.games else next(iter(app.games)))
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.next_button = Button(_("Next game"), self.next_game, "G")
        self.practise_buttons: list[Button] = []
        self.themes = practisable(self.game)
        self.load()

    def load(self) -> None:
        """The coach of the game shown, from the statistics file."""
        self.coach = insights.coach(e.get("coach") for e in self.app.stats.skill.get(self.game, []))
        self.practise_buttons = [Button(_("Practise"), lambda theme=h.theme: self.practise(theme))
                                 for h in self.coach.advice if self.coach.ready and h.theme in self.themes]
        shown = self.practise_buttons + [self.back_button]
        if len(self.games) > 1:
            shown.append(self.next_button)
        self.form.widgets = shown
        self.form.focus = 0
        self.app.dirty = True

    def next_game(self) -> None:
        if len(self.games) > 1:
            i = self.games.index(self.game) if self.game in self.games else -1
            self.game = self.games[(i + 1) % len(self.games)]
            self.themes = practisable(self.game)
            self.load()

    def practise(self, theme: str) -> None:
        """The puzzles of this game on ``theme``."""
        try:
            self.app.open("puzzles", game=self.game, theme=theme)
        except KeyError:  # no puzzle screen in this build
            self.app.toast(_("No puzzles here yet."))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g:
            self.next_game()
            return
        super().handle(event)

    # --- drawing -------------------------------------------------------------------------------

    def draw_background(self, surf: pygame.Surface) -> int:
        """The felt and the heading: the subtitle is worded here (the game and the count), once."""
        surf.blit(felt(surf.get_size()), (0, 0))
        return title_bar(surf, self, _(self.title), self.subtitle_words())

    def subtitle_words(self) -> str:
        n = self.coach.hands
        game = _(self.app.games[self.game].title)
        # Translators: the coach's subtitle; {game} is a game's title.
        return ngettext("{game}: where your win chance goes, over {n} hand",
                        "{game}: where your win chance goes, over {n} hands", n).format(game=game, n=n)

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        w, h = surf.get_size()
        p = self.px
        bottom = arrange_buttons([self.back_button] + ([self.next_button] if len(self.games) > 1 else []),
                                 self.fs(20), w // 2, h - p(20), w - p(40), p(300), p(46), p(16)) - p(12)
        width = min(w - p(40), p(1180))
        x = w // 2 - width // 2
        if not self.coach.hands:
            self.draw_words(surf, pygame.Rect(x, top, width, bottom - top), [self.too_few_words()])
            self.form.draw(surf, self.fs(20))
            return
        habits_h = self.habits_height(width, bottom - top)
        if self.coach.ready:
            charts = pygame.Rect(x, top, width, bottom - top - habits_h - p(10))
            self.draw_habits(surf, pygame.Rect(x, charts.bottom + p(10), width, habits_h))
        else:  # how many more hands first, the charts so far under it
            self.draw_habits(surf, pygame.Rect(x, top, width, habits_h))
            charts = pygame.Rect(x, top + habits_h + p(10), width, bottom - top - habits_h - p(10))
        self.draw_charts(surf, charts)
        self.form.draw(surf, self.fs(20))

    def words_size(self) -> int:
        return self.fs(18)

    def draw_words(self, surf: pygame.Surface, box: pygame.Rect, paragraphs: list[str]) -> None:
        p = self.px
        size = self.words_size()
        lines = [line for para in paragraphs for line in wrap(para, size, box.w - p(40))]
        step = font(size).get_linesize()
        tall = min(box.h, len(lines) * step + p(30))
        panel(surf, pygame.Rect(box.x, box.y, box.w, tall))
        y = box.y + p(15)
        for line in fit_lines(lines, (tall - p(30)) // step):
            label(surf, line, (box.x + p(20), y), size, INK)
            y += step

    def too_few_words(self) -> str:
        more = self.coach.needed
        first = _("After each hand you play against bots, the coach looks at your decisions and at Medium's and "
                  "the Expert's in your seat on the same cards.")
        need = ngettext("It needs {n} more hand before it can name your habits.",
                        "It needs {n} more hands before it can name your habits.", more).format(n=more)
        return f"{first} {need}"

    # --- the charts ------------------------------------------------------------------------------

    def chart_rows(self, box: pygame.Rect, bars: tuple, size: int) -> tuple[int, int]:
        """(label column width, row height) of a chart of ``bars`` in ``box``."""
        p = self.px
        names = max((font(size).size(b.words())[0] for b in bars), default=0)
        col = min(names + p(12), box.w // 2)
        lines = max((len(wrap(b.words(), size, col - p(12))) for b in bars), default=1)
        return col, max(lines * font(size).get_linesize(), p(30))

    def draw_charts(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        p = self.px
        size = self.fs(17)
        step = font(size).get_linesize()
        panel(surf, box)
        legend_y = box.y + p(10)
        self.draw_legend(surf, box.x + p(16), legend_y, size)
        y = legend_y + step + p(8)
        charts = [(_("Wins lost per 100 hands, by kind of decision"), self.coach.kinds),
                  (_("Wins lost per 100 hands, by phase of the hand"), self.coach.phases)]
        side = box.w >= p(900) or self.app.screen.get_width() >= 1000
        if side:
            half = (box.w - p(48)) // 2
            areas = [pygame.Rect(box.x + p(16), y, half, box.bottom - y - p(8)),
                     pygame.Rect(box.x + p(32) + half, y, half, box.bottom - y - p(8))]
        else:
            rows = [max(1, len(bars)) for _h, bars in charts]
            room = box.bottom - y - p(8)
            first = room * (rows[0] + 1) // (rows[0] + rows[1] + 2)
            areas = [pygame.Rect(box.x + p(16), y, box.w - p(32), first - p(4)),
                     pygame.Rect(box.x + p(16), y + first, box.w - p(32), room - first)]
        scale = max([b.you.value + b.you.half for _h, bars in charts for b in bars]
                    + [m.value for _h, bars in charts for b in bars for m in (b.medium, b.expert) if m is not None]
                    + [1.0])
        for (heading, bars), area in zip(charts, areas):
            self.draw_chart(surf, area, heading, bars, scale, size)

    def draw_legend(self, surf: pygame.Surface, x: int, y: int, size: int) -> None:
        p = self.px
        sq = max(6, font(size).get_linesize() // 2)
        for colour, words in zip((YOU_COLOUR, MEDIUM_COLOUR, EXPERT_COLOUR), WHO_WORDS):
            rect = pygame.Rect(x, y + (font(size).get_linesize() - sq) // 2, sq, sq)
            pygame.draw.rect(surf, colour, rect)
            x = label(surf, _(words), (rect.right + p(6), y), size, MUTED).right + p(20)
        label(surf, _("(on the same cards)"), (x, y), size, MUTED)

    def draw_chart(self, surf: pygame.Surface, area: pygame.Rect, heading: str, bars: tuple, scale: float,
                   size: int) -> None:
        """One chart: a row a kind (or phase), three bars (you, Medium, the Expert), your number."""
        p = self.px
        step = font(size).get_linesize()
        heads = fit_lines(wrap(heading, size, area.w, True), 2)
        y = area.y
        for line in heads:
            label(surf, line, (area.x, y), size, INK, True)
            y += step
        y += p(4)
        if not bars:
            return
        col, row_h = self.chart_rows(area, bars, size)
        row_h = max(min(max(row_h + p(10), p(60)), (area.bottom - y) // len(bars)), step)
        number_w = font(size).size("00.0")[0] + p(8)
        bar_x = area.x + col
        bar_w = max(p(20), area.right - bar_x - number_w)
        for i, bar in enumerate(bars):
            top = y + i * row_h
            lines = wrap(bar.words(), size, col - p(12))
            ly = top + (row_h - len(lines) * step) // 2
            for line in fit_lines(lines, max(1, row_h // step)):
                label(surf, line, (area.x, ly), size, MUTED)
                ly += step
            thick = max(3, min(p(16), (row_h - p(10)) // 3))
            for k, (mean, colour) in enumerate(((bar.you, YOU_COLOUR), (bar.medium, MEDIUM_COLOUR),
                                                (bar.expert, EXPERT_COLOUR))):
                if mean is None:
                    continue
                by = top + (row_h - 3 * thick) // 2 + k * thick
                length = round(bar_w * max(0.0, mean.value) / scale)
                pygame.draw.rect(surf, colour, pygame.Rect(bar_x, by, max(1, length), thick - 1))
                if k == 0 and mean.half > 0:  # your bar's 95 % range: a thin line across its end
                    lo = bar_x + round(bar_w * max(0.0, mean.value - mean.half) / scale)
                    hi = bar_x + round(bar_w * (mean.value + mean.half) / scale)
                    mid = by + thick // 2
                    pygame.draw.line(surf, INK, (lo, mid), (min(hi, bar_x + bar_w), mid))
            label(surf, f"{bar.you.value:.1f}", (area.right, top + row_h // 2), size, INK, anchor="midright")

    # --- the habits ------------------------------------------------------------------------------

    def habit_lines(self, width: int, size: int) -> list[tuple[list[str], str]]:
        """Each habit of the advice: its words wrapped to ``width``, and its cost."""
        return [(wrap(f"{n}. {h.words()}", size, width, True), h.cost_words())
                for n, h in enumerate(self.coach.advice, 1)]

    def habits_height(self, width: int, room: int) -> int:
        """How tall the habits' box is (its words at their size; at most half the ``room``)."""
        p = self.px
        size = self.fs(18)
        step = font(size).get_linesize()
        if not self.coach.ready or not self.coach.advice:
            lines = len(wrap(self.too_few_words() if not self.coach.ready else self.no_habit_words(),
                             self.words_size(), width - p(40)))
            return min(room // 2, lines * font(self.words_size()).get_linesize() + p(30))
        text_w = width - p(40) - self.button_width()
        need = p(16) + step + p(6)
        for words, cost in self.habit_lines(text_w, size):
            need += (len(words) + len(wrap(cost, self.fs(16), text_w))) * step + p(8)
        return min(room * 3 // 5, need)

    def button_width(self) -> int:
        if not self.practise_buttons:
            return 0
        return max(b.width_for(self.fs(18)) for b in self.practise_buttons) + self.px(24)

    def no_habit_words(self) -> str:
        return _("Your decisions lose no more than Medium's on the same cards: no habit stands out.")

    def draw_habits(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        p = self.px
        size = self.fs(18)
        step = font(size).get_linesize()
        if not self.coach.ready or not self.coach.advice:
            self.draw_words(surf, box, [self.too_few_words() if not self.coach.ready else self.no_habit_words()])
            return
        panel(surf, box)
        y = box.y + p(10)
        label(surf, _("What costs you most"), (box.x + p(20), y), size, INK, True)
        y += step + p(6)
        bw = self.button_width()
        text_w = box.w - p(40) - bw
        buttons = iter(self.practise_buttons)
        for habit, (words, cost) in zip(self.coach.advice, self.habit_lines(text_w, size)):
            costs = wrap(cost, self.fs(16), text_w)
            lines = fit_lines(words + costs, max(1, (box.bottom - y) // step))
            top = y
            for i, line in enumerate(lines):
                small = i >= len(words)
                label(surf, line, (box.x + p(20), y), self.fs(16) if small else size, MUTED if small else INK,
                      not small)
                y += step
            if habit.theme in self.themes:
                button = next(buttons)
                button.rect = pygame.Rect(box.right - bw - p(8), top, bw - p(8), max(p(36), min(y - top, p(46))))
            y += p(8)
