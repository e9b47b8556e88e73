"""Small widgets (buttons, choices, toggles, text fields) and a focus ring for keyboard use.

A :class:`Form` holds focusable widgets: Up/Down/Tab move the focus, Left/Right change a choice,
Enter/Space activate; the mouse hovers and clicks.  Focus is shown by a thick outline and a "›"
marker, not by colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _

from .resources import elide, font, text
from .textdraw import draw_text, note_control, note_cover, note_elided

INK = (240, 240, 236)
MUTED = (190, 200, 194)
PANEL = (16, 40, 30)
BUTTON = (46, 104, 78)
BUTTON_HOT = (70, 140, 104)
DISABLED = (60, 72, 66)
ACCENT = (250, 214, 90)
BAD = (255, 130, 120)
GOOD = (150, 235, 160)


def panel(surf: pygame.Surface, rect: pygame.Rect, color: tuple = PANEL, alpha: int = 220, radius: int = 10,
          border: tuple | None = (90, 130, 110)) -> None:
    if alpha >= 255:
        pygame.draw.rect(surf, color, rect, border_radius=radius)
    else:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*color, alpha), layer.get_rect(), border_radius=radius)
        surf.blit(layer, rect)
    note_cover(surf, rect)
    if border:
        pygame.draw.rect(surf, border, rect, width=1, border_radius=radius)


def label(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int = 20, color: tuple = INK,
          bold: bool = False, anchor: str = "topleft", box: pygame.Rect | None = None,
          on_card: bool = False) -> pygame.Rect:
    """The line ``s`` drawn with its ``anchor`` at ``pos`` (:func:`~game.ui.textdraw.draw_text`)."""
    return draw_text(surf, s, pos, size, color, bold, anchor, box, on_card)


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect or pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True

    def activate(self) -> None: ...

    def change(self, delta: int) -> None: ...

    def type_text(self, event: pygame.event.Event) -> bool:
        return False

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def draw(self, surf: pygame.Surface, focused: bool, size: int) -> None: ...


class Button(Widget):
    def __init__(self, caption: str, action: Callable[[], None], key: str = "") -> None:
        super().__init__()
        self.caption = caption
        self.action = action
        self.key = key

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def fits(self, caption: str, size: int) -> bool:
        """Whether ``caption`` and the key hint fit side by side in the button, in its smallest type."""
        fit = max(10, size - 6)
        key_w = font(max(10, fit - 2)).size(self.key)[0] + max(5, fit // 2) if self.key else 0
        return font(fit, True).size(caption)[0] + key_w <= self.rect.w - 8

    def draw(self, surf: pygame.Surface, focused: bool, size: int) -> None:
        hot = focused and self.enabled
        pygame.draw.rect(surf, BUTTON_HOT if hot else BUTTON if self.enabled else DISABLED, self.rect,
                         border_radius=8)
        pygame.draw.rect(surf, ACCENT if hot else (120, 160, 140), self.rect, width=3 if hot else 1,
                         border_radius=8)
        caption = ("› " if hot else "") + self.caption
        color = INK if self.enabled else (150, 160, 155)
        key_colour = MUTED if self.enabled else (130, 140, 135)
        room = self.rect.w - 8
        # The caption and its key side by side, in smaller type when the button is narrow; then the
        # key under the caption when the button is tall enough; the caption alone, shortened, last.
        for fit in range(size, max(10, size - 6) - 1, -1):
            key_size = max(10, fit - 2)
            width = font(fit, True).size(caption)[0]
            key_w = font(key_size).size(self.key)[0] if self.key else 0
            gap = max(5, fit // 2)
            if width + (gap + key_w if self.key else 0) <= room:
                x = self.rect.centerx - (width + (gap + key_w if self.key else 0)) // 2
                draw_text(surf, caption, (x, self.rect.centery), fit, color, True, "midleft", self.rect)
                if self.key:
                    draw_text(surf, self.key, (x + width + gap, self.rect.centery), key_size, key_colour,
                              anchor="midleft", box=self.rect)
                return
        fit = max(10, size - 6)
        key_size = max(10, fit - 2)
        if self.key:  # the key under the caption, their ink two pixels apart
            cap = text(caption, fit, color, True).get_bounding_rect()
            key = text(self.key, key_size, key_colour).get_bounding_rect()
            if cap.h + key.h + 2 <= self.rect.h - 2 and max(cap.w, key.w) <= room:
                top = self.rect.centery - (cap.h + key.h + 2) // 2
                draw_text(surf, caption, (self.rect.centerx, top - cap.y), fit, color, True, "midtop", self.rect)
                draw_text(surf, self.key, (self.rect.centerx, top + cap.h + 2 - key.y), key_size, key_colour,
                          anchor="midtop", box=self.rect)
                return
        if self.key:
            note_elided(f"{self.caption} {self.key}")  # the caption alone, never spilling out of the button
        draw_text(surf, elide(caption, fit, max(8, room), True), self.rect.center, fit, color, True, "center",
                  self.rect)


class Choice(Widget):
    """``Caption:  ‹ value ›`` — Left/Right or a click steps through the options."""

    def __init__(self, caption: str, options: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None) -> None:
        super().__init__()
        self.caption = caption
        self.options = list(options)
        self.index = index
        self.on_change = on_change

    @property
    def value(self) -> str:
        return self.options[self.index]

    def change(self, delta: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.index)

    def activate(self) -> None:
        self.change(1)

    def click(self, pos: tuple[int, int]) -> None:
        vx = self.value_x()
        self.change(-1 if vx <= pos[0] < vx + 25 else 1)

    def value_x(self) -> int:
        """Where the ``‹ value ›`` starts: past the caption, or past the focus mark's place when
        there is no caption (the mark and the arrow never touch)."""
        if self.caption:
            return self.rect.x + int(self.rect.w * 0.55)
        return self.rect.x + 10 + max(14, int(self.rect.h * 0.6))

    def draw(self, surf: pygame.Surface, focused: bool, size: int) -> None:
        if focused:
            pygame.draw.rect(surf, (40, 84, 64), self.rect, border_radius=6)
            pygame.draw.rect(surf, ACCENT, self.rect, width=3, border_radius=6)
        color = INK if self.enabled else (150, 160, 155)
        vx = self.value_x()
        caption = ("› " if focused else "") + self.caption
        room = max(8, vx - self.rect.x - (16 if self.caption else 12))
        label(surf, elide(caption, size, room), (self.rect.x + 10, self.rect.centery), size, color, anchor="midleft",
              box=self.rect)
        value = elide(self.value, size, max(8, self.rect.right - vx - 8 - font(size, True).size("‹    ›")[0]), True)
        label(surf, f"‹  {value}  ›", (vx, self.rect.centery), size, ACCENT if self.enabled else color,
              bold=True, anchor="midleft", box=self.rect)


class Toggle(Choice):
    def __init__(self, caption: str, on: bool, on_change: Callable[[bool], None] | None = None) -> None:
        changed = None if on_change is None else lambda i: on_change(bool(i))
        super().__init__(caption, [_("Off"), _("On")], int(on), changed)

    @property
    def on(self) -> bool:
        return bool(self.index)


class TextField(Widget):
    def __init__(self, value: str, max_len: int = 16, on_change: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.value = value
        self.max_len = max_len
        self.on_change = on_change

    def type_text(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:  # typed text: printable characters only, bounded
            typed = "".join(ch for ch in str(event.text) if ch.isprintable() and not "\ud800" <= ch <= "\udfff")
            new = (self.value + typed)[: self.max_len]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            new = self.value[:-1]
        else:
            return False
        if new != self.value:
            self.value = new
            if self.on_change:
                self.on_change(new)
        return True

    def draw(self, surf: pygame.Surface, focused: bool, size: int) -> None:
        pygame.draw.rect(surf, (250, 250, 245) if focused else (226, 230, 226), self.rect, border_radius=6)
        pygame.draw.rect(surf, ACCENT if focused else (100, 120, 110), self.rect, width=3 if focused else 1,
                         border_radius=6)
        shown = self.value + ("|" if focused else "")
        label(surf, shown, (self.rect.x + 8, self.rect.centery), size, (20, 30, 25), anchor="midleft", box=self.rect)


class Form:
    """Focus ring over widgets, in the order given."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets = list(widgets)
        self.focus = 0

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible]

    @property
    def focused(self) -> Widget | None:
        items = self.focusable()
        if not items:
            return None
        self.focus %= len(items)
        return items[self.focus]

    def move(self, delta: int) -> None:
        items = self.focusable()
        if items:
            self.focus = (self.focus + delta) % len(items)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        current = self.focused
        if current is not None and current.type_text(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (event.mod & pygame.KMOD_SHIFT):
                self.move(1)
            elif event.key in (pygame.K_UP,) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(-1)
            elif event.key == pygame.K_LEFT and current is not None:
                current.change(-1)
            elif event.key == pygame.K_RIGHT and current is not None:
                current.change(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and current is not None:
                current.activate()
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, w in enumerate(self.focusable()):
                if w.rect.collidepoint(event.pos):
                    self.focus = i
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, w in enumerate(self.focusable()):
                if w.rect.collidepoint(event.pos):
                    self.focus = i
                    w.click(event.pos)
                    return True
        return False

    def draw(self, surf: pygame.Surface, size: int) -> None:
        current = self.focused
        for w in self.widgets:
            if w.visible:
                w.draw(surf, w is current, size)
                note_control(surf, w.rect, getattr(w, "caption", "") or type(w).__name__)
