"""Drawing the Indian Rummy table (never changes anything): opponents, the cut joker, the stock,
the discard pile, the news, the hand in its labelled groups with its points, the buttons."""

from __future__ import annotations

import time

import pygame

from game.core.cards import JOKER, rank_of
from game.indian13.deck import KIND
from game.indian13.state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, OVER, SHOW

from ..cardart import card_height
from ..resources import elide, text, wrap
from ..scene import felt
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, label, panel
from .hand import INVALID as INVALID_GROUP
from .hand import JOKERS, PURE, SEQUENCE, SET
from .layout import Layout13

LABEL_COLOURS = {PURE: GOOD, SEQUENCE: (170, 220, 250), SET: (170, 220, 250), JOKERS: ACCENT,
                 INVALID_GROUP: BAD}
OUT_WORDS = {FIRST_DROP: "dropped (first)", MIDDLE_DROP: "dropped (middle)", INVALID: "invalid declaration"}
RANK_NAMES = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def draw_table(scene, surf: pygame.Surface) -> None:
    surf.blit(felt(surf.get_size()), (0, 0))
    lay = scene.layout()
    for rect, seat in zip(lay.opponents, scene.opponents()):
        draw_opponent(scene, surf, rect, seat)
    draw_middle(scene, surf, lay)
    draw_news(scene, surf, lay)
    draw_hand(scene, surf, lay)
    draw_message(scene, surf, lay)
    for name, rect in lay.buttons.items():
        button = scene.buttons[name]
        button.rect = rect
        button.draw(surf, False, scene.fs(18))
    if scene.drag is not None:
        cards, pos = scene.drag
        for i, c in enumerate(cards):
            scene.app.art.draw_face(surf, (pos[0] - lay.hand_w // 2 + i * lay.px(22), pos[1] - lay.px(40)),
                                    KIND[c], lay.hand_w, wild=scene.state.wild[KIND[c]], card_id=c)


def draw_opponent(scene, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    s = scene.state
    p = scene.px
    to_play = s.turn == seat and s.phase != OVER
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    if to_play:
        pygame.draw.rect(surf, ACCENT, rect, width=3, border_radius=10)
    name = elide(("▶ " if to_play else "") + scene.match.name(seat), scene.fs(19), rect.w - p(20), True)
    label(surf, name, (rect.x + p(10), rect.y + p(6)), scene.fs(19), ACCENT if to_play else INK, bold=True)
    out = s.out[seat]
    if out is not None:
        status, colour = OUT_WORDS[out], BAD
    elif to_play and not scene.match.is_human(seat):
        status, colour = "thinking" + "." * (1 + int(time.monotonic() * 3) % 3), ACCENT
    else:
        status, colour = scene.match.level(seat), MUTED
    label(surf, status, (rect.x + p(10), rect.y + p(32)), scene.fs(17), colour)
    total = s.totals[seat]
    label(surf, f"total {total}", (rect.x + p(10), rect.y + p(56)), scene.fs(17), MUTED)
    count = len(s.hands[seat])
    if out is None and count:
        bw = p(18)
        fan = min(count, 14)
        step = max(1, min(p(4), (p(64) - bw) // max(1, fan - 1)))
        x = rect.right - p(10) - bw - step * (fan - 1)
        for i in range(fan):
            scene.app.art.draw_back(surf, (x + i * step, rect.y + p(36)), bw)
        label(surf, f"{count}", (rect.right - p(10), rect.y + p(8)), scene.fs(17), INK, bold=True, anchor="topright")


def wild_words(s) -> str:
    """What the cut joker makes wild (I3)."""
    if s.cut_joker is None:
        return "Only the printed jokers are wild" if s.rules.jokers != "none" else "No jokers in this game"
    kind = KIND[s.cut_joker]
    if kind == JOKER:
        return "Aces are wild" if s.rules.pj_cut == "aces_wild" else "Only the printed jokers are wild"
    rank = rank_of(kind)
    name = RANK_NAMES.get(rank, f"{rank}s")
    return f"All {name} are wild"


def draw_middle(scene, surf: pygame.Surface, lay: Layout13) -> None:
    s = scene.state
    art = scene.app.art
    p = lay.px
    small = scene.fs(16)
    # the cut joker, face up and set apart (I2.5)
    if s.cut_joker is not None:
        art.draw_face(surf, lay.cut.topleft, KIND[s.cut_joker], lay.center_w, wild=True, card_id=s.cut_joker)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.cut, width=2, border_radius=8)
    label(surf, "Cut joker", (lay.cut.centerx, lay.cut.y - p(24)), small, ACCENT, True, "midtop")
    words = wild_words(s)
    label(surf, elide(words, small, lay.cut.w + p(110)), (lay.cut.centerx, lay.cut.bottom + p(6)), small, ACCENT,
          anchor="midtop")
    # the stock
    can_draw = scene.my_turn() and s.phase == DRAW
    if s.stock:
        for i in range(min(3, len(s.stock))):
            art.draw_back(surf, (lay.stock.x - i * 2, lay.stock.y - i * 2), lay.center_w)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.stock, width=2, border_radius=8)
    label(surf, f"Stock {len(s.stock)}", (lay.stock.centerx, lay.stock.y - p(24)), small, INK, True, "midtop")
    # the discard pile: the top card, the two under it peeking out
    if s.discard:
        under = s.discard[-3:-1]
        for i, c in enumerate(under):
            x = lay.discard.x + p(22) * (i - len(under))
            art.draw_face(surf, (x, lay.discard.y), KIND[c], lay.center_w, wild=s.wild[KIND[c]], card_id=c)
        top = s.discard[-1]
        art.draw_face(surf, lay.discard.topleft, KIND[top], lay.center_w, wild=s.wild[KIND[top]], card_id=top)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.discard, width=2, border_radius=8)
    label(surf, f"Discards {len(s.discard)}", (lay.discard.centerx, lay.discard.y - p(24)), small, INK, True,
          "midtop")
    if can_draw:
        pygame.draw.rect(surf, ACCENT, lay.stock.inflate(p(8), p(8)), width=3, border_radius=10)
        if s.discard:
            pygame.draw.rect(surf, ACCENT, lay.discard.inflate(p(8), p(8)), width=3, border_radius=10)
    elif scene.my_turn() and s.phase == DISCARD:
        pygame.draw.rect(surf, (120, 170, 140), lay.discard.inflate(p(8), p(8)), width=2, border_radius=10)


def turn_words(scene) -> str:
    s = scene.state
    if s.phase == OVER:
        return "The deal is over."
    me = scene.viewer
    if me is not None and not scene.hidden and s.out[me] is not None:
        who = "You" if len(scene.match.humans) <= 1 else scene.match.name(me)
        done = "dropped" if s.out[me] in (FIRST_DROP, MIDDLE_DROP) else "declared invalidly"
        return f"{who} {done}: watching the rest of the deal."
    if scene.hidden:
        return f"Passing to {scene.match.name(s.turn)}…"
    if not scene.my_turn():
        return f"{scene.match.name(s.turn)} to play."
    return {DRAW: "Your turn: draw from the stock or the discard pile.",
            DISCARD: "Discard a card, or select your finish card and Declare.",
            SHOW: "Group your cards to count the fewest points, then Show."}[s.phase]


def draw_news(scene, surf: pygame.Surface, lay: Layout13) -> None:
    p = lay.px
    panel(surf, lay.news, (14, 44, 32), 170)
    x, y = lay.news.x + p(14), lay.news.y + p(10)
    width = lay.news.w - p(28)
    for line in wrap(turn_words(scene), scene.fs(19), width, True)[:2]:
        label(surf, line, (x, y), scene.fs(19), ACCENT, bold=True)
        y += scene.fs(19) + p(4)
    y += p(8)
    rules = scene.state.rules
    fmt = {"points": "Points game", "pool101": "Pool 101", "pool201": "Pool 201",
           "deals": f"Deals: {scene.match.series.deals_played + 1} of {rules.deal_count}"}[rules.format]
    label(surf, elide(f"{fmt} · drop {rules.first_drop}/{rules.middle_drop} · invalid declaration "
                      f"{rules.invalid_declare_penalty}", scene.fs(15), width), (x, y), scene.fs(15), MUTED)
    y += scene.fs(15) + p(10)
    for line in scene.news[-(max(1, (lay.news.bottom - y - p(6)) // (scene.fs(16) + p(5)))):]:
        label(surf, elide(line, scene.fs(16), width), (x, y), scene.fs(16), INK)
        y += scene.fs(16) + p(5)


def draw_hand(scene, surf: pygame.Surface, lay: Layout13) -> None:
    s = scene.state
    p = lay.px
    art = scene.app.art
    mine = scene.hand_groups()
    if mine is None:
        words = "Every hand is hidden until the next player is ready." if scene.hidden else "Watching the bots play."
        label(surf, words, (lay.size[0] // 2, lay.hand_y + p(40)), scene.fs(20), MUTED, anchor="midtop")
        return
    for c, rect in lay.cards:
        k = KIND[c]
        art.draw_face(surf, rect.topleft, k, lay.hand_w, wild=s.wild[k], card_id=c)
        if c in scene.selected:
            pygame.draw.rect(surf, ACCENT, rect, width=3, border_radius=6)
    dragged = set(scene.drag[0]) if scene.drag else set()
    shown = [[c for c in g if c not in dragged] for g in mine.groups]
    labels = [lab for g, lab in zip(mine.groups, scene.group_labels()) if any(c not in dragged for c in g)]
    size = max(11, scene.fs(15))
    for (name, pts), rect, g in zip(labels, lay.groups, [g for g in shown if g]):
        colour = LABEL_COLOURS[name]
        pygame.draw.line(surf, colour, (rect.x + p(2), lay.label_y + size + p(6)),
                         (rect.right - p(2), lay.label_y + size + p(6)), max(2, p(3)))
        words = f"{name} · {pts}" if name == INVALID_GROUP and len(g) > 1 else name
        label(surf, elide(words, size, rect.w + p(20), True), (rect.centerx, lay.label_y), size, colour, True,
              "midtop")
    points = scene.hand_points()
    if points is not None:
        img = text(f"Points: {points}", scene.fs(20), ACCENT, True)
        spot = img.get_rect(bottomright=(lay.size[0] - p(14), lay.label_y - p(4)))
        surf.blit(img, spot)
        note = scene.points_note()
        if note:  # why the count did not fall though some groups are melds
            size = max(11, scene.fs(15))
            label(surf, elide(note, size, spot.left - p(24)), (spot.left - p(12), spot.bottom - size - p(2)), size,
                  MUTED, anchor="topright")
    focus = scene.focused_card()
    for c, rect in lay.cards:
        if c == focus:  # the keyboard's card
            pygame.draw.rect(surf, INK, rect.inflate(p(6), p(6)), width=max(2, p(3)), border_radius=8)
    if scene.drag is not None and lay.hand_band.collidepoint(scene.drag[1]):
        group, index = lay.drop_target(scene.drag[1])
        if group is None:  # a new group here
            gap = lay.gaps[index] if index < len(lay.gaps) else lay.gaps[-1]
            x = gap.centerx if gap.w < lay.size[0] // 3 else (gap.x + p(20) if index else gap.right - p(20))
            pygame.draw.line(surf, ACCENT, (x, lay.hand_y), (x, lay.hand_y + card_height(lay.hand_w)), max(2, p(4)))
        else:
            pygame.draw.rect(surf, ACCENT, lay.groups[group].inflate(p(10), p(10)), width=2, border_radius=8)


def draw_message(scene, surf: pygame.Surface, lay: Layout13) -> None:
    words, tone = scene.message
    if not words and scene.focused_card() is not None:  # the keyboard's card, said in words
        words, tone = scene.focus_words(), "info"
    if not words:
        return
    colour = {"bad": BAD, "good": GOOD}.get(tone, INK)
    size = scene.fs(18)
    label(surf, elide(words, size, lay.size[0] - lay.px(40)), (lay.size[0] // 2, lay.message_y), size, colour,
          anchor="midtop")
