"""The Indian Rummy table: the shared table of the games whose melds stay in the hand
(:class:`game.ui.inhand.table.InHandTable`: the grouping, drawing, discarding, bots, hot seat) with
what 13-card Indian Rummy adds: the cut joker in the middle, dropping (I9), declaring (I7, I8) and
showing (I7.5), each explained by the engine.

Keys besides the shared ones: F declares (the selected card face down), X drops, W shows.
"""

from __future__ import annotations

import pygame

from ai.indian13 import FRONT as BOTS
from game.core.cards import kind_pretty
from game.core.errors import IllegalAction
from game.indian13 import Action, State, apply
from game.indian13.deck import KIND
from game.indian13.scoring import meld_rules
from game.indian13.state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, SHOW

from ..inhand.table import InHandTable
from ..widgets import Button
from ..wording import shown
from .hand import declaration_problem, group_labels, hand_points, is_meld, points_note
from .match import Indian13Match
from .view import draw_middle, rules_line

OUT_WORDS = {FIRST_DROP: "dropped (first)", MIDDLE_DROP: "dropped (middle)", INVALID: "invalid declaration"}


class Table13Scene(InHandTable):
    name = "table13"
    sheet_scene = "results13"
    results_scene = "results13"
    bot_front = BOTS
    SLOTS = ("cut", "stock", "discard")
    BUTTONS = ("sort", "group", "undo", "hint", "discard", "drop", "declare", "show", "menu")

    match: Indian13Match

    def game_buttons(self) -> dict[str, Button]:
        return {"drop": Button("Drop", self.ask_drop, "X"), "declare": Button("Declare", self.ask_declare, "F"),
                "show": Button("Show", self.show, "W")}

    def game_keys(self) -> dict:
        return {pygame.K_f: self.ask_declare, pygame.K_x: self.ask_drop, pygame.K_w: self.show}

    def enable_game_buttons(self, buttons: dict[str, Button], mine: bool) -> None:
        phase = self.state.phase
        buttons["drop"].enabled = mine and phase == DRAW
        buttons["declare"].enabled = mine and phase == DISCARD
        buttons["show"].enabled = mine and phase == SHOW

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

    def describe(self, before: State, action: Action) -> str:
        s = self.state
        who = self.match.name(action.player)
        t = action.type
        if t == "draw_stock":
            return f"{who} drew from the stock"
        if t == "take_discard":
            return f"{who} took {kind_pretty(KIND[before.discard[-1]])} from the discard pile"
        if t == "discard":
            return f"{who} discarded {kind_pretty(action.card)}"
        if t == "drop":
            kind = "first" if s.out[action.player] == FIRST_DROP else "middle"
            charge = s.rules.first_drop if s.out[action.player] == FIRST_DROP else s.rules.middle_drop
            return f"{who} dropped ({kind} drop, {charge} points)"
        if t == "declare":
            if s.out[action.player] == INVALID:
                return f"{who} declared invalidly ({s.rules.invalid_declare_penalty} points)"
            return f"{who} declared!"
        if t == "show":
            return f"{who} showed their groups"
        return f"{who}: {t}"

    def phase_words(self) -> dict[str, str]:
        return {DRAW: "Your turn: draw from the stock or the discard pile.",
                DISCARD: "Discard a card, or select your finish card and Declare.",
                SHOW: "Group your cards to count the fewest points, then Show."}

    def turn_words(self) -> str:
        s = self.state
        me = self.viewer
        if s.phase != "over" and me is not None and not self.hidden and s.out[me] is not None:
            who = "You" if len(self.match.humans) <= 1 else self.match.name(me)
            done = "dropped" if s.out[me] in (FIRST_DROP, MIDDLE_DROP) else "declared invalidly"
            return f"{who} {done}: watching the rest of the deal."
        return super().turn_words()

    def rules_line(self) -> str:
        return rules_line(self)

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else OUT_WORDS[out]

    def draw_middle(self, surf: pygame.Surface, lay) -> None:
        draw_middle(self, surf, lay)

    # --- dropping, declaring, showing ------------------------------------------------------------

    def ask_drop(self) -> None:
        if not self.ready_to(DRAW):
            return
        s = self.state
        first = not s.has_drawn[s.turn]
        charge = s.rules.first_drop if first else s.rules.middle_drop
        kind = "first drop" if first else "middle drop"
        self.app.open("confirm", "Drop this deal?",
                      f"You give up this deal and are charged {charge} points (a {kind}). You sit out until the "
                      "next deal.", "Drop", lambda: self.play(Action.drop(self.state.turn)))

    def ask_declare(self) -> None:
        if not self.ready_to(DISCARD):
            return
        mine = self.hand_groups()
        if mine is None:
            return
        if len(self.selected) != 1:
            self.say("Select your finish card (the one card left over), then Declare.", "info")
            return
        finish = next(iter(self.selected))
        groups = mine.without(finish)
        s = self.state
        try:  # a finish card the rules refuse (I5.5) is said at once, with no question asked
            apply(s, Action.declare(s.turn, KIND[finish], groups))
        except IllegalAction as exc:
            self.say(shown(exc.message), "bad")
            return
        problem = declaration_problem(groups, meld_rules(s))
        if problem is None:
            detail = (f"You finish with {kind_pretty(KIND[finish])} face down. Your groups are a valid declaration: "
                      "you win the deal.")
        else:
            ends = " and the deal ends" if s.rules.invalid_declare_ends_deal else "; you sit out the rest of the deal"
            detail = (f"Your groups are not a valid declaration. {shown(problem)}. Declaring now costs "
                      f"{s.rules.invalid_declare_penalty} points{ends}.")
        self.app.open("confirm", "Declare?", detail, "Declare",
                      lambda: self.declare(finish, groups))

    def declare(self, finish: int, groups: list[tuple[int, ...]]) -> None:
        p = self.state.turn
        if self.play(Action.declare(p, KIND[finish], groups)) and self.state.out[p] == INVALID:
            problem = declaration_problem(groups, meld_rules(self.state))
            self.say(f"Invalid declaration: {shown(problem or '')}", "bad")

    def show(self) -> None:
        if not self.ready_to(SHOW):
            return
        mine = self.hand_groups()
        if mine is not None:
            self.play(Action.show(self.state.turn, mine.kinds()))
