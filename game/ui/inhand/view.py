"""Drawing a table whose melds stay in the hand (never changes anything): the opponents, the
middle (the game draws its own cards there: :meth:`draw_middle` of the scene), the news, the hand
in its labelled groups with its points, the message, the buttons.

The scene is read duck-typed (the table, or the replay viewer's stand-in): ``state``, ``match``,
``layout()``, ``opponents()``, ``hand_groups()``, ``group_labels()``, ``hand_points()``,
``points_note()``, ``focused_card()``, ``focus_words()``, ``turn_words()``, ``rules_line()``,
``seat_status(seat)``, ``draw_middle(surf, lay)``, ``known_wild()``, ``selected``, ``drag``,
``message``, ``news``, ``buttons``; and, when it has them, ``decorate_hand(surf, lay)`` (its own marks
drawn over the hand's cards, such as 21-card Indian Rummy's value cards) and ``seat_total(seat)``
(a seat's total with a finished deal's points in).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.core.cards import KIND_OF
from game.i18n import N_, _

from ..bots import level_shown
from ..cardart import card_height
from ..resources import elide, font, text, wrap
from ..scene import felt
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, label, panel
from .coach import draw_coach, place_bubble
from .layout import HandLayout, opponent_rows

# The groups' labels are the engine readings' English names (compared here), translated where drawn.
INVALID = "Invalid"  # the label of a group that is no meld: it shows its points
SHORT = {"Pure sequence": N_("Pure seq."), "Sequence": N_("Seq."), "Dirty sequence": N_("Dirty seq.")}  # too wide
LABEL_COLOURS = {"Pure sequence": GOOD, "Tunnela": GOOD, "Pure": GOOD, "Sequence": (170, 220, 250),
                 "Set": (170, 220, 250), "Triplet": (170, 220, 250), "Dublee": (200, 190, 250), "Jokers": ACCENT,
                 INVALID: BAD}


def draw_table(scene, surf: pygame.Surface) -> None:
    surf.blit(felt(surf.get_size()), (0, 0))
    lay = scene.layout()
    for rect, seat in zip(lay.opponents, scene.opponents()):
        draw_opponent(scene, surf, rect, seat)
    scene.draw_middle(surf, lay)
    bubble = place_bubble(scene, lay)  # the guided hand: the coach in the news panel's place
    if bubble is None:
        draw_news(scene, surf, lay)
    else:
        draw_coach(scene, surf, lay, bubble)
    draw_hand(scene, surf, lay)
    draw_message(scene, surf, lay)
    draw_controls(scene, surf, lay)


def draw_opponent(scene, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    s = scene.state
    p = scene.px
    status = opponent_heading(scene, surf, rect, seat, 0, 0)
    label(surf, total_words(scene, seat), (rect.x + p(10), rect.y + opponent_rows(scene.scale)[2]), scene.fs(17),
          MUTED)
    count = len(s.hands[seat])
    if status is None and count:
        draw_backs(scene, surf, rect, count, rect.y + p(36))
        label(surf, f"{count}", (rect.right - p(10), rect.y + p(8)), scene.fs(17), INK, bold=True, anchor="topright")


def total_words(scene, seat: int) -> str:
    return _("total {points}").format(points=seat_total(scene, seat))


def opponent_need(scene, words_room: int = 0) -> int:
    """How wide an opponent's box must be for its words whole: the widest name (with the turn's
    marker and the card count beside it), way out of the deal, level or "thinking..." (with
    ``words_room`` beside it, as :func:`opponent_heading` is given), or total."""
    p, small = scene.px, font(scene.fs(17))
    ways = [_(words) for words in getattr(scene, "OUT_WORDS", {}).values()] + [_("away"), _("thinking") + "..."]
    widest = 0
    for seat in scene.opponents():
        name = font(scene.fs(19), True).size("▶ " + scene.match.name(seat))[0] + p(16) + small.size("13")[0]
        status = max(small.size(words)[0] for words in [*ways, level_shown(scene.match.level(seat))]) + words_room
        widest = max(widest, name, status, small.size(total_words(scene, seat))[0])
    return widest + p(20)


def seat_total(scene, seat: int) -> int:
    """A seat's running total as the scene tells it (once the deal is over, with the deal's points
    in), else the total before the deal."""
    told = getattr(scene, "seat_total", None)
    return told(seat) if told is not None else scene.state.totals[seat]


def opponent_heading(scene, surf: pygame.Surface, rect: pygame.Rect, seat: int, name_room: int,
                     words_room: int) -> str | None:
    """An opponent's box: its panel (outlined while the seat is to play), its name and a line
    saying why it is out, that it is thinking, or its level; the name and the line leave
    ``name_room`` and ``words_room`` free at the right.  Returns why the seat is out, if it is."""
    s = scene.state
    p = scene.px
    to_play = s.turn == seat and s.phase != "over"
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    if to_play:
        pygame.draw.rect(surf, ACCENT, rect, width=3, border_radius=10)
    name_y, words_y = opponent_rows(scene.scale)[:2]
    name = elide(("▶ " if to_play else "") + scene.match.name(seat), scene.fs(19), rect.w - p(20) - name_room, True)
    label(surf, name, (rect.x + p(10), rect.y + name_y), scene.fs(19), ACCENT if to_play else INK, bold=True)
    status = scene.seat_status(seat)
    if status is not None:
        words, colour = status, BAD
    elif to_play and not scene.match.is_human(seat) and scene.match.away(seat):  # a network player's link dropped
        words, colour = _("away"), BAD
    elif to_play and not scene.match.is_human(seat):
        words, colour = _("thinking") + "." * (1 + int(time.monotonic() * 3) % 3), ACCENT
    else:
        words, colour = level_shown(scene.match.level(seat)), MUTED  # a level's English name (stored), translated
    label(surf, elide(words, scene.fs(17), rect.w - p(20) - words_room), (rect.x + p(10), rect.y + words_y),
          scene.fs(17), colour)
    return status


def draw_backs(scene, surf: pygame.Surface, rect: pygame.Rect, count: int, top: int) -> None:
    """An opponent's hand as a fan of card backs at the right of its box (a few wider backs in a
    small window: the count beside them says how many)."""
    p = scene.px
    bw = p(18)
    fan = min(count, 14)
    if bw < 14:
        bw, fan = 14, min(count, 4)
    step = max(1, min(max(3, p(4)), (p(64) - bw) // max(1, fan - 1)))
    x = rect.right - p(10) - bw - step * (fan - 1)
    for i in range(fan):
        scene.app.art.draw_back(surf, (x + i * step, top), bw)


def draw_controls(scene, surf: pygame.Surface, lay) -> None:
    """The table's buttons where the layout puts them, and the cards being dragged."""
    for name, rect in lay.buttons.items():
        button = scene.buttons[name]
        button.rect = rect
        button.draw(surf, False, scene.fs(18))
    if scene.drag is not None:
        cards, pos = scene.drag
        wild = scene.known_wild()
        for i, c in enumerate(cards):
            scene.app.art.draw_face(surf, (pos[0] - lay.hand_w // 2 + i * lay.px(22), pos[1] - lay.px(40)),
                                    KIND_OF[c], lay.hand_w, wild=wild[KIND_OF[c]], card_id=c)


def draw_pile(scene, surf: pygame.Surface, lay: HandLayout, wild) -> None:
    """The stock (its backs, how many) and the discard pile (the top card, the two under it
    peeking out), each outlined when the viewer may draw from it."""
    s = scene.state
    art = scene.app.art
    p = lay.px
    small = scene.fs(16)
    can_draw = scene.my_turn() and s.phase == "draw"
    if s.stock:
        for i in range(min(3, len(s.stock))):
            art.draw_back(surf, (lay.stock.x - i * 2, lay.stock.y - i * 2), lay.center_w)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.stock, width=2, border_radius=8)
    label(surf, _("Stock {count}").format(count=len(s.stock)), (lay.stock.centerx, lay.stock.y - 4 - p(4)), small,
          INK, True, "midbottom")
    if s.discard:
        under = s.discard[-3:-1]
        for i, c in enumerate(under):
            x = lay.discard.x + p(22) * (i - len(under))
            art.draw_face(surf, (x, lay.discard.y), KIND_OF[c], lay.center_w, wild=wild[KIND_OF[c]], card_id=c)
        top = s.discard[-1]
        art.draw_face(surf, lay.discard.topleft, KIND_OF[top], lay.center_w, wild=wild[KIND_OF[top]], card_id=top)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.discard, width=2, border_radius=8)
    label(surf, _("Discards {count}").format(count=len(s.discard)), (lay.discard.centerx, lay.discard.y - p(4)), small,
          INK, True, "midbottom")
    if can_draw:
        pygame.draw.rect(surf, ACCENT, lay.stock.inflate(p(8), p(8)), width=3, border_radius=10)
        if s.discard:
            pygame.draw.rect(surf, ACCENT, lay.discard.inflate(p(8), p(8)), width=3, border_radius=10)
    elif scene.my_turn() and s.phase == "discard":
        pygame.draw.rect(surf, (120, 170, 140), lay.discard.inflate(p(8), p(8)), width=2, border_radius=10)


def draw_news(scene, surf: pygame.Surface, lay: HandLayout) -> None:
    p = lay.px
    panel(surf, lay.news, (14, 44, 32), 170)
    x, y = lay.news.x + p(14), lay.news.y + p(10)
    width = lay.news.w - p(28)
    for line in wrap(scene.turn_words(), scene.fs(19), width, True):
        label(surf, line, (x, y), scene.fs(19), ACCENT, bold=True)
        y += scene.fs(19) + p(4)
    y += p(8)
    for line in wrap(scene.rules_line(), scene.fs(15), width):
        label(surf, line, (x, y), scene.fs(15), MUTED)
        y += scene.fs(15) + p(3)
    y += p(7)
    # The news, newest last, each line wrapped whole: the oldest lines give way when it is full.
    step = scene.fs(16) + p(5)
    room = max(0, (lay.news.bottom - y - p(6) + p(5)) // step)
    shown: list[str] = []
    for line in reversed(scene.news):
        parts = wrap(line, scene.fs(16), width)
        if len(shown) + len(parts) > room:
            break
        shown = parts + shown
    for line in shown:
        label(surf, line, (x, y), scene.fs(16), INK)
        y += step


def hand_cards(scene, surf: pygame.Surface, lay) -> Any:
    """The viewer's cards where the layout puts them, the selected ones outlined; its groups, or
    ``None`` (and a line saying why) when no hand is shown."""
    p = lay.px
    mine = scene.hand_groups()
    if mine is None:
        words = (_("Every hand is hidden until the next player is ready.") if scene.hidden
                 else _("Watching the bots play."))
        label(surf, words, (lay.size[0] // 2, lay.hand_y + p(40)), scene.fs(20), MUTED, anchor="midtop")
        return None
    wild = scene.known_wild()
    for c, rect in lay.cards:
        k = KIND_OF[c]
        scene.app.art.draw_face(surf, rect.topleft, k, lay.hand_w, wild=wild[k], card_id=c)
        if c in scene.selected:
            pygame.draw.rect(surf, ACCENT, rect, width=3, border_radius=6)
    return mine


def draw_hand(scene, surf: pygame.Surface, lay: HandLayout) -> None:
    p = lay.px
    mine = hand_cards(scene, surf, lay)
    if mine is None:
        return
    decorate = getattr(scene, "decorate_hand", None)  # a game's own marks on the cards (optional)
    if decorate is not None:
        decorate(surf, lay)
    dragged = set(scene.drag[0]) if scene.drag else set()
    shown = [[c for c in g if c not in dragged] for g in mine.groups]
    labels = [lab for g, lab in zip(mine.groups, scene.group_labels()) if any(c not in dragged for c in g)]
    size = max(11, scene.fs(15))
    items = []
    for (name, pts), rect, place, g in zip(labels, lay.groups, lay.labels, [g for g in shown if g]):
        if name == INVALID and len(g) > 1:
            options = [f"{_(name)} · {pts}", _("{points} pts").format(points=pts)]
        else:  # a narrow group: its label's short form
            options = [_(name)] + ([_(SHORT[name])] if name in SHORT else [])
        items.append((options, rect, place, LABEL_COLOURS.get(name, (170, 220, 250))))
    draw_labels(surf, lay, items, size)
    points = scene.hand_points()
    if points is not None:
        spot = label(surf, points_words(points), (lay.size[0] - p(14), lay.label_y - p(4)), scene.fs(20), ACCENT,
                     True, "bottomright")
        lines = note_lines(scene)  # why the count did not fall though some groups are melds
        if lines:
            room, small = getattr(lay, "note_lines", 1), max(11, scene.fs(15))
            if len(lines) > room:  # more than the layout made room for: the last line cut
                lines = lines[:room - 1] + [elide(" ".join(lines[room - 1:]), small, spot.left - p(24))]
            y = spot.bottom - small - p(2) - (len(lines) - 1) * font(small).get_linesize()
            for line in lines:  # the last line beside the points, the others over it
                label(surf, line, (spot.left - p(12), y), small, MUTED, anchor="topright")
                y += font(small).get_linesize()
    draw_focus_and_drop(scene, surf, lay)


def points_words(points: int) -> str:
    return _("Points: {points}").format(points=points)


def note_lines(scene) -> list[str]:
    """The note beside the hand's points (why the count did not fall though some groups are
    melds), wrapped to the room left of them; none without a note."""
    points, note = scene.hand_points(), scene.points_note()
    if points is None or not note:
        return []
    p = scene.px
    room = scene.app.screen.get_width() - p(14) - font(scene.fs(20), True).size(points_words(points))[0] - p(24)
    return wrap(note, max(11, scene.fs(15)), max(p(80), room))


def fit_labels(lay, items, size: int) -> list[tuple[str, int, pygame.Rect, tuple]]:
    """Where the groups' labels go: ``items`` are, a group, its label's forms (the longest first),
    its cards' span, its label's place and its colour.  Each label takes the first form that fits
    over its group (with a little of the gaps beside it), in ``size`` or a pixel smaller; else the
    room its neighbours' labels leave it; groups side by side whose labels are the same and fit
    neither way share one label over them all.  A label is raised (into the gap over its row) clear
    of a lifted card under it.  Returns a label's words, type size, ink box (cut with "…" only where
    nothing fits) and colour."""
    p = lay.px
    small = max(11, size - 1)
    right_edge = lay.size[0] - max(2, p(4))

    def choose(options: list[str], room: int) -> tuple[str, int, bool]:
        for sz in (size, small) if small < size else (size,):
            for words in options:
                if font(sz, True).size(words)[0] <= room:
                    return words, sz, True
        return options[-1], small, False

    runs: list[list] = []  # options, span, place, colour, fits alone
    for options, rect, place, colour in items:
        ok = choose(options, rect.w + p(20))[2]
        last = runs[-1] if runs else None
        if (last is not None and not (ok and last[4]) and last[0] == options and last[3] == colour
                and last[2].y == place.y and not choose(options, last[1].w + p(20))[2]):
            last[1], last[2], last[4] = last[1].union(rect), last[2].union(place), False
        else:
            runs.append([options, pygame.Rect(rect), pygame.Rect(place), colour, ok])

    def ideal(i: int) -> tuple[int, int]:  # the label's left and right centred over its span
        options, span = runs[i][0], runs[i][1]
        words, sz, _ok = choose(options, span.w + p(20))
        w = font(sz, True).size(words)[0]
        return span.centerx - w // 2, span.centerx - w // 2 + w

    lifted = [r for _c, r in lay.cards if any(r.colliderect(g) and r.y < g.y for g in lay.groups)]
    out: list[tuple[str, int, pygame.Rect, tuple]] = []
    for i, (options, span, place, colour, _ok) in enumerate(runs):
        same_row = [j for j in (i - 1, i + 1) if 0 <= j < len(runs) and runs[j][2].y == place.y]
        lo = max([out[-1][2].right + 3] if i - 1 in same_row else [max(2, p(4))])
        hi = min([ideal(i + 1)[0] - 3] if i + 1 in same_row else [right_edge])
        words, sz, fits = choose(options, span.w + p(20))
        if not fits:
            words, sz, fits = choose(options, hi - lo)
        ink = text(words, sz, INK, True).get_bounding_rect()
        if ink.w > hi - lo:  # wider than the room beside its neighbours: cut
            words = elide(words, sz, max(8, hi - lo), True)
            ink = text(words, sz, INK, True).get_bounding_rect()
        x = max(lo, min(span.centerx - ink.w // 2, hi - ink.w))
        under = [c.y for c in lifted if c.x < x + ink.w and c.right > x]
        rise = max([0] + [place.y + ink.bottom + 1 - y for y in under])
        top = place.y - min(rise, p(14) - 1)
        out.append((words, sz, pygame.Rect(x, top + ink.y, ink.w, ink.h), colour))
    return out


def draw_labels(surf: pygame.Surface, lay, items, size: int) -> None:
    """The groups' labels (:func:`fit_labels`), each group with a line in its colour under its label."""
    p = lay.px
    for _options, rect, place, colour in items:
        line_y = place.y + size + p(6)
        pygame.draw.line(surf, colour, (rect.x + p(2), line_y), (rect.right - p(2), line_y), max(2, p(3)))
    for words, sz, box, colour in fit_labels(lay, items, size):
        ink = text(words, sz, INK, True).get_bounding_rect()
        label(surf, words, (box.x - ink.x, box.y - ink.y), sz, colour, True)


def draw_focus_and_drop(scene, surf: pygame.Surface, lay) -> None:
    """The keyboard's card outlined, and where dragged cards would land: a line where a new group
    would start, or the group they would join."""
    p = lay.px
    focus = scene.focused_card()
    for c, rect in lay.cards:
        if c == focus:  # the keyboard's card
            pygame.draw.rect(surf, INK, rect.inflate(p(6), p(6)), width=max(2, p(3)), border_radius=8)
    if scene.drag is not None and lay.hand_band.collidepoint(scene.drag[1]):
        group, index = lay.drop_target(scene.drag[1])
        if group is None:  # a new group here
            gap = next((g for g, before in lay.gaps if before == index), lay.gaps[-1][0])
            x = gap.centerx if gap.w < lay.size[0] // 3 else (gap.x + p(20) if index else gap.right - p(20))
            top = gap.y + gap.h - card_height(lay.hand_w) - p(20)
            pygame.draw.line(surf, ACCENT, (x, top), (x, top + card_height(lay.hand_w)), max(2, p(4)))
        else:
            pygame.draw.rect(surf, ACCENT, lay.groups[group].inflate(p(10), p(10)), width=2, border_radius=8)


MOST_MESSAGE_LINES = 3  # a longer message is cut on its last line
MOST_NOTE_LINES = 3  # and a longer note beside the hand's points


def shown_message(scene) -> tuple[str, str]:
    """The words under the hand and their tone: the message, else the keyboard's card in words."""
    words, tone = scene.message
    if not words and scene.focused_card() is not None:  # the keyboard's card, said in words
        words, tone = scene.focus_words(), "info"
    return words, tone


def message_lines(scene) -> int:
    """The lines the message under the hand takes, wrapped to the window (the layout's room for it)."""
    words = shown_message(scene)[0]
    w = scene.app.screen.get_width()
    return min(MOST_MESSAGE_LINES, max(1, len(wrap(words, scene.fs(18), w - scene.px(40))))) if words else 1


def draw_message(scene, surf: pygame.Surface, lay: HandLayout) -> None:
    words, tone = shown_message(scene)
    if not words:
        return
    colour = {"bad": BAD, "good": GOOD}.get(tone, INK)
    size, width = scene.fs(18), lay.size[0] - lay.px(40)
    lines = wrap(words, size, width)
    room = getattr(lay, "message_lines", 1)
    if len(lines) > room:  # more than the layout made room for: the last line cut
        lines = lines[:room - 1] + [elide(" ".join(lines[room - 1:]), size, width)]
    y = lay.message_y
    for line in lines:
        label(surf, line, (lay.size[0] // 2, y), size, colour, anchor="midtop")
        y += font(size).get_linesize()
