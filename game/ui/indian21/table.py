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
from game.core.cards import kind_pretty
from game.core.errors import IllegalAction
from game.indian21 import Action, State, apply
from game.indian21.deck import KIND
from game.indian21.state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, OVER, SHOW

from ..inhand.table import InHandTable
from ..widgets import Button
from ..wording import shown
from . import view
from .hand import group_labels, hand_points, is_kept, other_show, points_note, show_verdict, value_roles, value_words
from .match import Indian21Match

OUT_WORDS = {FIRST_DROP: "dropped (first)", MIDDLE_DROP: "dropped (middle)", INVALID: "wrong show: out"}


class Table21Scene(InHandTable):
    name = "table21"
    sheet_scene = "results21"
    results_scene = "results21"
    bot_front = BOTS
    SLOTS = ("cut", "stock", "discard")
    BUTTONS = ("sort", "group", "undo", "hint", "discard", "drop", "declare", "show", "menu")
    HAND_SCALE = 1.25  # 21 or 27 cards in two rows at a small window: as large as the room allows
    HAND_TOP_ROOM = 30  # two rows reach up to the middle: the points line keeps its own room

    match: Indian21Match

    def __init__(self, app, match) -> None:
        self._counts: dict[tuple, tuple[int, str]] = {}  # the hand's count and its note, by grouping
        self._counted: State | None = None  # the state they were counted in
        super().__init__(app, match)

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

    def _count(self, groups: list[tuple[int, ...]]) -> tuple[int, str]:
        """The hand's count as grouped and the words beside it (searched once a grouping)."""
        s = self.state
        if self._counted is not s or len(self._counts) > 64:
            self._counts, self._counted = {}, s
        key = (self.viewer, tuple(groups))
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
            first = s.out[action.player] == FIRST_DROP
            charge = s.rules.first_drop if first else s.rules.middle_drop
            return f"{who} dropped ({'first' if first else 'middle'} drop, {charge} points)"
        if t == "declare":
            if s.out[action.player] == INVALID:
                return f"{who} showed, but not validly ({s.rules.invalid_declare_penalty} points)"
            return f"{who} showed!"
        if t == "show":
            return f"{who} showed their groups"
        return f"{who}: {t}"

    def phase_words(self) -> dict[str, str]:
        return {DRAW: "Your turn: draw from the stock or the discard pile.",
                DISCARD: "Discard a card, or select your finish card and Declare.",
                SHOW: "A valid show was made: group your cards for the fewest points, then Show."}

    def turn_words(self) -> str:
        s = self.state
        me = self.viewer
        if s.phase != OVER and me is not None and not self.hidden and s.out[me] is not None:
            who = "You" if len(self.match.humans) <= 1 else self.match.name(me)
            done = "dropped" if s.out[me] in (FIRST_DROP, MIDDLE_DROP) else "showed invalidly"
            return f"{who} {done}: watching the rest of the deal."
        return super().turn_words()

    def rules_line(self) -> str:
        return view.rules_line(self)

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else OUT_WORDS[out]

    def draw_middle(self, surf: pygame.Surface, lay) -> None:
        view.draw_middle(self, surf, lay)

    # --- dropping, declaring, showing ------------------------------------------------------------

    def ask_drop(self) -> None:
        if not self.ready_to(DRAW):
            return
        s = self.state
        first = not s.has_drawn[s.turn]
        charge = s.rules.first_drop if first else s.rules.middle_drop
        kind = "first drop" if first else "middle drop"
        self.app.open("confirm", "Drop this deal?",
                      f"You give up this deal and pay {charge} points (a {kind}); your value cards score nothing. "
                      "You sit out until the next deal.", "Drop", lambda: self.play(Action.drop(self.state.turn)))

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
        try:  # a finish card the rules refuse (the card just taken) is said at once, with no question asked
            apply(s, Action.declare(s.turn, KIND[finish], groups))
        except IllegalAction as exc:
            self.say(shown(exc.message), "bad")
            return
        verdict = show_verdict(groups, s)
        if verdict.valid:
            detail = (f"You finish with {kind_pretty(KIND[finish])} face down. Your groups show {verdict.words}: "
                      "a valid show, you win the deal.")
        else:
            ends = " and the deal ends" if s.rules.invalid_declare_ends_deal else "; you sit out the rest of the deal"
            detail = (f"Your groups are not a valid show: {verdict.problem}.\n{verdict.progress}.\n"
                      f"Showing now costs {s.rules.invalid_declare_penalty} points{ends}.")
            other = other_show([k for g in groups for k in g], s)
            if other is not None:
                detail += f"\nThese cards do show as {other} when grouped so."
        self.app.open("confirm", "Declare?", detail, "Declare", lambda: self.declare(finish, groups))

    def declare(self, finish: int, groups: list[tuple[int, ...]]) -> None:
        p = self.state.turn
        before = self.state
        if self.play(Action.declare(p, KIND[finish], groups)) and self.state.out[p] == INVALID:
            problem = show_verdict(groups, before).problem
            self.say(f"Not a valid show: {problem}. You pay {self.state.rules.invalid_declare_penalty} points.",
                     "bad")

    def show(self) -> None:
        if not self.ready_to(SHOW):
            return
        mine = self.hand_groups()
        if mine is not None:
            self.play(Action.show(self.state.turn, mine.kinds()))
