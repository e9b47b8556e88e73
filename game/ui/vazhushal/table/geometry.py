"""Geometry of the table for the current presentation state: where each card and zone is, for
drawing and for hit-testing (computed once per change, not per frame).  Words are measured as they
are drawn: translated (:mod:`game.i18n`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.cards import KIND_OF
from game.i18n import N_, _, ngettext
from game.vazhushal import DRAW, FINAL, PLAY

from ...cardart import card_height, strip_width
from ...resources import elide, font, measure, wrap
from ...wording import card_text, shown
from .describe import melds_text, split_rule
from .layout import LineLayout, TableLayout, key_help, wrap_words
from .presentation import TableView
from .staging import display_order

MELDS_HEADING = N_("Your melds")  # translated where it is measured and drawn
NEW_MELD = N_("+ New meld")


@dataclass
class MessagePlace:
    """A message laid out over the felt above the hand: its lines, left-aligned at ``box.x`` one
    ``up`` under the other from ``box.y``, in ``size`` px type (bold or not); ``box`` holds them all
    (and the "?" beside the last line, when there is one).  ``cut``: even the smallest type found no
    room for the whole message (the "?" shows it whole)."""

    lines: list[str]
    size: int
    bold: bool
    up: int
    box: pygame.Rect
    cut: bool = False


@dataclass
class Geometry:
    layout: TableLayout
    seats: list[int]  # opponents in the order shown (left to right)
    hand: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    groups: list[tuple[pygame.Rect, list[tuple[int, pygame.Rect]]]] = field(default_factory=list)
    new_meld: pygame.Rect | None = None
    line: LineLayout | None = None
    wipe_panel: pygame.Rect | None = None
    wipe_meld: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    wipe_taken: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    buttons: list[str] = field(default_factory=list)
    message: MessagePlace | None = None  # the message above the hand, laid out (none when there is none)
    melds_left: int = 0  # where the melds start, right of the "Your melds" heading
    coach: pygame.Rect | None = None  # the tutorial's coach bubble
    coach_lines: list[str] = field(default_factory=list)  # its words and note, wrapped to its width
    coach_top: int = 0  # where its words start, below its top
    why: pygame.Rect | None = None  # the "?" beside it, when there is a rule or more to read
    log_panel: pygame.Rect | None = None
    wipe_lines: tuple[list[str], list[str], list[str]] = ([], [], [])  # the wipe's title, words, verdict, wrapped
    key_help: tuple[list[str], int] = ([], 0)  # the key help along the bottom: its lines and type size

    def hand_at(self, pos: tuple[int, int]) -> int | None:
        for card, rect in reversed(self.hand):
            if rect.collidepoint(pos):
                return card
        return None

    def meld_card_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for gi, (_rect, cards) in enumerate(self.groups):
            for card, rect in reversed(cards):
                if rect.collidepoint(pos):
                    return gi, card
        return None

    def group_at(self, pos: tuple[int, int]) -> int | None:
        for gi, (rect, _cards) in enumerate(self.groups):
            if rect.inflate(8, 8).collidepoint(pos):
                return gi
        return None

    def line_at(self, pos: tuple[int, int]) -> int | None:
        if self.line is None:
            return None
        for i in reversed(self.line.visible):
            if self.line.rects[i].collidepoint(pos):
                return i
        return None


def wipe_words(scene: TableView) -> tuple[str, str, str]:
    """The wipe dialog's title, what it asks, and the engine's verdict (with its mark)."""
    w = scene.wipe
    n = len(w.taken)
    title = ngettext("Wipe from the {card}: take {n} card", "Wipe from the {card}: take {n} cards", n).format(
        card=card_text(KIND_OF[w.deepest]), n=n)
    if w.premeld is not None:
        words = _("First lay down {melds} from your hand").format(
            melds=melds_text(w.premeld.melds or (), scene.state.wild))
    elif w.needs_meld:
        words = _("The new meld (the deepest card you take must be in it); click cards to change it:")
    else:
        words = _("No meld needed: lay down your pure sequence this turn.")
    ok, why = w.check()
    return title, words, ("✓ " if ok else "✗ ") + shown(split_rule(why)[1])


def opponent_order(scene: TableView) -> list[int]:
    n = scene.match.players
    me = scene.viewer if scene.viewer is not None else (scene.match.humans or [n - 1])[0]
    if scene.viewer is None and not scene.match.humans:
        return list(range(n))
    return [(me + k) % n for k in range(1, n)]


def build_geometry(scene: TableView) -> Geometry:
    seats = opponent_order(scene)
    room_right = scene.tutorial is not None and scene.tutorial.current is not None
    lay = TableLayout.make(scene.app.screen.get_size(), len(seats), scene.card_scale(), room_right)
    helps = key_help(lay.help_bar.w - lay.px(16), scene.fs(18)) if scene.app.settings.key_help else ([], 0)
    if len(helps[0]) > 1:  # the key help on two lines: a taller bar along the bottom
        help_h = len(helps[0]) * font(helps[1]).get_linesize() + 2
        lay = TableLayout.make(scene.app.screen.get_size(), len(seats), scene.card_scale(), room_right, help_h)
    geo = Geometry(lay, seats, key_help=helps)
    state = scene.state
    geo.line = lay.line_layout(len(state.line), scene.line_scroll)
    p = lay.px
    # the hand
    cards = scene.hand_cards()
    raised = [c in scene.selected for c in cards]
    gaps = [c in scene.breaks for c in cards]
    geo.hand = list(zip(cards, lay.hand_positions(len(cards), raised, gaps)))
    # my melds (staged) and the new-meld zone
    if scene.viewer is not None and not scene.hidden:
        if scene.staging is not None:
            groups = scene.staging.groups
        else:
            groups = [list(m.cards) for m in state.melds[scene.viewer]]
        area = lay.melds_area
        cw, ch = lay.meld_w, card_height(lay.meld_w)
        step = max(strip_width(cw), round(cw * 0.66))
        heading = font(scene.fs(18), True).size(_(MELDS_HEADING))[0]
        left = geo.melds_left = area.x + max(p(130), p(8) + heading + p(14))  # never under the heading
        x, y = left, area.y + p(6)
        row_gap = ch + max(p(8), font(scene.fs(18)).get_linesize() + 2)  # room for a row's numbers under it
        zone = scene.my_turn() and state.phase in (DRAW, PLAY, FINAL) and scene.wipe is None
        for g in groups:
            order = display_order(g, state.wild)
            width = cw + step * (len(order) - 1)
            if x + width > area.right - (p(130) if zone else 0) and x > left:  # room kept for the new-meld zone
                x, y = left, y + row_gap
            rects = [(c, pygame.Rect(x + i * step, y, cw, ch)) for i, c in enumerate(order)]
            rect = pygame.Rect(x, y, width, ch)
            geo.groups.append((rect, rects))
            x += width + p(16)
        if zone:
            words = font(scene.fs(18), True).size(_(NEW_MELD))[0] + p(16)
            zw = max(p(110), cw + p(40), words)
            if x + zw > area.right:
                x, y = left, y + row_gap
            geo.new_meld = pygame.Rect(x, y, zw, ch)
    # the wipe panel
    if scene.wipe is not None:
        w = scene.wipe
        size = scene.fs(18)
        need = max(scene.buttons[n].width_for(size) for n in ("wipe_ok", "wipe_cancel"))
        bw, bh = max(p(128), 76, need), max(p(34), size + 8)  # 76: "Cancel Esc" in 10 px type
        panel = pygame.Rect(0, 0, min(p(780), lay.line_area.w), 0)
        title, words, verdict = wipe_words(scene)
        beside = panel.w - 2 * bw - p(54) >= p(180)  # the title beside the buttons, else over them
        heads = wrap_words(title, scene.fs(22), panel.w - (2 * bw + p(54) if beside else p(40)), True)
        geo.wipe_lines = (heads, wrap_words(words, size, panel.w - p(40)),
                          wrap_words(verdict, size, panel.w - p(40), True))
        heads, says, verdicts = geo.wipe_lines
        up, heads_h = font(size).get_linesize(), len(heads) * font(scene.fs(22), True).get_linesize()
        title_h = p(10) + (max(bh - p(2), heads_h) if beside else heads_h + p(4) + bh) + p(4)
        top = max(p(64), title_h + len(says) * max(scene.fs(21), up) + p(6))  # the title, the buttons, the words
        ph = (top + card_height(lay.line_w) + p(4) + up + p(6) + max(2, len(verdicts)) * max(scene.fs(21), up)
              + p(8))
        panel.h = ph
        panel.midtop = (lay.line_area.centerx, lay.line_area.y)
        geo.wipe_panel = panel
        cw = lay.line_w
        step = max(strip_width(cw), round(cw * 0.72))
        x0, y0 = panel.x + p(20), panel.y + top
        meld = display_order(w.meld, state.wild) if len(w.meld) >= 3 else w.meld
        geo.wipe_meld = [(c, pygame.Rect(x0 + i * step, y0, cw, card_height(cw))) for i, c in enumerate(meld)]
        rest = [c for c in w.taken if c not in w.meld]
        x1 = panel.x + panel.w // 2 + p(30)
        geo.wipe_taken = [(c, pygame.Rect(x1 + i * step, y0, cw, card_height(cw))) for i, c in enumerate(rest)]
        by = panel.y + (p(8) if beside else p(10) + heads_h + p(4))
        scene.buttons["wipe_ok"].rect = pygame.Rect(panel.right - 2 * bw - p(26), by, bw, bh)
        scene.buttons["wipe_cancel"].rect = pygame.Rect(panel.right - bw - p(14), by, bw, bh)
    # the side column's buttons
    names = ["confirm", "reset", "undo", "discard", "sort", "hint", "log", "menu"]
    side = lay.side
    bh, gap = p(38), p(6)
    y = side.bottom - len(names) * (bh + gap)
    for name in names:
        scene.buttons[name].rect = pygame.Rect(side.x, y, side.w, bh)
        y += bh + gap
    geo.buttons = names + (["wipe_ok", "wipe_cancel"] if scene.wipe is not None else [])
    # the message above the hand, whole (the "?" beside it when there is a rule to read); placed
    # before the coach bubble, which keeps clear of it
    words, kind = scene.message
    if words:
        why = scene.message_rule is not None
        geo.message = place_message(scene, geo, MARKS.get(kind, "") + words, kind != "info", why)
        if why or geo.message.cut:
            geo.why = scene.buttons["why"].rect = why_rect(geo, geo.message)
            geo.buttons.append("why")
    if scene.tutorial is not None and scene.tutorial.current is not None:
        step = scene.tutorial.current
        size = scene.fs(18)
        bh = max(p(34), size + 8)
        bw = max(p(176), scene.buttons["skip"].width_for(size))
        title_w = measure(_(step.title), scene.fs(22), True)[0]
        widest = max(p(430), min(330, lay.main.w // 2))
        widths = [widest, widest * 5 // 6, widest * 2 // 3]
        if room_right and lay.opponents:  # the room right of the opponents, where it is wider
            free = lay.main.right - p(6) - (lay.opponents[-1].right + p(6)) - p(6)
            widths = ([free] if free > widest else []) + widths
        best: tuple[int, int, pygame.Rect, list[str], bool] | None = None
        # As wide as it likes where that covers nothing; narrower (and taller) where the narrower
        # bubble finds a freer place: every line of the step is shown, none left out for room.
        # "Skip tutorial" beside the title where both fit, else under the words.
        for rank, width in enumerate(widths):
            lines = coach_lines(scene, width - p(28))
            beside = p(14) + title_w + p(10) + bw + p(14) <= width
            top = max(p(42), p(8) + bh + p(4)) if beside else p(42)
            height = top + len(lines) * coach_line_h(scene) + (p(10) if beside else bh + p(14))
            height = max(p(178) if rank == 0 and width == widest else 0, height)
            box, cost = coach_box(lay, step.target, geo, (width, height), with_cost=True)
            if best is None or cost < best[0]:
                best = (cost, rank, box, lines, beside)
            if not cost:
                break
        assert best is not None
        geo.coach, geo.coach_lines = best[2], best[3]
        box = geo.coach
        if best[4]:
            geo.coach_top = max(p(42), p(8) + bh + p(4))
            scene.buttons["skip"].rect = pygame.Rect(box.right - bw - p(14), box.y + p(8), bw, bh)
        else:
            geo.coach_top = p(42)
            scene.buttons["skip"].rect = pygame.Rect(box.right - bw - p(14), box.bottom - bh - p(10), bw, bh)
        geo.buttons.append("skip")
    scene.buttons["discard"].caption = _("Done") if state.phase == FINAL else _("Discard")
    my = scene.my_turn()
    scene.buttons["confirm"].enabled = my and scene.staging is not None and scene.staging.changed
    scene.buttons["reset"].enabled = my and scene.staging is not None and scene.staging.changed
    scene.buttons["undo"].enabled = my and scene.match.can_undo
    scene.buttons["discard"].enabled = my and state.phase in (PLAY, FINAL)
    scene.buttons["hint"].enabled = my
    if scene.log_open:
        geo.log_panel = pygame.Rect(lay.main.right - p(460), lay.line_area.y + p(24), p(460),
                                    lay.hand_area.y - lay.line_area.y - p(60))
    return geo


MARKS = {"bad": "✗ ", "good": "✓ ", "hint": "★ "}  # before a message of each kind (none before "info")
_PLACED: dict[tuple, MessagePlace] = {}  # a message's place for the room it had (geometry is rebuilt on every change)


def message_obstacles(scene: TableView, geo: Geometry) -> list[pygame.Rect]:
    """What a message above the hand keeps clear of: your melds with their numbers, the new-meld
    zone, the "Your melds" heading, and the wipe dialog and the log when open."""
    lay, p = geo.layout, geo.layout.px
    out = [meld_room(lay, rect) for rect, _ in geo.groups]
    if geo.new_meld is not None:
        out.append(geo.new_meld.inflate(p(4), p(4)))
    if scene.viewer is not None and not scene.hidden:
        w, h = font(scene.fs(18), True).size(_(MELDS_HEADING))
        out.append(pygame.Rect(lay.melds_area.x + p(8), lay.melds_area.y + p(8), w, h))
    return out + [r for r in (geo.wipe_panel, geo.log_panel) if r is not None]


def place_message(scene: TableView, geo: Geometry, words: str, bold: bool, why: bool = False) -> MessagePlace:
    """Where the message ``words`` is read whole: on as many lines as it needs, over the felt
    between the hand and what is above it (your melds, the line), never over a card or a word.
    The whole width under the melds first, in the table's type or a few steps smaller; then, where
    that is too low, also the felt beside the melds (a narrower, taller block), in type down to
    11 px, bold words also in regular weight.  ``why``: the "?" goes beside the last line.  Only
    where no room holds it whole (a message far longer than the game says) are its last words
    cut, the "?" then showing it whole."""
    lay, p = geo.layout, geo.layout.px
    main, base = lay.main, scene.fs(18)
    why_w = max(p(34), 46) + p(8) if why else 0  # 46: "? F1" in 10 px type
    why_h = p(26) if why else 0
    # down to the hand's cards (lower while none is raised), up to the line
    floor = min(r.y for _, r in geo.hand) - max(2, p(3)) if geo.hand else lay.hand_area.y - 1
    ceiling = lay.line_area.bottom + p(4)
    blocks = [r for r in message_obstacles(scene, geo) if r.y < floor]
    key = (words, bold, why, base, floor, ceiling, main.x, main.right, *(tuple(r) for r in blocks))
    found = _PLACED.get(key)
    if found is not None:
        return found

    def top_of(a: int, b: int) -> int:  # the highest a block spanning a..b may reach
        return max([ceiling] + [r.bottom + p(4) for r in blocks if r.x < b and r.right > a])

    def laid(a: int, b: int, size: int, heavy: bool, most: int | None = None) -> MessagePlace | None:
        width = b - a - why_w
        lines = wrap_words(words, size, width, heavy)
        f = font(size, heavy)
        up = max([f.get_linesize()] + [f.size(line)[1] for line in lines])
        cut = most is not None and len(lines) > most
        if cut:
            lines = lines[:max(0, most - 1)] + [elide(" ".join(lines[max(0, most - 1):]), size, width, heavy)]
        text_h = len(lines) * up
        low = max(0, (why_h - up + 1) // 2)  # the "?" centred on the last line reaches this far under it
        box = pygame.Rect(0, 0, max(f.size(line)[0] for line in lines) + why_w, text_h + low)
        box.top = floor - box.h
        if box.h < why_h:  # one short line: the "?" reaches above it too
            box.h = why_h
            box.bottom = floor
        box.centerx = (a + b) // 2
        if most is None and box.y < top_of(a, b):
            return None
        top = box.bottom - low - text_h
        return MessagePlace(lines, size, heavy, up, pygame.Rect(box.x, top, box.w, box.bottom - top), cut)

    whole = (main.x + p(8), main.right - p(8))
    weights = (True, False) if bold else (False,)
    sizes = range(max(base, 11), 10, -1)  # never below 11 px
    # beside the melds: from the left, or from right of anything in the way, to the right or to the left of it
    starts = sorted({whole[0]} | {r.right + p(12) for r in blocks if r.right + p(12) < whole[1]})
    ends = sorted({whole[1]} | {r.x - p(12) for r in blocks if r.x - p(12) > whole[0]})
    spans = sorted({(a, b) for a in starts for b in ends if b - a >= max(p(240), 150)}, key=lambda s: s[0] - s[1])
    room = {s: (s[1] - s[0], floor - top_of(*s)) for s in spans}  # each span's width and height
    tall = [s for s in spans if not any(room[t] != room[s] and room[t][0] >= room[s][0] and room[t][1] >= room[s][1]
                                        for t in spans)]  # none both as wide and as tall, and more
    tries = [(whole, size, heavy) for size in sizes[:4] for heavy in weights]
    tries += [(span, size, heavy) for size in sizes for heavy in weights for span in tall]
    found = next((got for span, size, heavy in tries if (got := laid(*span, size, heavy)) is not None), None)
    if found is None:  # no room holds it all: as many lines as the whole width has, the last cut
        size = sizes[-1]
        up = max(font(size).get_linesize(), 1)
        found = laid(*whole, size, False, max(1, (floor - top_of(*whole)) // up))
    if len(_PLACED) > 256:
        _PLACED.clear()
    _PLACED[key] = found
    return found


def why_rect(geo: Geometry, place: MessagePlace) -> pygame.Rect:
    """The "?" right after a message's last line (its box kept room for it)."""
    p = geo.layout.px
    rect = pygame.Rect(0, 0, max(p(34), 46), p(26))  # 46: "? F1" in 10 px type
    last = font(place.size, place.bold).size(place.lines[-1])[0]
    rect.midleft = (place.box.x + last + p(8), place.box.y + place.up * (len(place.lines) - 1) + place.up // 2)
    return rect


def seat_anchor(scene: TableView, geo: Geometry, seat: int) -> tuple[int, int]:
    """Where a seat's hand is on screen (for cards flying to or from it)."""
    if seat in geo.seats:
        r = geo.layout.opponents[geo.seats.index(seat)]
        return (r.centerx - geo.layout.line_w // 2, r.y + geo.layout.px(30))
    hand = geo.layout.hand_area
    return (hand.centerx - geo.layout.line_w // 2, hand.y + geo.layout.px(20))


def coach_target(lay: TableLayout, target: str, geo: Geometry) -> pygame.Rect:
    """Where a tutorial step points: the stock, the line, your hand, your melds, the new-meld zone."""
    if target == "stock":
        return lay.stock
    if target == "new_meld" and geo.new_meld is not None:
        return geo.new_meld
    return {"line": lay.line_area, "hand": lay.hand_area, "melds": lay.melds_area}.get(target, lay.side)


def coach_line_h(scene: TableView) -> int:
    """The coach bubble's line spacing: its type's own line height, at least the spacing at 1280x720."""
    return max(scene.fs(22), font(scene.fs(18)).get_linesize())


def coach_lines(scene: TableView, width: int) -> list[str]:
    """The tutorial step's words and its note, wrapped to ``width``: every line of them."""
    tutorial = scene.tutorial
    assert tutorial is not None and tutorial.current is not None
    note = tutorial.note(scene.state)
    words = _(tutorial.current.words)
    return wrap(words, scene.fs(18), width) + (wrap(note, scene.fs(18), width) if note else [])


def meld_room(lay: TableLayout, rect: pygame.Rect) -> pygame.Rect:
    """A meld of yours with the number under it (as the view draws it, in the table's 18 px type)."""
    number = font(max(12, round(18 * lay.scale))).get_linesize() + lay.px(1)
    return pygame.Rect(rect.x - lay.px(2), rect.y - lay.px(2), rect.w + lay.px(4), rect.h + lay.px(4) + number)


def coach_box(lay: TableLayout, target: str, geo: Geometry, size: tuple[int, int] | None = None,
              with_cost: bool = False) -> Any:
    """The coach bubble (``size``: as large as its words): in the main area where it hides the
    least: never what it points at or the wipe dialog when it can help it, then neither the
    new-meld zone nor the line with its legend, then no card nor the message above the hand (with
    its "?"), and the opponents' panels last; the right side and the melds' row first.
    ``with_cost``: the box and what it covers (0: nothing it should not)."""
    p = lay.px
    box = pygame.Rect(0, 0, *(size or (p(430), p(178))))
    aim = coach_target(lay, target, geo)
    clear = [(1000, aim.inflate(p(12), p(12))), (1000, geo.wipe_panel), (100, geo.new_meld), (100, lay.line_area),
             (100, lay.stock), (100, lay.indicator), (20, geo.message.box if geo.message else None),
             *((5, r) for r in lay.opponents),
             *((20, meld_room(lay, rect)) for rect, _ in geo.groups), *((20, r) for _, r in geo.hand)]
    area = lay.main.inflate(-p(12), 0)
    best: tuple[int, tuple[int, int]] | None = None
    ys = list(range(lay.melds_area.y - p(4), area.bottom - box.h + 1, p(8)))
    ys += list(range(area.y, lay.melds_area.y - p(4), p(4)))
    for y in ys:
        for x in range(area.right - box.w, area.x - 1, -p(16)):
            box.topleft = (x, y)
            cost = sum(weight for weight, r in clear if r is not None and box.colliderect(r))
            if best is None or cost < best[0]:
                best = (cost, (x, y))
            if not cost:
                return (box, 0) if with_cost else box
    if best is not None and best[0] < 1000:
        box.topleft = best[1]
        return (box, best[0]) if with_cost else box
    box.topright = (lay.main.right - p(6), lay.melds_area.y - p(4))
    if box.colliderect(aim):
        box.bottom = aim.y - p(6)
        if box.y < lay.main.y:
            box.y = aim.bottom + p(6)
    return (box, 1000) if with_cost else box
