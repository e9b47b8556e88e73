"""The replay viewer's table for the games whose melds stay in the hand, the parts every such game
shares: who sat where, a step's table (the recorded state seen from one seat, its hand grouped, no
selection, nobody's turn to act), the board that draws it (the news panel becomes the step panel;
the viewer's controls take the place of the table's buttons, on as many rows as their captions need,
the progress strip a band along the bottom) and the opponents' boxes with every hand shown.

A game's replay module subclasses :class:`ReplayHand` (its hand's groups, its layout and labels)
and :class:`ReplayBoard` (its middle and hand drawn by its table's own code), and keeps its steps
in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from game.core.cards import cards_for_kinds, parse_kind
from game.core.hand_state import FIRST_DROP, OVER  # every in-hand game's last phase ("over")
from game.i18n import _, ngettext
from game.i18n.names import shown_name

from ..cardart import card_height
from ..persist import CARD_SIZES
from ..replay.board import Chrome, Frame, draw_groups
from ..replay.controls import CONTROLS, NAMES, split_legend
from ..resources import elide, font, wrap
from ..scene import Scaled, felt
from ..widgets import ACCENT, BAD, INK, MUTED, panel
from ..widgets import label as draw_label
from ..wording import card_text
from . import view as hand_view
from .groups import HandGroups
from .layout import build, button_need

STRIP = 30  # the progress strip's band along the bottom, at 1280x720


def control_needs(table: Scaled) -> list[int]:
    """How narrow each of the viewer's controls may be (``NAMES`` order): its shortest caption, as the
    viewer falls back to it (``game.ui.replay.scene``), and its key whole.  The layout shares the
    button row by them, on two rows when one cannot hold them (a long translation)."""
    size, height = table.fs(18), table.px(46)
    needs = []
    for name, captions, key in CONTROLS:
        shortest = [_(captions[-1]), *([_("One")] if name == "all" else [])]  # "All" turns into "One"
        needs.append(max(button_need(words, key, size, height) for words in shortest))
    return needs


def regroup(hand: Sequence[int], kinds_of_groups: Sequence[Sequence[int]], kind_of: Sequence[int]) -> HandGroups:
    """``hand`` in the groups of kinds ``kinds_of_groups`` (each kind matched to one card of the
    hand, in order), the cards left over in a last group."""
    groups, left = cards_for_kinds(hand, kinds_of_groups, kind_of)
    return HandGroups([*groups, left])


def draw_words(before: Any, entry: dict, names: Sequence[str], kind_of: Sequence[int]) -> str | None:
    """A draw or a discard in words (``Ravi took 7♥ from the discard pile``); ``None`` for another
    action."""
    action, who = entry["action"], names[entry["seat"]]
    kind = action["type"]
    if kind == "draw_stock":
        return _("{who} drew from the stock").format(who=who)
    if kind == "take_discard":
        return _("{who} took {card} from the discard pile").format(
            who=who, card=card_text(kind_of[before.discard[-1]]))
    if kind == "discard":
        return _("{who} discarded {card}").format(who=who, card=card_text(parse_kind(action["card"])))
    return None


def dropped_words(who: str, first: bool, rules: Any) -> str:
    """``Meena dropped (first drop, 20 points)``: a drop in the news (the table's and the replay's)."""
    if first:
        points = rules.first_drop
        words = ngettext("{who} dropped (first drop, {points} point)", "{who} dropped (first drop, {points} points)",
                         points)
    else:
        points = rules.middle_drop
        words = ngettext("{who} dropped (middle drop, {points} point)", "{who} dropped (middle drop, {points} points)",
                         points)
    return words.format(who=who, points=points)


def drop_words(after: Any, entry: dict, names: Sequence[str]) -> str:
    """``Meena dropped (first drop, 20 points)``."""
    seat = entry["seat"]
    return dropped_words(names[seat], after.out[seat] == FIRST_DROP, after.rules)


def dropping_game_words(kind_of: Sequence[int], invalid: str, declared: Callable[[Any, dict, Any, str], str],
                        declared_invalidly: Callable[[str, int], str],
                        won: Callable[[Any], str | None]) -> tuple[Callable[..., str], Callable[..., str]]:
    """The steps and the end of a deal in words for the games where a seat may drop and a
    declaration is followed by the losers' shows (13- and 21-card Indian Rummy): ``invalid`` is
    the out value of an invalid declaration, ``declared(before, action, after, who)`` a valid one
    in words (a whole sentence), ``declared_invalidly(who, points)`` an invalid one's (with what it
    costs), ``won(result)`` the winner's gain
    said after "won the deal" (``+25``), or ``None``.  Returns (action words, end words)."""

    def action_words(before: Any, entry: dict, after: Any, names: Sequence[str]) -> str:
        said = draw_words(before, entry, names, kind_of)
        if said is not None:
            return said
        action, seat = entry["action"], entry["seat"]
        who, kind = names[seat], action["type"]
        if kind == "drop":
            return drop_words(after, entry, names)
        if kind == "declare":
            if after.out[seat] == invalid:
                return declared_invalidly(who, after.rules.invalid_declare_penalty)
            return declared(before, action, after, who)
        if kind == "show":
            return _("{who} showed their groups").format(who=who)
        return _("{who}: {move}").format(who=who, move=kind)

    def end_words(state: Any, names: Sequence[str]) -> str:
        r = state.result
        assert r is not None
        if r.winner is None:
            return _("the deal ended with no winner")
        gain = won(r)
        if gain is None:
            return _("{name} won the deal").format(name=names[r.winner])
        return _("{name} won the deal ({gain})").format(name=names[r.winner], gain=gain)

    return action_words, end_words


def dropping_key_move(before: Any, entry: dict, after: Any) -> bool:
    """A take from the discard pile, a drop, a declaration, a show, and the end of the deal."""
    return entry["action"]["type"] in ("take_discard", "drop", "declare", "show") or after.phase == OVER


class ReplaySeats:
    """The game as the table's drawing asks it: names and who played each seat (every seat
    answers ``is_human``: in a replay nobody is thinking, so no spinner is drawn)."""

    def __init__(self, frame: Frame) -> None:
        self.names = frame.timeline.names
        self.levels = [frame.timeline.kind_label(i) for i in range(frame.timeline.players)]
        self.series = None

    def name(self, seat: int) -> str:
        return shown_name(self.names[seat])

    def level(self, seat: int) -> str:
        return self.levels[seat]

    def is_human(self, seat: int) -> bool:
        return True


class ReplayHand(Scaled):
    """A replay step as the in-hand table's drawing reads the table (read only).  A game sets
    ``OUT_WORDS`` and gives :meth:`arrange` (its hand's groups and its layout)."""

    OUT_WORDS: ClassVar[dict[Any, str]] = {}
    hidden = False
    drag = None

    def __init__(self, app: Any, frame: Frame) -> None:
        self.app = app
        self.frame = frame
        self.match = ReplaySeats(frame)
        self.selected: set[int] = set()
        w, h = app.screen.get_size()
        self.size = (w, h - self.px(STRIP))
        self.groups, self._layout = self.arrange()

    def arrange(self) -> tuple[HandGroups, Any]:
        """The viewed seat's hand in groups and the table's layout for them."""
        raise NotImplementedError

    @property
    def state(self) -> Any:
        return self.frame.state

    def my_turn(self) -> bool:
        return False

    def seat_total(self, seat: int) -> int:
        """A seat's total as at the table: with the deal's points in at the last step."""
        from .table import total_after

        engine = self.app.games[self.frame.timeline.game].match.engine
        return total_after(self.state, seat, lambda: engine.deal_scores(self.state.rules, self.state.result))

    def opponents(self) -> list[int]:
        """The other seats along the top, in turn order after the viewed seat (as at the table)."""
        n, me = self.state.players, self.frame.seat
        return [(me + k) % n for k in range(1, n)]

    def layout(self) -> Any:
        return self._layout

    def hand_groups(self) -> HandGroups:
        return self.groups

    def focused_card(self) -> None:
        return None  # nobody moves a keyboard focus over a replay's hand

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else _(self.OUT_WORDS[out])


def declared_groups(state: Any, seat: int, hand: Sequence[int], kind_of: Sequence[int]) -> HandGroups:
    """A seat's hand in groups, in the games where a seat declares or shows its groups: at the end
    of the deal the groups the results judged it on (what it declared or showed, or the engine's
    grouping); before, as the seat declared or showed them once it has (its last ``declare`` or
    ``show`` in the history); else by suit as a player first sorts it."""
    judged = state.result.groups[seat] if state.result is not None else None
    shown = [e for e in state.history if e["player"] == seat and e["type"] in ("declare", "show")]
    if judged is not None:
        return regroup(hand, judged, kind_of)
    if shown:
        return regroup(hand, [[parse_kind(t) for t in tokens] for tokens in shown[-1]["groups"]], kind_of)
    return HandGroups.by_suit(hand, state.wild)


class ReplayDeclared(ReplayHand):
    """:class:`ReplayHand` for the games where a seat declares or shows its groups and every wild
    card is known: the hand as :func:`declared_groups` gives it, laid out as the game's table
    ``SCENE`` lays it out, and its points (what the results charged, else :meth:`count`)."""

    SCENE: ClassVar[Any]  # the game's table scene: its SLOTS, HAND_SCALE and HAND_TOP_ROOM
    KIND: ClassVar[Sequence[int]]  # each card's kind

    def arrange(self) -> tuple[HandGroups, Any]:
        state, seat, scene = self.state, self.frame.seat, self.SCENE
        self.groups = groups = declared_groups(state, seat, self.seen_hand(), self.KIND)  # the note reads them
        note = min(hand_view.MOST_NOTE_LINES, len(hand_view.note_lines(self)))
        return groups, build(self.size, CARD_SIZES.get(self.app.settings.card_size, 1.0), len(self.opponents()),
                             groups.groups, set(), set(), NAMES, scene.SLOTS, scene.HAND_SCALE,
                             scene.HAND_TOP_ROOM, control_needs(self), hand_view.opponent_need(self), note_lines=note)

    # the game's observe(state, seat), group_labels(kinds, state) and hand_points(kinds, state, seat)
    OBSERVE: ClassVar[Callable[[Any, int], Any]]
    LABELS: ClassVar[Callable[[Any, Any], list[tuple[str, int]]]]
    POINTS: ClassVar[Callable[[Any, Any, int], int]]

    def seen_hand(self) -> Sequence[int]:
        """The viewed seat's hand, as its observation gives it (only ever the seat's own)."""
        return type(self).OBSERVE(self.state, self.frame.seat).hand

    def group_labels(self) -> list[tuple[str, int]]:
        return type(self).LABELS(self.groups.kinds(), self.state)

    def known_wild(self) -> tuple[bool, ...]:
        return self.state.wild

    def count(self) -> int:
        """What the seat's groups count now (the engine's count, as at the table)."""
        return type(self).POINTS(self.groups.kinds(), self.state, self.frame.seat)

    def hand_points(self) -> int:
        """The seat's points: what the results charged it once the deal is over, else :meth:`count`."""
        r = self.state.result
        return r.points[self.frame.seat] if r is not None else self.count()


class ReplayBoard:
    """A game's table for the replay viewer (one ``TABLE`` a step, seat and size).  A game sets
    ``TABLE`` and draws its parts: :meth:`draw_opponents`, :meth:`draw_open_opponent`,
    :meth:`draw_middle`, :meth:`draw_hand`."""

    TABLE: ClassVar[Callable[[Any, Frame], ReplayHand]]

    def __init__(self, app: Any) -> None:
        self.app = app
        self._table: tuple[tuple, ReplayHand] | None = None

    def table(self, frame: Frame) -> Any:
        key = (frame, self.app.screen.get_size(), self.app.settings.card_size)
        if self._table is None or self._table[0] != key:
            self._table = (key, type(self).TABLE(self.app, frame))
        return self._table[1]

    def chrome(self, frame: Frame) -> Chrome:
        """The controls where the table has its buttons (the layout's rows, laid out for them:
        :func:`control_needs`); the strip in the band under them."""
        table = self.table(frame)
        p = table.px
        w, h = self.app.screen.get_size()
        strip, legend = split_legend(pygame.Rect(p(12), table.size[1], w - p(24), h - table.size[1] - p(4)), p)
        return Chrome({name: table.layout().buttons[name] for name in NAMES}, strip, legend)

    def scroll(self, pos: tuple[int, int], dy: int) -> bool:
        return False

    def draw(self, surf: pygame.Surface, frame: Frame) -> None:
        table = self.table(frame)
        lay = table.layout()
        surf.blit(felt(surf.get_size()), (0, 0))
        if frame.show_all:
            for rect, seat in zip(open_rects(table, len(table.opponents())), table.opponents()):
                self.draw_open_opponent(table, surf, rect, seat)
        else:
            self.draw_opponents(table, surf, lay)
        self.draw_middle(table, surf, lay)
        draw_steps(table, surf, lay)
        self.draw_hand(table, surf, lay)
        words = frame.hand_words()
        size = table.fs(18)
        draw_label(surf, elide(words, size, lay.size[0] - table.px(40)), (lay.size[0] // 2, lay.message_y), size,
                   MUTED, anchor="midtop")

    def draw_opponents(self, table: Any, surf: pygame.Surface, lay: Any) -> None:
        raise NotImplementedError

    def draw_open_opponent(self, table: Any, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        raise NotImplementedError

    def draw_middle(self, table: Any, surf: pygame.Surface, lay: Any) -> None:
        raise NotImplementedError

    def draw_hand(self, table: Any, surf: pygame.Surface, lay: Any) -> None:
        raise NotImplementedError


class DeclaredBoard(ReplayBoard):
    """:class:`ReplayBoard` of a :class:`ReplayDeclared` game: the opponents and the hand as the
    in-hand table draws them; ``HIDDEN`` the ways out whose cards are never shown (a drop)."""

    TABLE: ClassVar[type[ReplayDeclared]]
    HIDDEN: ClassVar[tuple[Any, ...]] = ()

    def draw_opponents(self, table: Any, surf: pygame.Surface, lay: Any) -> None:
        for rect, seat in zip(lay.opponents, table.opponents()):
            hand_view.draw_opponent(table, surf, rect, seat)

    def draw_open_opponent(self, table: Any, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """An opponent's box with the hand face up, grouped (a hand out in a ``HIDDEN`` way stays
        face down)."""
        s, kind_of = table.state, self.TABLE.KIND
        out = s.out[seat]
        count = len(s.hands[seat])
        status = (_(table.OUT_WORDS[out]) if out is not None
                  else ngettext("{n} card", "{n} cards", count).format(n=count))
        groups = None if out in self.HIDDEN else declared_groups(s, seat, s.hands[seat], kind_of).groups
        draw_open_opponent(table, surf, rect, seat, status, groups, kind_of, s.wild)

    def draw_hand(self, table: Any, surf: pygame.Surface, lay: Any) -> None:
        hand_view.draw_hand(table, surf, lay)


def open_rects(table: ReplayHand, n: int) -> list[pygame.Rect]:
    """The opponents' boxes when every hand is shown: the whole width of the top, shared."""
    w, p = table.size[0], table.px
    each = (w - p(24) - (n - 1) * p(10)) // max(1, n)
    return [pygame.Rect(p(12) + i * (each + p(10)), p(10), each, p(92)) for i in range(n)]


def draw_open_opponent(table: ReplayHand, surf: pygame.Surface, rect: pygame.Rect, seat: int, status: str,
                       groups: Sequence[Sequence[int]] | None, kind_of: Sequence[int],
                       wild: Sequence[bool]) -> None:
    """An opponent's box with the hand face up in ``groups``: name, how they stand (``status``, in
    red once the seat is out), the cards; ``groups`` ``None``: the cards are not shown."""
    s, p = table.state, table.px
    to_play = s.turn == seat and s.phase != OVER
    panel(surf, rect, (14, 44, 32), 200, border=ACCENT if to_play else (80, 120, 100))
    out = s.out[seat]
    name = ("▶ " if to_play else "") + table.match.name(seat)
    name_colour, status_colour = ACCENT if to_play else INK, BAD if out is not None else INK
    top = rect.y + p(30)
    if groups is not None and rect.bottom - p(5) - top < card_height(24):
        # a small window: the name over the status in a column at the left, the cards beside them
        y = draw_label(surf, name, (rect.x + p(10), rect.y + 2), table.fs(19), name_colour, bold=True).bottom
        status_w = draw_label(surf, status, (rect.x + p(10), y), table.fs(17), status_colour, out is None).w
        left = rect.x + p(10) + max(font(table.fs(19), True).size(name)[0], status_w) + p(10)
        cw = max(24, round((rect.h - 4) / 1.4))
        area = pygame.Rect(left, rect.y + 2, rect.right - p(8) - left, card_height(cw))
        draw_groups(table.app.art, surf, [[(c, kind_of[c]) for c in g] for g in groups], area, cw, wild, p(8))
        return
    status_img = draw_label(surf, status, (rect.right - p(10), rect.y + p(6)), table.fs(17), status_colour,
                            out is None, "topright")
    name = elide(name, table.fs(19), rect.w - status_img.w - p(26), True)
    draw_label(surf, name, (rect.x + p(10), rect.y + p(5)), table.fs(19), name_colour, bold=True)
    if groups is None:
        draw_label(surf, _("cards not shown"), (rect.x + p(10), top + p(8)), table.fs(17), MUTED)
        return
    cw = max(24, round((rect.bottom - p(5) - top) / 1.4))
    area = pygame.Rect(rect.x + p(8), top, rect.w - p(16), card_height(cw))
    draw_groups(table.app.art, surf, [[(c, kind_of[c]) for c in g] for g in groups], area, cw, wild, p(8))


def draw_steps(table: ReplayHand, surf: pygame.Surface, lay: Any) -> None:
    """The news panel as the step panel: the step (gold at a key move), what it was, whose view
    and the game, then the steps before it, newest last, as many as fit."""
    frame, p = table.frame, table.px
    box = lay.news
    panel(surf, box, (14, 44, 32), 170, border=ACCENT if frame.key else (80, 120, 100))
    x, y, width = box.x + p(14), box.y + p(10), box.w - p(28)
    colour = ACCENT if frame.key else INK
    head = f"{frame.heading} · {frame.view_words()}"
    for line in wrap(head, table.fs(19), width, True):
        draw_label(surf, line, (x, y), table.fs(19), colour, bold=True)
        y += table.fs(19) + p(4)
    y += p(4)
    for line in wrap(frame.caption, table.fs(18), width, True):
        draw_label(surf, line, (x, y), table.fs(18), INK, bold=True)
        y += table.fs(18) + p(4)
    y += p(6)
    # the steps before it, newest last, each wrapped whole: the oldest give way when the panel is full
    size = table.fs(16)
    step = size + p(5)
    room = max(0, (box.bottom - y - p(6) + p(5)) // step)
    shown: list[str] = []
    for words in reversed(table.frame.timeline.captions[:frame.index]):
        lines = wrap(words, size, width)
        if len(shown) + len(lines) > room:
            break
        shown = lines + shown
    for line in shown:
        draw_label(surf, line, (x, y), size, MUTED)
        y += step
