"""What the viewer asks of a game's adapter, and what it hands it.

The viewer (:mod:`.scene`) owns the step, the seat and the controls; a game's *board* draws its
table for one :class:`Frame` and says where the viewer's controls go on it (:class:`Chrome`),
because each table has its own free place for them (Vazhushal's button column at the right,
Indian Rummy's button row under the hand).  A game's adapter module provides:

- ``GAME``: the game's name in replay documents (``doc["game"]``);
- ``deal_words``, ``step_words``, ``key_move``: its :class:`~.timeline.Wording`;
- ``Board(app)``: an object with ``chrome(frame)`` (where the controls go), ``draw(surf, frame)``
  and ``scroll(pos, dy)`` (the mouse wheel over the board; ``False`` when it does nothing).

:func:`draw_groups` is the one drawing both boards add to their table's: a hand face up in a
small row (every hand shown), the cards overlapped down to their index strip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.i18n import _
from game.i18n.names import shown_name

from ..cardart import card_height, strip_width
from ..widgets import ACCENT
from .timeline import Timeline


@dataclass(frozen=True)
class Frame:
    """One step of a replay from one seat: everything a board draws (read only)."""

    timeline: Timeline
    index: int
    seat: int
    show_all: bool  # every hand face up (the hand is over, nothing is secret any more)

    @property
    def state(self) -> Any:
        return self.timeline.states[self.index]

    @property
    def key(self) -> bool:
        return self.index > 0 and self.timeline.is_key(self.index)

    @property
    def caption(self) -> str:
        """What this step was, in words (without its number)."""
        return self.timeline.captions[self.index]

    @property
    def heading(self) -> str:
        return self.timeline.heading(self.index)

    @property
    def seat_name(self) -> str:
        return self.timeline.names[self.seat]

    def view_words(self) -> str:
        """Whose view is shown: ``Ravi's view`` or ``Every hand shown``."""
        if self.show_all:
            return _("Every hand shown")
        return _("Your view") if self.seat_name == "You" else _("{name}'s view").format(name=shown_name(self.seat_name))

    def hand_words(self) -> str:
        """The words over the seat's hand: ``Ravi's hand`` (``· every hand shown``); "Your hand" for
        the seat the game names "You" (a seat name, English as stored)."""
        you = self.seat_name == "You"
        if self.show_all:
            return _("Your hand · every hand shown") if you else _("{name}'s hand · every hand shown").format(
                name=shown_name(self.seat_name))
        return _("Your hand") if you else _("{name}'s hand").format(name=shown_name(self.seat_name))


@dataclass
class Chrome:
    """Where the viewer's controls go this frame: a rect per button name, the progress strip and
    its legend."""

    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    strip: pygame.Rect = field(default_factory=pygame.Rect)
    legend: pygame.Rect | None = None  # a word on the strip's ticks, when there is room


class Board(Protocol):
    def chrome(self, frame: Frame) -> Chrome: ...

    def draw(self, surf: pygame.Surface, frame: Frame) -> None: ...

    def scroll(self, pos: tuple[int, int], dy: int) -> bool: ...


def draw_groups(art: Any, surf: pygame.Surface, groups: Sequence[Sequence[tuple[int, int]]], area: pygame.Rect,
                cw: int, wild: Sequence[bool], gap: int) -> None:
    """Groups of ``(card id, kind)`` face up in one row from ``area``'s top left: each group
    overlapped down to the cards' index strips, ``gap`` between groups.  When that does not fit
    the width the groups close up, a thin line marking where each begins, and the cards overlap
    more only when even that is too wide."""
    groups = [g for g in groups if g]
    n, k = sum(len(g) for g in groups), len(groups)
    if not n:
        return
    tight = strip_width(cw)
    step = tight if n == k else min(tight, (area.w - k * cw - (k - 1) * gap) // (n - k))
    joined = step < tight and k > 1
    if joined:  # one run of cards: every card but the first of the row shows its strip
        gap = 0
        step = min(tight, (area.w - cw) // (n - 1))
    step = max(4, step)
    x = area.x
    for gi, g in enumerate(groups):
        if joined and gi:
            pygame.draw.line(surf, ACCENT, (x - 1, area.y - 2), (x - 1, area.y + card_height(cw) + 1), 2)
        for i, (card, kind) in enumerate(g):
            art.draw_face(surf, (x + i * step, area.y), kind, cw, wild=wild[kind], card_id=card)
        x += (cw if not joined else step) + step * (len(g) - 1) + gap
