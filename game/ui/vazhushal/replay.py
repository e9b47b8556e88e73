"""Vazhushal in the replay viewer: its steps in words, and its table drawn by the table's own code.

The table's geometry and drawing (:mod:`game.ui.vazhushal.table.geometry`, :mod:`game.ui.vazhushal.table.view`)
take a read-only :class:`~game.ui.vazhushal.table.presentation.TableView`; :class:`ReplayTable` is one for
a replay step: the recorded state seen by one seat through ``observe(state, seat)`` (V12), no
selection, no drag, nobody's turn to act.  So the replay looks exactly like the table did, and
a hand is drawn only from the seat's observation.  What differs is drawn here: the seat's melds
under its own name, the step and the seats in the side column (where the table has its status
box), the opponents' hands face up when every hand is shown, and the viewer's controls in the
place of the table's buttons, the progress strip in the place of the key help.

The steps' words are whole sentences of the catalogue (:mod:`game.i18n`), cards and names their values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core.cards import KIND_OF
from game.i18n import _, ngettext
from game.i18n.names import shown_name
from game.vazhushal import OVER, State, observe, parse_kind

from ..cardart import card_height, index_size
from ..persist import CARD_SIZES
from ..replay.board import Chrome, Frame, draw_groups
from ..replay.controls import grid, split_legend
from ..replay.timeline import ending_words
from ..resources import elide, font, measure, wrap
from ..scene import Scaled, felt
from ..textdraw import fit_lines
from ..widgets import ACCENT, INK, MUTED, Button, label, panel
from ..wording import card_text
from .table import geometry, view
from .table.describe import meld_text, pretty, pretty_tokens
from .table.layout import wrap_words
from .table.staging import display_order

GAME = "vazhushal"
TABLE_BUTTONS = ("confirm", "reset", "undo", "discard", "sort", "hint", "log", "menu", "why", "skip",
                 "wipe_ok", "wipe_cancel")  # the geometry places these; the replay never draws them
ROWS = (("back", "next"), ("prev_key", "next_key"), ("first", "last"), ("seat",), ("all",), ("review",), ("same",),
        ("close",))


# --- the steps in words ------------------------------------------------------------------------

def deal_words(state: State, names: Sequence[str]) -> str:
    dealer, first = names[state.dealer], names[state.turn]
    if state.indicator is None:
        return _("{dealer} dealt; {first} plays first").format(dealer=dealer, first=first)
    return _("{dealer} dealt; {first} plays first; the negative joker is {card}").format(
        dealer=dealer, first=first, card=card_text(state.indicator))


def _action_words(before: State, entry: dict, after: State, names: Sequence[str]) -> str:
    action, seat = entry["action"], entry["seat"]
    who, kind = names[seat], action["type"]
    if kind == "draw_stock":
        return _("{who} drew from the stock").format(who=who)
    if kind == "take_line":
        taken = before.line[action["index"]:]
        n, cards = len(taken), pretty([KIND_OF[c] for c in taken])
        if action.get("meld"):
            meld = meld_text([parse_kind(t) for t in action["meld"]], before.wild)
            return ngettext("{who} wiped {n} card from the line ({cards}) and laid down {meld}",
                            "{who} wiped {n} cards from the line ({cards}) and laid down {meld}", n).format(
                who=who, n=n, cards=cards, meld=meld)
        return ngettext("{who} wiped {n} card from the line ({cards})", "{who} wiped {n} cards from the line ({cards})",
                        n).format(who=who, n=n, cards=cards)
    if kind in ("meld", "arrange"):
        return _melded(before, after, seat, who) or _("{who} rearranged their melds").format(who=who)
    if kind == "discard":
        return _("{who} discarded {card}").format(who=who, card=pretty_tokens([action["card"]]))
    if kind == "done":
        return _("{who} finished melding").format(who=who)
    return f"{who}: {kind}"


def _melded(before: State, after: State, seat: int, who: str) -> str:
    """What a meld or arrangement added to the seat's melds, each meld in the order the engine
    reads it: ``Ravi laid down Q♠ K♠ A♠; added 8♥ to 5♥ 6♥ 7♥`` (empty when nothing was added);
    each clause one message, the first with who did it."""
    had = {c for m in before.melds[seat] for c in m.cards}
    new, grown = [], []
    for m in after.melds[seat]:
        added = [c for c in m.cards if c not in had]
        if not added:
            continue
        order = display_order(list(m.cards), after.wild)
        if len(added) == len(m.cards):
            new.append(pretty([KIND_OF[c] for c in order]))
        else:
            grown.append((pretty([KIND_OF[c] for c in order if c in added]),
                          pretty([KIND_OF[c] for c in order if c not in added])))
    clauses = []
    if new:
        clauses.append(_("{who} laid down {melds}").format(who=who, melds=",  ".join(new)))
    for cards, meld in grown:
        if clauses:
            clauses.append(_("added {cards} to {meld}").format(cards=cards, meld=meld))
        else:
            clauses.append(_("{who} added {cards} to {meld}").format(who=who, cards=cards, meld=meld))
    return "; ".join(clauses)


def end_words(state: State, names: Sequence[str]) -> str:
    r = state.result
    assert r is not None
    if r.reason == "went_out" and r.winner is not None:
        return _("{name} went out and won the hand").format(name=names[r.winner])
    if r.winner is None:
        return _("the stock ran out: nobody won (a drawn hand)")
    return _("the stock ran out: {name} won on points").format(name=names[r.winner])


step_words = ending_words(_action_words, end_words)  # the step that ends the hand says how it ended


def key_move(before: State, entry: dict, after: State) -> bool:
    """A wipe, a meld (or arrangement), and whatever ends the hand (V8 going out, V9 the stock)."""
    return entry["action"]["type"] in ("take_line", "meld", "arrange") or after.phase == OVER


# --- the table of one step -----------------------------------------------------------------------

class Seats:
    """The match as the table's drawing asks it: names and who played each seat.  In a replay
    nobody is thinking, so every seat answers ``is_human`` (the table draws a spinner for a bot
    to move) and ``levels`` holds who played it by the level players know (``Human``, ``Medium``)."""

    def __init__(self, frame: Frame) -> None:
        self.names = frame.timeline.names
        self.levels = [frame.timeline.kind_label(i) for i in range(frame.timeline.players)]
        self.hand_no: int = frame.timeline.doc["hand_no"]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def humans(self) -> list[int]:
        return list(range(self.players))

    def name(self, seat: int) -> str:
        return shown_name(self.names[seat])

    def is_human(self, seat: int) -> bool:
        return True


def suit_sorted(cards: Sequence[int], wild: Sequence[bool]) -> list[int]:
    """A hand as the table sorts it by suit: suit, then rank (aces high), the wild cards last."""
    def key(c: int) -> tuple[int, int]:
        k = KIND_OF[c]
        if k == 52:
            return (9, 0)
        return (k // 13, 14 if k % 13 == 0 else k % 13 + 1)
    ordered = sorted(cards, key=key)
    return [c for c in ordered if not wild[KIND_OF[c]]] + [c for c in ordered if wild[KIND_OF[c]]]


class ReplayTable(Scaled):
    """A replay step as the table's :class:`TableView` (read only): what geometry and drawing read."""

    def __init__(self, app: Any, frame: Frame, line_scroll: int = 0) -> None:
        self.app = app
        self.frame = frame
        self.match = Seats(frame)
        self.viewer: int | None = frame.seat
        self.hidden = False
        self.obs = observe(frame.state, frame.seat)
        self.selected: set[int] = set()
        self.breaks: set[int] = set()
        self.staging = self.wipe = self.drag = self.lasso = self.hover_line = None
        self.message = ("", "info")
        self.message_rule = self.hint = self.tutorial = None
        self.hover_text, self.hover_said, self.said, self.keyboard = "", 0, 0, False
        self.hint_job, self.hint_progress = None, [0, 1]
        self.log_open = False
        self.line_scroll = line_scroll
        self.cursor = ("none", 0)
        self.flyers: list = []
        self.buttons = {name: Button(name, lambda: None) for name in TABLE_BUTTONS}
        self._geo: geometry.Geometry | None = None

    @property
    def state(self) -> State:
        return self.frame.state

    def my_turn(self) -> bool:
        return False

    def hand_cards(self) -> list[int]:
        return suit_sorted(self.obs.hand, self.state.wild)

    def cursor_card(self) -> int | None:
        return None

    def focus_words(self) -> str:
        return ""

    def card_scale(self) -> float:
        return CARD_SIZES.get(self.app.settings.card_size, 1.0)

    def log_lines(self) -> list[str]:
        return []

    def geo(self) -> geometry.Geometry:
        if self._geo is None:
            self._geo = geometry.build_geometry(self)
        return self._geo



class Board:
    """Vazhushal's table for the replay viewer (one :class:`ReplayTable` a step, seat and size)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.line_scroll = 0
        self._table: tuple[tuple, ReplayTable] | None = None

    def table(self, frame: Frame) -> ReplayTable:
        """The table of ``frame`` (kept while nothing changes: its geometry is computed once)."""
        base = (frame, self.app.screen.get_size(), self.app.settings.card_size)
        if self._table is None or self._table[0][:3] != base:
            self.line_scroll = 0  # another step: the line shows its newest cards again
        key = (*base, self.line_scroll)
        if self._table is None or self._table[0] != key:
            self._table = (key, ReplayTable(self.app, frame, self.line_scroll))
        return self._table[1]

    def chrome(self, frame: Frame) -> Chrome:
        """The controls in the side column's lower part (the table's buttons), the strip along
        the bottom (the table's key help)."""
        lay = self.table(frame).geo().layout
        p = lay.px
        strip, legend = split_legend(lay.help_bar.inflate(0, -p(2)), p)
        return Chrome(grid(lay.side, ROWS, p(38), p(6)), strip, legend)

    def scroll(self, pos: tuple[int, int], dy: int) -> bool:
        """The wheel over the discard line scrolls it, as at the table."""
        if self._table is None:
            return False
        geo = self._table[1].geo()
        if geo.line is None or not geo.line.max_scroll or not geo.layout.line_area.collidepoint(pos):
            return False
        self.line_scroll = max(0, min(geo.line.max_scroll, self.line_scroll + dy))
        return True

    def draw(self, surf: pygame.Surface, frame: Frame) -> None:
        table = self.table(frame)
        geo = table.geo()
        surf.blit(felt(surf.get_size()), (0, 0))
        for rect, seat in zip(geo.layout.opponents, geo.seats):
            if frame.show_all:
                draw_open_opponent(table, surf, rect, seat)
            else:
                view.draw_opponent(table, surf, rect, seat)
        view.draw_stock(table, surf, geo)
        view.draw_line(table, surf, geo)
        draw_seat_melds(table, surf, geo)
        view.draw_hand(table, surf, geo)
        draw_whose_hand(table, surf, geo)
        draw_info(table, surf, geo)


def draw_open_opponent(table: ReplayTable, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """An opponent's box with the hand face up (every hand shown): name and count, the hand by
    suit in one row, the melds in a row under it."""
    s, p = table.state, table.px
    to_play = s.turn == seat and s.phase != OVER
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    hand = suit_sorted(s.hands[seat], s.wild)
    count = label(surf, ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand)),
                  (rect.right - p(10), rect.y + p(8)), table.fs(18), INK, True, "topright")
    name = elide(("▶ " if to_play else "") + table.match.name(seat), table.fs(20),
                 rect.w - count.w - p(26), True)
    label(surf, name, (rect.x + p(10), rect.y + p(6)), table.fs(20), ACCENT if to_play else INK, bold=True)
    cw, art = table.geo().layout.opp_w, table.app.art
    row = pygame.Rect(rect.x + p(8), rect.y + p(34), rect.w - p(16), card_height(cw))
    suits: dict[int, list[tuple[int, int]]] = {}
    for c in hand:
        k = KIND_OF[c]
        suits.setdefault(4 if k == 52 or s.wild[k] else k // 13, []).append((c, k))
    draw_groups(art, surf, [suits[key] for key in sorted(suits)], row, cw, s.wild, p(8))
    melds = [[(c, KIND_OF[c]) for c in m.cards] for m in s.melds[seat]]
    row = row.move(0, row.h + p(6))
    if melds and row.y + 2 * index_size(cw) <= rect.bottom:  # a small window: the melds' indexes only
        clip = surf.get_clip()
        surf.set_clip(rect.inflate(-2, -2).clip(clip))
        draw_groups(art, surf, melds, row, cw, s.wild, p(8))
        surf.set_clip(clip)


def draw_seat_melds(table: ReplayTable, surf: pygame.Surface, geo: geometry.Geometry) -> None:
    """The viewed seat's melds where the table shows yours, under the seat's name."""
    area, p = geo.layout.melds_area, table.px
    size = table.fs(18)
    y = area.y + p(8)
    room = geo.melds_left - area.x - p(14)  # the heading's column, left of the melds
    whose = table.frame.seat_name
    # "You": the seat's stored name
    heading = _("Your melds") if whose == "You" else _("{name}'s melds").format(name=shown_name(whose))
    for line in fit_lines(wrap(heading, size, room, True), 2):
        label(surf, elide(line, size, room, True), (area.x + p(8), y), size, INK, bold=True)
        y += max(size + p(2), font(size, True).get_linesize())
    wild = table.state.wild
    for _rect, cards in geo.groups:
        for c, r in cards:
            table.app.art.draw_face(surf, r.topleft, KIND_OF[c], geo.layout.meld_w, wild=wild[KIND_OF[c]], card_id=c)
    if not geo.groups:
        label(surf, _("no melds yet"), (geo.melds_left, area.y + p(8)), size, MUTED)


def draw_whose_hand(table: ReplayTable, surf: pygame.Surface, geo: geometry.Geometry) -> None:
    """Above the hand, in the table's message row: whose hand this is."""
    r = geo.layout.message
    words = table.frame.hand_words()
    label(surf, elide(words, table.fs(18), r.w - 20), (r.centerx, r.bottom - table.fs(22)), table.fs(18), MUTED,
          anchor="midtop")


def draw_info(table: ReplayTable, surf: pygame.Surface, geo: geometry.Geometry) -> None:
    """The side column's top, where the table says whose turn it is: the step and what it was,
    then the seats (▶ to play, the viewed seat in bold) with the hands they had won."""
    frame, side, p = table.frame, geo.layout.side, table.px
    size = table.fs(18)
    box = pygame.Rect(side.x, side.y, side.w, p(186))
    panel(surf, box, border=ACCENT if frame.key else (80, 120, 100))
    head = label(surf, frame.heading, (box.x + p(10), box.y + p(8)), table.fs(22), ACCENT if frame.key else INK,
                 bold=True)
    y = max(box.y + p(38), head.bottom + 1)
    up = max(table.fs(21), font(size).get_linesize())  # the type's own line height, never less
    lines = wrap_words(frame.caption, size, box.w - p(20))
    room = max(1, (box.bottom - y - p(6)) // up)
    if len(lines) > room:
        lines = lines[:room - 1] + [elide(" ".join(lines[room - 1:]), size, box.w - p(20))]
    for line in lines:
        label(surf, line, (box.x + p(10), y), size, INK)
        y += up
    s = table.state
    row_h = max(p(23), font(size, True).get_linesize())
    seats = pygame.Rect(side.x, box.bottom + p(8), side.w, max(p(34), size + p(14)) + s.players * row_h)
    panel(surf, seats)
    label(surf, _("Hand {n}").format(n=table.match.hand_no + 1), (seats.x + p(10), seats.y + p(6)), size, MUTED,
          bold=True)
    y = seats.y + max(p(30), size + p(10))
    names = [f"{'▶' if i == s.turn and s.phase != OVER else ' '} {table.match.name(i)}" for i in range(s.players)]
    won = [_("{n} won").format(n=s.wins[i]) for i in range(s.players)]
    if any(measure(names[i], size, i == frame.seat)[0] + measure(won[i], size)[0] > seats.w - p(32)
           for i in range(s.players)):
        won = [str(s.wins[i]) for i in range(s.players)]  # narrow: the counts alone
    for i in range(s.players):
        room = seats.w - p(16) - measure(won[i], size)[0] - p(8)
        label(surf, elide(names[i], size, room, i == frame.seat), (seats.x + p(6), y), size, INK,
              bold=i == frame.seat)
        label(surf, won[i], (seats.right - p(10), y), size, INK, anchor="topright")
        y += row_h
