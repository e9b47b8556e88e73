"""How to play: the rules of each game in plain words, with drawn examples (one page at a time; each
game's pages are its front's ``rulebook``).  Opened from the table's "?" on the page of the rule a
message is about, with the message on top; G turns to the next game's rules.

A rule book's words (page titles, text, example captions) are English marked for the catalogue in each
game's front; they are translated here, where they are shown."""

from __future__ import annotations

import pygame

from game.core.cards import parse_kind
from game.i18n import N_, _

from ..cardart import card_height
from ..resources import font, wrap
from ..widgets import ACCENT, INK, MUTED, Button, label, panel
from .base import FormScene


class HowToScene(FormScene):
    name = "howto"
    title = N_("How to play")

    def __init__(self, app, page: int = 0, note: str = "", game: str | None = None) -> None:
        super().__init__(app)
        self.game = game if game in app.games else next(iter(app.games))
        self.page = max(0, min(len(self.pages) - 1, page))
        self.note = note  # the table's message this page explains
        self.prev = Button(_("‹ Previous"), lambda: self.turn(-1), "←")
        self.next = Button(_("Next ›"), lambda: self.turn(1), "→")
        self.other = Button("", self.switch_game, "G")
        self.form.widgets = [self.next, self.prev, Button(_("Back"), self.back, "Esc"), self.other]

    @property
    def pages(self) -> tuple:
        return self.app.games[self.game].rulebook

    def next_game(self) -> str:
        names = list(self.app.games)
        return names[(names.index(self.game) + 1) % len(names)]

    def switch_game(self) -> None:
        """The next game's rules (every game shares this screen)."""
        self.game = self.next_game()
        self.page = 0
        self.note = ""
        self.app.dirty = True

    def turn(self, d: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + d))
        self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g:
            self.switch_game()
            return
        super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        name = _(self.app.games[self.game].title)
        self.subtitle = _("{game} · page {number} of {total}").format(game=name, number=self.page + 1,
                                                                      total=len(self.pages))
        self.other.caption = _("{game} rules").format(game=_(self.app.games[self.next_game()].title))
        top = self.draw_background(surf)
        w, h = surf.get_size()
        p = self.px
        top = self.place_other(surf, top)
        head, body, examples = self.pages[self.page]
        step = max(self.fs(26), font(self.fs(20)).get_linesize())  # a line of the words (Tamil sits taller)
        if self.note:
            lines = wrap(self.note, self.fs(20), w - p(160))
            note = pygame.Rect(p(60), top, w - p(120), p(16) + len(lines) * step)
            panel(surf, note, (70, 40, 20), 240, border=ACCENT)
            for i, line in enumerate(lines):
                label(surf, line, (note.x + p(20), note.y + p(8) + i * step), self.fs(20), INK)
            top = note.bottom + p(10)
        box = pygame.Rect(p(60), top, w - p(120), h - top - p(90))
        panel(surf, box)
        y = box.y + p(16)
        for line in wrap(_(head), self.fs(28), box.w - p(48), True):
            label(surf, line, (box.x + p(24), y), self.fs(28), ACCENT, True)
            y += font(self.fs(28), True).get_linesize()
        y = max(y + p(8), box.y + p(60))
        for para in _(body).split("\n"):
            for line in wrap(para, self.fs(20), box.w - p(48)):
                label(surf, line, (box.x + p(24), y), self.fs(20), INK)
                y += step
            y += p(8)
        cw = p(64)
        x = box.x + p(24)
        y += p(10)
        below = max(p(26), font(self.fs(18), True).get_linesize() + p(4))  # the cards under their caption
        for caption, cards, wild in examples:
            kinds = [parse_kind(t) for t in cards.split()]
            wilds = {parse_kind(t) for t in wild.split()}
            words = _(caption) if caption else ""
            step = round(cw * 0.7)
            kinds_w = cw if not kinds else cw + step * max(0, len(kinds) - 1)
            # an example is as wide as its cards or its caption, whichever is wider (never under another's)
            wide = max(kinds_w, p(190), font(self.fs(18), True).size(words)[0] if words else 0)
            if x > box.x + p(24) and x + wide > box.right - p(24):  # no room left in this row: the next one
                x, y = box.x + p(24), y + below + card_height(cw) + p(14)
            label(surf, words, (x, y), self.fs(18), MUTED, True)
            if not kinds and caption == "draw":  # the English caption (the rule book's value) marks the stock
                self.app.art.draw_back(surf, (x, y + below), cw)
            else:
                for i, k in enumerate(kinds):
                    self.app.art.draw_face(surf, (x + i * step, y + below), k, cw, wild=k in wilds)
            x += wide + p(40)
        bw = p(260)
        for i, b in enumerate([self.prev, self.next, self.form.widgets[2]]):
            b.rect = pygame.Rect(w // 2 - bw * 3 // 2 - p(20) + i * (bw + p(20)), h - p(70), bw, p(50))
        self.prev.enabled = self.page > 0
        self.next.enabled = self.page < len(self.pages) - 1
        self.form.draw(surf, self.fs(20))

    def place_other(self, surf: pygame.Surface, top: int) -> int:
        """The next game's rules button: at the top right, as wide as its caption and key need; under
        the heading when it would touch the heading's words.  Returns the y below what is drawn."""
        w = surf.get_width()
        p = self.px
        size = self.fs(20)
        b = self.other
        b.rect = pygame.Rect(0, 0, p(300), p(44))
        while not b.fits("› " + b.caption, size) and b.rect.w < w - 2 * p(60):
            b.rect.w += p(20)
        b.rect.topright = (w - p(60), p(24))
        heading = max(font(self.fs(40), True).size(_(self.title))[0], font(self.fs(20)).size(self.subtitle)[0])
        if b.rect.x < w // 2 + heading // 2 + p(12):  # it would touch the heading: on its own row under it
            b.rect.topright = (w - p(60), top - p(8))
            return b.rect.bottom + p(10)
        return top
