"""The expose question at the deal (M2.3): lay the dealt tunnelas face up, or keep them in hand.
Enter exposes, K keeps them, Esc goes back to the table without deciding."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..scenes.confirm import ConfirmScene
from ..widgets import Button


class ExposeScene(ConfirmScene):
    name = "marriage_expose"

    def __init__(self, app, table, groups: list[tuple[int, ...]]) -> None:
        n = len(groups)
        question = _("Expose this tunnela?") if n == 1 else _("Expose these {n} tunnelas?").format(n=n)
        super().__init__(app, question, table.expose_detail(groups), _("Expose"), lambda: table.expose(groups))
        self.table = table
        self.form.widgets = [Button(_("Keep in hand"), self.keep, "K"), Button(_("Expose"), self.accept, "Enter")]
        self.form.focus = 1

    def keep(self) -> None:
        self.app.pop()
        self.table.keep_tunnelas()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_k:
            self.keep()
            return
        super().handle(event)
