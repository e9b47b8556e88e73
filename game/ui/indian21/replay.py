"""21-card Indian Rummy in the replay viewer: its steps in words, and its table drawn by the table's
code.

The pieces of :mod:`game.ui.inhand.view` and :mod:`game.ui.indian21.view` take the scene
duck-typed; :class:`ReplayTable21` is what they read for one replay step: the recorded state, the
seat whose hand is shown (grouped as it declared or showed, or as the results judged it at the end,
else by suit as a player first sorts a hand), no selection, nobody's turn to act.  The hand is
only ever the seat's own (``observe(state, seat).hand``, T15).  The news panel becomes the step
panel; the viewer's controls take the table's button row, and the progress strip a band along the
bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core.cards import kind_pretty, parse_kind
from game.indian21 import State, observe
from game.indian21.deck import KIND
from game.indian21.state import DECLARED, FIRST_DROP, INVALID, MIDDLE_DROP, OVER

from ..cardart import card_height
from ..inhand import view as hand_view
from ..inhand.layout import HandLayout, build
from ..persist import CARD_SIZES
from ..replay.board import Chrome, Frame, draw_groups
from ..replay.controls import NAMES, row, split_legend
from ..resources import elide, text, wrap
from ..scene import Scaled, felt
from ..widgets import ACCENT, BAD, INK, MUTED, panel
from ..widgets import label as draw_label
from . import view
from .hand import HandGroups, group_labels, hand_points, points_note, show_verdict, value_roles
from .table import OUT_WORDS, Table21Scene

GAME = "indian21"
STRIP = 30  # the progress strip's band along the bottom, at 1280x720


# --- the steps in words ------------------------------------------------------------------------

def deal_words(state: State, names: Sequence[str]) -> str:
    return (f"{names[state.dealer]} dealt; {names[state.turn]} plays first; the cut joker is "
            f"{kind_pretty(KIND[state.cut_joker])}")


def step_words(before: State, entry: dict, after: State, names: Sequence[str]) -> str:
    """``Ravi took 7♥ from the discard pile``, ``Meena showed three tunnelas``; the step that ends
    the deal also says how it ended."""
    words = _action_words(before, entry, after, names)
    if after.result is not None and before.result is None:
        words += "; " + end_words(after, names)
    return words


def _action_words(before: State, entry: dict, after: State, names: Sequence[str]) -> str:
    action, seat = entry["action"], entry["seat"]
    who, kind = names[seat], action["type"]
    rules = after.rules
    if kind == "draw_stock":
        return f"{who} drew from the stock"
    if kind == "take_discard":
        return f"{who} took {kind_pretty(KIND[before.discard[-1]])} from the discard pile"
    if kind == "discard":
        return f"{who} discarded {_token(action['card'])}"
    if kind == "drop":
        first = after.out[seat] == FIRST_DROP
        return f"{who} dropped ({'first' if first else 'middle'} drop, " \
               f"{rules.first_drop if first else rules.middle_drop} points)"
    if kind == "declare":
        if after.out[seat] == INVALID:
            return f"{who} showed, but the groups were not valid ({rules.invalid_declare_penalty} points)"
        groups = [[parse_kind(t) for t in g] for g in action["groups"]]
        return f"{who} showed {show_verdict(groups, before).words}, {_token(action['finish'])} face down"
    if kind == "show":
        return f"{who} showed their groups"
    return f"{who}: {kind}"


def _token(token: str) -> str:
    return kind_pretty(parse_kind(token))


def end_words(state: State, names: Sequence[str]) -> str:
    r = state.result
    assert r is not None
    if r.winner is None:
        return "the deal ended with no winner"
    if r.reason == DECLARED:
        return f"{names[r.winner]} won the deal ({r.net[r.winner]:+d})"
    return f"{names[r.winner]} won the deal"


def key_move(before: State, entry: dict, after: State) -> bool:
    """A take from the discard pile, a drop, a declaration, a show, and the end of the deal."""
    return entry["action"]["type"] in ("take_discard", "drop", "declare", "show") or after.phase == OVER


# --- the table of one step -----------------------------------------------------------------------

def seat_groups(state: State, seat: int, hand: Sequence[int]) -> HandGroups:
    """A seat's hand in groups: at the end of the deal the groups the results judged it on; before,
    as the seat declared or showed them once it has; else by suit as a player first sorts it."""
    judged = state.result.groups[seat] if state.result is not None else None
    shown = [e for e in state.history if e["player"] == seat and e["type"] in ("declare", "show")]
    if judged is not None:
        kinds_of_groups = [list(g) for g in judged]
    elif shown:
        kinds_of_groups = [[parse_kind(t) for t in tokens] for tokens in shown[-1]["groups"]]
    else:
        return HandGroups.by_suit(hand, state.wild)
    left = list(hand)
    groups = []
    for kinds in kinds_of_groups:
        group = []
        for kind in kinds:
            card = next((c for c in left if KIND[c] == kind), None)
            if card is not None:
                left.remove(card)
                group.append(card)
        groups.append(group)
    return HandGroups([*groups, left])


class Seats21:
    """The game as the table's drawing asks it: names and who played each seat (every seat
    answers ``is_human``: in a replay nobody is thinking, so no spinner is drawn)."""

    def __init__(self, frame: Frame) -> None:
        self.names = frame.timeline.names
        self.levels = [frame.timeline.kind_label(i) for i in range(frame.timeline.players)]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def level(self, seat: int) -> str:
        return self.levels[seat]

    def is_human(self, seat: int) -> bool:
        return True


class ReplayTable21(Scaled):
    """A replay step as the table's drawing reads the table (read only)."""

    def __init__(self, app: Any, frame: Frame) -> None:
        self.app = app
        self.frame = frame
        self.match = Seats21(frame)
        self.hidden = False
        self.selected: set[int] = set()
        self.drag = None
        state = frame.state
        self.groups = seat_groups(state, frame.seat, observe(state, frame.seat).hand)
        w, h = app.screen.get_size()
        self.size = (w, h - self.px(STRIP))
        self._layout = build(self.size, CARD_SIZES.get(app.settings.card_size, 1.0), len(self.opponents()),
                             self.groups.groups, set(), set(), Table21Scene.BUTTONS, Table21Scene.SLOTS,
                             Table21Scene.HAND_SCALE, Table21Scene.HAND_TOP_ROOM)

    @property
    def state(self) -> State:
        return self.frame.state

    def my_turn(self) -> bool:
        return False

    def opponents(self) -> list[int]:
        """The other seats along the top, in turn order after the viewed seat (as at the table)."""
        n, me = self.state.players, self.frame.seat
        return [(me + k) % n for k in range(1, n)]

    def layout(self) -> HandLayout:
        return self._layout

    def hand_groups(self) -> HandGroups:
        return self.groups

    def group_labels(self) -> list[tuple[str, int]]:
        return group_labels(self.groups.kinds(), self.state)

    def focused_card(self) -> None:
        return None  # nobody moves a keyboard focus over a replay's hand

    def known_wild(self) -> tuple[bool, ...]:
        return self.state.wild

    def value_marks(self) -> dict[int, str]:
        return value_roles(self.state)

    def decorate_hand(self, surf: pygame.Surface, lay) -> None:
        view.decorate_hand(self, surf, lay)

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else OUT_WORDS[out]

    def points_note(self) -> str:
        if self.state.result is not None:
            return ""
        return points_note(self.groups.kinds(), self.state, self.frame.seat)

    def hand_points(self) -> int:
        """The seat's points: what the results charged it once the deal is over, else what its
        groups count now (the engine's count, as at the table)."""
        r = self.state.result
        if r is not None:
            return r.points[self.frame.seat]
        return hand_points(self.groups.kinds(), self.state, self.frame.seat)


class Board:
    """The game's table for the replay viewer (one :class:`ReplayTable21` a step, seat and size)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._table: tuple[tuple, ReplayTable21] | None = None

    def table(self, frame: Frame) -> ReplayTable21:
        key = (frame, self.app.screen.get_size(), self.app.settings.card_size)
        if self._table is None or self._table[0] != key:
            self._table = (key, ReplayTable21(self.app, frame))
        return self._table[1]

    def chrome(self, frame: Frame) -> Chrome:
        """The controls in one row where the table has its buttons; the strip in the band under them."""
        table = self.table(frame)
        p = table.px
        buttons = next(iter(table.layout().buttons.values()))
        w, h = self.app.screen.get_size()
        area = pygame.Rect(p(12), buttons.y, w - p(24), buttons.h)
        strip, legend = split_legend(pygame.Rect(p(12), table.size[1], w - p(24), h - table.size[1] - p(4)), p)
        return Chrome(row(area, NAMES, p(6)), strip, legend)

    def scroll(self, pos: tuple[int, int], dy: int) -> bool:
        return False

    def draw(self, surf: pygame.Surface, frame: Frame) -> None:
        table = self.table(frame)
        lay = table.layout()
        surf.blit(felt(surf.get_size()), (0, 0))
        if frame.show_all:
            for rect, seat in zip(open_rects(table, len(table.opponents())), table.opponents()):
                draw_open_opponent(table, surf, rect, seat)
        else:
            for rect, seat in zip(lay.opponents, table.opponents()):
                hand_view.draw_opponent(table, surf, rect, seat)
        view.draw_middle(table, surf, lay)
        draw_steps(table, surf, lay)
        hand_view.draw_hand(table, surf, lay)
        words = frame.hand_words()
        size = table.fs(18)
        draw_label(surf, elide(words, size, lay.size[0] - table.px(40)), (lay.size[0] // 2, lay.message_y), size,
                   MUTED, anchor="midtop")


def open_rects(table: ReplayTable21, n: int) -> list[pygame.Rect]:
    """The opponents' boxes when every hand is shown: the whole width of the top, shared."""
    w, p = table.size[0], table.px
    each = (w - p(24) - (n - 1) * p(10)) // max(1, n)
    return [pygame.Rect(p(12) + i * (each + p(10)), p(10), each, p(92)) for i in range(n)]


def draw_open_opponent(table: ReplayTable21, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """An opponent's box with the hand face up, grouped: name, how they stand, the cards (a
    dropped hand stays face down)."""
    s, p = table.state, table.px
    to_play = s.turn == seat and s.phase != OVER
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    out = s.out[seat]
    status = OUT_WORDS[out] if out is not None else f"{len(s.hands[seat])} cards"
    status_img = text(status, table.fs(17), BAD if out is not None else INK, out is None)
    surf.blit(status_img, status_img.get_rect(topright=(rect.right - p(10), rect.y + p(6))))
    name = elide(("▶ " if to_play else "") + table.match.name(seat), table.fs(19),
                 rect.w - status_img.get_width() - p(26), True)
    draw_label(surf, name, (rect.x + p(10), rect.y + p(5)), table.fs(19), ACCENT if to_play else INK, bold=True)
    top = rect.y + p(30)
    if out in (FIRST_DROP, MIDDLE_DROP):  # a dropped hand is never seen, not even at the end (T9, T15)
        draw_label(surf, "cards not shown", (rect.x + p(10), top + p(8)), table.fs(17), MUTED)
        return
    cw = max(24, round((rect.bottom - p(5) - top) / 1.4))
    groups = seat_groups(s, seat, s.hands[seat]).groups
    area = pygame.Rect(rect.x + p(8), top, rect.w - p(16), card_height(cw))
    draw_groups(table.app.art, surf, [[(c, KIND[c]) for c in g] for g in groups], area, cw, s.wild, p(8))


def draw_steps(table: ReplayTable21, surf: pygame.Surface, lay: HandLayout) -> None:
    """The news panel as the step panel: the step (gold at a key move), what it was, whose view
    and the game, then the steps before it, newest last, as many as fit."""
    frame, p = table.frame, table.px
    box = lay.news
    panel(surf, box, (14, 44, 32), 170, border=ACCENT if frame.key else (80, 120, 100))
    x, y, width = box.x + p(14), box.y + p(10), box.w - p(28)
    colour = ACCENT if frame.key else INK
    head = f"{frame.heading} · {frame.view_words()}"
    draw_label(surf, elide(head, table.fs(19), width, True), (x, y), table.fs(19), colour, bold=True)
    y += table.fs(19) + p(8)
    for line in wrap(frame.caption, table.fs(18), width, True)[:3]:
        draw_label(surf, line, (x, y), table.fs(18), INK, bold=True)
        y += table.fs(18) + p(4)
    y += p(6)
    size = table.fs(16)
    room = max(0, (box.bottom - y - p(6)) // (size + p(5)))
    captions = table.frame.timeline.captions
    earlier = captions[max(0, frame.index - room):frame.index] if room else []
    for words in earlier:
        draw_label(surf, elide(words, size, width), (x, y), size, MUTED)
        y += size + p(5)
