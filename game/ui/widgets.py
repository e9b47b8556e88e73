"""Small widgets (buttons, choices, toggles, text fields) and a focus ring for keyboard use.

A :class:`Form` holds focusable widgets: Up/Down/Tab move the focus, Left/Right change a choice,
Enter/Space activate; the mouse hovers and clicks.  Focus is shown by a thick outline and a "›"
marker, not by colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _

from .resources import elide, font, text, wrap
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
    if rect.w <= 0 or rect.h <= 0:  # no room at all (a window squeezed small): nothing to draw
        return
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

    def width_for(self, size: int) -> int:
        """How wide the button must be for its caption and key hint side by side in ``size`` px type."""
        key = font(max(10, size - 2)).size(self.key)[0] + max(5, size // 2) if self.key else 0
        return font(size, True).size(self.caption)[0] + key + 10

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


def rows_of(widths: Sequence[int], width: int, gap: int) -> list[list[int]]:
    """Items (their widths, by index) in rows of ``width``: as many a row as fit (an item wider
    than the row alone on its row)."""
    rows: list[list[int]] = []
    x = width + 1
    for i, span in enumerate(widths):
        if rows and x + gap + span <= width:
            rows[-1].append(i)
            x += gap + span
        else:
            rows.append([i])
            x = span
    return rows


def arrange_buttons(buttons: Sequence[Button], size: int, centerx: int, bottom: int, room: int, most: int,
                    height: int, gap: int) -> int:
    """Place ``buttons`` in centred rows ending at ``bottom``: all side by side (each at most ``most``
    wide where that is enough, the row at most ``room``), else as many to a row as every caption
    (focused, with its key) allows, in order.  Returns the top of the first row."""
    n = len(buttons)

    def fit(per_row: int) -> int | None:  # the buttons' width when so many to a row fit, else None
        share = (room - (per_row - 1) * gap) // per_row
        for bw in dict.fromkeys((min(most, share), share)):  # no wider than ``most`` where that is enough
            for b in buttons:
                b.rect = pygame.Rect(0, 0, bw, height)
            if all(b.fits("› " + b.caption, size) for b in buttons):
                return bw
        return None

    per_row, bw = 1, room
    for count in range(n, 0, -1):
        found = fit(count)
        if found is not None:
            per_row, bw = count, found
            break
    rows = [list(buttons[i:i + per_row]) for i in range(0, n, per_row)]
    top = bottom - len(rows) * height - (len(rows) - 1) * gap
    for r, row in enumerate(rows):
        x0 = centerx - (len(row) * bw + (len(row) - 1) * gap) // 2
        for i, b in enumerate(row):
            b.rect = pygame.Rect(x0 + i * (bw + gap), top + r * (height + gap), bw, height)
    return top


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
        vx = self.drawn_x if self.drawn_x is not None else self.value_x()
        self.change(-1 if vx <= pos[0] < vx + 25 else 1)

    drawn_x: int | None = None  # where the value was last drawn (a long caption moves it right)
    compact = False  # no caption and no room kept for the focus mark (a narrow choice: its frame shows the focus)

    @property
    def gap(self) -> str:
        """Between an arrow and the value: two spaces, one in a compact choice."""
        return " " if self.compact else "  "

    @property
    def right_pad(self) -> int:
        """Room right of the closing arrow: 8 pixels, 3 in a compact choice."""
        return 3 if self.compact else 8

    @property
    def arrows(self) -> str:
        """The arrows with their gaps, as measured: ``‹    ›``."""
        return f"‹{self.gap}{self.gap}›"

    def value_x(self) -> int:
        """Where the ``‹ value ›`` starts: past the caption, or past the focus mark's place when
        there is no caption (the mark and the arrow never touch)."""
        if self.caption:
            return self.rect.x + int(self.rect.w * 0.55)
        if self.compact:
            return self.rect.x + 6
        return self.rect.x + 10 + max(14, int(self.rect.h * 0.6))

    def placed(self, caption: str, size: int) -> tuple[int, int] | None:
        """The type size and the value's x at which ``caption`` and the value both fit whole: the
        usual split first, else the split moved toward the shorter one, in type a step or two smaller
        (never below 11 px); None when nothing fits (both are then shortened)."""
        pad = 16 if self.caption else 6 if self.compact else 12
        for fit in range(size, self.smallest(size) - 1, -1):
            cap_w = font(fit).size(caption)[0] if self.caption else 0
            val_w = font(fit, True).size(self.value)[0] + font(fit, True).size(self.arrows)[0]
            low, high = self.rect.x + pad + cap_w, self.rect.right - self.right_pad - val_w
            if low <= high:
                return fit, min(max(self.value_x(), low), high)
        return None

    def smallest(self, size: int) -> int:
        """The smallest type a choice shrinks to (a step or two, never below 11 px)."""
        return min(size, max(11, size - 3))

    def two_line_height(self, size: int) -> int:
        """The height a choice needs for its caption above its value (both in its smallest type)."""
        return 2 * font(self.smallest(size), True).get_linesize() + 4

    def tall(self, size: int) -> bool:
        """Whether the choice needs two lines at its width: its caption (focused, the widest) and its
        value do not fit side by side even in smaller type.  A layout gives such a choice
        :meth:`two_line_height`."""
        return self.placed(("" if self.compact else "› ") + self.caption, size) is None

    def draw(self, surf: pygame.Surface, focused: bool, size: int) -> None:
        if focused:
            pygame.draw.rect(surf, (40, 84, 64), self.rect, border_radius=6)
            pygame.draw.rect(surf, ACCENT, self.rect, width=3, border_radius=6)
        color = INK if self.enabled else (150, 160, 155)
        value_colour = ACCENT if self.enabled else color
        caption = ("› " if focused and not self.compact else "") + self.caption
        placed = self.placed(caption, size)
        if placed is None and self.caption and self.rect.h >= self.two_line_height(size):
            # the caption on the first line, the value under it at the right (a tall row)
            fit = self.smallest(size)
            line = font(fit, True).get_linesize()
            top = self.rect.centery - line - 1
            arrows = font(fit, True).size(self.arrows)[0]
            low = self.rect.x + 10 + max(14, font(fit).size("› ")[0] + 4)
            vx = max(low, min(self.value_x(), self.rect.right - 8 - arrows - font(fit, True).size(self.value)[0]))
            self.drawn_x = vx
            label(surf, elide(caption, fit, self.rect.w - 20), (self.rect.x + 10, top + line // 2), fit, color,
                  anchor="midleft", box=self.rect)
            value = elide(self.value, fit, max(8, self.rect.right - vx - 8 - arrows), True)
            if value != self.value:
                note_elided(self.value)
            label(surf, f"‹{self.gap}{value}{self.gap}›", (vx, top + line + 2 + line // 2), fit, value_colour,
                  bold=True, anchor="midleft", box=self.rect)
            return
        if placed is None and not self.caption and self.rect.h >= self.two_line_height(size):
            if self.draw_value_lines(surf, caption, self.smallest(size), color, value_colour):
                return
        fit, vx = placed or (size, self.value_x())
        self.drawn_x = vx
        room = max(8, vx - self.rect.x - (16 if self.caption else 12))
        label(surf, elide(caption, fit, room), (self.rect.x + 10, self.rect.centery), fit, color, anchor="midleft",
              box=self.rect)
        room = max(8, self.rect.right - vx - self.right_pad - font(fit, True).size(self.arrows)[0])
        value = elide(self.value, fit, room, True)
        if value != self.value:  # the value is drawn inside its arrows: the check sees it cut by this
            note_elided(self.value)
        label(surf, f"‹{self.gap}{value}{self.gap}›", (vx, self.rect.centery), fit, value_colour, bold=True,
              anchor="midleft", box=self.rect)


    def value_fits(self, value: str, size: int) -> bool:
        """Whether ``value`` would show whole in this choice (without a caption): on one line in its
        type or a step or two smaller, or (a row tall enough) on two lines between its arrows."""
        room = self.rect.right - self.right_pad - self.value_x()
        for fit in range(size, self.smallest(size) - 1, -1):
            if font(fit, True).size(value)[0] + font(fit, True).size(self.arrows)[0] <= room:
                return True
        if self.rect.h < self.two_line_height(size):
            return False
        fit = self.smallest(size)
        f = font(fit, True)
        width = room - f.size("‹" + self.gap)[0] - f.size(self.gap + "›")[0]
        lines = wrap(value, fit, width, True)
        return len(lines) <= 2 and all(f.size(line)[0] <= width for line in lines)

    def draw_value_lines(self, surf: pygame.Surface, mark: str, fit: int, color: tuple, value_colour: tuple) -> bool:
        """A choice without a caption in a tall row: its value on two lines between the arrows.
        False (nothing drawn) when two lines are not enough."""
        f = font(fit, True)
        vx = self.value_x()
        left, right = vx + f.size("‹" + self.gap)[0], self.rect.right - self.right_pad - f.size(self.gap + "›")[0]
        lines = wrap(self.value, fit, right - left, True)
        if len(lines) > 2 or any(f.size(line)[0] > right - left for line in lines):
            return False
        self.drawn_x = vx
        cy, line = self.rect.centery, f.get_linesize()
        if mark:
            label(surf, mark, (self.rect.x + 10, cy), fit, color, anchor="midleft", box=self.rect)
        label(surf, "‹", (vx, cy), fit, value_colour, bold=True, anchor="midleft", box=self.rect)
        label(surf, "›", (self.rect.right - self.right_pad, cy), fit, value_colour, bold=True, anchor="midright",
              box=self.rect)
        top = cy - len(lines) * line // 2
        for i, words in enumerate(lines):
            label(surf, words, ((left + right) // 2, top + i * line + line // 2), fit, value_colour, bold=True,
                  anchor="center", box=self.rect)
        return True


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
        room = max(8, self.rect.w - 16)
        fit = next((f for f in range(size, min(size, 11) - 1, -1) if font(f).size(shown)[0] <= room), min(size, 11))
        if font(fit).size(shown)[0] > room:  # a narrow field: the end being typed, else the name cut with "…"
            if focused:
                while len(shown) > 1 and font(fit).size(shown)[0] > room:
                    shown = shown[1:]
            else:
                shown = elide(shown, fit, room)
        label(surf, shown, (self.rect.x + 8, self.rect.centery), fit, (20, 30, 25), anchor="midleft", box=self.rect)


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
