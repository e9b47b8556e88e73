"""Drawing the table (never changes the game).  Hands come only from the viewer's observation.
Words are translated as they are drawn (:mod:`game.i18n`)."""

from __future__ import annotations

import time

import pygame

from game.core.cards import KIND_OF
from game.i18n import _, ngettext
from game.i18n.names import shown_name
from game.vazhushal import DRAW, FINAL, OVER, PLAY

from ...bots import level_shown
from ...cardart import card_height, strip_width
from ...resources import elide, font, measure, wrap
from ...scene import felt
from ...textdraw import fit_lines
from ...widgets import ACCENT, BAD, GOOD, INK, MUTED, label, panel
from ...wording import card_text
from .describe import wild_cards
from .geometry import MARKS, MELDS_HEADING, NEW_MELD, Geometry, coach_line_h, coach_target, place_message
from .layout import fitted_size, wrap_words
from .presentation import TableView

HINT = (120, 220, 255)


def outline(surf: pygame.Surface, rect: pygame.Rect, color: tuple = ACCENT, width: int = 3) -> None:
    pygame.draw.rect(surf, color, rect.inflate(4, 4), width=width, border_radius=8)


def draw_table(scene: TableView, surf: pygame.Surface) -> None:
    geo = scene.geo()
    lay = geo.layout
    surf.blit(felt(surf.get_size()), (0, 0))
    for i, seat in enumerate(geo.seats):
        draw_opponent(scene, surf, lay.opponents[i], seat)
    draw_stock(scene, surf, geo)
    draw_line(scene, surf, geo)
    draw_melds(scene, surf, geo)
    draw_message(scene, surf, geo)
    draw_hand(scene, surf, geo)
    draw_side(scene, surf, geo)
    draw_help_bar(scene, surf, geo)
    from .panels import draw_flyers, draw_log, draw_wipe
    draw_flyers(scene, surf, geo)  # under the dialogs: a card in flight never hides a title
    if geo.wipe_panel is not None:
        draw_wipe(scene, surf, geo)
    if geo.log_panel is not None:
        draw_log(scene, surf, geo)
    if geo.coach is not None:
        draw_coach(scene, surf, geo)
    if scene.lasso is not None:
        pygame.draw.rect(surf, ACCENT, scene.lasso, width=2)
    if scene.drag is not None:
        d = scene.drag
        w = lay.hand_w
        x, y = d.pos[0] - d.grab[0], d.pos[1] - d.grab[1]
        for n, c in enumerate(d.cards):
            scene.app.art.draw_face(surf, (x + n * lay.px(26), y), KIND_OF[c], w, wild=scene.state.wild[KIND_OF[c]],
                                    card_id=c)


def draw_help_bar(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    """Along the bottom: after a key, the focused card announced in words (what it is, what the
    keys do with it); otherwise the key help (when the setting is on), as much as fits."""
    lay = geo.layout
    bar = lay.help_bar
    size = scene.fs(18)
    width = bar.w - lay.px(16)
    words = scene.focus_words() if scene.keyboard and scene.viewer is not None and not scene.hidden else ""
    if words:
        label(surf, elide("▸ " + words, size, width, True), (bar.x + lay.px(8), bar.centery), size, ACCENT,
              bold=True, anchor="midleft")
        return
    if not scene.app.settings.key_help:
        return
    lines, size = geo.key_help
    up = font(size).get_linesize()
    y = bar.centery - up * (len(lines) - 1) // 2
    for line in lines:
        label(surf, line, (bar.x + lay.px(8), y), size, MUTED, anchor="midleft")
        y += up


def draw_coach(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    """The tutorial's coach mark: a ring around what the step is about, and the bubble."""
    tutorial = scene.tutorial
    step = tutorial.current
    lay = geo.layout
    p = lay.px
    aim = coach_target(lay, step.target, geo)
    pygame.draw.rect(surf, HINT, aim.inflate(p(10), p(10)), width=3, border_radius=10)
    box = geo.coach
    panel(surf, box, (16, 40, 60), 245, border=HINT)
    label(surf, _(step.title), (box.x + p(14), box.y + p(10)), scene.fs(22), HINT, bold=True)
    y = box.y + geo.coach_top
    for line in geo.coach_lines:
        label(surf, line, (box.x + p(14), y), scene.fs(18), INK)
        y += coach_line_h(scene)
    scene.buttons["skip"].draw(surf, False, scene.fs(18))


def meld_spots(melds: list, cw: int, step: int, area: pygame.Rect, gap: int,
               row_gap: int) -> list[tuple[int, int, int, int]] | None:
    """Where each meld's cards go in ``area`` (cards ``cw`` wide, each ``step`` right of the last;
    a meld that would run past the right starts a new row): ``(x, y, cw, step)`` a meld, or None
    when they do not all fit."""
    ch = card_height(cw)
    x, y, out = area.x, area.y, []
    for m in melds:
        width = cw + step * (len(m.cards) - 1)
        if x + width > area.right and x > area.x:
            x, y = area.x, y + ch + row_gap
        if x + width > area.right or y + ch > area.bottom:
            return None
        out.append((x, y, cw, step))
        x += width + gap
    return out


def in_flight(scene: TableView) -> set[int]:
    """Cards still flying to where the state already has them (a wipe into your hand and melds)."""
    now = time.monotonic()
    return {f.card_id for f in scene.flyers if f.card_id is not None and now < f.t0 + f.duration}


def card_lines(melds: list, size: int, width: int) -> list[str]:
    """Melds in words (``A♠A♥Joker``, two spaces between melds), wrapped to ``width``: a meld too
    long for a line breaks between its cards."""
    lines, line = [], ""
    for m in melds:
        sep = "  " if line else ""
        for i, c in enumerate(m.cards):
            word = card_text(KIND_OF[c])
            trial = line + (sep if i == 0 else "") + word
            if line and measure(trial, size)[0] > width:
                lines.append(line)
                trial = word
            line = trial
    return lines + ([line] if line else [])


def draw_opponent(scene: TableView, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """An opponent's panel: the name and the count of cards in hand, its level (or "thinking"), the
    hand face down, the melds face up.  A narrow panel (many seats, a small window, long words) shows
    the count as a number, the name in smaller type, and the level under the hand."""
    s = scene.state
    obs = scene.obs
    p = scene.px
    to_play = s.turn == seat and s.phase != OVER
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    if to_play:
        pygame.draw.rect(surf, ACCENT, rect, width=3, border_radius=10)
    count = obs.hand_counts[seat]
    name = ("▶ " if to_play else "") + scene.match.name(seat)
    name_w = measure(name, scene.fs(20), True)[0]
    count_words = ngettext("{n} card", "{n} cards", count).format(n=count)
    if rect.w - measure(count_words, scene.fs(18), True)[0] - p(26) < name_w:  # narrow: the name first
        count_words = str(count)
    count_w = measure(count_words, scene.fs(18), True)[0]
    room = rect.w - count_w - p(26)
    beside = measure(name, 11, True)[0] <= room  # the count beside the name (else on the row of the hand)
    room = room if beside else rect.w - p(20)
    size = fitted_size(name, scene.fs(20), max(8, room), True)
    label(surf, elide(name, size, max(8, room), True), (rect.x + p(10), rect.y + p(6)), size,
          ACCENT if to_play else INK, bold=True)
    status, thinking = level_shown(scene.match.levels[seat]), False  # a level ("Medium"), in the language in force
    if to_play and not scene.match.is_human(seat) and scene.match.away(seat):  # a network player's link dropped
        status = _("away")
    elif to_play and not scene.match.is_human(seat):
        dots = "." * (1 + int(time.monotonic() * 3) % 3)
        status, thinking = _("thinking") + dots, True
    # the hand, face down, at the right under the count
    bw = scene.app.art.back(p(18)).get_width()  # as drawn: a card is never narrower than the art allows
    bh = card_height(bw)
    fan = min(count, 14)
    fstep = max(1, min(p(4), (max(p(64), bw + 14) - bw) // max(1, fan - 1)))
    fx = rect.right - p(10) - bw - fstep * max(0, fan - 1)
    if beside:
        count_box = label(surf, count_words, (rect.right - p(10), rect.y + p(8)), scene.fs(18), INK, True,
                          "topright")
        fy = max(rect.y + p(31), count_box.bottom)
        free = fx - p(4)  # the level may run up to the hand
    else:
        fy = rect.y + p(31)
        count_box = label(surf, count_words, (fx - p(4), fy), scene.fs(18), INK, True, "topright")
        free = count_box.x - p(4)
    for i in range(fan):
        scene.app.art.draw_back(surf, (fx + i * fstep, fy), bw)
    # the level beside the hand, or under it where it does not fit there
    x, width = rect.x + p(10), rect.w - p(20)
    size = scene.fs(18)
    if not status or measure(status, size)[0] <= free - x:
        y = rect.y + p(31)
    else:
        y = max(fy + bh, count_box.bottom if not beside else 0) + 1
        size = fitted_size(status, size, width)
    shown = label(surf, elide(status, size, width), (x, y), size, ACCENT if thinking else MUTED)
    below = max(shown.bottom, fy + bh)
    if thinking:  # a spinner after the word, where there is room for it
        r = p(8)
        cx, cy = shown.right + p(6) + r, shown.centery
        if cx + r < (free if y < fy + bh else rect.right - p(4)):
            a = time.monotonic() * 6
            pygame.draw.arc(surf, ACCENT, pygame.Rect(cx - r, cy - r, 2 * r, 2 * r), a, a + 4.2, 3)
    # the melds, face up: as cards where they fit (smaller cards before any is left out), else as words
    melds = obs.melds[seat]
    area = pygame.Rect(rect.x + p(8), max(rect.y + p(58), below + 2), rect.w - p(14), 0)
    area.h = rect.bottom + p(2) - area.y
    widths = [scene.geo().layout.opp_w, *range(scene.geo().layout.opp_w - 4, 23, -4)]
    placed = next((spots for cw in widths if (spots := meld_spots(melds, cw, strip_width(cw), area, p(8), p(4)))
                   is not None), None)
    if placed is not None:
        for m, (x, y, cw, step) in zip(melds, placed):
            for i, c in enumerate(m.cards):
                scene.app.art.draw_face(surf, (x + i * step, y), KIND_OF[c], cw, wild=s.wild[KIND_OF[c]], card_id=c)
    elif melds:
        size = max(11, scene.fs(16))
        up = font(size).get_linesize()
        y = area.y
        for line in fit_lines(card_lines(melds, size, area.w), max(0, (rect.bottom - p(4) - y) // up)):
            label(surf, line, (area.x, y), size, INK, box=rect)
            y += up
    if not melds:
        size = scene.fs(18)
        y = max(rect.y + p(64), below + 2)
        lines = wrap(_("no melds yet"), size, width)
        up = font(size).get_linesize()
        for line in fit_lines(lines, max(1, (rect.bottom - p(2) - y) // up)):
            label(surf, line, (x, y), size, (150, 175, 160))
            y += up


def draw_stock(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    lay = geo.layout
    s = scene.state
    p = lay.px
    art = scene.app.art
    if s.indicator is not None and s.stock:  # face up beside the stock (it is drawn last, V2.4)
        art.draw_face(surf, lay.indicator.topleft, s.indicator, lay.line_w, wild=s.wild[s.indicator])
    if len(s.stock) > (1 if s.indicator is not None else 0):
        for i in range(min(3, len(s.stock) - 1)):
            art.draw_back(surf, (lay.stock.x - i * 2, lay.stock.y - i * 2), lay.line_w)
    can_draw = scene.my_turn() and s.phase == DRAW and s.stock
    if can_draw:
        outline(surf, lay.stock)
    label(surf, _("Stock {n}").format(n=len(s.stock)), (lay.stock.x, lay.stock.y - 4 - p(2)), scene.fs(18), INK,
          bold=True, anchor="bottomleft")
    # the negative joker beside the stock, and what it makes wild, right under them (V3)
    small = max(11, p(15))
    y = lay.stock.bottom + p(6)
    if s.indicator is not None:
        label(surf, _("Negative joker {card}").format(card=card_text(s.indicator)), (lay.stock.x, y), small, ACCENT,
              bold=True)
        y += small + p(4)
    for line in wild_cards(s.indicator, s.rules.negative_joker):
        label(surf, line, (lay.stock.x, y), small, ACCENT)
        y += small + p(3)


def draw_line(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    lay, line = geo.layout, geo.line
    s = scene.state
    p = lay.px
    area = lay.line_area
    size = scene.fs(18)
    head = _("Discard line: oldest → newest")
    head_w = label(surf, head, (area.x + p(6), area.y), size, INK, bold=True).w
    badge = scene.app.art.badge(size)
    legend = _("= wild card")
    more = ""  # the line's scroll note, at the bottom right
    if line is not None and len(line.visible) < len(s.line):
        more = _("scroll the wheel for older cards") if line.hidden_older else _("scroll back for the newest cards")
    legend_w = badge.get_width() + p(6) + measure(legend, size)[0]
    bottom = area.bottom - p(2) - font(size).get_linesize()  # the top of a line at the bottom, under the cards
    if p(6) + head_w + p(12) + legend_w <= area.w - p(4):  # the legend beside the heading
        legend_at = (area.right - p(4), area.y)
    elif not more:  # under the cards
        legend_at = (area.right - p(4), bottom)
    elif legend_w + p(12) + measure(more, size)[0] <= area.w - p(10):  # left of the scroll note
        legend_at = (area.x + p(6) + legend_w, bottom)
    else:  # over it
        legend_at = (area.right - p(4), bottom - font(size).get_linesize())
    nr = label(surf, legend, legend_at, size, MUTED, anchor="topright")
    surf.blit(badge, badge.get_rect(midright=(nr.x - p(6), nr.centery)))
    if line is None:
        return
    hover = scene.hover_line
    hint_index = None
    if scene.hint is not None and scene.hint.next.type == "take_line":
        hint_index = scene.hint.next.index
    hidden_last = any(f.kind is not None and f.card_id == (s.line[-1] if s.line else None) for f in scene.flyers)
    for i in line.visible:
        c = s.line[i]
        if hidden_last and i == len(s.line) - 1:
            continue
        r = line.rects[i]
        lifted = hover is not None and i >= hover
        pos = (r.x, r.y - (p(8) if lifted else 0))
        scene.app.art.draw_face(surf, pos, KIND_OF[c], lay.line_w, wild=s.wild[KIND_OF[c]], card_id=c)
        if lifted:
            pygame.draw.rect(surf, ACCENT, pygame.Rect(pos, r.size), width=2, border_radius=6)
        if hint_index is not None and i >= hint_index:
            pygame.draw.rect(surf, HINT, pygame.Rect(pos, r.size).inflate(4, 4), width=3, border_radius=7)
    if scene.cursor[0] == "line" and scene.my_turn():
        i = scene.cursor[1]
        target = lay.stock if i == 0 else (line.rects[i - 1] if 0 < i <= len(s.line) else None)
        if target is not None:
            outline(surf, target, INK, 3)
    if line.hidden_older:
        first = line.rects[line.visible[0]] if line.visible else area
        label(surf, f"◀{line.hidden_older}", (first.x - p(4), first.centery), scene.fs(18), MUTED, bold=True,
              anchor="midright")
    if more:
        label(surf, more, (area.right - p(4), area.bottom - p(2)), size, MUTED, anchor="bottomright")
    if not s.line:
        label(surf, _("(empty)"), (area.x + p(10), area.y + p(40)), scene.fs(18), MUTED)


def draw_melds(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    lay = geo.layout
    area = lay.melds_area
    p = lay.px
    s = scene.state
    if scene.viewer is None or scene.hidden:
        return
    label(surf, _(MELDS_HEADING), (area.x + p(8), area.y + p(8)), scene.fs(18), INK, bold=True)
    staged = scene.staging.from_hand() if scene.staging else set()
    cursor = scene.cursor_card() if scene.cursor[0] == "melds" else None
    flying = in_flight(scene)
    n = 0
    for gi, (rect, cards) in enumerate(geo.groups):
        for c, r in cards:
            if c in flying:
                continue
            raised = c in scene.selected
            pos = (r.x, r.y - (p(10) if raised else 0))
            scene.app.art.draw_face(surf, pos, KIND_OF[c], lay.meld_w, wild=s.wild[KIND_OF[c]], card_id=c)
            if c in staged:
                pygame.draw.rect(surf, (90, 200, 255), pygame.Rect(pos, r.size), width=2, border_radius=6)
            if raised:
                outline(surf, pygame.Rect(pos, r.size))
            if c == cursor:
                outline(surf, pygame.Rect(pos, r.size), INK)
            n += 1
        new = any(c in staged for c, _ in cards)
        number = _("{n}  staged").format(n=gi + 1) if new else str(gi + 1)
        label(surf, number, (rect.x, rect.bottom + p(1)), scene.fs(18), (120, 210, 255) if new else MUTED)
    if geo.new_meld is not None:
        z = geo.new_meld
        hot = scene.drag is not None and z.inflate(12, 12).collidepoint(scene.drag.pos)
        _dashed(surf, z, ACCENT if hot else (170, 210, 190))
        up = max(p(22), font(scene.fs(18), True).get_linesize())  # the two lines a line apart, never closer
        label(surf, _(NEW_MELD), (z.centerx, z.centery - up // 2), scene.fs(18), ACCENT if hot else INK, bold=True,
              anchor="center")
        label(surf, _("drop here"), (z.centerx, z.centery + up - up // 2), scene.fs(18), MUTED, anchor="center")


def _dashed(surf: pygame.Surface, rect: pygame.Rect, color: tuple) -> None:
    dash = 10
    for x in range(rect.x, rect.right, dash * 2):
        pygame.draw.line(surf, color, (x, rect.y), (min(x + dash, rect.right), rect.y), 2)
        pygame.draw.line(surf, color, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), 2)
    for y in range(rect.y, rect.bottom, dash * 2):
        pygame.draw.line(surf, color, (rect.x, y), (rect.x, min(y + dash, rect.bottom)), 2)
        pygame.draw.line(surf, color, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), 2)


def message_shown(scene: TableView) -> tuple[str, str]:
    """The words over the hand now, and their kind: the message of this moment; over a line card,
    what a take from there would do (unless a message was said since the pointer came onto it,
    such as the refusal of a click); while the Hint is worked out, its progress."""
    msg, kind = scene.message
    s = scene.state
    hover = scene.hover_line
    if (hover is not None and hover < len(s.line) and scene.wipe is None and scene.hover_text
            and (not msg or scene.said == scene.hover_said)):  # a message said since (a refusal) stays
        msg, kind = scene.hover_text, "info"
    if scene.hint_job is not None and kind == "info" and msg == scene.message[0]:  # the Hint's progress mark
        done, total = scene.hint_progress
        msg = f"{msg} {round(100 * done / max(1, total))} %"
    return msg, kind


def draw_message(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    """The message over the felt above the hand, whole, where the geometry found room for it (the
    "?" beside its last line); a line card's take, or the Hint's progress, laid out the same way."""
    msg, kind = message_shown(scene)
    if not msg:
        return
    bold = kind != "info"
    place = geo.message
    if place is None or msg != scene.message[0]:
        place = place_message(scene, geo, MARKS.get(kind, "") + msg, bold)
    color = {"bad": BAD, "good": GOOD, "hint": HINT}.get(kind, INK)
    y = place.box.y
    for line in place.lines:
        label(surf, line, (place.box.x, y), place.size, color, bold=place.bold)
        y += place.up
    if place is geo.message and geo.why is not None:  # the rule (and the whole message) one click away
        scene.buttons["why"].draw(surf, False, scene.fs(18))


def draw_hand(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    lay = geo.layout
    s = scene.state
    if scene.viewer is None or scene.hidden:
        msg = _("Hands are hidden") if scene.hidden else _("Watching the bots play")
        label(surf, msg, lay.hand_area.center, scene.fs(22), MUTED, anchor="center")
        return
    cursor = scene.cursor_card() if scene.cursor[0] == "hand" and not scene.drag else None
    dragging = set(scene.drag.cards) if scene.drag else set()
    dragging |= in_flight(scene)  # drawn in flight only, never twice
    hinted = set()
    if scene.hint is not None:  # the cards of yours the hint's next step uses
        wanted = scene.hint.hand_kinds()
        for c, _rect in geo.hand:
            if KIND_OF[c] in wanted:
                wanted.remove(KIND_OF[c])
                hinted.add(c)
    for c, r in geo.hand:
        if c in dragging:
            continue
        scene.app.art.draw_face(surf, r.topleft, KIND_OF[c], lay.hand_w, wild=s.wild[KIND_OF[c]], card_id=c)
        if c in scene.selected:
            outline(surf, r)
            label(surf, "✓", (r.right - lay.px(16), r.y + lay.px(4)), scene.fs(20), (20, 120, 40), bold=True,
                  anchor="topright", on_card=True)
        if c in hinted:
            outline(surf, r, HINT)
        if c == cursor:
            pygame.draw.rect(surf, INK, r.inflate(8, 8), width=3, border_radius=10)
    if not geo.hand:
        label(surf, _("(no cards in hand)"), lay.hand_area.center, scene.fs(20), MUTED, anchor="center")


def draw_side(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    """The column at the right: whose turn and what to do, the hands won, the buttons.  Each box
    is as tall as its words (at least its size at 1280x720), and none runs into the buttons; a title
    too long for one line, even in smaller type, takes two."""
    lay = geo.layout
    side = lay.side
    p = lay.px
    s = scene.state
    small = scene.fs(18)
    line_h = max(scene.fs(21), font(small).get_linesize())
    rows = len(s.seats)
    row_h = max(p(23), font(small, True).get_linesize())
    hand = scene.match.hand_no + 1
    target = s.rules.target_wins
    head = _("Hand {n} · first to {target}").format(n=hand, target=target) if target else _("Hand {n}").format(n=hand)
    heads = wrap_words(head, small, side.w - p(20), True)
    head_h = max(p(30), p(6) + len(heads) * row_h + p(2))
    scores_h = max(p(34), head_h) + rows * row_h
    buttons_top = scene.buttons["confirm"].rect.y if scene.buttons["confirm"].rect.h else side.bottom
    title, detail = turn_words(scene)
    size = fitted_size(title, scene.fs(22), side.w - p(20), True, small)
    titles = wrap_words(title, size, side.w - p(20), True)
    top_h = max(p(38), p(8) + len(titles) * font(size, True).get_linesize() + p(2))
    room = buttons_top - p(8) - scores_h - p(8) - side.y
    detail_size = small  # a step smaller (never below 11 px) where the words need it
    for detail_size in range(small, 10, -1):
        step = max(round(line_h * detail_size / small), font(detail_size).get_linesize())
        lines = wrap_words(detail, detail_size, side.w - p(20)) if detail else []
        if top_h + len(lines) * step + p(8) <= room:
            break
    line_h = step
    box_h = max(top_h + p(6), min(room, max(p(172), top_h + len(lines) * line_h + p(8))))
    box = pygame.Rect(side.x, side.y, side.w, box_h)
    panel(surf, box, border=ACCENT if scene.my_turn() else (80, 120, 100))
    y = box.y + p(8)
    for line in titles:
        y = label(surf, line, (box.x + p(10), y), size, ACCENT if scene.my_turn() else INK, bold=True).bottom
    y = box.y + top_h
    fit = max(0, (box.bottom - y - p(4)) // line_h)
    if len(lines) > fit:
        lines = lines[:max(0, fit - 1)] + ([elide(" ".join(lines[max(0, fit - 1):]), detail_size, side.w - p(20))]
                                           if fit else [])
    for line in lines:
        label(surf, line, (box.x + p(10), y), detail_size, INK)
        y += line_h
    sbox = pygame.Rect(side.x, box.bottom + p(8), side.w, scores_h)
    panel(surf, sbox)
    y = sbox.y + p(6)
    for line in heads:
        label(surf, line, (sbox.x + p(10), y), small, MUTED, bold=True)
        y += row_h
    y = sbox.y + max(p(30), head_h)
    names = [f"{'▶' if i == s.turn and s.phase != OVER else ' '} {shown_name(seat.name)}"
             for i, seat in enumerate(s.seats)]
    won = [_("{n} won").format(n=s.wins[i]) for i in range(rows)]
    if any(measure(names[i], small, i == scene.viewer)[0] + measure(won[i], small)[0] > sbox.w - p(24) - p(8)
           for i in range(rows)):
        won = [str(s.wins[i]) for i in range(rows)]  # narrow: the counts alone, under "first to ..."
    for i in range(rows):
        room = sbox.w - p(16) - measure(won[i], small)[0] - p(8)
        label(surf, elide(names[i], small, room, i == scene.viewer), (sbox.x + p(6), y), small, INK,
              bold=i == scene.viewer)
        label(surf, won[i], (sbox.right - p(10), y), small, INK, anchor="topright")
        y += row_h
    for name in ("confirm", "reset", "undo", "discard", "sort", "hint", "log", "menu"):
        b = scene.buttons[name]
        b.draw(surf, False, small)


def turn_words(scene: TableView) -> tuple[str, str]:
    s = scene.state
    m = scene.match
    if s.phase == OVER:
        return _("Hand over"), _("Counting the hand…")
    who = m.name(s.turn)
    if scene.hidden:
        return _("Pass to {name}").format(name=who), _("Hands are hidden until they take the seat.")
    if not m.is_human(s.turn):
        return (_("{name}'s turn").format(name=who),
                _("Thinking… Watch the table: the bot's moves are shown as they happen."))
    if not scene.my_turn():
        return _("{name}'s turn").format(name=who), ""
    if scene.hint is not None:
        return _("Hint"), "\n".join(scene.hint.steps)
    if s.phase == DRAW:
        return _("Your turn: draw"), _("Click the stock (N), or click a card of the line to wipe it and every newer "
                                       "card.")
    if s.phase == PLAY:
        return _("Your turn: play"), _("Meld: drag cards onto “New meld”, then Confirm (M). Discard: drag a card "
                                       "onto the line, or double-click it (D).")
    if s.phase == FINAL:
        return _("Final melding"), _("The stock ran out. Meld what you can, then press Done (D).")
    return who, ""
