"""Indian Rummy in the replay viewer: its steps in words, and its table drawn by the table's code.

The pieces of :mod:`game.ui.indian13.view` take the scene duck-typed; :class:`ReplayTable13` is
what they read for one replay step (:mod:`game.ui.inhand.replay`): the recorded state, the seat's
hand grouped as it declared or showed (I7/I8), or as the results judged it (I7.5), else by suit as
a player first sorts a hand.  The hand is only ever the seat's own (``observe(state, seat).hand``,
I13).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.cards import parse_kind
from game.i18n import _, ngettext
from game.indian13 import State, observe
from game.indian13.deck import KIND
from game.indian13.state import DECLARED, INVALID

from ..inhand.layout import HandLayout
from ..inhand.replay import DeclaredBoard, ReplayDeclared, dropping_game_words, dropping_key_move
from ..replay.timeline import ending_words
from ..wording import card_text
from . import view
from .hand import group_labels, hand_points, points_note
from .table import OUT_WORDS, Table13Scene

GAME = "indian13"


# --- the steps in words ------------------------------------------------------------------------

def deal_words(state: State, names: Sequence[str]) -> str:
    dealer, first = names[state.dealer], names[state.turn]
    if state.cut_joker is not None:
        return _("{dealer} dealt; {first} plays first; the cut joker is {card}").format(
            dealer=dealer, first=first, card=card_text(KIND[state.cut_joker]))
    return _("{dealer} dealt; {first} plays first").format(dealer=dealer, first=first)


def _declared(before: State, action: dict, after: State, who: str) -> str:
    return _("{who} declared with {card} face down").format(who=who, card=card_text(parse_kind(action["finish"])))


def _declared_invalidly(who: str, points: int) -> str:
    return ngettext("{who} declared, but the groups were not valid ({points} point)",
                    "{who} declared, but the groups were not valid ({points} points)", points).format(
                        who=who, points=points)


_action_words, end_words = dropping_game_words(KIND, INVALID, _declared, _declared_invalidly,
                                               lambda r: f"+{r.gain}" if r.reason == DECLARED else None)
step_words = ending_words(_action_words, end_words)  # the step that ends the deal says how it ended


key_move = dropping_key_move


# --- the table of one step -----------------------------------------------------------------------

class ReplayTable13(ReplayDeclared):
    """A replay step as :mod:`game.ui.indian13.view` reads the table (read only)."""

    OUT_WORDS = OUT_WORDS
    SCENE = Table13Scene
    KIND = KIND

    OBSERVE = staticmethod(observe)
    LABELS = staticmethod(group_labels)
    POINTS = staticmethod(hand_points)

    def points_note(self) -> str:
        return "" if self.state.result is not None else points_note(self.groups.kinds(), self.state)


class Board(DeclaredBoard):
    """Indian Rummy's table for the replay viewer (one :class:`ReplayTable13` a step, seat and size)."""

    TABLE = ReplayTable13

    def draw_middle(self, table: ReplayTable13, surf: pygame.Surface, lay: HandLayout) -> None:
        view.draw_middle(table, surf, lay)
