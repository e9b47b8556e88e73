"""Marriage in the replay viewer: its steps in words, and its table drawn by the table's code.

:class:`ReplayTableM` is what :mod:`game.ui.marriage.view` reads for one replay step: the recorded
state seen from one seat (``observe(state, seat)``, M13: the seat's own hand, and the tiplu and
its W badges only once that seat has seen), the hand grouped as a player first sorts it, no
selection, nobody's turn to act.  With every hand shown, the whole state is open (the deal is over
when a replay is watched).  Step words never name the tiplu before the last step, since they are
the same whichever seat is viewed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core.cards import kind_pretty, parse_kind
from game.marriage import State, observe
from game.marriage.deck import KIND, jokers_of
from game.marriage.state import DUBLEE_ROUTE, INVALID_FINISH, OVER

from ..cardart import card_height
from ..persist import CARD_SIZES
from ..replay.board import Chrome, Frame, draw_groups
from ..replay.controls import NAMES, row, split_legend
from ..resources import elide, text, wrap
from ..scene import Scaled, felt
from ..widgets import ACCENT, BAD, INK, MUTED, panel
from ..widgets import label as draw_label
from . import view
from .hand import HandGroups, group_labels, groups_words, initial_groups, known_maal
from .layout import MarriageLayout, build
from .table import OUT_WORDS, MarriageTableScene

GAME = "marriage"
STRIP = 30  # the progress strip's band along the bottom, at 1280x720


# --- the steps in words ------------------------------------------------------------------------

def deal_words(state: State, names: Sequence[str]) -> str:
    return f"{names[state.dealer]} dealt; {names[(state.dealer + 1) % state.players]} exposes first and plays first"


def step_words(before: State, entry: dict, after: State, names: Sequence[str]) -> str:
    words = _action_words(before, entry, after, names)
    if after.result is not None and before.result is None:
        words += "; " + end_words(after, names)
    return words


def _groups(tokens: list[list[str]]) -> str:
    return groups_words([[parse_kind(t) for t in g] for g in tokens])


def _action_words(before: State, entry: dict, after: State, names: Sequence[str]) -> str:
    action, seat = entry["action"], entry["seat"]
    who, kind = names[seat], action["type"]
    if kind == "expose":
        return f"{who} exposed {_groups(action['groups'])}" if action["groups"] else f"{who} exposed no tunnela"
    if kind == "draw_stock":
        return f"{who} drew from the stock"
    if kind == "take_discard":
        return f"{who} took {kind_pretty(KIND[before.discard[-1]])} from the discard pile"
    if kind == "discard":
        return f"{who} discarded {kind_pretty(parse_kind(action['card']))}"
    if kind == "see_maal":
        route = "seven dublees" if after.seen[seat] == DUBLEE_ROUTE else "pure combinations"
        laid = f": laid {_groups(action['groups'])}" if action["groups"] else ""
        return f"{who} saw the maal by {route}{laid}"
    if kind == "declare":
        if after.out[seat] == INVALID_FINISH:
            return f"{who} finished, but not validly, and is out"
        return f"{who} finished with {kind_pretty(parse_kind(action['finish']))} face down"
    return f"{who}: {kind}"


def end_words(state: State, names: Sequence[str]) -> str:
    r = state.result
    assert r is not None
    if r.winner is None:
        return "the stock ran out: the deal is void"
    tiplu = f" (the tiplu was {kind_pretty(KIND[state.tiplu])})" if state.tiplu is not None else ""
    return f"{names[r.winner]} won the deal ({r.net[r.winner]:+d}){tiplu}"


def key_move(before: State, entry: dict, after: State) -> bool:
    """An exposed tunnela, a take from the discard pile, a sight, a finish, the end of the deal."""
    kind = entry["action"]["type"]
    return ((kind == "expose" and bool(entry["action"]["groups"])) or kind in ("take_discard", "see_maal", "declare")
            or after.phase == OVER)


# --- the table of one step -----------------------------------------------------------------------

def seat_groups(state: State, seat: int, hand: Sequence[int], wild: Sequence[bool]) -> HandGroups:
    """A seat's hand in groups: at the end the winner's finishing groups (what it declared), else
    its tunnelas first and then by suit, as a player first sorts it."""
    judged = state.result.groups[seat] if state.result is not None else None
    if judged is None:
        return initial_groups(hand, wild)
    left = list(hand)
    groups = []
    for kinds in judged:
        group = []
        for kind in kinds:
            card = next((c for c in left if KIND[c] == kind), None)
            if card is not None:
                left.remove(card)
                group.append(card)
        groups.append(group)
    return HandGroups([*groups, left])


class SeatsM:
    """The game as the table's drawing asks it: names and who played each seat (every seat
    answers ``is_human``: in a replay nobody is thinking)."""

    def __init__(self, frame: Frame) -> None:
        self.names = frame.timeline.names
        self.levels = [frame.timeline.kind_label(i) for i in range(frame.timeline.players)]
        self.series = None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def level(self, seat: int) -> str:
        return self.levels[seat]

    def is_human(self, seat: int) -> bool:
        return True


class OpenView:
    """Every hand shown: the observation's shape with the whole state (the deal is being
    reviewed, nothing is secret)."""

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        self.hand = tuple(state.hands[seat])
        self.tiplu = state.tiplu
        self.rules = state.rules
        self.exposed = tuple(tuple(gs) for gs in state.exposed)
        self.shown = tuple(tuple(gs) for gs in state.shown)

    @property
    def jokers(self):
        return None if self.tiplu is None else jokers_of(KIND[self.tiplu])


class ReplayTableM(Scaled):
    """A replay step as :mod:`game.ui.marriage.view` reads the table (read only)."""

    hidden = False
    drag = None

    def __init__(self, app: Any, frame: Frame) -> None:
        self.app = app
        self.frame = frame
        self.match = SeatsM(frame)
        self.viewer = frame.seat
        self.selected: set[int] = set()
        state = frame.state
        self.obs = OpenView(state, frame.seat) if frame.show_all else observe(state, frame.seat)
        self.groups = seat_groups(state, frame.seat, self.obs.hand, self.known_wild())
        w, h = app.screen.get_size()
        self.size = (w, h - self.px(STRIP))
        s = state
        others = self.opponents()
        def laid(seat: int) -> list[list[int]]:
            return [[KIND[c] for c in g] for g in (*s.exposed[seat], *s.shown[seat])]

        opp = [[] if frame.show_all else laid(o) for o in others]
        mine = laid(frame.seat)
        self._layout = build(self.size, CARD_SIZES.get(app.settings.card_size, 1.0), opp, self.groups.groups,
                             set(), set(), MarriageTableScene.BUTTONS, MarriageTableScene.SLOTS, mine)

    @property
    def state(self) -> State:
        return self.frame.state

    def my_turn(self) -> bool:
        return False

    def opponents(self) -> list[int]:
        n, me = self.state.players, self.frame.seat
        return [(me + k) % n for k in range(1, n)]

    def layout(self) -> MarriageLayout:
        return self._layout

    def hand_groups(self) -> HandGroups:
        return self.groups

    def viewer_tiplu(self) -> int | None:
        return None if self.obs.tiplu is None else KIND[self.obs.tiplu]

    def known_wild(self) -> tuple[bool, ...]:
        jokers = self.obs.jokers
        return (False,) * 53 if jokers is None else jokers.wild + (False,)

    def group_labels(self) -> list[tuple[str, int]]:
        return group_labels(self.groups.kinds(), self.viewer_tiplu(), self.state.rules.max_wilds_per_combo)

    def focused_card(self) -> None:
        return None

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else OUT_WORDS[out]

    def status_words(self) -> tuple[str, str]:
        maal = known_maal(self.obs)
        r = self.state.result
        if r is not None and r.winner is not None:
            maal = r.maal[self.frame.seat]
        return "", "" if maal is None else f"Maal: {maal}"


class Board:
    """Marriage's table for the replay viewer (one :class:`ReplayTableM` a step, seat and size)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._table: tuple[tuple, ReplayTableM] | None = None

    def table(self, frame: Frame) -> ReplayTableM:
        key = (frame, self.app.screen.get_size(), self.app.settings.card_size)
        if self._table is None or self._table[0] != key:
            self._table = (key, ReplayTableM(self.app, frame))
        return self._table[1]

    def chrome(self, frame: Frame) -> Chrome:
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
            for rect, laid, seat in zip(lay.opponents, lay.opp_laid, table.opponents()):
                view.draw_opponent(table, surf, rect, laid, seat)
        view.draw_middle(table, surf, lay)
        draw_steps(table, surf, lay)
        view.draw_mine(table, surf, lay)
        view.draw_hand(table, surf, lay)
        words = frame.hand_words()
        size = table.fs(18)
        draw_label(surf, elide(words, size, lay.size[0] - table.px(40)), (lay.size[0] // 2, lay.message_y), size,
                   MUTED, anchor="midtop")


def open_rects(table: ReplayTableM, n: int) -> list[pygame.Rect]:
    w, p = table.size[0], table.px
    each = (w - p(24) - (n - 1) * p(10)) // max(1, n)
    return [pygame.Rect(p(12) + i * (each + p(10)), p(10), each, p(92)) for i in range(n)]


def draw_open_opponent(table: ReplayTableM, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """An opponent's box with its hand face up (its laid groups first): name, how it stands, the cards."""
    s, p = table.state, table.px
    to_play = s.turn == seat and s.phase != OVER
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    out = s.out[seat]
    status = OUT_WORDS[out] if out is not None else view.seen_words(table, seat)
    status_img = text(status, table.fs(17), BAD if out is not None else INK, out is None)
    surf.blit(status_img, status_img.get_rect(topright=(rect.right - p(10), rect.y + p(6))))
    name = elide(("▶ " if to_play else "") + table.match.name(seat), table.fs(19),
                 rect.w - status_img.get_width() - p(26), True)
    draw_label(surf, name, (rect.x + p(10), rect.y + p(5)), table.fs(19), ACCENT if to_play else INK, bold=True)
    top = rect.y + p(30)
    cw = max(24, round((rect.bottom - p(5) - top) / 1.4))
    wild = table.known_wild()
    laid = [list(g) for g in (*s.exposed[seat], *s.shown[seat])]
    groups = laid + seat_groups(s, seat, s.hands[seat], wild).groups
    area = pygame.Rect(rect.x + p(8), top, rect.w - p(16), card_height(cw))
    draw_groups(table.app.art, surf, [[(c, KIND[c]) for c in g] for g in groups], area, cw, wild, p(8))


def draw_steps(table: ReplayTableM, surf: pygame.Surface, lay: MarriageLayout) -> None:
    """The news panel as the step panel: the step (gold at a key move), what it was, whose view,
    then the steps before it, newest last, as many as fit."""
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
