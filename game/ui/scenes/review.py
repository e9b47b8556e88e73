"""Review this hand: every decision of one seat rated by the Expert's search (the game's review,
its bot front's ``review``: :mod:`ai.vazhushal.review`), like a chess engine's analysis.

The analysis runs off the UI thread with a progress bar and can be cancelled; the screen stays
responsive.  Each decision shows the move played, the Expert's best move and up to two
alternatives, each with its chance of winning the hand and the expected point swing; the summary
gives the accuracy and the biggest mistake, and "Show me" opens the replay at that decision.

The review reads only what the seat knew at each decision (its observation); the hand is over,
so the replay it opens may show every hand.

The moves' words, the notes and the summary are the review's (``ai/``); this screen's own words go
through the catalogue.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.i18n.names import shown_name

from .. import background
from ..background import Job, draw_button_row, progress_bar
from ..resources import font, wrap
from ..scene import Scene, felt, title_bar
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, Button, Form, label, panel

MARKS = {"best": ("✓", GOOD), "good": ("·", INK), "inaccuracy": ("?", ACCENT), "mistake": ("✗", BAD),
         "only": (" ", MUTED)}
WORDS = {"best": N_("best move"), "good": N_("as good as the best, within noise"), "inaccuracy": N_("inaccuracy"),
         "mistake": N_("mistake"), "only": N_("only sensible move")}  # translated where shown


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, doc: dict, seat: int, iterations: int | None = None) -> None:
        super().__init__(app)
        self.doc = doc
        self.seat = seat
        self.iterations = iterations
        self.job = Job()
        self.selected = 0
        self.scroll = 0
        self.below_title = 0  # where the heading ended, as last drawn (the summary goes under it)
        self.cancel_button = Button(_("Cancel"), self.cancel, "Esc")
        self.show_button = Button(_("Show me"), self.show_me, "Enter")
        self.biggest_button = Button(_("Biggest mistake"), self.jump_biggest, "B")
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.form = Form([self.cancel_button])
        self.start()

    # --- the analysis --------------------------------------------------------------------------

    def start(self) -> None:
        reviewer = self.app.games[self.doc["game"]].bots.review

        def work(progress, cancel):
            options = {} if self.iterations is None else {"iterations": self.iterations}
            return reviewer.review(self.doc, self.seat, progress=progress, cancel=cancel, **options)

        background.start(self.app, self.job, work, reviewer.Cancelled)

    def cancel(self) -> None:
        self.job.cancelled = True
        self.app.pop()

    def back(self) -> None:
        self.job.cancelled = True
        self.app.pop()

    def busy(self) -> bool:
        return not self.job.finished.is_set()

    def update(self, dt: float) -> None:
        if self.job.finished.is_set() and self.form.widgets == [self.cancel_button]:
            if self.job.result is not None:
                self.app.note_accuracy(self.doc, self.seat, self.job.result.accuracy, self.job.result.mean_loss)
            has = bool(self.decisions)
            self.show_button.enabled = has
            self.biggest_button.enabled = self.job.result is not None and self.job.result.biggest is not None
            self.form.widgets = [self.show_button, self.biggest_button, self.back_button]
            self.form.focus = 0 if has else 2
            self.app.dirty = True

    @property
    def decisions(self) -> list:
        return list(self.job.result.decisions) if self.job.result is not None else []

    # --- moving about --------------------------------------------------------------------------

    def select(self, i: int) -> None:
        if self.decisions:
            self.selected = max(0, min(len(self.decisions) - 1, i))
            self.app.dirty = True

    def jump_biggest(self) -> None:
        big = self.job.result.biggest if self.job.result else None
        if big is not None:
            self.select(self.decisions.index(big))

    def show_me(self) -> None:
        """The replay at the selected decision, from this seat's view."""
        if self.decisions:
            self.app.open("replay", self.doc, seat=self.seat, start=self.decisions[self.selected].step)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.decisions:
                self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
                return
            if event.key == pygame.K_b:
                self.jump_biggest()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in self.row_rects():
                if rect.collidepoint(event.pos):
                    self.select(i)
                    return
        if event.type == pygame.MOUSEWHEEL and self.decisions:
            self.select(self.selected - event.y)
            return
        self.form.handle(event)

    # --- drawing -------------------------------------------------------------------------------

    def head_lines(self) -> list[tuple[str, int, tuple]]:
        """Under the title: the summary, then the biggest mistake, each wrapped whole to the window."""
        w = self.app.screen.get_width()
        sub = self.heading()[1]
        out = [(line, self.fs(19), MUTED) for line in wrap(sub, self.fs(19), w - self.px(60))]
        big = self.job.result.biggest if self.job.result is not None else None
        if big is not None:  # B, then Show me, jumps there
            words = _("Biggest: {note}").format(note=big.note)
            out += [(line, self.fs(18), ACCENT) for line in wrap(words, self.fs(18), w - self.px(60))]
        return out

    def list_box(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        p = self.px
        heads = sum(font(size).get_linesize() for _line, size, _colour in self.head_lines())
        below = max(p(76), self.below_title) + heads + p(12)
        top = max(p(130), below)
        return pygame.Rect(p(24), top, w // 2 - p(36), h - top - p(84))

    def row_lines(self, i: int, width: int) -> list[str]:
        """A decision's row: what was played, wrapped whole (clear of its mark and its percentage)."""
        widest = font(self.fs(18)).size(_("{percent} %").format(percent=100))[0]
        return wrap(row_words(self.decisions[i]), self.fs(18), width - max(self.px(120), self.px(50) + widest))

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The rows in view (each as tall as its words), the selected one among them."""
        box = self.list_box()
        p = self.px
        width = box.w - p(16)
        line = font(self.fs(18)).get_linesize()
        heights = [len(self.row_lines(i, width)) * line + p(12) for i in range(len(self.decisions))]
        room = box.h - p(16)
        self.scroll = min(self.scroll, self.selected)
        while self.scroll < self.selected and sum(heights[self.scroll:self.selected + 1]) > room:
            self.scroll += 1
        out = []
        y = box.y + p(8)
        for i in range(self.scroll, len(self.decisions)):
            if out and y + heights[i] > box.y + p(8) + room:
                break
            out.append((i, pygame.Rect(box.x + p(8), y, width, heights[i])))
            y += heights[i]
        return out

    def heading(self) -> tuple[str, str]:
        names = [shown_name(str(s.get("name", "?"))) for s in self.doc["initial"]["seats"]]
        head = _("Review: {name}, hand {number}").format(name=names[self.seat], number=self.doc.get("hand_no", 0) + 1)
        job = self.job
        if job.error:
            return head, _("The review could not be made ({reason}).").format(reason=job.error)
        if job.result is None:
            total = job.total or 1
            return head, _("Analysing decision {number} of {total}…").format(number=min(job.done + 1, total),
                                                                            total=total)
        return head, job.result.summary()

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        head = self.heading()[0]
        w, h = surf.get_size()
        p = self.px
        self.below_title = title_bar(surf, self, head) - p(12)  # the summary under the heading (on two lines too)
        y = max(p(76), self.below_title)
        for line, size, colour in self.head_lines():
            label(surf, line, (w // 2, y), size, colour, anchor="midtop")
            y += font(size).get_linesize()
        if self.job.result is None:
            self.draw_progress(surf)
        else:
            self.draw_list(surf)
            self.draw_detail(surf)
        draw_button_row(surf, self, self.form, self.fs(20))

    def draw_progress(self, surf: pygame.Surface) -> None:
        progress_bar(surf, self, self.job,
                     _("The Expert replays each of your decisions on many guesses of the hidden cards."))

    def draw_list(self, surf: pygame.Surface) -> None:
        box = self.list_box()
        panel(surf, box)
        p = self.px
        if not self.decisions:
            label(surf, _("No decision to rate in this hand."), (box.x + p(16), box.y + p(16)), self.fs(19), MUTED)
            return
        size = self.fs(18)
        for i, rect in self.row_rects():
            d = self.decisions[i]
            if i == self.selected:
                pygame.draw.rect(surf, (46, 104, 78), rect, border_radius=6)
            mark, colour = MARKS[d.verdict]
            line = font(size).get_linesize()
            y = rect.y + p(6)
            label(surf, mark, (rect.x + p(8), y + line // 2), size, colour, True, "midleft")
            for words in self.row_lines(i, rect.w):
                label(surf, words, (rect.x + p(34), y), size, INK)
                y += line
            percent = _("{percent} %").format(percent=round(100 * d.chosen.win))
            label(surf, percent, (rect.right - p(8), rect.y + p(6) + line // 2), size, colour,
                  anchor="midright")

    def draw_detail(self, surf: pygame.Surface) -> None:
        if not self.decisions:
            return
        lb = self.list_box()
        w = surf.get_width()
        p = self.px
        box = pygame.Rect(lb.right + p(24), lb.y, w - lb.right - p(48), lb.h)
        panel(surf, box)
        d = self.decisions[self.selected]
        mark, colour = MARKS[d.verdict]
        x, y = box.x + p(16), box.y + p(12)
        width = box.w - p(32)
        verdict = _(WORDS[d.verdict])
        heading = _("Draw · {verdict}") if d.kind == "draw" else _("Play · {verdict}")
        for line in wrap(heading.format(verdict=verdict), self.fs(22), width, True):
            label(surf, line, (x, y), self.fs(22), colour, True)
            y += max(self.fs(22), font(self.fs(22), True).get_linesize() - 2)
        y += p(12)
        step = max(self.fs(18) + p(4), font(self.fs(18)).get_linesize())
        rows = [(_("You played:"), d.chosen)] + ([] if d.best is d.chosen or d.verdict == "only" else
                                                 [(_("Expert's best:"), d.best)])
        rows += [(_("Also:"), o) for o in d.others]
        for caption, option in rows:
            swing = option.score - d.chosen.score
            head = label(surf, caption, (x, y), self.fs(17), MUTED, True)
            percent = round(100 * option.win)
            numbers = _("win {percent} %").format(percent=percent)
            if option is not d.chosen:
                numbers = _("win {percent} % ({change} %, {points} points)").format(
                    percent=percent, change=f"{round(100 * (option.win - d.chosen.win)):+d}", points=f"{swing:+.1f}")
            small = max(self.fs(17) + p(4), font(self.fs(17)).get_linesize())
            if head.right + p(12) + font(self.fs(17)).size(numbers)[0] > box.right - p(16):
                y += small  # a narrow window: the numbers on lines of their own
            for line in wrap(numbers, self.fs(17), width):
                label(surf, line, (box.right - p(16), y), self.fs(17), INK, anchor="topright")
                y += small
            for line in wrap(option.text, self.fs(18), width - p(10)):
                label(surf, line, (x + p(10), y), self.fs(18), INK, box=box)
                y += step
            y += p(8)
        if d.verdict in ("mistake", "inaccuracy"):
            for line in wrap(d.note, self.fs(18), width):
                label(surf, line, (x, y), self.fs(18), colour, box=box)
                y += step
        if noise_words(d.noise):
            label(surf, noise_words(d.noise), (x, box.bottom - p(12)), self.fs(15), MUTED, anchor="bottomleft")


def row_words(d) -> str:
    """A decision's row: ``Play: discard K♠``; a move that already says its kind is not told it
    twice (``Draw from the stock``, never ``Draw: draw from the stock``)."""
    kind = "draw" if d.kind == "draw" else "play"
    text = d.chosen.text
    if text.lower().startswith(kind + " "):  # the review's words (English) say it already
        return text[:1].upper() + text[1:]
    return (_("Draw: {move}") if kind == "draw" else _("Play: {move}")).format(move=text)


def noise_words(noise: float) -> str:
    """How far the win chances may be off (the play-outs' noise), or ``""`` when it rounds to 0 %."""
    percent = round(100 * noise)
    return _("± {percent} % noise").format(percent=percent) if percent else ""

