"""Hot seat: the table hides every hand and asks to pass the device to the next human."""

from __future__ import annotations

import pygame

from game.i18n import _

from ..resources import font, wrap
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
        name = self.table.match.name(self.seat)
        lines = [(_("Pass to {name}").format(name=name), self.fs(36), ACCENT, True),
                 (_("— click when ready (or press Enter) —"), self.fs(22), INK, False),
                 (_("Everyone else: look away. No hand is shown until then."), self.fs(18), MUTED, False)]
        room = w - self.px(40)
        widest = max(font(size, bold).size(words)[0] for words, size, _colour, bold in lines)
        width = min(room, max(self.px(640), widest + self.px(60)))
        # each sentence wrapped to the box (in a few sizes smaller first), its lines a line apart, then a gap
        rows: list[tuple[str, int, tuple, bool, int]] = []  # words, size, colour, bold, space under
        for words, size, colour, bold in lines:
            least = max(12, size * 3 // 4)
            while size > least and font(size, bold).size(words)[0] > width - self.px(20):
                size -= 1
            wrapped = wrap(words, size, width - self.px(20), bold)
            up = font(size, bold).get_linesize()
            rows += [(line, size, colour, bold, up + (self.px(24) if i == len(wrapped) - 1 else 0))
                     for i, line in enumerate(wrapped)]
        box = pygame.Rect(0, 0, width, max(self.px(220), sum(row[4] for row in rows) + self.px(30)))
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=250, border=ACCENT)
        y = box.y + self.px(30)
        for words, size, colour, bold, under in rows:
            label(surf, words, (box.centerx, y), size, colour, bold, "midtop")
            y += under
