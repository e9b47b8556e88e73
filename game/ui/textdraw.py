"""The one place words reach the screen, and what it can report about them.

Every scene draws its words with :func:`draw_text` (``widgets.label`` is the same call), never by
blitting a rendered surface itself: the place a translation will hook in, and the place a layout
check listens at.  Inside :func:`recording` (tests and tools only) each drawing is written down
with where it landed on the screen: the words and the rectangle their ink covers, the box they had
to fit, whether :func:`~game.ui.resources.elide` shortened them; the cards drawn
(:func:`note_card`, from ``CardArt``), the controls (:func:`note_control`, from the widgets) and the
panels laid over what was drawn before (:func:`note_cover`).  A dimmed backdrop (``scene.dim``)
starts a new layer: what an overlay hides is not compared with the overlay.  Only what lands on
the window (or a part of it) is written down: words drawn on a surface of their own, blitted later,
would not be (no scene draws so).  Outside a recording nothing is kept and the cost is one test of
a module global.

:func:`problems` turns a recording into the sentences the layout check
(tests/ui/test_layout_every_screen.py) fails with.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from . import resources
from .resources import text

INK = (240, 240, 236)


@dataclass
class Drawn:
    """One thing drawn: ``kind`` is ``text``, ``card``, ``control`` or ``cover``; ``rect`` is in
    screen pixels (for words, the ink's bounds); ``box`` the room the words had to stay in."""

    kind: str
    words: str
    rect: pygame.Rect
    box: pygame.Rect | None = None
    elided: bool = False
    layer: int = 0
    on_card: bool = False
    broken: bool = False  # the line ends in the first part of a word broken between its letters


@dataclass
class Recorder:
    """What was drawn since the recording began (``items``), in drawing order."""

    items: list[Drawn] = field(default_factory=list)
    elided: set[str] = field(default_factory=set)
    broken: set[str] = field(default_factory=set)  # lines that end inside a word (resources.wrap)
    layer: int = 0

    def new_frame(self) -> None:
        """Forget what was drawn (not which strings were elided: a layout cuts its words before the
        frame that draws them)."""
        self.items.clear()
        self.layer = 0


_recorder: Recorder | None = None


@contextmanager
def recording() -> Iterator[Recorder]:
    """Write down everything drawn inside the ``with`` block."""
    global _recorder
    before = _recorder
    _recorder = Recorder()
    resources.set_elision_listener(_recorder.elided.add)
    resources.set_break_listener(_recorder.broken.add)
    try:
        yield _recorder
    finally:
        _recorder = before
        resources.set_elision_listener(before.elided.add if before is not None else None)
        resources.set_break_listener(before.broken.add if before is not None else None)


def _on_screen(surf: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
    """``rect`` on ``surf`` in screen pixels, or None when ``surf`` is not (part of) the window."""
    screen = pygame.display.get_surface()
    if screen is None or surf.get_abs_parent() is not screen:
        return None
    dx, dy = surf.get_abs_offset()
    return rect.move(dx, dy)


def new_layer() -> None:
    """What is drawn from now on lies over a dimmed backdrop (an overlay, a dialog)."""
    if _recorder is not None:
        _recorder.layer += 1


def draw_text(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int = 20, color: tuple = INK,
              bold: bool = False, anchor: str = "topleft", box: pygame.Rect | None = None,
              on_card: bool = False) -> pygame.Rect:
    """Draw the line ``s`` with its ``anchor`` point at ``pos``; its rectangle.  ``box`` is the room
    it must stay in (the window when not given); ``on_card`` marks a card's own label."""
    img = text(s, size, color, bold)
    rect = img.get_rect(**{anchor: pos})
    surf.blit(img, rect)
    if _recorder is not None and s.strip():
        ink = img.get_bounding_rect().move(rect.topleft)
        where = _on_screen(surf, ink)
        if where is not None:
            room = _on_screen(surf, pygame.Rect(box)) if box is not None else None
            _recorder.items.append(Drawn("text", s, where, room, s in _recorder.elided, _recorder.layer, on_card,
                                         s in _recorder.broken))
    return rect


def note_elided(s: str) -> None:
    """Words that had to be left out (a key hint dropped for room) count as cut."""
    if _recorder is not None:
        _recorder.items.append(Drawn("text", s, pygame.Rect(0, 0, 0, 0), None, True, _recorder.layer))


def fit_lines(lines: list[str], most: int) -> list[str]:
    """The first ``most`` of ``lines``; those left out for room count as cut (the layout check
    sees words dropped by a line count, not only words elided with "…")."""
    most = max(0, most)
    if len(lines) > most:
        note_elided(" ".join(lines[most:]))
    return lines[:most]


def note_card(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A card drawn at ``rect`` (words over it are a fault, unless they are its own)."""
    if _recorder is not None:
        where = _on_screen(surf, rect)
        if where is not None:
            _recorder.items.append(Drawn("card", "", where, layer=_recorder.layer))


def note_control(surf: pygame.Surface, rect: pygame.Rect, words: str) -> None:
    """A control (button, choice, text field) drawn at ``rect``, named by ``words``."""
    if _recorder is not None:
        where = _on_screen(surf, rect)
        if where is not None:
            _recorder.items.append(Drawn("control", words, where, layer=_recorder.layer))


def note_cover(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """An opaque-looking panel drawn over whatever is already there."""
    if _recorder is not None:
        where = _on_screen(surf, rect)
        if where is not None:
            _recorder.items.append(Drawn("cover", "", where, layer=_recorder.layer))


def _show(d: Drawn) -> str:
    r = d.rect
    return f"{d.words!r} at ({r.x}, {r.y}, {r.w}×{r.h})"


def _ink(d: Drawn) -> pygame.Rect:
    """The words' ink less its faint anti-aliased rim (a pixel each side): touching is not overlapping."""
    return d.rect.inflate(-2, -2)


def problems(items: list[Drawn], window: tuple[int, int]) -> list[str]:
    """Every way the drawings break the layout rules, as sentences: words elided, cut or outside
    their box, a word broken between its letters (no room for it on a line of its own), two texts
    overlapping, words over a card, a control outside the window, words hidden by a panel drawn
    over them."""
    screen = pygame.Rect((0, 0), window)
    out: list[str] = []
    # A scrolled list parks the rows out of view left of and above the window: they are not shown.
    items = [d for d in items if not (d.rect.w and (d.rect.right <= 0 or d.rect.bottom <= 0))]
    texts = [d for d in items if d.kind == "text"]
    for d in texts:
        if d.elided:
            out.append(f"cut: {_show(d)}" + (" (elided with …)" if d.rect.w else " (left out for room)"))
            continue
        if d.broken:
            out.append(f"a word broken across lines: {_show(d)}")
        if not screen.contains(d.rect):
            out.append(f"outside the window: {_show(d)}")
        elif d.box is not None and not d.box.contains(d.rect):
            out.append(f"overflows its box {tuple(d.box)}: {_show(d)}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.layer == b.layer and a.rect.w and b.rect.w and _ink(a).colliderect(_ink(b)):
                out.append(f"texts overlap: {_show(a)} and {_show(b)}")
    cards = [d for d in items if d.kind == "card"]
    for t in texts:
        if t.on_card or not t.rect.w:
            continue
        for c in cards:
            if c.layer == t.layer and _ink(t).colliderect(c.rect):
                out.append(f"text over a card at {tuple(c.rect)}: {_show(t)}")
                break
    controls = [d for d in items if d.kind == "control"]
    for d in controls:
        if not screen.contains(d.rect):
            out.append(f"control outside the window: {_show(d)}")
    for t in texts:  # words not a control's own keep clear of it (two pixels at least)
        if not t.rect.w:
            continue
        for c in controls:
            if c.layer == t.layer and t.box != c.rect and t.rect.inflate(4, 4).colliderect(c.rect):
                out.append(f"text touches the control {c.words!r} at {tuple(c.rect)}: {_show(t)}")
                break
    for i, d in enumerate(items):
        if d.kind != "cover":
            continue
        for e in items[:i]:
            if e.kind in ("text", "control") and e.layer == d.layer and e.rect.w and d.rect.colliderect(e.rect):
                out.append(f"hidden under a panel at {tuple(d.rect)}: {_show(e)}")
    return out
