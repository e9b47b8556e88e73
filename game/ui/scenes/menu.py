"""The in-game menu (Esc): resume, the score sheet, restart the hand, settings, rules, a new game,
back to the title (the game is saved), quit."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..scene import dim
from ..widgets import Button, label, panel
from .base import FormScene
from .title import open_tutorial, tutorial_of


class MenuScene(FormScene):
    name = "menu"
    overlay = True

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.build()

    def build(self) -> None:
        """The buttons, in the language in force (built again on coming back: Settings may change it)."""
        items = [
            Button(_("Resume"), self.back, "Esc"),
            Button(_("Score sheet"), self.sheet),
        ]
        if self.table.match.can_restart:
            items.append(Button(_("Restart hand"), self.ask_restart))
        items += [
            Button(_("Settings"), lambda: self.app.open("settings")),
            Button(_("How to play"), lambda: self.app.open("howto", game=self.table.match.game)),
            *([Button(_("Tutorial"), self.tutorial)] if tutorial_of(self.app) else []),
            Button(_("New game"), self.new_game),
            Button(_("Save and leave to title"), self.to_title),
            Button(_("Quit"), self.app.quit),
        ]
        self.form.widgets = items

    def enter(self) -> None:
        self.build()

    def sheet(self) -> None:
        """The score sheet of the game at the table (each game has its own)."""
        name = getattr(self.table, "sheet_scene", "scoresheet")
        self.app.open(name, self.table if name != "scoresheet" else self.table.match)

    def ask_restart(self) -> None:
        self.app.open("confirm", _("Restart this hand?"),
                      _("The cards are dealt again exactly as they were. Nothing of this hand is counted."),
                      _("Restart hand"), self.restart)

    def restart(self) -> None:
        self.app.pop()  # the menu
        self.table.restart_hand()

    def new_game(self) -> None:
        """To the new-game screen, on this match's game and seats; this match stays saved (Continue)
        until a new one starts."""
        match = self.table.match
        self.app.autosave(match)
        seats = match.state.seats
        if not match.practice and match.network is None and len(seats) == len(match.levels):
            self.app.settings.last_game = match.game
            self.app.settings.last_seats = [[seats[i].name, level] for i, level in enumerate(match.levels)]
            self.app.save_settings()
        self.app.reset_to(self.app.make("title"))
        self.app.open("newgame")

    def tutorial(self) -> None:
        """The guided first hand of this table's game (the first game's when it has none); this match
        stays saved (Continue brings it back)."""
        self.app.autosave(self.table.match)
        self.app.reset_to(self.app.make("title"))
        game = self.table.match.game
        open_tutorial(self.app, game if tutorial_of(self.app, game) is not None else None)

    def to_title(self) -> None:
        self.app.autosave(self.table.match)
        self.app.reset_to(self.app.make("title"))

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 150)
        w, h = surf.get_size()
        step, bh = self.px(52), self.px(44)
        box = pygame.Rect(0, 0, self.px(460), self.px(80) + step * len(self.form.widgets))
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=245)
        label(surf, _("Menu"), (box.centerx, box.y + self.px(14)), self.fs(30), bold=True, anchor="midtop")
        y = box.y + self.px(64)
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(box.x + self.px(30), y, box.w - self.px(60), bh)
            y += step
        self.form.draw(surf, self.fs(22))
