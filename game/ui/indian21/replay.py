"""21-card Indian Rummy in the replay viewer: its steps in words, and its table drawn by the table's
code.

The pieces of :mod:`game.ui.inhand.view` and :mod:`game.ui.indian21.view` take the scene
duck-typed; :class:`ReplayTable21` is what they read for one replay step
(:mod:`game.ui.inhand.replay`): the recorded state, the seat whose hand is shown (grouped as it
declared or showed, or as the results judged it at the end, else by suit as a player first sorts a
hand).  The hand is only ever the seat's own (``observe(state, seat).hand``, T15).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.cards import parse_kind
from game.i18n import _, ngettext
from game.indian21 import State, observe
from game.indian21.deck import KIND
from game.indian21.state import DECLARED, FIRST_DROP, INVALID, MIDDLE_DROP

from ..inhand.layout import HandLayout
from ..inhand.replay import DeclaredBoard, ReplayDeclared, dropping_game_words, dropping_key_move
from ..replay.timeline import ending_words
from ..wording import card_text
from . import view
from .hand import group_labels, hand_points, points_note, show_verdict, value_roles
from .table import OUT_WORDS, Table21Scene

GAME = "indian21"


# --- the steps in words ------------------------------------------------------------------------

def deal_words(state: State, names: Sequence[str]) -> str:
    return _("{dealer} dealt; {first} plays first; the cut joker is {card}").format(
        dealer=names[state.dealer], first=names[state.turn], card=card_text(KIND[state.cut_joker]))


def _declared(before: State, action: dict, after: State, who: str) -> str:
    groups = [[parse_kind(t) for t in g] for g in action["groups"]]
    return _("{who} showed {way}, {card} face down").format(
        who=who, way=show_verdict(groups, before).words, card=card_text(parse_kind(action["finish"])))


def _declared_invalidly(who: str, points: int) -> str:
    return ngettext("{who} showed, but the groups were not valid ({points} point)",
                    "{who} showed, but the groups were not valid ({points} points)", points).format(
                        who=who, points=points)


_action_words, end_words = dropping_game_words(KIND, INVALID, _declared, _declared_invalidly,
                                               lambda r: f"{r.net[r.winner]:+d}" if r.reason == DECLARED else None)
step_words = ending_words(_action_words, end_words)  # the step that ends the deal says how it ended


key_move = dropping_key_move


# --- the table of one step -----------------------------------------------------------------------

class ReplayTable21(ReplayDeclared):
    """A replay step as the table's drawing reads the table (read only)."""

    OUT_WORDS = OUT_WORDS
    SCENE = Table21Scene
    KIND = KIND

    OBSERVE = staticmethod(observe)
    LABELS = staticmethod(group_labels)
    POINTS = staticmethod(hand_points)

    def value_marks(self) -> dict[int, str]:
        return value_roles(self.state)

    def decorate_hand(self, surf: pygame.Surface, lay) -> None:
        view.decorate_hand(self, surf, lay)

    def points_note(self) -> str:
        if self.state.result is not None:
            return ""
        return points_note(self.groups.kinds(), self.state, self.frame.seat)


class Board(DeclaredBoard):
    """The game's table for the replay viewer (one :class:`ReplayTable21` a step, seat and size); a
    dropped hand is never seen, not even at the end (T9, T15)."""

    TABLE = ReplayTable21
    HIDDEN = (FIRST_DROP, MIDDLE_DROP)

    def draw_middle(self, table: ReplayTable21, surf: pygame.Surface, lay: HandLayout) -> None:
        view.draw_middle(table, surf, lay)
