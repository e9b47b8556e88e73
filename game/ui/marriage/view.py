"""Drawing the Marriage table (never changes anything): the shared pieces of
:mod:`game.ui.inhand.view` (the stock and discard pile, the news, the message) with what Marriage
adds: the opponents' panels with the groups each has laid face up and whether it has seen, the
tiplu in the middle (face up only for a viewer who has seen, M13), the viewer's laid groups over
its hand, the status line (what seeing the maal takes, or the viewer's maal) and the hand with the
engine's labels for what the viewer knows.

Everything that could say which cards are jokers comes from the viewer's observation
(``scene.obs``: no tiplu for a seat that has not seen) and nothing of it is drawn while a hot-seat
hand-over hides the table (``scene.hidden``).  The scene is read duck-typed (the table, or the
replay viewer's stand-in).
"""

from __future__ import annotations

import pygame

from game.core.cards import KIND_OF
from game.i18n import _
from game.marriage.deck import jokers_of

from ..cardart import GOLD, card_height, strip_width
from ..inhand.coach import draw_coach, place_bubble
from ..inhand.view import (
    draw_backs,
    draw_controls,
    draw_focus_and_drop,
    draw_labels,
    draw_message,
    draw_news,
    draw_pile,
    hand_cards,
    opponent_heading,
    seat_total,
)
from ..resources import elide, font, text, wrap
from ..scene import felt
from ..textdraw import fit_lines
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, label, panel
from ..wording import card_text
from .hand import INVALID, SEEN_WORDS
from .layout import (
    LAID_CAPTION,
    TIPLU_WORDS,
    MarriageLayout,
    chip_height,
    chip_pad,
    chip_width,
    group_span,
    identical,
    opponent_rows,
    rows_of,
    stack_step,
)

# keyed by the labels' English names (translated where drawn)
LABEL_COLOURS = {"Pure sequence": GOOD, "Tunnela": GOOD, "Triplet": (170, 220, 250),
                 "Dirty sequence": (170, 220, 250), "Dirty triplet": (170, 220, 250), "Dublee": (200, 190, 250),
                 INVALID: BAD}
EXPOSED_MARK = (236, 186, 40)  # the line under a tunnela exposed at the deal
STATUS_ROOM = 70  # kept right of an opponent's status line for its fan of backs (at 1280x720)


def draw_table(scene, surf: pygame.Surface) -> None:
    surf.blit(felt(surf.get_size()), (0, 0))
    lay = scene.layout()
    for rect, laid, seat in zip(lay.opponents, lay.opp_laid, scene.opponents()):
        draw_opponent(scene, surf, rect, laid, seat)
    scene.draw_middle(surf, lay)
    bubble = place_bubble(scene, lay)  # the guided hand: the coach in the news panel's place
    if bubble is None:
        draw_news(scene, surf, lay)
    draw_mine(scene, surf, lay)
    draw_hand(scene, surf, lay)
    draw_message(scene, surf, lay)
    draw_controls(scene, surf, lay)
    if bubble is not None:  # last: its ring may go round a button (See maal) as well as a card of the middle
        draw_coach(scene, surf, lay, bubble)


def laid_groups(scene, seat: int) -> list[tuple[tuple[int, ...], bool]]:
    """The groups ``seat`` has laid face up, each with whether it is a tunnela exposed at the deal."""
    s = scene.state
    return [(tuple(g), True) for g in s.exposed[seat]] + [(tuple(g), False) for g in s.shown[seat]]


def draw_laid(scene, surf: pygame.Surface, area: pygame.Rect, groups, cw: int, centred: bool = False) -> None:
    """The viewer's laid groups as small cards in rows across ``area`` (the index strips in sight,
    identical cards stacked; ``centred``: each row in the middle of the area), a gold line under
    each exposed tunnela."""
    if not groups:
        return
    wild = scene.known_wild()
    gap = max(5, scene.px(8))
    ch = card_height(cw)
    y = area.y
    spans = [group_span([KIND_OF[c] for c in g], cw) for g, _ in groups]
    for row in rows_of(spans, area.w, gap):
        x = area.x + ((area.w - sum(spans[i] for i in row) - gap * (len(row) - 1)) // 2 if centred else 0)
        for i in row:
            cards, exposed = groups[i]
            step = stack_step(cw) if identical([KIND_OF[c] for c in cards]) else strip_width(cw)
            for j, c in enumerate(cards):
                scene.app.art.draw_face(surf, (x + j * step, y), KIND_OF[c], cw, wild=wild[KIND_OF[c]], card_id=c)
            span = cw + step * (len(cards) - 1)
            if exposed:
                pygame.draw.line(surf, EXPOSED_MARK, (x, y + ch + 1), (x + span, y + ch + 1), max(2, scene.px(3)))
            x += span + gap
        y += ch + scene.px(6)


SUIT_INK = ((235, 235, 235), (255, 150, 140), (255, 150, 140), (235, 235, 235))  # spades, hearts, diamonds, clubs


def draw_chips(scene, surf: pygame.Surface, area: pygame.Rect, groups, size: int) -> None:
    """An opponent's laid groups written as cards (``10♠ J♠ Q♠``), one chip a group, in rows:
    red suits light red, jokers (for a viewer who knows them) on gold, exposed tunnelas with a gold
    edge."""
    if not groups:
        return
    wild = scene.known_wild()
    gap = max(5, scene.px(8))
    pad = chip_pad(size)
    height = chip_height(size)
    y = area.y
    kinds = [[KIND_OF[c] for c in g] for g, _ in groups]
    for row in rows_of([chip_width(k, size) for k in kinds], area.w, gap):
        x = area.x
        for i in row:
            chip = pygame.Rect(x, y, chip_width(kinds[i], size), height)
            panel(surf, chip, (34, 70, 56), 255, radius=max(3, size // 3),
                  border=EXPOSED_MARK if groups[i][1] else (90, 130, 110))
            tx = x + pad
            for j, k in enumerate(kinds[i]):
                ink = (20, 20, 20) if wild[k] else SUIT_INK[k // 13]
                spot = text(card_text(k), size, ink, True).get_rect(midleft=(tx, chip.centery))
                if wild[k]:
                    pygame.draw.rect(surf, GOLD, spot.inflate(2, 0), border_radius=3)
                label(surf, card_text(k), spot.topleft, size, ink, True)
                tx = spot.right + (text(" ", size, bold=True).get_width() if j < len(kinds[i]) - 1 else 0)
            x = chip.right + gap
        y += height + scene.px(4)


def seen_words(scene, seat: int) -> str:
    return _(SEEN_WORDS[scene.state.seen[seat]])


def draw_opponent(scene, surf: pygame.Surface, rect: pygame.Rect, laid: pygame.Rect, seat: int) -> None:
    s = scene.state
    p = scene.px
    count = len(s.hands[seat])
    count_img = text(f"{count}", scene.fs(17), INK, True)
    status = opponent_heading(scene, surf, rect, seat, count_img.get_width() + p(16), p(STATUS_ROOM))
    seen = s.seen[seat] is not None
    total = _("total {points}").format(points=seat_total(scene, seat))
    words = total + f" · {seen_words(scene, seat)}"
    size = scene.fs(17)
    while size > 11 and font(size).size(words)[0] > rect.w - p(20):  # a narrow box: smaller type, never cut
        size -= 1
    y = rect.y + opponent_rows(p, scene.fs(17))[0]
    colour = GOOD if seen else MUTED
    if font(size).size(words)[0] > rect.w - p(20) and scene.layout().total_lines > 1:  # the layout gave two lines
        label(surf, total, (rect.x + p(10), y), size, colour)
        label(surf, seen_words(scene, seat), (rect.x + p(10), y + font(size).get_linesize()), size, colour)
    else:
        label(surf, words, (rect.x + p(10), y), size, colour)
    if count and status is None:
        draw_backs(scene, surf, rect, count, rect.y + p(30))
    label(surf, f"{count}", (rect.right - p(10), rect.y + p(6)), scene.fs(17), INK, True, "topright")
    draw_chips(scene, surf, laid, laid_groups(scene, seat), scene.layout().chip_size)


def knows_tiplu(scene) -> int | None:
    """The tiplu (a physical id) as the viewer knows it, or ``None``: not before it has seen (the
    observation holds none), never while the table is hidden for a hand-over."""
    obs = scene.obs
    if scene.hidden or obs is None:
        return None
    return obs.tiplu


def draw_middle(scene, surf: pygame.Surface, lay: MarriageLayout) -> None:
    """The tiplu (face up for a viewer who has seen, face down once somebody has, else its place),
    the stock and the discard pile."""
    s = scene.state
    p = lay.px
    small = scene.fs(16)
    rect = lay.tiplu
    tiplu = knows_tiplu(scene)
    if tiplu is not None:
        scene.app.art.draw_face(surf, rect.topleft, KIND_OF[tiplu], lay.center_w, wild=True, card_id=tiplu)
        j = jokers_of(KIND_OF[tiplu])
        words = _(TIPLU_WORDS[0]).format(poplu=card_text(j.poplu), jhiplu=card_text(j.jhiplu))
        colour = ACCENT
    elif any(x is not None for x in s.seen) and s.stock:
        scene.app.art.draw_back(surf, rect.topleft, lay.center_w)  # under the stock, face down to you
        words, colour = _(TIPLU_WORDS[1]), MUTED
    else:
        pygame.draw.rect(surf, (60, 100, 80), rect, width=2, border_radius=8)
        words, colour = _(TIPLU_WORDS[2]), MUTED
    label(surf, _("Tiplu"), (rect.centerx, rect.y - p(4)), small, ACCENT, True, "midbottom")
    room = max(rect.w + p(110), (lay.stock.x - rect.x) * 2 - p(30))
    y = rect.bottom + p(6)
    for line in fit_lines(wrap(words, small, room), 2):  # whole, on two lines in a small window
        label(surf, elide(line, small, room), (rect.centerx, y), small, colour, anchor="midtop")
        y += font(small).get_linesize()
    draw_pile(scene, surf, lay, scene.known_wild())


def draw_mine(scene, surf: pygame.Surface, lay: MarriageLayout) -> None:
    """The viewer's laid groups (its exposed tunnelas, what it showed to see the maal) and the
    status line over its hand."""
    if scene.hand_groups() is None:
        return
    p = lay.px
    size = max(11, scene.fs(15))
    if lay.laid is not None and lay.laid_in_middle:
        label(surf, _(LAID_CAPTION), (lay.laid.x, lay.laid.y), max(11, scene.fs(16)), ACCENT, True)
        area = pygame.Rect(lay.laid.x, lay.laid.y + lay.laid_caption_h, lay.laid.w, lay.laid.h - lay.laid_caption_h)
        draw_laid(scene, surf, area, laid_groups(scene, scene.viewer), lay.mini_w, centred=True)
    elif lay.laid is not None:
        label(surf, _(LAID_CAPTION), (lay.laid.x, lay.laid.y + p(4)), scene.fs(15), ACCENT, True)
        room = lay.laid_caption_w
        area = pygame.Rect(lay.laid.x + room, lay.laid.y + p(2), lay.laid.w - room, lay.laid.h)
        draw_laid(scene, surf, area, laid_groups(scene, scene.viewer), lay.mini_w)
    left, right = scene.status_words()
    img = text(right, scene.fs(18), ACCENT, True) if right else None
    room = lay.size[0] - p(40) - (img.get_width() + p(20) if img else 0)
    y = lay.status_y + p(4)
    for line in fit_lines(wrap(left, size, room), lay.status_lines) if left else []:
        label(surf, elide(line, size, room), (p(20), y), size, INK)
        y += font(size).get_linesize()
    if img is not None:
        label(surf, right, (lay.size[0] - p(20), lay.status_y), scene.fs(18), ACCENT, True, "topright")


def draw_hand(scene, surf: pygame.Surface, lay: MarriageLayout) -> None:
    """The viewer's hand in its groups, each labelled as the engine reads it for what the viewer
    knows (a seat that has not seen reads every card as natural)."""
    mine = hand_cards(scene, surf, lay)
    if mine is None:
        return
    dragged = set(scene.drag[0]) if scene.drag else set()
    labels = [lab for g, lab in zip(mine.groups, scene.group_labels()) if any(c not in dragged for c in g)]
    items = []
    for (name, count), rect, place in zip(labels, lay.groups, lay.labels):
        colour = LABEL_COLOURS.get(name, (170, 220, 250))
        if name == INVALID and count not in (2, 3):
            colour = MUTED  # a heap of cards, not yet a try at a combination
        items.append(([_(name)], rect, place, colour))
    draw_labels(surf, lay, items, max(11, scene.fs(15)))
    draw_focus_and_drop(scene, surf, lay)


def rules_line(scene) -> str:
    """The game's format and charges, in one line."""
    r = scene.state.rules
    m = scene.match
    deals = (_("Deal {deal} of {count}").format(deal=m.series.deals_played + (0 if scene.state.phase == "over" else 1),
                                                 count=r.deal_count)
             if r.format == "deals" else _("One deal"))
    return _("{format} · losers pay {seen} (seen) or {unseen} · wrong finish +{points}").format(
        format=deals, seen=r.seen_game_points, unseen=r.unseen_game_points, points=r.invalid_finish_penalty)
