"""The Indian Rummy table: the shared table of the games whose melds stay in the hand
(:class:`game.ui.inhand.table.InHandTable`: the grouping, drawing, discarding, bots, hot seat) with
what 13-card Indian Rummy adds: the cut joker in the middle, dropping (I9), declaring (I7, I8) and
showing (I7.5), each explained by the engine.

Keys besides the shared ones: F declares (the selected card face down), X drops, W shows.
"""

from __future__ import annotations

import pygame

from ai.indian13 import FRONT as BOTS
from game.i18n import N_, _
from game.indian13 import Action, State
from game.indian13.scoring import meld_rules
from game.indian13.state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, SHOW

from ..inhand.declaring import DeclaringTable
from ..refusals import refusal_words
from ..wording import card_text
from .hand import declaration_problem, group_labels, hand_points, is_meld, points_note
from .match import Indian13Match
from .rulebook import RULE_PAGES
from .tutorial import opponent_move
from .view import draw_middle, rules_line

OUT_WORDS = {FIRST_DROP: N_("dropped (first)"), MIDDLE_DROP: N_("dropped (middle)"),
             INVALID: N_("invalid declaration")}  # translated where shown


class Table13Scene(DeclaringTable):
    name = "table13"
    sheet_scene = "results13"
    results_scene = "results13"
    bot_front = BOTS
    SLOTS = ("cut", "stock", "discard")
    OUT_WORDS = OUT_WORDS
    RULE_PAGES = RULE_PAGES

    match: Indian13Match

    # --- what the engine says of the groups ------------------------------------------------------

    def label_groups(self, groups: list[tuple[int, ...]]) -> list[tuple[str, int]]:
        return group_labels(groups, self.state)

    def count_groups(self, groups: list[tuple[int, ...]]) -> int:
        return hand_points(groups, self.state, self.viewer)

    def count_note(self, groups: list[tuple[int, ...]]) -> str:
        return points_note(groups, self.state)

    def is_meld(self, kinds: list[int]) -> bool:
        return is_meld(kinds, self.state)

    # --- words -----------------------------------------------------------------------------------

    def phase_words(self) -> dict[str, str]:
        return {DRAW: _("Your turn: draw from the stock or the discard pile."),
                DISCARD: _("Discard a card, or select your finish card and Declare."),
                SHOW: _("Group your cards to count the fewest points, then Show.")}

    def rules_line(self) -> str:
        return rules_line(self)

    def draw_middle(self, surf: pygame.Surface, lay) -> None:
        draw_middle(self, surf, lay)

    # --- declaring ------------------------------------------------------------------------------

    def declare_detail(self, finish: int, groups: list[tuple[int, ...]]) -> str:
        problem = declaration_problem(groups, meld_rules(self.state))
        if problem is None:
            return _("You finish with {card} face down. Your groups are a valid declaration: you win the deal.").format(
                card=card_text(finish))
        return _("Your groups are not a valid declaration. {problem}. {cost}").format(
            problem=refusal_words(problem), cost=self.invalid_cost())

    def declaration_fault(self, groups: list[tuple[int, ...]]) -> str:
        problem = declaration_problem(groups, meld_rules(self.state))
        return "" if problem is None else _("Your groups are not a valid declaration yet. {problem}.").format(
            problem=refusal_words(problem))

    def tutorial_opponent(self, state: State) -> Action:
        return opponent_move(state)

    def invalid_words(self, groups: list[tuple[int, ...]], before: State) -> str:
        return _("Invalid declaration: {problem}").format(
            problem=refusal_words(declaration_problem(groups, meld_rules(self.state)) or ""))
