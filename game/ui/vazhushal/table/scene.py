"""The table: the heart of the game.  This module holds the scene's presentation state and what
the player's commands do through the engine; the flow of play (bots, animations, hints, the end
of a hand) is in :mod:`.flow`, input in :mod:`.input`, geometry in :mod:`.geometry`, drawing in
:mod:`.view` and :mod:`.panels`.

The table renders only from ``observe(state, viewer)`` (V12): ``viewer`` is the human whose
cards are shown, or ``None`` while a hot-seat hand-over hides every hand.

What it says is translated when it is said (:mod:`game.i18n`); the buttons' captions are marked in
:data:`CAPTIONS` and translated again whenever the scene comes back (Settings may change the language).
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future

import pygame

from ai.vazhushal import FRONT as BOTS
from game import i18n
from game.core.cards import KIND_OF
from game.i18n import N_, _
from game.i18n.names import shown_name
from game.vazhushal import DRAW, FINAL, OVER, PLAY, Action, IllegalAction, Observation, State, observe

from ... import bots
from ...inhand.groups import stand_ins
from ...inhand.table import safe_move_arriving, timed_out_words
from ...match import Sent
from ...persist import CARD_SIZES
from ...scene import Scene
from ...widgets import Button
from ...wording import shown
from ..match import VazhushalMatch as Match
from ..tutorial import Tutorial
from .describe import entry_text, reason, rule_page, split_rule
from .flow import TableFlow
from .geometry import Geometry, build_geometry
from .grouping import breaks_of, keep_breaks, likely_groups
from .input import TableInput
from .presentation import Drag, Flyer, Hint  # noqa: F401  (Flyer: the scene's animations)
from .staging import Staging, WipeDraft

log = logging.getLogger(__name__)

# The buttons of the table by name: caption (marked, translated where shown) and key.  The Discard
# button reads Done after the stock ran out (geometry sets it), the Sort button the order in force.
CAPTIONS = {
    "confirm": (N_("Confirm melds"), "M"), "reset": (N_("Reset"), "R"), "undo": (N_("Undo"), "U"),
    "discard": (N_("Discard"), "D"), "sort": (N_("Sort: suit"), "S"), "hint": (N_("Hint"), "H"),
    "log": (N_("Log"), "L"), "menu": (N_("Menu"), "Esc"), "wipe_ok": (N_("Wipe"), "Enter"),
    "wipe_cancel": (N_("Cancel"), "Esc"), "why": ("?", "F1"), "skip": (N_("Skip tutorial"), None),
}
SORT_CAPTIONS = {"suit": N_("Sort: suit"), "rank": N_("Sort: rank"), "groups": N_("Sort: groups")}


class TableScene(TableFlow, TableInput, Scene):
    name = "table"

    def __init__(self, app, match: Match, tutorial: Tutorial | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.tutorial = tutorial  # the guided first hand (coach marks), or None
        self.viewer: int | None = None
        self.hidden = False  # a hot-seat hand-over is in progress
        self.obs: Observation | None = None
        self.hand_order: list[int] = []
        self.breaks: set[int] = set()  # cards of the hand that start a group (a gap before them)
        self.chosen: list[int] = []  # the physical cards the viewer's last action meant to move out of the hand
        self.sort_mode = "suit"
        self.selected: set[int] = set()
        self.staging: Staging | None = None
        self.wipe: WipeDraft | None = None
        self.drag: Drag | None = None
        self.press: tuple[tuple[int, int], str, int | None] | None = None
        self.lasso: pygame.Rect | None = None
        self.hover_line: int | None = None
        self.hover_text = ""  # what a take from the line card under the pointer would do (the engine's answer)
        self.hover_said = 0  # ``said`` when the pointer came onto that card: a newer message wins
        self.message = ("", "info")
        self.message_rule: str | None = None
        self.message_state: State | None = None  # the state the message answers: a newer one drops it
        self.said = 0  # messages said so far
        self.keyboard = False  # the last input was a key: the focused card is announced
        self._takes: tuple[State, dict] | None = None  # the legal takes of the line in this state
        self.hint: Hint | None = None
        self.log_open = False
        self.line_scroll = 0
        self.cursor = ("hand", 0)
        self.flyers: list[Flyer] = []
        self.bots: dict[int, bots.BotPlayer] = {}
        self.bot_job: tuple[Future, State] | None = None
        self.hint_job: tuple[Future, State] | None = None
        self.hint_counted: State | None = None  # the decision the last hint asked for was counted at
        self.hint_progress: list[int] = [0, 1]  # determinizations done, of how many (the worker writes it)
        self.hint_iterations: int | None = None  # the review's depth (None: its default)
        self.next_bot_at = 0.0
        self.bot_started = 0.0
        self.over_at: float | None = None
        self.rev = 0
        self.shown: State | None = None
        self._geo: tuple[tuple, Geometry] | None = None
        self.last_click: tuple[float, int | None] = (0.0, None)
        actions = {"confirm": self.confirm, "reset": self.reset_staging, "undo": self.undo,
                   "discard": self.discard_selected, "sort": self.toggle_sort, "hint": self.ask_hint,
                   "log": self.toggle_log, "menu": self.open_menu, "wipe_ok": self.confirm_wipe,
                   "wipe_cancel": self.cancel_wipe, "why": self.explain_message, "skip": self.skip_tutorial}
        self.buttons = {name: Button(_(caption), actions[name], key) for name, (caption, key) in CAPTIONS.items()}
        self.new_bots()
        self.refresh()
        if self.state.phase == OVER:  # a match resumed between hands: show the hand-over screen
            self.over_at = time.monotonic()

    # --- life cycle --------------------------------------------------------------------------

    def enter(self) -> None:
        self.label_buttons()  # back from Settings: perhaps in another language
        if self.shown is not self.match.state:  # back from a menu: keep the staging unless the game moved
            self.refresh()
        else:
            self.touch()

    def label_buttons(self) -> None:
        """The buttons' captions in the language in force."""
        for name, (caption, _key) in CAPTIONS.items():
            self.buttons[name].caption = _(caption)
        self.buttons["sort"].caption = _(SORT_CAPTIONS[self.sort_mode])

    def exit(self) -> None:
        for b in self.bots.values():
            b.close()

    def new_bots(self) -> None:
        for b in self.bots.values():
            b.close()
        m = self.match
        if self.tutorial is not None:  # the guided hand's opponent is scripted (game.ui.vazhushal.tutorial)
            self.bots = {}
            return
        self.bots = {i: bots.BotPlayer(BOTS, m.level(i), m.bot_seed(i), earlier=m.state_at)
                     for i in range(m.players) if not m.is_human(i) and not m.remote(i)}

    @property
    def state(self) -> State:
        return self.match.state

    def my_turn(self) -> bool:
        s = self.state
        return (self.viewer is not None and not self.hidden and s.turn == self.viewer
                and s.phase in (DRAW, PLAY, FINAL) and self.match.is_human(s.turn))

    def touch(self) -> None:
        self.rev += 1
        self.app.dirty = True

    def geo(self) -> Geometry:
        key = (self.app.screen.get_size(), self.rev, self.app.settings.card_size, self.app.settings.key_help,
               i18n.language())  # words are measured as they are drawn
        if self._geo is None or self._geo[0] != key:
            self._geo = (key, build_geometry(self))
        return self._geo[1]

    def refresh(self) -> None:
        """Re-read the observation after the state changed; keep the hand order."""
        s = self.state
        self.shown = s
        humans = self.match.humans
        if len(humans) == 1:
            self.viewer, self.hidden = humans[0], False
        elif not humans:
            self.viewer, self.hidden = None, False
        elif s.phase != OVER and self.match.is_human(s.turn) and s.turn != self.viewer:
            self.hidden = True  # hot seat: the next human must take the seat first
            self.say("")  # one seat's messages never reach the next
            self.hint = None
        if self.message_state is not None and self.message_state is not s:
            self.say("")  # a message answers one moment of the game: the game moved on, it goes
        self.obs = observe(s, self.viewer) if self.viewer is not None else observe(s, s.turn)
        hand = list(self.obs.hand) if self.viewer is not None and not self.hidden else []
        self.follow_choice(hand)
        kept = [c for c in self.hand_order if c in hand]
        new = [c for c in hand if c not in kept]
        if not self.hand_order or len(new) > 3:
            self.hand_order = self.sorted_hand(hand)
            if self.sort_mode == "groups":
                self.group_hand()
        else:
            self.breaks = keep_breaks(self.hand_order, self.breaks, set(hand))
            if new and kept and self.breaks:
                self.breaks.add(new[0])  # what came in this turn: a group of its own, at the end
            self.hand_order = kept + new
        self.selected &= set(hand)
        self.hover_text = self.line_words(self.hover_line)  # the line card under the pointer, in this state
        self.staging = Staging(s, self.viewer) if self.my_turn() else None
        self.wipe = None
        self.touch()

    def follow_choice(self, hand: list[int]) -> None:
        """The engine takes cards by kind: when it moved other copies than the ones the viewer chose
        (a discard, cards melded), the chosen cards take their places in the hand's order and groups
        (:func:`~game.ui.inhand.groups.stand_ins`), so the arrangement stays as the player left it."""
        held = set(hand)
        if not self.chosen or not hand or all(c in held for c in self.hand_order):
            return
        swaps = stand_ins(self.hand_order, held, self.chosen)
        self.chosen = []
        self.hand_order = [swaps.get(c, c) for c in self.hand_order]
        self.breaks = {swaps.get(c, c) for c in self.breaks}

    def sorted_hand(self, cards: list[int]) -> list[int]:
        wild = self.state.wild

        def key(c: int) -> tuple:
            k = KIND_OF[c]
            if k == 52:
                return (9, 0, 0)
            suit, rank = k // 13, k % 13 + 1
            rank = 14 if rank == 1 else rank
            return (suit, rank, 0) if self.sort_mode == "suit" else (rank, suit, 0)
        cards = sorted(cards, key=key)
        return [c for c in cards if not wild[KIND_OF[c]]] + [c for c in cards if wild[KIND_OF[c]]]

    def hand_cards(self) -> list[int]:
        """The viewer's hand minus cards staged into melds or a wipe meld."""
        staged = self.staging.from_hand() if self.staging else set()
        if self.wipe is not None:
            staged |= set(self.wipe.meld) | set(self.wipe.premeld_ids(self.state))
        return [c for c in self.hand_order if c not in staged]

    # --- playing through the engine ------------------------------------------------------------

    def play(self, action: Action, *, animate: bool = True, chosen: list[int] | tuple[int, ...] = ()) -> bool:
        """``chosen``: the physical cards of the viewer's hand the action means to move (the engine
        takes kinds; :meth:`follow_choice` keeps the arrangement)."""
        before = self.state
        safe = safe_move_arriving(self.match, action)
        if chosen:  # (a move arriving from a network table's host keeps the choice it answers)
            self.chosen = list(chosen)
        try:
            self.match.play(action)
        except Sent:  # a network table: the host's answer plays it (match.sync)
            return True
        except IllegalAction as exc:
            if chosen:
                self.chosen = []
            self.say(reason(exc), "bad")
            self.app.sounds.play("error")
            return False
        if animate:
            self.animate(before, action)
        self.after_action(action, before)
        if safe and self.state.history:  # the turn timer ran out: the host played for this screen's seat
            names = [shown_name(seat.name) for seat in self.state.seats]
            words = entry_text(self.state.history[-1], names, self.state.wild)
            self.say(timed_out_words(words, self.match.name(action.player)), "bad")
        return True

    def after_action(self, action: Action | None, before: State | None = None) -> None:
        self.app.autosave(self.match)
        self.refresh()
        if self.tutorial is not None:
            self.tutorial.advance(self.state)
        if action is not None and self.my_turn():
            self.follow_hint(action, before)
        else:
            self.hint = None
        if self.state.phase == OVER and self.over_at is None:
            self.over_at = time.monotonic() + (0.9 if self.anim_time() > 0 else 0.2)
        if action is not None and action.type in ("meld", "arrange"):
            self.app.sounds.play("meld")

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message above the hand, for this moment of the game (it goes when the state
        changes, unless the change said it): plain words, no rule id; a leading rule id
        (``V6.3: ...``) goes to the "?" beside it, which opens the matching page of How to play,
        and the whole message to the log."""
        rule, words = split_rule(text)
        self.message = (shown(words), kind)
        self.message_rule = rule
        self.message_state = self.state if text else None
        self.said += 1
        if rule is not None:
            log.info("%s (%s)", words, rule)
        if text and self.app.settings.speech:
            self.app.speak(self.message[0])
        self.touch()

    def skip_tutorial(self) -> None:
        self.app.reset_to(self.app.make("title"))

    def explain_message(self) -> None:
        """The "?" beside a message: How to play at the rule's page, the whole message on top."""
        words = self.message[0]
        if words:
            self.app.open("howto", page=rule_page(self.message_rule) or 0, note=words)

    def undo(self) -> None:
        if self.match.undo():
            self.app.autosave(self.match)
            self.refresh()
            self.say(_("Undone"), "info")
        else:
            self.say(_("Nothing to undo this turn (a draw cannot be undone)"), "info")

    def draw_stock(self) -> None:
        if not self.my_turn():
            self.say(self.wait_reason(), "info")
            return
        self.play(Action.draw_stock(self.viewer))

    def discard(self, card: int) -> None:
        if not self.my_turn():
            self.say(self.wait_reason(), "info")
            return
        if self.staging is not None and self.staging.changed:
            self.say(_("Confirm or reset your melds before you discard"), "bad")
            return
        self.play(Action.discard(self.viewer, KIND_OF[card]), chosen=[card])

    def discard_selected(self) -> None:
        if self.state.phase == FINAL and self.my_turn():
            self.play(Action.done(self.viewer))
            return
        cards = [c for c in self.hand_cards() if c in self.selected]
        if len(cards) != 1:
            cursor = self.cursor_card()
            if not cards and cursor is not None:
                cards = [cursor]
            else:
                self.say(_("Select exactly one card of your hand to discard"), "bad")
                return
        self.discard(cards[0])

    def confirm(self) -> None:
        if self.staging is None or not self.my_turn():
            self.say(self.wait_reason(), "info")
            return
        if not self.staging.changed:
            self.say(_("Nothing staged: drop cards on the new meld zone first"), "info")
            return
        ok, why = self.staging.check(self.state)
        if not ok:
            self.say(why, "bad")
            self.app.sounds.play("error")
            return
        if self.play(self.staging.action(self.state), chosen=sorted(self.staging.from_hand())):
            self.say(_("Melded"), "good")

    def reset_staging(self) -> None:
        if self.staging is not None:
            self.staging.reset()
            self.selected.clear()
            self.say("")  # what was said about the staged melds is gone with them
            self.touch()

    def toggle_sort(self) -> None:
        """Suit, rank, then groups (likely sequences and sets side by side), then suit again."""
        self.sort_mode = {"suit": "rank", "rank": "groups"}.get(self.sort_mode, "suit")
        self.buttons["sort"].caption = _(SORT_CAPTIONS[self.sort_mode])
        if self.sort_mode == "groups":
            self.group_hand()
        else:
            self.hand_order = self.sorted_hand(self.hand_order)
            self.breaks = set()
        self.touch()

    def group_hand(self) -> None:
        groups = likely_groups(self.hand_order, self.state.wild)
        self.hand_order = [c for g in groups for c in g]
        self.breaks = breaks_of(groups)

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        self.touch()

    def open_menu(self) -> None:
        self.app.open("menu", self)

    def wait_reason(self) -> str:
        s = self.state
        if s.phase == OVER:
            return _("The hand is over")
        if self.hidden:
            return _("Pass the device to {name}").format(name=self.match.name(s.turn))
        return _("It is {name}'s turn").format(name=self.match.name(s.turn))

    # --- the wipe ------------------------------------------------------------------------------

    def line_words(self, index: int | None, keyboard: bool = False) -> str:
        """What taking the line from ``index`` would do now: legal or not, and what it brings (the
        engine's legal takes of this state, found once); how, by the mouse or by the keys."""
        s = self.state
        if index is None or not 0 <= index < len(s.line):
            return ""
        from .wipe_rules import legal_takes_by_index, take_words
        if self._takes is None or self._takes[0] is not s:
            self._takes = (s, legal_takes_by_index(s))
        return take_words(s, index, self._takes[1].get(index), self.my_turn(), keyboard)

    def click_line(self, index: int) -> None:
        """V6: ask the engine whether taking the line from ``index`` is legal; offer the meld."""
        s = self.state
        if not 0 <= index < len(s.line):  # a press begun on a line that has changed since (a restart)
            return
        if not self.my_turn():
            self.say(self.wait_reason(), "info")
            return
        from .wipe_rules import draw_option_for, why_not_take
        option = draw_option_for(s, index)
        if option is None:
            self.say(why_not_take(s, index), "bad")
            self.app.sounds.play("error")
            return
        if self.staging is not None:
            self.staging.reset()
        self.wipe = WipeDraft(s, option)
        self.selected.clear()
        ok, why = self.wipe.check()
        self.say(_("Wipe: adjust the new meld if you like, then confirm") if ok else why, "info" if ok else "bad")
        self.touch()

    def confirm_wipe(self) -> None:
        if self.wipe is None:
            return
        ok, why = self.wipe.check()
        if not ok:
            self.say(why, "bad")
            self.app.sounds.play("error")
            return
        steps = self.wipe.steps()
        chosen = [*self.wipe.premeld_ids(self.state), *self.wipe.meld]
        for step in steps:
            if not self.play(step, chosen=chosen):
                break

    def cancel_wipe(self) -> None:
        self.wipe = None
        self.say("", "info")
        self.touch()

    def log_lines(self) -> list[str]:
        names = [shown_name(seat.name) for seat in self.state.seats]
        return [entry_text(e, names, self.state.wild) for e in self.state.history]

    def card_scale(self) -> float:
        return CARD_SIZES.get(self.app.settings.card_size, 1.0)

    def draw(self, surf: pygame.Surface) -> None:
        from .view import draw_table
        draw_table(self, surf)
