"""Where everything sits on the Indian Rummy table, for drawing and for hit-testing.

Computed from the window size, the card size setting and the player's groups: the opponents
along the top, the cut joker, the stock and the discard pile in the middle with the news panel
beside them, the hand in its groups at the bottom with each group's label above it, the buttons
under the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ..cardart import card_height

GAP = 30  # between two groups of the hand, at 1280x720
BUTTONS = ("sort", "group", "undo", "discard", "drop", "declare", "show", "menu")


@dataclass
class Layout13:
    size: tuple[int, int]
    scale: float
    opponents: list[pygame.Rect]
    cut: pygame.Rect
    stock: pygame.Rect
    discard: pygame.Rect
    news: pygame.Rect
    center_w: int  # card width in the middle
    hand_w: int  # card width of the hand
    hand_y: int
    label_y: int
    message_y: int
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    groups: list[pygame.Rect] = field(default_factory=list)  # one a group: the cards' span
    cards: list[tuple[int, pygame.Rect]] = field(default_factory=list)  # physical id, rect (draw order)
    gaps: list[pygame.Rect] = field(default_factory=list)  # before group i (the last: after every group)

    def px(self, v: float) -> int:
        return round(v * self.scale)

    @property
    def hand_band(self) -> pygame.Rect:
        w, _ = self.size
        return pygame.Rect(0, self.label_y, w, self.hand_y + card_height(self.hand_w) + self.px(24) - self.label_y)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for card, rect in reversed(self.cards):
            if rect.collidepoint(pos):
                return card
        return None

    def drop_target(self, pos: tuple[int, int]) -> tuple[int | None, int]:
        """Where a card dropped at ``pos`` goes: ``(group, index)`` into a group, or
        ``(None, at)`` for a new group at position ``at`` among the groups."""
        x = pos[0]
        for i, gap in enumerate(self.gaps):
            if gap.left <= x < gap.right:
                return None, i
        for gi, rect in enumerate(self.groups):
            if rect.left - self.px(GAP) // 2 <= x < rect.right + self.px(GAP) // 2:
                xs = [r.centerx for c, r in self.cards if r.colliderect(rect)]
                return gi, sum(1 for cx in xs if cx < x)
        return None, len(self.groups)


def build(size: tuple[int, int], card_scale: float, opponents: int, groups: Sequence[Sequence[int]],
          selected: set[int], dragged: set[int]) -> Layout13:
    w, h = size
    scale = max(0.5, min(w / 1280, h / 720))

    def px(v: float) -> int:
        return round(v * scale)

    # the opponents along the top
    n = max(1, opponents)
    ow = min(px(250), (w - px(24)) // n - px(10))
    total = n * ow + (n - 1) * px(10)
    x0 = (w - total) // 2
    opp = [pygame.Rect(x0 + i * (ow + px(10)), px(10), ow, px(84)) for i in range(opponents)]
    # the middle: cut joker, stock, discard pile, the news
    cw = round(px(94) * min(card_scale, 1.1))
    ch = card_height(cw)
    mid_y = px(136)
    # side by side, never closer than their captions need (the cards shrink faster than the words)
    cut = pygame.Rect(w // 2 - px(420), mid_y, cw, ch)
    stock = pygame.Rect(max(w // 2 - px(280), cut.right + 34), mid_y, cw, ch)
    discard = pygame.Rect(max(w // 2 - px(110), stock.right + 48), mid_y, cw, ch)
    news_x = max(w // 2 + px(50), discard.right + 44)  # clear of the pile's caption
    news = pygame.Rect(news_x, mid_y - px(24), min(px(540), w - news_x - px(12)), px(210))
    # the hand, bottom up: buttons, message, cards, labels
    hw = round(px(84) * card_scale)
    hh = card_height(hw)
    bh = px(46)
    button_y = h - bh - px(12)
    message_y = button_y - px(34)
    hand_y = message_y - px(10) - hh
    label_y = hand_y - px(40)
    lay = Layout13(size, scale, opp, cut, stock, discard, news, cw, hw, hand_y, label_y, message_y)
    bw = min(px(160), (w - px(24)) // len(BUTTONS) - px(8))
    bx = (w - (len(BUTTONS) * (bw + px(8)) - px(8))) // 2
    for i, name in enumerate(BUTTONS):
        lay.buttons[name] = pygame.Rect(bx + i * (bw + px(8)), button_y, bw, bh)
    _place_hand(lay, groups, selected, dragged)
    return lay


def _place_hand(lay: Layout13, groups: Sequence[Sequence[int]], selected: set[int], dragged: set[int]) -> None:
    w, _ = lay.size
    px = lay.px
    cw = lay.hand_w
    gap = px(GAP)
    shown = [[c for c in g if c not in dragged] for g in groups]
    shown = [g for g in shown if g]
    cards = sum(len(g) for g in shown)
    count = len(shown)
    avail = w - px(40)
    free = avail - count * cw - max(0, count - 1) * gap
    step = min(round(cw * 0.62), free // max(1, cards - count)) if cards > count else cw
    step = max(px(18), step)
    width = sum(cw + (len(g) - 1) * step for g in shown) + max(0, count - 1) * gap
    x = (w - width) // 2
    band_top, band_h = lay.label_y, lay.hand_y + card_height(cw) + px(20) - lay.label_y
    lay.gaps.append(pygame.Rect(0, band_top, max(0, x), band_h))
    for gi, g in enumerate(shown):
        start = x
        for c in g:
            lift = px(14) if c in selected else 0
            lay.cards.append((c, pygame.Rect(x, lay.hand_y - lift, cw, card_height(cw))))
            x += step
        x += cw - step
        lay.groups.append(pygame.Rect(start, lay.hand_y, x - start, card_height(cw)))
        right = x + gap if gi < count - 1 else w
        lay.gaps.append(pygame.Rect(x + px(4), band_top, max(0, right - x - px(8)), band_h))
        x += gap
