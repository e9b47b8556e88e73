"""Where everything sits on a table whose melds stay in the hand, for drawing and hit-testing.

Computed from the window size, the card size setting and the player's groups: the opponents
along the top; the middle's card slots (the game names them: the cut joker, the stock, the
discard pile...) with the news panel beside them; the hand in its groups at the bottom, each group
with its label above it, in one row when the cards fit with their index strips in sight, else in
two (21 or 27 cards at a small window); the message line and the buttons under the hand.

Words decide room as much as the window does: the middle's cards stand far enough apart for the
captions over them (:data:`SLOT_CAPTIONS`, measured in the language in force), and the buttons
share the row by what their captions need (:func:`button_need`), on two rows when one cannot hold
them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.i18n import N_, _

from ..cardart import card_height, strip_width
from ..resources import font, text

GAP = 30  # between two groups of the hand, at 1280x720
# The captions over the middle's cards (translated where measured and drawn); a count as wide as any.
SLOT_CAPTIONS = {"cut": N_("Cut joker"), "tiplu": N_("Tiplu"), "stock": N_("Stock {count}"),
                 "discard": N_("Discards {count}")}
WIDEST_COUNT = 188


def caption_size(scale: float) -> int:
    """The type of the middle's captions (a scene's ``fs(16)``)."""
    return max(12, round(18 * scale))


def slot_caption(name: str, count: int) -> str:
    """The caption over the middle's card ``name`` (its count, if it has one), translated."""
    return _(SLOT_CAPTIONS[name]).format(count=count) if name in SLOT_CAPTIONS else ""


def slot_places(slots: Sequence[str], x: int, y: int, cw: int, pitch: int, scale: float) -> dict[str, pygame.Rect]:
    """The middle's cards left to right from ``x``, ``pitch`` apart at least, and farther when the
    captions over two neighbours need it (a long translation: the news beside them narrows)."""
    size = caption_size(scale)
    widths = [font(size, True).size(slot_caption(n, WIDEST_COUNT))[0] for n in slots]
    room = max(6, round(16 * scale))
    lefts = [x]
    for i in range(1, len(slots)):
        apart = max(pitch, (widths[i - 1] + widths[i]) // 2 + room)
        lefts.append(lefts[-1] + apart)
    return {name: pygame.Rect(left, y, cw, card_height(cw)) for name, left in zip(slots, lefts)}


def opponent_rows(scale: float) -> tuple[int, int, int, int]:
    """Where an opponent's box puts its three lines (its name, how it stands, its total), from the
    box's top, and the box's height: as at 1280x720, farther apart where the type's measured line
    height needs it (12 px type at a small window, accented or taller scripts)."""
    def px(v: float) -> int:
        return round(v * scale)

    def fs(v: float) -> int:  # as a scene's fs()
        return max(12, round(max(18, v) * scale))

    name = px(6)
    status = max(px(32), name + font(fs(19), True).get_linesize())
    total = max(px(56), status + font(fs(17)).get_linesize())
    return name, status, total, max(px(84), total + font(fs(17)).get_linesize() + px(4))


def message_size(scale: float) -> int:
    """The type of the message under the hand (a scene's ``fs(18)``)."""
    return max(12, round(18 * scale))


def note_size(scale: float) -> int:
    """The type of the note beside the hand's points (a scene's ``max(11, fs(15))``)."""
    return max(12, round(18 * scale))


def message_top(buttons: dict[str, pygame.Rect], size: tuple[int, int], scale: float, lines: int) -> int:
    """The top of the message's first line, ``lines`` lines over the buttons (the first as ever,
    each more a measured line height higher)."""
    top = min((r.y for r in buttons.values()), default=size[1] - round(58 * scale)) - round(34 * scale)
    return top - (max(1, lines) - 1) * font(message_size(scale)).get_linesize()


def button_need(caption: str, key: str, size: int, height: int) -> int:
    """The narrowest button that shows ``caption`` and its ``key`` whole (as ``widgets.Button``
    draws them: side by side in type down to six pixels smaller, or the key under the caption when
    the button is tall enough)."""
    fit = max(10, size - 6)
    key_size = max(10, fit - 2)
    width = font(fit, True).size(caption)[0]
    if not key:
        return width + 10
    side = width + max(5, fit // 2) + font(key_size).size(key)[0] + 10
    cap = text(caption, fit, bold=True).get_bounding_rect()
    under = text(key, key_size).get_bounding_rect()
    if cap.h + under.h + 2 <= height - 2:
        return min(side, max(cap.w, under.w) + 10)
    return side


def button_rows(size: tuple[int, int], scale: float, names: Sequence[str],
                needs: Sequence[int] = ()) -> dict[str, pygame.Rect]:
    """The buttons under the hand: one row of equal buttons when every caption fits them; else the
    row shared by what each caption needs (``needs``, by name order), or two rows when one cannot
    hold them."""
    w, h = size

    def px(v: float) -> int:
        return round(v * scale)

    bh, gap = px(46), px(8)
    room = w - px(24)
    n = max(1, len(names))
    bw = min(px(160), room // n - gap)
    if not needs or all(need <= bw for need in needs):
        rows = [[(name, bw) for name in names]]
    else:
        need = dict(zip(names, needs))
        rows = [list(names)]
        if sum(needs) + gap * (len(names) - 1) > room:
            half = (len(names) + 1) // 2
            rows = [list(names[:half]), list(names[half:])]
        sized = []
        for row in rows:
            extra = max(0, room - sum(need[x] for x in row) - gap * (len(row) - 1)) // max(1, len(row))
            sized.append([(x, max(need[x], min(bw, need[x] + extra))) for x in row])
        rows = sized
    out: dict[str, pygame.Rect] = {}
    y = h - px(12) - bh - (len(rows) - 1) * (bh + gap)
    for row in rows:
        x = (w - (sum(width for _, width in row) + gap * (len(row) - 1))) // 2
        for name, width in row:
            out[name] = pygame.Rect(x, y, width, bh)
            x += width + gap
        y += bh + gap
    return out


@dataclass
class HandLayout:
    size: tuple[int, int]
    scale: float
    opponents: list[pygame.Rect]
    slots: dict[str, pygame.Rect]  # the middle's cards by name
    news: pygame.Rect
    center_w: int  # card width in the middle
    hand_w: int  # card width of the hand
    hand_y: int  # the top of the first row of the hand
    label_y: int  # the top of the first row's labels
    message_y: int
    rows: int = 1
    message_lines: int = 1  # the lines the message under the hand has room for
    note_lines: int = 1  # the lines the note beside the hand's points has room for
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    groups: list[pygame.Rect] = field(default_factory=list)  # one a group: the cards' span
    labels: list[pygame.Rect] = field(default_factory=list)  # one a group: where its label goes
    cards: list[tuple[int, pygame.Rect]] = field(default_factory=list)  # physical id, rect (draw order)
    gaps: list[tuple[pygame.Rect, int]] = field(default_factory=list)  # (rect, the group index it is before)

    def px(self, v: float) -> int:
        return round(v * self.scale)

    def __getattr__(self, name: str) -> pygame.Rect:  # lay.stock, lay.discard, lay.cut...
        slots = self.__dict__.get("slots", {})
        if name in slots:
            return slots[name]
        raise AttributeError(name)

    @property
    def hand_band(self) -> pygame.Rect:
        w, _ = self.size
        bottom = max((r.bottom for r in self.groups), default=self.hand_y + card_height(self.hand_w))
        return pygame.Rect(0, self.label_y, w, bottom + self.px(24) - self.label_y)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for card, rect in reversed(self.cards):
            if rect.collidepoint(pos):
                return card
        return None

    def drop_target(self, pos: tuple[int, int]) -> tuple[int | None, int]:
        """Where a card dropped at ``pos`` goes: ``(group, index)`` into a group, or
        ``(None, at)`` for a new group at position ``at`` among the groups."""
        for gap, before in self.gaps:
            if gap.collidepoint(pos):
                return None, before
        half = self.px(GAP) // 2
        for gi, rect in enumerate(self.groups):
            top = self.labels[gi].top
            band = pygame.Rect(rect.left - half, top, rect.w + 2 * half, rect.bottom - top)
            if band.collidepoint(pos):
                xs = [r.centerx for c, r in self.cards if r.colliderect(rect)]
                return gi, sum(1 for cx in xs if cx < pos[0])
        return None, len(self.groups)


def build(size: tuple[int, int], card_scale: float, opponents: int, groups: Sequence[Sequence[int]],
          selected: set[int], dragged: set[int], buttons: Sequence[str], slots: Sequence[str],
          hand_scale: float = 1.0, top_room: int = 0, needs: Sequence[int] = (),
          opponent_need: int = 0, message_lines: int = 1, note_lines: int = 1) -> HandLayout:
    """The layout for a window of ``size``; ``slots`` name the middle's cards left to right;
    ``hand_scale`` the hand's cards' largest width against the usual (they shrink to fit);
    ``top_room`` the height (at 1280x720) kept free between the middle and the hand's labels, for
    the line over the hand (the points and their note); ``needs`` the buttons' narrowest widths
    (:func:`button_need`); ``opponent_need`` how wide an opponent's box must be for its words
    (``view.opponent_need``: its box grows to it where the top has room); ``message_lines`` the lines
    the message under the hand takes (a long one wraps: the hand moves up for it), ``note_lines``
    those of the note beside the points over the hand (the hand's labels lower by the lines past
    the first)."""
    w, h = size
    scale = max(0.5, min(w / 1280, h / 720))

    def px(v: float) -> int:
        return round(v * scale)

    # the opponents along the top
    n = max(1, opponents)
    ow = min(max(px(250), opponent_need), (w - px(24)) // n - px(10))
    total = n * ow + (n - 1) * px(10)
    x0 = (w - total) // 2
    oh = opponent_rows(scale)[3]
    opp = [pygame.Rect(x0 + i * (ow + px(10)), px(10), ow, oh) for i in range(opponents)]
    # the middle: its cards side by side, never closer than their captions need, then the news
    cw = round(px(94) * min(card_scale, 1.1))
    mid_y = px(136) + oh - px(84)  # lower by what the opponents' boxes grew
    # room for the pile's top cards peeking out, and for the captions
    places = slot_places(slots, w // 2 - px(420), mid_y, cw, cw + max(px(170) - cw, 56), scale)
    right = max((r.right for r in places.values()), default=w // 2)
    news_x = max(w // 2 + px(50), right + 44)  # clear of the last card's caption
    news = pygame.Rect(news_x, mid_y - px(24), min(px(540), w - news_x - px(12)), px(210))
    # the bottom: buttons, message
    rects = button_rows(size, scale, buttons, needs)
    message_y = message_top(rects, size, scale, message_lines)
    lay = HandLayout(size, scale, opp, places, news, cw, 0, 0, 0, message_y, message_lines=max(1, message_lines),
                     note_lines=max(1, note_lines))
    lay.buttons.update(rects)
    note = (max(1, note_lines) - 1) * font(note_size(scale)).get_linesize()
    _place_hand(lay, groups, selected, dragged, round(px(84) * card_scale * hand_scale),
                news.bottom + px(8) + px(top_room) + note)
    return lay


def _row_width(groups: Sequence[Sequence[int]], cw: int, step: int, gap: int) -> int:
    return sum(cw + (len(g) - 1) * step for g in groups) + max(0, len(groups) - 1) * gap


def _split(groups: list[list[int]], rows: int) -> list[list[list[int]]]:
    """The groups in ``rows`` rows, in order, the rows' card counts as even as can be."""
    if rows == 1 or len(groups) < 2:
        return [groups]
    total = sum(len(g) for g in groups)
    best, cut = None, 1
    count = 0
    for i in range(1, len(groups)):
        count += len(groups[i - 1])
        worst = max(count, total - count)
        if best is None or worst < best:
            best, cut = worst, i
    return [groups[:cut], groups[cut:]]


def _place_hand(lay: HandLayout, groups: Sequence[Sequence[int]], selected: set[int], dragged: set[int],
                cw: int, top_limit: int) -> None:
    w, _ = lay.size
    px = lay.px
    gap = px(GAP)
    shown = [[c for c in g if c not in dragged] for g in groups]
    shown = [g for g in shown if g]
    avail = w - px(40)
    label_h = px(40)
    lift = px(14)
    rows = 1
    while True:  # one row while the index strips stay in sight, else two, else smaller cards
        split = _split(shown, rows)
        fits = all(_row_width(r, cw, strip_width(cw), gap) <= avail for r in split)
        height = rows * (card_height(cw) + label_h) + (rows - 1) * lift
        if fits and lay.message_y - px(10) - height >= top_limit:
            break
        if rows == 1 and len(shown) > 1:
            rows = 2
            continue
        if cw <= px(40):
            break
        cw -= max(1, px(4))
        rows = 1
    lay.hand_w, lay.rows = cw, len(split)
    ch = card_height(cw)
    y = lay.message_y - px(10) - ch
    row_tops = []
    for _ in split:
        row_tops.insert(0, y)
        y -= ch + label_h + lift
    lay.hand_y, lay.label_y = row_tops[0], row_tops[0] - label_h
    index = 0
    for row, top in zip(split, row_tops):
        cards = sum(len(g) for g in row)
        count = len(row)
        free = avail - count * cw - max(0, count - 1) * gap
        step = min(round(cw * 0.62), free // max(1, cards - count)) if cards > count else cw
        step = max(min(strip_width(cw), round(cw * 0.62)), step)
        x = (w - _row_width(row, cw, step, gap)) // 2
        band_top, band_h = top - label_h, ch + label_h + px(20)
        lay.gaps.append((pygame.Rect(0, band_top, max(0, x), band_h), index))
        for gi, g in enumerate(row):
            start = x
            for c in g:
                lay.cards.append((c, pygame.Rect(x, top - (lift if c in selected else 0), cw, ch)))
                x += step
            x += cw - step
            lay.groups.append(pygame.Rect(start, top, x - start, ch))
            lay.labels.append(pygame.Rect(start, top - label_h, x - start, label_h))
            index += 1
            end = x + gap if gi < count - 1 else w
            lay.gaps.append((pygame.Rect(x + px(4), band_top, max(0, end - x - px(8)), band_h), index))
            x += gap
