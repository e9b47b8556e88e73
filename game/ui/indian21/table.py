"""The 21-card Indian Rummy table (and 27-card Rummy's): the shared table of the games whose melds
stay in the hand (:class:`game.ui.inhand.table.InHandTable`: the grouping, drag, sort, undo, the
Hint, bots, hot seat) with what this game adds, each step explained by the engine:

- the cut joker in the middle with what it makes wild and which cards score value points; the
  value cards marked on the hand (● the cut joker's copies, ▲ upper, ▼ lower jokers), and what
  they score with their marriages beside the hand's count (T3, T11);
- every group labelled as the engine reads it (Pure sequence, Tunnela, Sequence, Set, Dublee,
  Jokers, Invalid) and the hand's count as grouped, with why it did not fall (T6, T10);
- Drop asks first and says what it costs (T9); Declare asks first with the engine's verdict: the
  way the show holds (pure sequences, tunnelas, dublees, jokers), or for each way how far the groups
  are from it and what is wrong (T7.2, T8); Show, when the losers group their own cards (T10).

Keys besides the shared ones: F declares (the selected card face down), X drops, W shows.
"""

from __future__ import annotations

import pygame

from ai.indian21 import FRONT as BOTS
from game import i18n
from game.i18n import N_, _, ngettext
from game.indian21 import Action, State
from game.indian21.state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, SHOW

from ..inhand.declaring import DeclaringTable
from ..wording import card_text
from . import view
from .hand import group_labels, hand_points, is_kept, other_show, points_note, show_verdict, value_roles, value_words
from .match import Indian21Match
from .rulebook import RULE_PAGES
from .tutorial import DEAL, Tutorial21

OUT_WORDS = {FIRST_DROP: N_("dropped (first)"), MIDDLE_DROP: N_("dropped (middle)"),
             INVALID: N_("wrong show: out")}  # translated where shown


class Table21Scene(DeclaringTable):
    name = "table21"
    sheet_scene = "results21"
    results_scene = "results21"
    OUT_WORDS = OUT_WORDS
    DECLARED = N_("{who} showed!")
    OUT_INVALIDLY = N_("{who} showed invalidly: watching the rest of the deal.")
    bot_front = BOTS
    SLOTS = ("cut", "stock", "discard")
    HAND_SCALE = 1.25  # 21 or 27 cards in two rows at a small window: as large as the room allows
    HAND_TOP_ROOM = 30  # two rows reach up to the middle: the points line keeps its own room
    RULE_PAGES = RULE_PAGES

    match: Indian21Match

    def __init__(self, app, match, tutorial: Tutorial21 | None = None) -> None:
        self._counts: dict[tuple, tuple[int, str]] = {}  # the hand's count and its note, by grouping
        self._counted: State | None = None  # the state they were counted in
        super().__init__(app, match, tutorial)

    def tutorial_opponent(self, state: State) -> Action:
        return DEAL.opponent_move(state, Action)  # the patient opponent: throws the J♣ back, never shows

    # --- what the engine says of the groups ------------------------------------------------------

    def label_groups(self, groups: list[tuple[int, ...]]) -> list[tuple[str, int]]:
        return group_labels(groups, self.state)

    def _count(self, groups: list[tuple[int, ...]]) -> tuple[int, str]:
        """The hand's count as grouped and the words beside it (searched once a grouping)."""
        s = self.state
        if self._counted is not s or len(self._counts) > 64:
            self._counts, self._counted = {}, s
        key = (self.viewer, tuple(groups), i18n.language())  # the note is words: a language change words it again
        found = self._counts.get(key)
        if found is None:
            note = points_note(groups, s, self.viewer)
            value = value_words([k for g in groups for k in g], s)
            found = self._counts[key] = (hand_points(groups, s, self.viewer), " · ".join(w for w in (value, note) if w))
        return found

    def count_groups(self, groups: list[tuple[int, ...]]) -> int:
        return self._count(groups)[0]

    def count_note(self, groups: list[tuple[int, ...]]) -> str:
        return self._count(groups)[1]

    def is_meld(self, kinds: list[int]) -> bool:
        return is_kept(kinds, self.state)

    def value_marks(self) -> dict[int, str]:
        return value_roles(self.state)

    def decorate_hand(self, surf: pygame.Surface, lay) -> None:
        view.decorate_hand(self, surf, lay)

    # --- words -----------------------------------------------------------------------------------

    def phase_words(self) -> dict[str, str]:
        return {DRAW: _("Your turn: draw from the stock or the discard pile."),
                DISCARD: _("Discard a card, or select your finish card and Declare."),
                SHOW: _("A valid show was made: group your cards for the fewest points, then Show.")}

    def rules_line(self) -> str:
        return view.rules_line(self)

    def draw_middle(self, surf: pygame.Surface, lay) -> None:
        view.draw_middle(self, surf, lay)

    # --- dropping, declaring ----------------------------------------------------------------------

    def declared_invalidly(self, who: str, points: int) -> str:
        return ngettext("{who} showed, but not validly ({points} point)",
                        "{who} showed, but not validly ({points} points)", points).format(who=who, points=points)

    def invalid_cost(self) -> str:
        s = self.state
        points = s.rules.invalid_declare_penalty
        if s.rules.invalid_declare_ends_deal:
            words = ngettext("Showing now costs {points} point and the deal ends.",
                             "Showing now costs {points} points and the deal ends.", points)
        else:
            words = ngettext("Showing now costs {points} point; you sit out the rest of the deal.",
                             "Showing now costs {points} points; you sit out the rest of the deal.", points)
        return words.format(points=points)

    def drop_question(self, charge: int, first: bool) -> str:
        if first:
            words = ngettext("You give up this deal and pay {points} point (a first drop); your value cards score "
                             "nothing. You sit out until the next deal.",
                             "You give up this deal and pay {points} points (a first drop); your value cards score "
                             "nothing. You sit out until the next deal.", charge)
        else:
            words = ngettext("You give up this deal and pay {points} point (a middle drop); your value cards score "
                             "nothing. You sit out until the next deal.",
                             "You give up this deal and pay {points} points (a middle drop); your value cards score "
                             "nothing. You sit out until the next deal.", charge)
        return words.format(points=charge)

    def declare_detail(self, finish: int, groups: list[tuple[int, ...]]) -> str:
        s = self.state
        verdict = show_verdict(groups, s)
        if verdict.valid:
            words = _("You finish with {card} face down. Your groups show {way}: a valid show, you win the deal.")
            return words.format(card=card_text(finish), way=verdict.words)
        detail = _("Your groups are not a valid show: {problem}.\n{progress}.\n{cost}").format(
            problem=verdict.problem, progress=verdict.progress, cost=self.invalid_cost())
        other = other_show([k for g in groups for k in g], s)
        if other is not None:
            detail += "\n" + _("These cards do show as {way} when grouped so.").format(way=other)
        return detail

    def declaration_fault(self, groups: list[tuple[int, ...]]) -> str:
        verdict = show_verdict(groups, self.state)
        return "" if verdict.valid else _("Your groups are not a valid show yet: {problem}.").format(
            problem=verdict.problem)

    def invalid_words(self, groups: list[tuple[int, ...]], before: State) -> str:
        problem = show_verdict(groups, before).problem
        points = self.state.rules.invalid_declare_penalty
        return ngettext("Not a valid show: {problem}. You pay {points} point.",
                        "Not a valid show: {problem}. You pay {points} points.", points).format(
                            problem=problem, points=points)
