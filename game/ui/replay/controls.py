"""The viewer's controls, the same for every game: the buttons (what they are called, where a
board's grid puts them) and the progress strip along the bottom.

The strip is one track from the deal (left) to the end (right) with a tick at every key move
and a handle at the step shown; a click, or a drag along it, jumps to the step under the
pointer (to a key move when one is within a few pixels, so a tick is easy to hit).

The buttons' captions are English marked for the catalogue (``N_``): the viewer translates them
when it fits them to their buttons; the key hints are key names and stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import N_, _

from ..resources import font
from ..widgets import ACCENT, INK, MUTED, Button, label
from .timeline import Timeline

# name, captions from the longest to the shortest (the first that fits its button is shown), key
CONTROLS = (
    ("first", (N_("|◀ Start"), "|◀"), "Home"),
    ("prev_key", (N_("◀◀ Key move"), N_("◀◀ Key"), "◀◀"), "PgUp"),
    ("back", (N_("◀ Step"), "◀"), "←"),
    ("next", (N_("Step ▶"), "▶"), "→"),
    ("next_key", (N_("Key move ▶▶"), N_("Key ▶▶"), "▶▶"), "PgDn"),
    ("last", (N_("End ▶|"), "▶|"), "End"),
    ("seat", (N_("Seat"),), "Tab"),
    ("all", (N_("Show all hands"), N_("All hands"), N_("All")), "A"),
    # Translators: "Rev" and "Sm" are the shortest captions of Review seat and Same cards (a narrow window).
    ("review", (N_("Review seat"), N_("Review"), N_("Rev")), "R"),
    ("same", (N_("Same cards"), N_("Same"), N_("Sm")), "C"),
    ("close", (N_("Close"),), "Esc"),
)
NAMES = tuple(name for name, _captions, _key in CONTROLS)
TRACK = (40, 70, 56)
PLAYED = (120, 170, 140)
SNAP = 6  # pixels (at 1280x720) within which a click on the strip lands on a key move


def fit_caption(button: Button, captions: Sequence[str], size: int) -> None:
    """The longest of ``captions`` that fits the button (with room to spare) beside its key hint, at
    ``size`` when one does, else the shortest."""
    f = font(size, True)
    roomy = [c for c in captions if button.fits(c, size)]
    button.caption = next((c for c in roomy if f.size(c)[0] + 16 <= button.rect.w), roomy[0] if roomy else captions[-1])


def grid(area: pygame.Rect, rows: Sequence[Sequence[str]], height: int, gap: int) -> dict[str, pygame.Rect]:
    """Buttons in rows inside ``area``, from its bottom up: each row shares the width equally."""
    out: dict[str, pygame.Rect] = {}
    y = area.bottom - len(rows) * (height + gap) + gap
    for row in rows:
        w = (area.w - gap * (len(row) - 1)) // max(1, len(row))
        for i, name in enumerate(row):
            out[name] = pygame.Rect(area.x + i * (w + gap), y, w, height)
        y += height + gap
    return out


def row(area: pygame.Rect, names: Sequence[str], gap: int) -> dict[str, pygame.Rect]:
    """Buttons side by side across ``area``."""
    w = (area.w - gap * (len(names) - 1)) // max(1, len(names))
    return {name: pygame.Rect(area.x + i * (w + gap), area.y, w, area.h) for i, name in enumerate(names)}


def _track(rect: pygame.Rect) -> tuple[int, int]:
    """The strip's usable span: left and right x of step 0 and the last step."""
    pad = max(8, rect.h // 2)
    return rect.x + pad, rect.right - pad


def step_x(rect: pygame.Rect, index: int, last: int) -> int:
    x0, x1 = _track(rect)
    return x0 + round((x1 - x0) * index / max(1, last))


def step_at(rect: pygame.Rect, pos: tuple[int, int], timeline: Timeline, snap: int = SNAP) -> int:
    """The step under ``pos`` on the strip: a key move within ``snap`` pixels, else the nearest."""
    x0, x1 = _track(rect)
    last = timeline.last
    near = [k for k in timeline.key_moves if abs(step_x(rect, k, last) - pos[0]) <= snap]
    if near:
        return min(near, key=lambda k: abs(step_x(rect, k, last) - pos[0]))
    return timeline.clamp(round((pos[0] - x0) * last / max(1, x1 - x0)))


def draw_strip(surf: pygame.Surface, rect: pygame.Rect, timeline: Timeline, index: int, px) -> None:
    """The track, the part played so far, a tick per key move, the handle at ``index``."""
    last = timeline.last
    x0, x1 = _track(rect)
    cy = rect.centery
    th = max(4, px(6))
    pygame.draw.rect(surf, TRACK, pygame.Rect(x0, cy - th // 2, x1 - x0, th), border_radius=th // 2)
    here = step_x(rect, index, last)
    pygame.draw.rect(surf, PLAYED, pygame.Rect(x0, cy - th // 2, here - x0, th), border_radius=th // 2)
    tick = max(5, rect.h // 2 - 2)
    for k in timeline.key_moves:
        x = step_x(rect, k, last)
        pygame.draw.line(surf, ACCENT, (x, cy - tick), (x, cy + tick), max(2, px(3)))
    r = max(5, px(9))
    pygame.draw.circle(surf, INK, (here, cy), r)
    pygame.draw.circle(surf, ACCENT if timeline.is_key(index) else MUTED, (here, cy), r, width=max(2, px(3)))


def split_legend(band: pygame.Rect, px) -> tuple[pygame.Rect, pygame.Rect]:
    """A band for the strip cut in two: the strip, and at its right the legend of the ticks."""
    words = font(max(12, px(18))).size(_("key moves"))[0]  # in the type draw_legend is given (the viewer's fs(16))
    legend = pygame.Rect(0, band.y, max(px(130), 80, words + px(22) + 4), band.h)  # the tick, then the words
    legend.right = band.right
    return pygame.Rect(band.x, band.y, band.w - legend.w, band.h), legend


def draw_legend(surf: pygame.Surface, rect: pygame.Rect, size: int, px) -> None:
    """What the ticks on the strip are: a tick like theirs, then "key moves"."""
    x, cy = rect.x + px(12), rect.centery
    tick = max(5, rect.h // 2 - 2)
    pygame.draw.line(surf, ACCENT, (x, cy - tick), (x, cy + tick), max(2, px(3)))
    label(surf, _("key moves"), (x + px(10), cy), size, MUTED, anchor="midleft")
