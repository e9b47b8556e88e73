"""What the 21-card table draws besides what every table whose melds stay in the hand draws
(:mod:`game.ui.inhand.view`): the cut joker with what it makes wild and which cards score value
points, the stock and the discard pile in the middle; the value cards' marks on the hand (the cut
joker's own copies ●, the upper jokers ▲, the lower jokers ▼: one of each is a marriage); the
game's rules in one line.  Never changes anything; the scene is read duck-typed (the table or the
replay viewer's stand-in): ``state``, ``match``, ``value_marks()``."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.indian21.deck import KIND

from ..cardart import badge_rect, card_height, index_size, strip_width
from ..inhand.view import draw_pile
from ..resources import font, text, wrap
from ..textdraw import note_elided
from ..widgets import ACCENT, label
from ..wording import card_text
from .hand import LOWER, SAME, UPPER, cut_words, value_roles

MARKS = {SAME: "●", UPPER: "▲", LOWER: "▼"}
MARK_COLOUR = (150, 40, 170)  # purple: apart from the gold of the wild badge and from every suit's ink
MARK_INK = (255, 255, 255)


def draw_middle(scene, surf: pygame.Surface, lay) -> None:
    """The cut joker face up and set apart (T2.3), what it makes wild and its value cards (each
    with its mark, as on the hand), then the stock and the discard pile."""
    s = scene.state
    p = lay.px
    small = max(11, scene.fs(16))
    scene.app.art.draw_face(surf, lay.cut.topleft, KIND[s.cut_joker], lay.center_w, wild=True, card_id=s.cut_joker)
    label(surf, _("Cut joker"), (lay.cut.centerx, lay.cut.y - p(4)), small, ACCENT, True, "midbottom")
    # the words may run under the stock (nothing is drawn there), never past it
    room = 2 * max(0, min(lay.cut.centerx - p(8), lay.stock.right - lay.cut.centerx))
    y = lay.cut.bottom + p(6)
    for line in wrap(cut_words(s), small, room):  # whole, on more lines in a small window
        label(surf, line, (lay.cut.centerx, y), small, ACCENT, anchor="midtop")
        y += font(small).get_linesize()
    roles = value_roles(s)
    if roles:
        draw_value_legend(surf, roles, (lay.cut.centerx, y + p(4)), small, room)
    draw_pile(scene, surf, lay, s.wild)


def draw_value_legend(surf: pygame.Surface, roles: dict[int, str], midtop: tuple[int, int], size: int,
                      room: int) -> None:
    """``Value ●7♥ ▲8♥ ▼6♥``: the value cards with the marks they carry in the hand."""
    items = [(MARKS[role], card_text(k)) for role in (SAME, UPPER, LOWER) for k, r in roles.items() if r == role]
    side = size
    gap = max(4, size // 3)
    head_words = _("Value")
    head = text(head_words, size, ACCENT)
    widths = [side + 2 + text(words, size, ACCENT, True).get_width() for _mark, words in items]
    total = head.get_width() + sum(gap + w for w in widths)
    while total > room and items:  # at the smallest sizes the last ones go (the hand still marks them)
        total -= gap + widths.pop()
        note_elided(" ".join(items.pop()))  # left out for room: the layout check counts it as cut
    x = midtop[0] - total // 2
    y = midtop[1]
    label(surf, head_words, (x, y), size, ACCENT)
    x += head.get_width()
    for (mark, words), w in zip(items, widths):
        x += gap
        tag(surf, pygame.Rect(x, y + 1, side, side), mark)
        label(surf, words, (x + side + 2, y), size, ACCENT, True)
        x += w


def tag(surf: pygame.Surface, box: pygame.Rect, mark: str) -> None:
    pygame.draw.rect(surf, MARK_COLOUR, box, border_radius=max(2, box.w // 4))
    glyph = font(max(8, box.w - 4), True).render(mark, True, MARK_INK)
    surf.blit(glyph, glyph.get_rect(center=box.center))


def index_bottom(art, width: int) -> int:
    """Where a wild card's index (rank, suit and badge) ends, as :mod:`game.ui.cardart` draws it."""
    size = index_size(width)
    pad = max(3, width // 14)
    y = pad - size // 8 + font(size, True).get_ascent() + 1
    ssize = art.suit_size(width, True)
    y += font(ssize, False).get_ascent() + 2 - (ssize - size) // 6
    badge = badge_rect(width, (pad - 1, y), size)
    return badge.bottom if badge is not None else card_height(width)


def draw_mark(surf: pygame.Surface, art, rect: pygame.Rect, role: str, width: int, seen: int) -> None:
    """A value card's mark: a purple edge round the part of the card in sight (``seen`` pixels from
    its left) and, in its index strip under the wild badge, its tag ● ▲ ▼ where there is room."""
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(rect.x, rect.y, seen, rect.h).clip(clip))
    pygame.draw.rect(surf, MARK_COLOUR, rect, width=max(2, width // 25), border_radius=max(3, width // 10))
    surf.set_clip(clip)
    pad = max(3, width // 14)
    room = rect.h - index_bottom(art, width) - max(2, width // 25) - 2
    side = min(max(10, round(width * 0.26)), strip_width(width) - 2 * pad, room)
    if side >= 9:
        tag(surf, pygame.Rect(rect.x + pad - 1, rect.bottom - max(2, width // 25) - 1 - side, side, side),
            MARKS[role])


def decorate_hand(scene, surf: pygame.Surface, lay) -> None:
    """The value cards of the hand, marked (T3.4): what scores value points, and what makes a
    marriage."""
    roles = scene.value_marks()
    if not roles:
        return
    for i, (card, rect) in enumerate(lay.cards):
        role = roles.get(KIND[card])
        if role is None:
            continue
        after = lay.cards[i + 1][1] if i + 1 < len(lay.cards) else None  # drawn over this one when they overlap
        seen = after.x - rect.x if after is not None and after.colliderect(rect) else rect.w
        draw_mark(surf, scene.app.art, rect, role, lay.hand_w, max(1, seen))


def rules_line(scene) -> str:
    """The game's format and charges, in one line."""
    r = scene.state.rules
    m = scene.match
    if r.format == "deals":
        played = m.series.deals_played - (1 if scene.state.phase == "over" else 0)
        fmt = _("Deal {deal} of {count}").format(deal=played + 1, count=r.deal_count)
    else:
        fmt = _("One deal")
    return _("{format} · {cards} cards · drop {first}/{middle} · wrong show {points}").format(
        format=fmt, cards=r.hand_size, first=r.first_drop, middle=r.middle_drop, points=r.invalid_declare_penalty)


__all__ = ["MARKS", "decorate_hand", "draw_mark", "draw_middle", "rules_line", "value_roles"]
