"""The guided first hand's coach bubble on a table whose melds stay in the hand (never changes
anything): the step's title, what to do and why, and after a wrong try the coach's hint.

It takes the news panel's place (the coach says what matters in the guided hand), growing down
over the felt to the line over the hand (the points) when its words need more room, in type down
to 11 px; where even that is too little (a hand in two rows at a small window) it grows up as
well, to the window's top beside the opponents' boxes: it never covers a card, a caption or a
word.  A ring marks the card of the middle the step is about (the stock, the discard pile, the
cut joker) or its button (Marriage's See maal).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _

from ..resources import font, wrap
from ..widgets import INK, label, panel
from .layout import HandLayout

HINT = (255, 214, 110)  # the coach's colour (as at Vazhushal's table)


@dataclass(frozen=True)
class Bubble:
    box: pygame.Rect
    title: list[str]
    lines: list[str]  # the step's words, then the note (a hint or that the player left the script)
    size: int  # the words' type
    title_size: int
    fits: bool = True  # False: even in the smallest type the words need more than the room (a layout fault)


def coach_words(scene) -> tuple[str, str, str]:
    """The step's title and words, and the note under them (translated)."""
    tutorial = scene.tutorial
    step = tutorial.current
    return _(step.title), step.say(step.words), tutorial.note(scene.state)


def place_bubble(scene, lay: HandLayout) -> Bubble | None:
    """Where the bubble goes and its words wrapped there (``None`` once the script is over)."""
    tutorial = getattr(scene, "tutorial", None)
    if tutorial is None or tutorial.current is None:
        return None
    title, words, note = coach_words(scene)
    p = lay.px
    w = lay.size[0]
    box = pygame.Rect(lay.news.x, lay.news.y, w - p(12) - lay.news.x, lay.news.h)
    points = font(max(12, round(20 * lay.scale)), True).get_linesize()
    floor = lay.label_y - p(4) - points - (lay.note_lines - 1) * font(max(12, round(18 * lay.scale))).get_linesize()
    floor -= max(4, p(8))
    floor = min(floor, getattr(lay, "coach_floor", None) or floor)  # a game's own lines over the hand (Marriage's)
    box.h = max(box.h, floor - box.y)
    base = max(11, min(scene.fs(18), round(18 * lay.scale)))
    best = _fitted(title, words, note, box, base, p)
    if not best.fits:  # up to the window's top as well, clear of the opponents' boxes over it
        top = max((r.bottom for r in lay.opponents if r.right > box.x and r.x < box.right), default=0) + max(4, p(8))
        if top < box.y:
            best = _fitted(title, words, note, pygame.Rect(box.x, top, box.w, box.bottom - top), base, p)
    return best


def _fitted(title: str, words: str, note: str, box: pygame.Rect, base: int, p) -> Bubble:
    """The words wrapped to ``box``'s width in the largest type from ``base`` down to 11 px whose
    lines fit its height (the bubble as tall as they need); else in 11 px, marked as not fitting."""
    best = None
    for size in range(base, 10, -1):
        title_size = size + max(1, p(3))
        inner = box.w - p(24)
        heads = wrap(title, title_size, inner, True)
        lines = wrap(words, size, inner) + (wrap(note, size, inner) if note else [])
        need = p(10) + len(heads) * font(title_size, True).get_linesize() + p(6)
        need += len(lines) * font(size).get_linesize() + p(10)
        best = Bubble(pygame.Rect(box.x, box.y, box.w, need), heads, lines, size, title_size, need <= box.h)
        if need <= box.h:
            break
    return best


def ring(scene, lay: HandLayout) -> pygame.Rect | None:
    """The middle's card or the button the step points at, if any."""
    target = scene.tutorial.current.target
    return lay.slots.get(target) or lay.buttons.get(target)


def draw_coach(scene, surf: pygame.Surface, lay: HandLayout, bubble: Bubble) -> None:
    """The bubble and, around the card it is about, a ring."""
    p = lay.px
    aim = ring(scene, lay)
    if aim is not None:
        pygame.draw.rect(surf, HINT, aim.inflate(p(14), p(14)), width=3, border_radius=10)
    box = bubble.box
    panel(surf, box, (16, 40, 60), 245, border=HINT)
    x, y = box.x + p(12), box.y + p(10)
    for line in bubble.title:
        label(surf, line, (x, y), bubble.title_size, HINT, bold=True)
        y += font(bubble.title_size, True).get_linesize()
    y += p(6)
    words = len(wrap(coach_words(scene)[1], bubble.size, box.w - p(24)))
    for i, line in enumerate(bubble.lines):
        label(surf, line, (x, y), bubble.size, INK if i < words else HINT)
        y += font(bubble.size).get_linesize()
