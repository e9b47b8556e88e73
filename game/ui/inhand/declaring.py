"""The table of the in-hand games where a seat may drop (first or middle), declares with a finish
card face down, and the losers then group their own cards and show (13-card and 21-card Indian
Rummy): :class:`DeclaringTable`, the shared :class:`~game.ui.inhand.table.InHandTable` with the
Drop, Declare and Show buttons and keys, their questions and their words.

A game sets ``OUT_WORDS`` and the words of its declare (``DECLARED``, ``DECLARED_INVALIDLY``,
``OUT_INVALIDLY``: whole sentences with named placeholders, marked for the catalogue and translated
where they are said; counted ones are methods, as ``ngettext`` needs its two literal forms at the
call: :meth:`DeclaringTable.declared_invalidly`, :meth:`DeclaringTable.invalid_cost`) and gives
:meth:`DeclaringTable.declare_detail`
(what the engine says of the groups before the player confirms) and
:meth:`DeclaringTable.invalid_words` (what is said after an invalid declare).
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.core.cards import KIND_OF
from game.core.errors import IllegalAction
from game.core.hand_state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, OVER, SHOW
from game.i18n import N_, _, ngettext

from ..refusals import refusal_words
from ..widgets import Button
from .replay import dropped_words
from .table import InHandTable


class DeclaringTable(InHandTable):
    """See the module docstring."""

    BUTTONS = ("sort", "group", "undo", "hint", "discard", "drop", "declare", "show", "menu")
    OUT_WORDS: ClassVar[dict[str, str]]  # marked with N_, translated where shown
    DECLARED: ClassVar[str] = N_("{who} declared!")  # the news of a valid declare
    OUT_INVALIDLY: ClassVar[str] = N_("{who} declared invalidly: watching the rest of the deal.")  # the viewer, out so

    def game_buttons(self) -> dict[str, Button]:
        return {"drop": Button(N_("Drop"), self.ask_drop, "X"), "declare": Button(N_("Declare"), self.ask_declare, "F"),
                "show": Button(N_("Show"), self.show, "W")}

    def game_keys(self) -> dict:
        return {pygame.K_f: self.ask_declare, pygame.K_x: self.ask_drop, pygame.K_w: self.show}

    def enable_game_buttons(self, buttons: dict[str, Button], mine: bool) -> None:
        phase = self.state.phase
        buttons["drop"].enabled = mine and phase == DRAW
        buttons["declare"].enabled = mine and phase == DISCARD
        buttons["show"].enabled = mine and phase == SHOW

    # --- words -----------------------------------------------------------------------------------

    def describe(self, before: Any, action: Any) -> str:
        s = self.state
        who = self.match.name(action.player)
        t = action.type
        if t == "drop":
            return dropped_words(who, s.out[action.player] == FIRST_DROP, s.rules)
        if t == "declare":
            if s.out[action.player] == INVALID:
                return self.declared_invalidly(who, s.rules.invalid_declare_penalty)
            return _(self.DECLARED).format(who=who)
        if t == "show":
            return _("{who} showed their groups").format(who=who)
        return super().describe(before, action)

    def declared_invalidly(self, who: str, points: int) -> str:
        """``Ravi declared invalidly (80 points)``: an invalid declare in the news."""
        return ngettext("{who} declared invalidly ({points} point)", "{who} declared invalidly ({points} points)",
                        points).format(who=who, points=points)

    def turn_words(self) -> str:
        s = self.state
        me = self.viewer
        if s.phase != OVER and me is not None and not self.hidden and s.out[me] is not None:
            who = _("You") if len(self.match.humans) <= 1 else self.match.name(me)
            if s.out[me] in (FIRST_DROP, MIDDLE_DROP):
                return _("{who} dropped: watching the rest of the deal.").format(who=who)
            return _(self.OUT_INVALIDLY).format(who=who)
        return super().turn_words()

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else _(self.OUT_WORDS[out])

    # --- dropping, declaring, showing ------------------------------------------------------------

    def ask_drop(self) -> None:
        if not self.ready_to(DRAW):
            return
        s = self.state
        first = not s.has_drawn[s.turn]
        charge = s.rules.first_drop if first else s.rules.middle_drop
        action = self.bot_front.action_type
        self.app.open("confirm", _("Drop this deal?"), self.drop_question(charge, first), _("Drop"),
                      lambda: self.play(action.drop(self.state.turn)))

    def drop_question(self, charge: int, first: bool) -> str:
        """``You give up this deal and are charged 20 points (a first drop). ...``: what a drop costs."""
        if first:
            words = ngettext("You give up this deal and are charged {points} point (a first drop). You sit out until "
                             "the next deal.",
                             "You give up this deal and are charged {points} points (a first drop). You sit out until "
                             "the next deal.", charge)
        else:
            words = ngettext("You give up this deal and are charged {points} point (a middle drop). You sit out "
                             "until the next deal.",
                             "You give up this deal and are charged {points} points (a middle drop). You sit out "
                             "until the next deal.", charge)
        return words.format(points=charge)

    def ask_declare(self) -> None:
        if not self.ready_to(DISCARD):
            return
        mine = self.hand_groups()
        if mine is None:
            return
        if len(self.selected) != 1:
            self.say(_("Select your finish card (the one card left over), then Declare."), "info")
            self.wrong_try()
            return
        finish = next(iter(self.selected))
        groups = mine.without(finish)
        s = self.state
        try:  # a finish card the rules refuse (the card just taken) is said at once, with no question asked
            self.bot_front.engine.apply(s, self.bot_front.action_type.declare(s.turn, KIND_OF[finish], groups))
        except IllegalAction as exc:
            self.say(refusal_words(exc), "bad", exc.rule)
            self.wrong_try()
            return
        fault = self.declaration_fault(groups) if self.tutorial is not None else None
        if fault:  # the guided hand: an invalid declaration is explained, never charged
            self.say(fault, "bad")
            self.wrong_try()
            return
        self.app.open("confirm", _("Declare?"), self.declare_detail(KIND_OF[finish], groups), _("Declare"),
                      lambda: self.declare(finish, groups))

    def declare_detail(self, finish: int, groups: list[tuple[int, ...]]) -> str:
        """What declaring ``groups`` with ``finish`` (a kind) face down would do, as the engine
        judges it, for the question before the declare."""
        raise NotImplementedError

    def declaration_fault(self, groups: list[tuple[int, ...]]) -> str:
        """Why declaring ``groups`` would be invalid, in the player's words, or ``""``."""
        return ""

    def invalid_cost(self) -> str:
        """``Declaring now costs 80 points and the deal ends.``: an invalid declare's price, in words."""
        s = self.state
        points = s.rules.invalid_declare_penalty
        if s.rules.invalid_declare_ends_deal:
            words = ngettext("Declaring now costs {points} point and the deal ends.",
                             "Declaring now costs {points} points and the deal ends.", points)
        else:
            words = ngettext("Declaring now costs {points} point; you sit out the rest of the deal.",
                             "Declaring now costs {points} points; you sit out the rest of the deal.", points)
        return words.format(points=points)

    def declare(self, finish: int, groups: list[tuple[int, ...]]) -> None:
        p = self.state.turn
        before = self.state
        action = self.bot_front.action_type.declare(p, KIND_OF[finish], groups)
        if self.play(action, [finish]) and self.state.out[p] == INVALID:
            self.say(self.invalid_words(groups, before), "bad")

    def invalid_words(self, groups: list[tuple[int, ...]], before: Any) -> str:
        """What is said after an invalid declare of ``groups`` (``before``: the state it was made in)."""
        raise NotImplementedError

    def show(self) -> None:
        if not self.ready_to(SHOW):
            return
        mine = self.hand_groups()
        if mine is not None:
            self.play(self.bot_front.action_type.show(self.state.turn, mine.kinds()))

