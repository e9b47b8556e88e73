"""Hot seat: the table hides every hand and asks to pass the device to the next human."""

from __future__ import annotations

import pygame

from ..scene import Scene, dim
from ..widgets import ACCENT, INK, MUTED, label, panel


class PassScene(Scene):
    name = "pass"
    overlay = True

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat

    def ready(self) -> None:
        self.app.pop()
        self.table.viewer = self.seat
        self.table.hidden = False
        self.table.hand_order = []
        self.table.refresh()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.ready()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.table.open_menu()
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.ready()

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 200)
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, self.px(640), self.px(220))
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=250, border=ACCENT)
        name = self.table.match.name(self.seat)
        label(surf, f"Pass to {name}", (box.centerx, box.y + self.px(36)), self.fs(36), ACCENT, True, "midtop")
        label(surf, "— click when ready (or press Enter) —", (box.centerx, box.y + self.px(100)), self.fs(22), INK,
              anchor="midtop")
        label(surf, "Everyone else: look away. No hand is shown until then.", (box.centerx, box.y + self.px(150)),
              self.fs(18), MUTED, anchor="midtop")
