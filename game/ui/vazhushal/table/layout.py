"""Where everything on the table goes, for a window size (all sizes scale with the window).

At 1280x720: opponents across the top, the stock and the discard line in the middle, your
melds, then your hand at the bottom, and a column of status, scores and buttons on the right.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import N_, _

from ...cardart import card_height, strip_width
from ...resources import font, measure, wrap


def fitted_size(words: str, size: int, width: int, bold: bool = False, least: int = 11) -> int:
    """The largest type from ``size`` down to ``least`` px in which ``words`` fit ``width`` (``least``
    when none does: the caller elides or wraps)."""
    while size > least and measure(words, size, bold)[0] > width:
        size -= 1
    return size


def wrap_words(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``s`` wrapped to ``width``; a word longer than a whole line is broken where it must be."""
    out = []
    for line in wrap(s, size, width, bold):
        while measure(line, size, bold)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and measure(line[:cut], size, bold)[0] > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:].lstrip()
        out.append(line)
    return out


KEY_HELP = (  # the first that fits the window is shown (translated where it is drawn)
    N_("←→↑↓ move · Space select · M meld · D discard · N draw · S sort · H hint · U undo · L log · Esc menu"),
    N_("←→↑↓ move · Space select · M meld · D discard · N draw · H hint · U undo · Esc menu"),
    N_("Arrows move · Space select · M meld · D discard · N draw · Esc menu"),
)


def key_help(width: int, size: int) -> tuple[list[str], int]:
    """The key help in a bar ``width`` wide, and its type size: the longest help that fits; the
    shortest in smaller type (never below 11 px); else the shortest on two lines (the layout gives
    the bar their height)."""
    helps = [_(k) for k in KEY_HELP]
    keys = next((k for k in helps if measure(k, size)[0] <= width), None)
    if keys is not None:
        return [keys], size
    size = fitted_size(helps[-1], size, width)
    return wrap_words(helps[-1], size, width), size


@dataclass
class LineLayout:
    """The discard line on one row: oldest left, newest right and in full.  When even the
    tightest overlap cannot show every card, the oldest are scrolled away to the left."""

    rects: list[pygame.Rect]
    visible: list[int]  # indices of the cards shown
    hidden_older: int  # cards scrolled away at the old end
    max_scroll: int  # how far back (in cards) the row can be scrolled


@dataclass
class TableLayout:
    w: int
    h: int
    scale: float
    card_scale: float = 1.0
    opponents: list[pygame.Rect] = field(default_factory=list)
    main: pygame.Rect = field(default_factory=pygame.Rect)
    side: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    indicator: pygame.Rect = field(default_factory=pygame.Rect)
    line_area: pygame.Rect = field(default_factory=pygame.Rect)
    melds_area: pygame.Rect = field(default_factory=pygame.Rect)
    message: pygame.Rect = field(default_factory=pygame.Rect)
    hand_area: pygame.Rect = field(default_factory=pygame.Rect)
    help_bar: pygame.Rect = field(default_factory=pygame.Rect)
    hand_w: int = 88
    line_w: int = 56
    meld_w: int = 48
    opp_w: int = 40

    def px(self, v: float) -> int:
        return round(v * self.scale)

    @classmethod
    def make(cls, size: tuple[int, int], opponents: int, card_scale: float = 1.0,
             room_right: bool = False, help_h: int = 0) -> TableLayout:
        """``room_right``: the opponents start at the left of the top row, keeping its right part free
        (for the tutorial's coach bubble, which a small window has no other free place for);
        ``help_h``: the height the key help along the bottom needs (when more than one line)."""
        w, h = size
        s = max(0.5, min(w / 1280, h / 720))
        lay = cls(w, h, s, card_scale)
        p = lay.px
        side_w = max(p(224), 160)  # a small window: its text is at least 12 px, so the column keeps room
        lay.side = pygame.Rect(w - side_w - p(6), p(6), side_w, h - p(12))
        lay.main = pygame.Rect(p(6), p(6), lay.side.x - p(12), h - p(12))
        m = lay.main
        lay.hand_w = max(40, round(96 * s * card_scale))
        lay.line_w = max(40, round(56 * s * min(card_scale, 1.05)))
        lay.meld_w = max(40, round(48 * s * min(card_scale, 1.05)))
        lay.opp_w = max(36, round(40 * s))
        # opponents across the top
        opp_h = max(p(178), 112)  # a small window: room for a row of meld cards or three lines of them in words
        if opponents:
            gap = p(6)
            each = min(p(420), (m.w - gap * (opponents - 1)) // opponents, m.w // 4 if room_right else m.w)
            total = each * opponents + gap * (opponents - 1)
            x0 = m.x if room_right else m.x + (m.w - total) // 2
            lay.opponents = [pygame.Rect(x0 + i * (each + gap), m.y, each, opp_h) for i in range(opponents)]
        top = m.y + opp_h + p(8)
        # the stock and, beside it, the negative joker face up at the left; the line beside them
        lay.stock = pygame.Rect(m.x + p(10), top + p(26), lay.line_w, card_height(lay.line_w))
        lay.indicator = pygame.Rect(lay.stock.right + p(10), lay.stock.y, lay.line_w, card_height(lay.line_w))
        line_h = card_height(lay.line_w) + p(92)
        # under the stock: the negative joker and what it makes wild (three short lines of at least 11 px)
        small = max(11, p(15)) + max(2, p(4))
        line_h = max(line_h, lay.stock.bottom - top + p(6) + 3 * small + p(2))
        # the longest line under the stock, in the language in force
        words = font(max(11, p(15)), True).size(_("Negative joker {card}").format(card="10♦"))[0]
        left = max(p(150), lay.indicator.right + p(14) - m.x, p(10) + words + p(8))
        lay.line_area = pygame.Rect(m.x + left, top, m.right - m.x - left, line_h)
        # the hand at the bottom, your melds above it
        help_h = max(p(26), 16, help_h)
        lay.help_bar = pygame.Rect(m.x, m.bottom - help_h, m.w, help_h)
        hand_h = card_height(lay.hand_w) + p(30)
        lay.hand_area = pygame.Rect(m.x, lay.help_bar.y - hand_h, m.w, hand_h)
        msg_h = max(p(28), 17)
        lay.message = pygame.Rect(m.x, lay.hand_area.y - msg_h - p(2), m.w, msg_h)
        melds_top = lay.line_area.bottom + p(6)
        lay.melds_area = pygame.Rect(m.x, melds_top, m.w, max(p(40), lay.message.y - melds_top - p(2)))
        return lay

    # --- the discard line -----------------------------------------------------------------

    def line_layout(self, n: int, scroll: int = 0) -> LineLayout:
        """Rects of the line's cards on one row: oldest left, newest right and in full, the
        others overlapped down to their index strip (rank and suit stay readable).  A line too
        long for that hides its oldest cards at the left; ``scroll`` cards back from the newest
        brings them in."""
        area = self.line_area
        cw, ch = self.line_w, card_height(self.line_w)
        tight = strip_width(cw)
        x0 = area.x + self.px(6)
        avail = area.right - x0 - self.px(6)
        preferred = round(cw * 0.72)
        step = preferred if n <= 1 else max(tight, min(preferred, (avail - cw) // (n - 1)))
        fits = 1 + max(0, (avail - cw) // step)
        max_scroll = max(0, n - fits)
        scroll = max(0, min(scroll, max_scroll))
        last = n - 1 - scroll  # the card shown in full at the right end
        first = max(0, last - fits + 1)
        if first > 0:  # room for the "older" marker ("◀12") at the left, as wide as it is drawn
            mark = max(self.px(28), measure(f"◀{n}", max(12, round(18 * self.scale)), True)[0] + self.px(4) + 2)
            first = min(last, first + max(1, -(-mark // step)))  # as many cards fewer as the marker takes
            x0 += mark
        # under the heading (in 18 px type at 1280x720, never below 12), with room for a card lifted on hover
        y = area.y + max(self.px(26), font(max(12, round(18 * self.scale)), True).get_linesize() + self.px(8) + 2)
        rects = [pygame.Rect(x0 + (i - first) * step, y, cw, ch) for i in range(n)]
        visible = list(range(first, last + 1)) if n else []
        return LineLayout(rects, visible, first, max_scroll)

    # --- rows of cards ----------------------------------------------------------------------

    def hand_positions(self, n: int, raised: list[bool], gaps: list[bool] | None = None) -> list[pygame.Rect]:
        """Your hand in one row, overlapped as much as it must be; ``gaps[i]`` leaves a space
        before card i (the start of a group)."""
        area = self.hand_area
        cw, ch = self.hand_w, card_height(self.hand_w)
        gaps = gaps or [False] * n
        gap = self.px(22)
        spaces = sum(1 for i in range(1, n) if gaps[i])
        avail = area.w - self.px(20) - spaces * gap
        step = round(cw * 0.78) if n < 2 else min(round(cw * 0.78), (avail - cw) // (n - 1))
        step = max(step, strip_width(cw) - 4)
        total = cw + step * max(0, n - 1) + spaces * gap
        x = area.x + max(self.px(10), (area.w - total) // 2)
        y = area.bottom - ch - self.px(4)
        lift = self.px(24)
        rects = []
        for i in range(n):
            if i and gaps[i]:
                x += gap
            rects.append(pygame.Rect(x, y - (lift if raised[i] else 0), cw, ch))
            x += step
        return rects
