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

import pygame

from game.core.cards import parse_kind
from game.i18n import _
from game.marriage import State, observe
from game.marriage.deck import KIND, jokers_of
from game.marriage.state import DUBLEE_ROUTE, INVALID_FINISH, OVER

from ..inhand import view as hand_view
from ..inhand.replay import ReplayBoard, ReplayHand, control_needs, draw_open_opponent, draw_words, regroup
from ..persist import CARD_SIZES
from ..replay.controls import NAMES
from ..replay.timeline import ending_words
from ..wording import card_text
from . import view
from .hand import HandGroups, group_labels, groups_words, initial_groups, known_maal
from .layout import MarriageLayout, build
from .table import OUT_WORDS, MarriageTableScene

GAME = "marriage"


# --- the steps in words ------------------------------------------------------------------------

def deal_words(state: State, names: Sequence[str]) -> str:
    return _("{dealer} dealt; {first} exposes first and plays first").format(
        dealer=names[state.dealer], first=names[(state.dealer + 1) % state.players])


def _groups(tokens: list[list[str]]) -> str:
    return groups_words([[parse_kind(t) for t in g] for g in tokens])


def _action_words(before: State, entry: dict, after: State, names: Sequence[str]) -> str:
    action, seat = entry["action"], entry["seat"]
    who, kind = names[seat], action["type"]
    if kind == "expose":
        if action["groups"]:
            return _("{who} exposed {groups}").format(who=who, groups=_groups(action["groups"]))
        return _("{who} exposed no tunnela").format(who=who)
    said = draw_words(before, entry, names, KIND)
    if said is not None:
        return said
    if kind == "see_maal":
        dublees = after.seen[seat] == DUBLEE_ROUTE
        if action["groups"]:
            words = (_("{who} saw the maal by seven dublees: laid {groups}") if dublees
                     else _("{who} saw the maal by pure combinations: laid {groups}"))
            return words.format(who=who, groups=_groups(action["groups"]))
        words = _("{who} saw the maal by seven dublees") if dublees else _("{who} saw the maal by pure combinations")
        return words.format(who=who)
    if kind == "declare":
        if after.out[seat] == INVALID_FINISH:
            return _("{who} finished, but not validly, and is out").format(who=who)
        return _("{who} finished with {card} face down").format(who=who, card=card_text(parse_kind(action["finish"])))
    return _("{who}: {move}").format(who=who, move=kind)


def end_words(state: State, names: Sequence[str]) -> str:
    r = state.result
    assert r is not None
    if r.winner is None:
        return _("the stock ran out: the deal is void")
    gain = f"{r.net[r.winner]:+d}"
    if state.tiplu is None:
        return _("{name} won the deal ({gain})").format(name=names[r.winner], gain=gain)
    return _("{name} won the deal ({gain}) (the tiplu was {card})").format(
        name=names[r.winner], gain=gain, card=card_text(KIND[state.tiplu]))


step_words = ending_words(_action_words, end_words)  # the step that ends the deal says how it ended


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
    return initial_groups(hand, wild) if judged is None else regroup(hand, judged, KIND)


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


class ReplayTableM(ReplayHand):
    """A replay step as :mod:`game.ui.marriage.view` reads the table (read only)."""

    OUT_WORDS = OUT_WORDS

    def arrange(self) -> tuple[HandGroups, MarriageLayout]:
        state, frame = self.state, self.frame
        self.viewer = frame.seat
        self.obs = OpenView(state, frame.seat) if frame.show_all else observe(state, frame.seat)
        groups = seat_groups(state, frame.seat, self.obs.hand, self.known_wild())

        def laid(seat: int) -> list[list[int]]:
            return [[KIND[c] for c in g] for g in (*state.exposed[seat], *state.shown[seat])]

        opp = [[] if frame.show_all else laid(o) for o in self.opponents()]
        return groups, build(self.size, CARD_SIZES.get(self.app.settings.card_size, 1.0), opp, groups.groups,
                             set(), set(), NAMES, MarriageTableScene.SLOTS, laid(frame.seat), control_needs(self),
                             opponent_need=hand_view.opponent_need(self, self.px(view.STATUS_ROOM)))

    def viewer_tiplu(self) -> int | None:
        return None if self.obs.tiplu is None else KIND[self.obs.tiplu]

    def known_wild(self) -> tuple[bool, ...]:
        jokers = self.obs.jokers
        return (False,) * 53 if jokers is None else jokers.wild + (False,)

    def group_labels(self) -> list[tuple[str, int]]:
        return group_labels(self.groups.kinds(), self.viewer_tiplu(), self.state.rules.max_wilds_per_combo)

    def status_words(self) -> tuple[str, str]:
        maal = known_maal(self.obs)
        r = self.state.result
        if r is not None and r.winner is not None:
            maal = r.maal[self.frame.seat]
        return "", "" if maal is None else _("Maal: {points}").format(points=maal)


class Board(ReplayBoard):
    """Marriage's table for the replay viewer (one :class:`ReplayTableM` a step, seat and size)."""

    TABLE = ReplayTableM

    def draw_opponents(self, table: ReplayTableM, surf: pygame.Surface, lay: MarriageLayout) -> None:
        for rect, laid, seat in zip(lay.opponents, lay.opp_laid, table.opponents()):
            view.draw_opponent(table, surf, rect, laid, seat)

    def draw_open_opponent(self, table: ReplayTableM, surf: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """An opponent's box with its hand face up (its laid groups first): name, how it stands, the cards."""
        s = table.state
        out = s.out[seat]
        status = _(OUT_WORDS[out]) if out is not None else view.seen_words(table, seat)
        wild = table.known_wild()
        laid = [list(g) for g in (*s.exposed[seat], *s.shown[seat])]
        groups = laid + seat_groups(s, seat, s.hands[seat], wild).groups
        draw_open_opponent(table, surf, rect, seat, status, groups, KIND, wild)

    def draw_middle(self, table: ReplayTableM, surf: pygame.Surface, lay: MarriageLayout) -> None:
        view.draw_middle(table, surf, lay)

    def draw_hand(self, table: ReplayTableM, surf: pygame.Surface, lay: MarriageLayout) -> None:
        view.draw_mine(table, surf, lay)
        view.draw_hand(table, surf, lay)
