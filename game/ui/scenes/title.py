"""The title screen: Continue (when a saved game exists), New game, How to play, Statistics,
Settings, Quit."""

from __future__ import annotations

import pygame

from game.core.cards import make_kind

from ..resources import text
from ..widgets import ACCENT, MUTED, Button
from .base import FormScene


def tutorial_of(app):
    """The first game's guided first hand (its front's ``tutorial``), or ``None``."""
    return next((g.tutorial for g in app.games.values() if g.tutorial is not None), None)


def open_tutorial(app) -> None:
    """Open the guided first hand over the scenes below."""
    name, args, kwargs = tutorial_of(app)()
    app.open(name, *args, **kwargs)


class TitleScene(FormScene):
    name = "title"
    title = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        items = []
        self.saved = self.app.load_match()  # checked here, so a bad save is reported at once
        if self.saved is not None:
            items.append(Button("Continue", self.continue_game))
        items += [
            Button("New game", lambda: self.app.open("newgame")),
            Button("Host a table", lambda: self.app.open("host")),
            Button("Join a table", lambda: self.app.open("join")),
            *([Button("Tutorial: your first hand", self.tutorial)] if tutorial_of(self.app) else []),
            Button("How to play", lambda: self.app.open("howto")),
            Button("Statistics", lambda: self.app.open("stats")),
            Button("Settings", lambda: self.app.open("settings")),
            Button("Quit", self.app.quit),
        ]
        self.form.widgets = items
        self.form.focus = 0
        self.app.dirty = True

    def enter(self) -> None:
        if self.app.network is not None:  # back from a network table: it is left (a hosted one closed, saved)
            self.app.network.close()
        self.build()

    def tutorial(self) -> None:
        """The guided first hand (never saved over your match, never counted)."""
        open_tutorial(self.app)

    def back(self) -> None:
        self.app.quit()

    def continue_game(self, quiet: bool = True) -> None:
        """Open the saved match; without one, stay here (``quiet=False``: and say so)."""
        match = self.saved if self.saved is not None else self.app.load_match()
        self.saved = None  # read again next time: the file changes as the match goes on
        if match is None:
            if not quiet and not self.app.store.notices:
                self.app.toast("There is no saved match to continue.")
            self.build()
            return
        if match.network is not None:  # a hosted network table: open it again, its players rejoin
            self.app.open("lobby", resume=match)
            return
        self.app.open(getattr(match, "scene", "table"), match)

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        w = surf.get_width()
        art = self.app.art
        cw = self.px(96)
        fan = [make_kind(1, 0), make_kind(13, 1), make_kind(12, 2), make_kind(11, 3), 52]
        x0 = w // 2 - (cw + self.px(50) * (len(fan) - 1)) // 2
        for i, k in enumerate(fan):
            art.draw_face(surf, (x0 + i * self.px(50), top - self.px(10) + abs(i - 2) * self.px(8)), k, cw,
                          wild=k == 52)
        y = top + self.px(150)
        title = text("Vazhushal", self.fs(64), ACCENT, True)
        surf.blit(title, title.get_rect(midtop=(w // 2, y)))
        y += title.get_height()
        sub = text("“Wipe” — the rummy game from Chennai", self.fs(22), MUTED)
        surf.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        self.layout(y + sub.get_height() + self.px(20))
        self.form.draw(surf, self.fs(22))

    def layout(self, top: int) -> None:
        w = self.app.screen.get_width()
        bw, bh, gap = self.px(360), self.px(44), self.px(8)
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect((w - bw) // 2, top + i * (bh + gap), bw, bh)
