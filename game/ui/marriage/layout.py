"""Where everything sits on the Marriage table: the shared layout of the games whose melds stay in
the hand (:mod:`game.ui.inhand.layout`: the hand in its groups, in one row or two) with what
Marriage adds: lines in each opponent's panel for the groups it has laid face up (exposed
tunnelas, what it showed to see the maal), written as cards in words (``5♠ 5♠ 5♠``), and a place
for the viewer's own laid groups, as small cards: in the middle row left of the tiplu when they
fit there (wide windows), else in a band over the hand; and a status line over the hand (what
seeing the maal still takes, or the seat's maal).

Laid cards are drawn small but never smaller than their index needs (:data:`MINI_W` real pixels);
identical cards (a tunnela, a dublee) are stacked closer, since one index says them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.i18n import N_, _

from ..cardart import card_height, strip_width
from ..inhand.layout import HandLayout, _place_hand, button_rows, message_top, slot_places
from ..resources import font, text
from ..widgets import rows_of
from ..wording import card_text
from .hand import SEEN_WORDS

LAID_CAPTION = N_("On the table")  # translated where measured and drawn
# The words under the tiplu (translated where measured and drawn): face up, face down, not turned up yet.
TIPLU_WORDS = (N_("poplu {poplu} · jhiplu {jhiplu}"), N_("face down until you see"), N_("turned up at the first sight"))
MINI_W = 30  # the narrowest laid card, in real pixels: its rank and suit stay readable
Group = Sequence[int]  # card kinds


@dataclass
class MarriageLayout(HandLayout):
    mini_w: int = 30  # the width of a laid card of the viewer's
    chip_size: int = 12  # the font size of an opponent's laid groups
    opp_laid: list[pygame.Rect] = field(default_factory=list)  # one an opponent: where its laid groups go
    laid: pygame.Rect | None = None  # the viewer's laid groups (None: it has laid none)
    status_y: int = 0  # the status line over the hand's labels
    status_lines: int = 1  # the lines the status line may take (long words at a small window)
    total_lines: int = 1  # an opponent's "total · seen" on one line, or on two (narrow boxes, long words)
    laid_caption_w: int = 0  # the room of "On the table" left of the band's cards
    laid_in_middle: bool = False  # the viewer's laid groups sit left of the tiplu (else over the hand)
    laid_caption_h: int = 24  # there: the room of "On the table" over them
    coach_floor: int = 0  # the guided hand's bubble ends over this (the laid groups' band, the status line)


def identical(group: Group) -> bool:
    return len(set(group)) == 1


def stack_step(cw: int) -> int:
    """How far an identical card sits from the one under it (the edge shows it is there)."""
    return max(5, cw // 6)


def group_span(group: Group, cw: int) -> int:
    step = stack_step(cw) if identical(group) else strip_width(cw)
    return cw + (len(group) - 1) * step


def chip_pad(size: int) -> int:
    return max(3, size // 3)


def opponent_rows(px, size: int, lines: int = 1) -> tuple[int, int]:
    """Below an opponent box's top: where its "total" line goes (under the fan of backs, whose cards
    are never narrower than 14 pixels), and where its laid groups start (under that line, or its
    ``lines`` lines, in type of ``size``)."""
    total = max(px(56), px(30) + card_height(max(14, px(18))) + 2)
    line = font(size).get_linesize()
    return total, max(px(80) + (lines - 1) * line, total + lines * line + px(4))


def total_lines(px, size: int, width: int) -> int:
    """The lines an opponent's "total · seen" needs in a box ``width`` wide: one when the longest
    fits (in type down to 11 pixels), else two (the total, then whether it has seen)."""
    longest = max((_("total {points}").format(points=-888) + " · " + _(w) for w in SEEN_WORDS.values()),
                  key=lambda words: font(11).size(words)[0])
    return 1 if font(min(11, size), False).size(longest)[0] <= width - px(20) else 2


def chip_height(size: int) -> int:
    return size + chip_pad(size) + 2


def chip_width(group: Group, size: int) -> int:
    """An opponent's laid group written as cards (``10♠ J♠ Q♠``) in a chip."""
    words = " ".join(card_text(k) for k in group)
    return text(words, size, bold=True).get_width() + 2 * chip_pad(size)



def build(size: tuple[int, int], card_scale: float, opponents: Sequence[Sequence[Group]],
          groups: Sequence[Sequence[int]], selected: set[int], dragged: set[int], buttons: Sequence[str],
          slots: Sequence[str], mine: Sequence[Group], needs: Sequence[int] = (),
          status_lines: int = 1, message_lines: int = 1, opponent_need: int = 0) -> MarriageLayout:
    """The layout for a window of ``size``: ``opponents`` (one an opponent along the top) are the
    groups each has laid (kinds), ``mine`` those of the viewer; ``needs`` the buttons' narrowest
    widths; ``status_lines`` the lines the status line over the hand takes, ``message_lines`` those
    of the message under it; ``opponent_need`` how wide an opponent's box must be for its words
    (its box grows to it where the top has room)."""
    w, h = size
    scale = max(0.5, min(w / 1280, h / 720))

    def px(v: float) -> int:
        return round(v * scale)

    # the opponents along the top, a line for their laid groups as many as they need
    chip = max(12, round(max(18, 16) * scale))
    chip_h = chip_height(chip)
    n = max(1, len(opponents))
    ow = min(max(px(330) if any(opponents) else px(250), opponent_need), (w - px(24)) // n - px(10))
    gap = max(5, px(8))
    lines = max((len(rows_of([chip_width(g, chip) for g in laid], ow - px(16), gap)) for laid in opponents if laid),
                default=0)
    two = total_lines(px, chip, ow)
    head = opponent_rows(px, chip, two)[1]
    oh = head + px(2) + (lines * (chip_h + px(4)) + px(4) if lines else 0)
    total = len(opponents) * ow + max(0, len(opponents) - 1) * px(10)
    x0 = (w - total) // 2
    opp = [pygame.Rect(x0 + i * (ow + px(10)), px(10), ow, oh) for i in range(len(opponents))]
    opp_laid = [pygame.Rect(r.x + px(8), r.y + head, r.w - px(16), max(0, oh - head - px(2))) for r in opp]
    # the middle: the tiplu, the stock, the discard pile, then the news
    cw = round(px(84) * min(card_scale, 1.1))
    ch = card_height(cw)
    mid_y = (opp[0].bottom if opp else px(94)) + px(42)
    mini = max(MINI_W, px(36))
    mini_h = card_height(mini)
    step = max(px(170) - cw, 56) + cw
    start = w // 2 - px(420)
    news_min = px(360)
    laid_zone = None
    cap_size = max(12, round(18 * scale))  # the captions over the middle (a scene's fs(16))
    cap_h = max(px(24), font(cap_size, True).get_linesize())  # "On the table" over the laid cards
    cap_w = text(_(LAID_CAPTION), cap_size, bold=True).get_width()
    overhang = max(0, (text(_("Tiplu"), cap_size, bold=True).get_width() - cw) // 2)  # its caption, centred
    if mine:  # the viewer's laid groups left of the tiplu when they fit there in rows as tall as the cards,
        # as large as they fit (up to the table's cards: readable), the middle cards moved right for them
        for card_w in range(max(mini, min(cw, px(64))), mini - 1, -2):
            spans = [group_span(g, card_w) for g in mine]
            fit_rows = max(1, (ch + px(52) - cap_h) // (card_height(card_w) + px(6)))
            for shift in range(0, w, max(4, px(10))):
                news_x = max(w // 2 + px(50), start + shift + step * (len(slots) - 1) + cw + 44)
                if w - news_x - px(12) < news_min:
                    break
                zone = pygame.Rect(px(20), mid_y - px(24), start + shift - px(36) - px(20), ch + px(50))
                fits = zone.w > card_w and cap_w + overhang + px(6) <= zone.w + px(36)  # the captions apart
                if fits and len(rows_of(spans, zone.w, gap)) <= fit_rows:
                    start += shift
                    laid_zone, mini, mini_h = zone, card_w, card_height(card_w)
                    break
            if laid_zone is not None:
                break
    places = slot_places(slots, start, mid_y, cw, step, scale)
    right = max((r.right for r in places.values()), default=w // 2)
    news_x = max(w // 2 + px(50), right + 44)
    news = pygame.Rect(news_x, mid_y - px(24), min(px(540), w - news_x - px(12)), ch + px(60))
    # the bottom: buttons, message
    rects = button_rows(size, scale, buttons, needs)
    message_y = message_top(rects, size, scale, message_lines)
    lay = MarriageLayout(size, scale, opp, places, news, cw, 0, 0, 0, message_y, message_lines=max(1, message_lines),
                         mini_w=mini, chip_size=chip,
                         opp_laid=opp_laid, laid=laid_zone, laid_in_middle=laid_zone is not None,
                         total_lines=two, laid_caption_h=cap_h)
    lay.buttons.update(rects)
    # the hand (and, when the middle had no room, the viewer's laid groups in a band over it)
    line = font(max(11, round(18 * scale))).get_linesize()
    status_h = max(18, px(26)) + (status_lines - 1) * line
    tiplu_lines = 1  # the words under the tiplu, on two lines when the longest needs them
    if "tiplu" in places and "stock" in places:
        room = max(cw + px(110), (places["stock"].x - places["tiplu"].x) * 2 - px(30))
        widest = max(font(max(12, round(18 * scale))).size(_(w).format(poplu="10♥", jhiplu="10♥"))[0]
                     for w in TIPLU_WORDS)
        tiplu_lines = 1 if widest <= room else 2
    band_h = 0
    caption_w = max(px(130), text(_(LAID_CAPTION), max(12, round(18 * scale)), bold=True).get_width() + px(14))
    lay.laid_caption_w = caption_w
    if mine and laid_zone is None:
        band_h = len(rows_of([group_span(g, mini) for g in mine], w - px(40) - caption_w, gap)) * (mini_h + px(6))
        band_h += px(6)
    top_limit = max(news.bottom, mid_y + ch + px(28) + (tiplu_lines - 1) * line) + px(8)
    _place_hand(lay, groups, selected, dragged, round(px(84) * card_scale), top_limit + band_h + status_h)
    lay.status_y = lay.label_y - status_h
    lay.status_lines = status_lines
    if mine and laid_zone is None:
        lay.laid = pygame.Rect(px(20), lay.status_y - band_h, w - px(40), band_h)
    lay.coach_floor = lay.status_y - band_h - max(4, px(8))
    return lay
