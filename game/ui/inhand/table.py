"""The table of the games whose melds stay in the hand (13-card and 21-card Indian Rummy,
Marriage): the scene's presentation state, the player's grouping of the hand, what the commands
these games share do through the engine, bots thinking off the UI thread, hot-seat hand-overs and
the end of a deal.  A game's table subclasses :class:`InHandTable` with its own actions (drop,
declare, show; expose, see the maal), its words and its middle; drawing is :mod:`.view`, geometry
:mod:`.layout`.

The table renders only from the seat's observation: ``viewer`` is the person whose cards are
shown, or ``None`` while a hot-seat hand-over hides every hand.

Mouse: click the stock or the discard pile to draw; click cards to select them; drag a card (or
the selected cards) onto another group, into a gap between groups (a new group), or onto the
discard pile.  Keys (the same as at Vazhushal's table where the games share a move): N draw from
the stock, T take the discard, ←/→ move over the hand and ↑/↓ between its groups, Space (or Enter)
selects, G groups the selection, 1-9 move it into group n (0: a group of its own), S sorts, U
undoes a change of the groups, D discards the selected card (else the focused one), H the Hint
(when the game has a review), F1 How to play at the page of the rule the message is about, Esc
the menu; each game adds its own.

Identical cards (several decks): the engine takes cards by kind, maybe another copy than the one
the player chose; the player's groups follow the choice (:meth:`InHandTable.follow_choice`).

The Hint is the game's review's best move for the decision at hand (its ``best_move``), worked
out off the UI thread: one source of advice, so a deal played by the Hint is rated best by the
review of that deal.  The hinted card is selected (a declaration's groups arranged, undoable), so
the player's next key or click plays it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, ClassVar

import pygame

from ai.front import BotFront
from ai.safety import describe
from game.core.cards import KIND_OF, cards_for_kinds
from game.core.errors import IllegalAction
from game.i18n import N_, _

from .. import bots
from ..match import Sent
from ..persist import BOT_SPEEDS, CARD_SIZES
from ..refusals import refusal_words
from ..scene import Scene
from ..widgets import Button
from ..wording import card_text
from . import view as hand_view
from .groups import Arranging, HandGroups, stand_ins
from .layout import HandLayout, build, button_need

log = logging.getLogger(__name__)

DRAW, DISCARD, SHOW, OVER = "draw", "discard", "show", "over"  # the phases these games share
DRAG_START = 8  # pixels a press must move before it is a drag
SOUNDS = {"draw_stock": "draw", "take_discard": "draw", "discard": "discard"}
STUCK_AFTER_S = 12.0  # a bot silent this long plays the safe move (its thread is left behind)


def rule_page(pages: dict[str, int], rule: str | None) -> int | None:
    """The How-to-play page of ``pages`` for a rule id (its most specific entry: ``T4.3`` falls back
    to ``T4``), ``None`` when unknown.

    >>> rule_page({"T4": 0, "T7": 3}, "T7.1"), rule_page({"T4": 0}, "T6.2b"), rule_page({}, None)
    (3, None, None)
    """
    while rule:
        if rule in pages:
            return pages[rule]
        rule = rule[:-1] if rule[-1].islower() else rule.rpartition(".")[0]
    return None


def safe_move_arriving(match: Any, action: Any) -> bool:
    """At a network table, ``action`` is a move of a seat this screen plays that this screen did not
    send: the host's safe move, played when the seat's turn time and bank ran out."""
    return getattr(match, "net", None) is not None and match.is_human(action.player)


def timed_out_words(words: str, who: str) -> str:
    """``You drew from the stock`` said of a safe move the turn timer made: ``Time ran out: a safe
    move drew from the stock`` (the seat's name in the move's words, wherever the language puts it,
    gives way to "a safe move")."""
    at = words.find(who) if who else -1
    if at < 0:
        return _("Time ran out: a safe move {move}").format(move=words)
    rest = words[at + len(who):]
    if at == 0 and rest.startswith(":"):  # "Ravi: a move" (a move no table words)
        rest = " " + rest.lstrip(" :")
    # Translators: stands where the player's name was in a move's words ("a safe move drew from the stock").
    move = words[:at] + _("a safe move") + rest
    return _("Time ran out: {move}").format(move=move)


def record_hand(app: Any, match: Any) -> None:
    """The statistics of a finished hand (``app.record_result``), when it is one person's result: a
    hand among several people at one screen (hot seat) is no one player's win or loss, so it is not
    counted (the Statistics page says so); the match is saved either way."""
    if len(match.humans) > 1:
        app.autosave(match)
        return
    app.record_result(match)


def total_after(state: Any, seat: int, deal_scores: Callable[[], list[int]]) -> int:
    """``seat``'s total before the deal of ``state`` (its ``totals``), plus what the deal added once
    it is over (``deal_scores``: every seat's)."""
    total = state.totals[seat]
    if state.phase == OVER and state.result is not None:
        scores = deal_scores()
        if len(scores) == state.players:
            total += scores[seat]
    return total


class InHandTable(Scene):
    """What a game's table sets: ``name``, ``results_scene`` (the scene after a deal), ``bot_front``
    (its bot front), ``SLOTS`` (the middle's cards, left to right) and ``BUTTONS`` (the button
    row, in order: the shared ``sort``, ``group``, ``undo``, ``discard``, ``menu`` and its own)."""

    results_scene: ClassVar[str]
    bot_front: ClassVar[BotFront]
    SLOTS: ClassVar[tuple[str, ...]] = ("stock", "discard")
    BUTTONS: ClassVar[tuple[str, ...]] = ("sort", "group", "undo", "discard", "menu")
    HAND_SCALE: ClassVar[float] = 1.0  # the hand's cards' largest width against the usual (they shrink to fit)
    HAND_TOP_ROOM: ClassVar[int] = 0  # kept free over the hand's labels for the points line (at 1280x720)
    RULE_PAGES: ClassVar[dict[str, int]] = {}  # the How-to-play page that explains each rule id of the game

    def __init__(self, app, match, tutorial: Any = None) -> None:
        super().__init__(app)
        self.match = match
        self.tutorial = tutorial  # the guided first hand (game.ui.tutorial.Script: its coach marks), or None
        self.viewer: int | None = None
        self.hidden = False
        self.hand_order: list[int] = []  # the pass screen clears it (Vazhushal's table keeps an order)
        self.pass_to: int | None = None  # hot seat: the person to hand the device to (the pass screen)
        self.obs: Any = None
        self.groups: dict[int, HandGroups] = {}  # per human deal seat: their own grouping
        self.undo: dict[int, Arranging] = {}  # per human deal seat: the changes of its grouping
        self.chosen: dict[int, list[int]] = {}  # per seat: the physical cards its last action meant to move
        self.cursor: int | None = None  # the card the keyboard is on (an index into the hand as shown)
        self.selected: set[int] = set()
        self.press: tuple[tuple[int, int], int | None, str | None] | None = None
        self.drag: tuple[list[int], tuple[int, int]] | None = None  # cards, pointer
        self.message = ("", "info")
        self.message_rule: str | None = None  # the rule the message is about (F1)
        self.news: list[str] = []
        self.bot_players: dict[int, bots.BotPlayer] = {}
        self.bot_job: tuple[Future, Any] | None = None
        self.bot_started = 0.0
        self.next_bot_at = 0.0
        self.over_at: float | None = None
        self.last_click: tuple[float, int | None] = (0.0, None)
        self.hint_job: tuple[Future, Any] | None = None
        self.hint_progress = [0, 1]
        self.hint_iterations: int | None = None  # the review's own depth unless set (tests)
        self.buttons = {
            "hint": Button(N_("Hint"), self.ask_hint, "H"),
            "sort": Button(N_("Sort"), self.sort, "S"),
            "group": Button(N_("Group"), self.group_selected, "G"),
            "undo": Button(N_("Undo"), self.undo_arrangement, "U"),
            "discard": Button(N_("Discard"), self.discard_selected, "D"),
            "menu": Button(N_("Menu"), self.open_menu, "Esc"),
            **self.game_buttons(),
        }
        self.button_words = {name: b.caption for name, b in self.buttons.items()}  # English: captioned by enter()
        self.caption_buttons()
        self._layout: tuple[tuple, HandLayout] | None = None
        if match.state.phase == OVER:  # a saved game between deals: the results again
            self.over_at = time.monotonic() + 0.3
        self.news = self.retold()
        self.refresh()

    def enter(self) -> None:
        self.caption_buttons()  # Settings may have changed the language meanwhile

    def tutorial_opponent(self, state: Any) -> Any:
        """The guided hand's patient opponent's move (a game with a tutorial gives it)."""
        raise NotImplementedError

    def caption_buttons(self) -> None:
        """The buttons' captions in the language in force."""
        for name, words in self.button_words.items():
            self.buttons[name].caption = _(words)
        self._layout = None  # the buttons share their row by what the captions need
        self.app.dirty = True

    # --- what a game's table adds ----------------------------------------------------------------

    def game_buttons(self) -> dict[str, Button]:
        """The game's own buttons by name (placed by ``BUTTONS``), captioned in English (``N_``):
        :meth:`caption_buttons` translates them."""
        return {}

    def game_keys(self) -> dict[int, Callable[[], None]]:
        """The game's own keys."""
        return {}

    def enable_game_buttons(self, buttons: dict[str, Button], mine: bool) -> None:
        """Grey out the game's own buttons when they cannot be used now (``mine``: the viewer's turn)."""

    def label_groups(self, groups: list[tuple[int, ...]]) -> list[tuple[str, int]]:
        """Each group's label and its points (the engine's reading)."""
        raise NotImplementedError

    def count_groups(self, groups: list[tuple[int, ...]]) -> int | None:
        """What the hand counts grouped like this (the engine's count), or ``None``."""
        return None

    def count_note(self, groups: list[tuple[int, ...]]) -> str:
        """Why the count did not fall, or ``""``."""
        return ""

    def is_meld(self, kinds: list[int]) -> bool:
        """The group reads as a meld (Sort keeps it)."""
        raise NotImplementedError

    def describe(self, before: Any, action: Any) -> str:
        """An action in words, for the news."""
        who = self.match.name(action.player)
        if action.type == "draw_stock":
            return _("{who} drew from the stock").format(who=who)
        if action.type == "take_discard":
            return _("{who} took {card} from the discard pile").format(
                who=who, card=card_text(KIND_OF[before.discard[-1]]))
        if action.type == "discard":
            return _("{who} discarded {card}").format(who=who, card=card_text(action.card))
        return _("{who}: {move}").format(who=who, move=action.type.replace("_", " "))

    def retold(self) -> list[str]:
        """The news of the deal so far told again from its public history, the last lines as they
        were told: a saved match continued, a screen joining or rejoining a network table mid-deal.
        The card a take lifted is the last one discarded and not taken yet (a reshuffle keeps the
        pile's top); only the pile's first card, if taken, is not known to every seat."""
        pile: list[int] = []  # the kinds discarded and not taken yet, newest last
        lines: list[str] = []
        parse = self.bot_front.engine.parse_action
        for entry in self.state.history:
            if not isinstance(entry, dict):
                continue
            if entry.get("type") == "take_discard" and isinstance(entry.get("player"), int):
                who = self.match.name(entry["player"])
                lines.append(_("{who} took {card} from the discard pile").format(who=who, card=card_text(pile.pop()))
                             if pile else _("{who} took the discard pile's first card").format(who=who))
                continue
            try:
                action = parse(entry, self.state)
                words = self.describe(self.state, action)
            except Exception:  # noqa: BLE001  (a move this table cannot word: left out of the news)
                continue
            if action.type == "discard":
                pile.append(action.card)
            lines.append(words)
        return lines[-6:]

    def turn_words(self) -> str:
        """What the table waits for, for the viewer."""
        s = self.state
        if s.phase == OVER:
            return _("The deal is over.")
        if self.hidden:
            return _("Passing to {name}…").format(name=self.match.name(s.turn))
        if not self.my_turn():
            return _("{name} to play.").format(name=self.match.name(s.turn))
        return self.phase_words().get(s.phase, "")

    def phase_words(self) -> dict[str, str]:
        """The prompt of each phase on the viewer's turn."""
        return {DRAW: _("Your turn: draw from the stock or the discard pile."), DISCARD: _("Discard a card.")}

    # --- what is shown ---------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.match.state

    def refresh(self) -> None:
        """After every change: whose cards are shown (hot seat), the viewer's groups, the buttons."""
        s = self.state
        humans = self.match.humans
        if s.phase != OVER and self.match.is_human(s.turn) and s.turn != self.viewer and not self.hidden:
            if len(humans) <= 1:
                self.viewer = s.turn
            else:  # another person's turn: hide everything and ask to pass the device
                self.hidden = True
                self.selected.clear()
                self.message = ("", "info")  # one player's messages never reach the next
                self.pass_to = s.turn
        if self.viewer is None and humans:
            self.viewer = humans[0]
        if self.viewer is not None and self.viewer >= s.players:
            self.viewer = humans[0] if humans else None
        self.obs = None if self.viewer is None else self.bot_front.observe(s, self.viewer)
        if self.obs is not None:
            mine = self.groups.get(self.viewer)
            if mine is None:
                mine = self.groups[self.viewer] = HandGroups.by_suit(self.obs.hand, self.known_wild())
            self.follow_choice(mine)
            mine.sync(self.obs.hand)
            self.selected &= set(self.obs.hand)
        if self.tutorial is not None:
            mine = self.hand_groups()
            self.tutorial.advance(s, mine.kinds() if mine is not None else [])
        self._layout = None
        self.update_buttons()
        self.app.dirty = True

    def follow_choice(self, mine: HandGroups) -> None:
        """The engine took cards by kind: when it moved other copies than the ones the viewer chose,
        the chosen cards take their places, so the arrangement stays exactly as the player left it
        (until the move lands, on a network table)."""
        chosen = self.chosen.get(self.viewer)
        hand = set(self.obs.hand)
        if not chosen or all(c in hand for c in mine.cards()):
            return
        del self.chosen[self.viewer]
        swaps = stand_ins(mine.cards(), hand, chosen)
        if swaps:
            keeper = self.undo.get(self.viewer)
            if keeper is not None and keeper.groups is mine:
                keeper.rename(swaps)
            else:
                mine.rename(swaps)
            self.selected = {swaps.get(c, c) for c in self.selected}

    def seat_total(self, seat: int) -> int:
        """A seat's running total: the state's (before the deal) with the deal's points once it is over."""
        return total_after(self.state, seat, self.match.deal_scores)

    def known_wild(self) -> tuple[bool, ...]:
        """The kinds the viewer knows to be wild (all ``False`` where the game keeps that secret)."""
        return tuple(self.obs.wild) if self.obs is not None else self.state.wild

    def my_turn(self) -> bool:
        s = self.state
        return (not self.hidden and s.phase != OVER and self.viewer is not None and s.turn == self.viewer
                and self.match.is_human(s.turn))

    def hand_groups(self) -> HandGroups | None:
        return None if self.viewer is None or self.hidden else self.groups.get(self.viewer)

    def update_buttons(self) -> None:
        s = self.state
        mine = self.my_turn()
        has_hand = self.hand_groups() is not None
        b = self.buttons
        b["sort"].enabled = b["group"].enabled = has_hand and s.phase != OVER
        b["undo"].enabled = (has_hand and s.phase != OVER and self.viewer in self.undo
                             and self.undo[self.viewer].can_undo)
        b["discard"].enabled = mine and s.phase == DISCARD
        b["hint"].enabled = mine and self.hint_job is None and self.hint_kind() is not None
        self.enable_game_buttons(b, mine)

    def opponents(self) -> list[int]:
        """The deal seats shown along the top, in turn order after the viewer."""
        n = self.state.players
        me = self.viewer if self.viewer is not None else n - 1
        return [(me + k) % n for k in range(1, n)] if self.viewer is not None else list(range(n))

    def card_scale(self) -> float:
        return CARD_SIZES.get(self.app.settings.card_size, 1.0)

    def button_needs(self, names: tuple[str, ...]) -> list[int]:
        """How wide each of the buttons ``names`` must be for its caption and key (the layout's row)."""
        return [button_need(self.buttons[n].caption, self.buttons[n].key, self.fs(18), self.px(46)) for n in names]

    def build_layout(self, groups: list[list[int]], dragged: set[int]) -> HandLayout:
        return build(self.app.screen.get_size(), self.card_scale(), len(self.opponents()), groups, self.selected,
                     dragged, self.BUTTONS, self.SLOTS, self.HAND_SCALE, self.HAND_TOP_ROOM,
                     self.button_needs(self.BUTTONS), hand_view.opponent_need(self), hand_view.message_lines(self),
                     min(hand_view.MOST_NOTE_LINES, len(hand_view.note_lines(self))))

    def layout(self) -> HandLayout:
        mine = self.hand_groups()
        groups = mine.groups if mine is not None else []
        dragged = set(self.drag[0]) if self.drag else set()
        key = (self.app.screen.get_size(), self.card_scale(), len(self.opponents()), hand_view.opponent_need(self),
               hand_view.message_lines(self), tuple(map(tuple, groups)), frozenset(self.selected), frozenset(dragged))
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.build_layout(groups, dragged))
        return self._layout[1]

    def group_labels(self) -> list[tuple[str, int]]:
        """The label of each of the viewer's groups, and its points."""
        mine = self.hand_groups()
        return [] if mine is None else self.label_groups(mine.kinds())

    def hand_points(self) -> int | None:
        mine = self.hand_groups()
        return None if mine is None else self.count_groups(mine.kinds())

    def points_note(self) -> str:
        mine = self.hand_groups()
        return "" if mine is None else self.count_note(mine.kinds())

    def say(self, words: str, tone: str = "info", rule: str | None = None) -> None:
        """A message above the hand; ``rule``: the rule it is about (F1 opens its page of How to play)."""
        self.message = (words, tone)
        self.message_rule = rule
        self.app.dirty = True

    def explain_message(self) -> None:
        """F1 (as at Vazhushal's table): How to play at the page of the rule the message is about
        (the game's first page when it names none), the message on top."""
        words = self.message[0]
        self.app.open("howto", page=rule_page(self.RULE_PAGES, self.message_rule if words else None) or 0,
                      note=words, game=self.match.game)

    def tell(self, words: str) -> None:
        """News of the table (what every seat did), newest last."""
        self.news = (self.news + [words])[-6:]

    # --- the Hint --------------------------------------------------------------------------

    def hint_kind(self) -> str | None:
        """The decision a Hint would answer now (the review's word for it), or ``None``."""
        review = self.bot_front.review
        if review is None or not hasattr(review, "best_move") or self.obs is None:
            return None
        return review.decision_kind(self.obs)

    def ask_hint(self) -> None:
        """The Hint: the review's best move for this decision, off the UI thread (see the module)."""
        if not self.my_turn():
            self.say(self.waiting_for(), "info")
            return
        if self.hint_job is not None:
            return
        if self.hint_kind() is None:
            self.say(_("There is no hint for this step: {prompt}").format(
                prompt=self.phase_words().get(self.state.phase, "")), "info")
            return
        state, obs, review = self.state, self.obs, self.bot_front.review
        progress = self.hint_progress = [0, 1]
        options = {} if self.hint_iterations is None else {"iterations": self.hint_iterations}

        def work() -> Any:
            def step(done: int, total: int) -> None:
                progress[0], progress[1] = done, max(1, total)
                self.app.dirty = True

            return review.best_move(obs, progress=step, cancel=lambda: self.state is not state, **options)

        self.hint_job = (self.app.submit(work), state)
        self.say(_("Working out a hint…"), "info")
        self.update_buttons()

    def poll_hint(self) -> None:
        """A Hint worked out for the position still on the table is shown; any other is dropped."""
        if self.hint_job is None or not self.hint_job[0].done():
            return
        future, asked = self.hint_job
        self.hint_job = None
        self.update_buttons()
        if asked is not self.state:
            return
        try:
            option = future.result()
        except Exception as exc:  # noqa: BLE001  (a hint never stops the game; a cancelled one says nothing)
            log.warning("no hint: %s", describe(exc))
            self.say(_("No hint this time."), "info")
            return
        self.follow_hint(option)

    def follow_hint(self, option: Any) -> None:
        """Say the hinted move and get it ready: its card selected; a declaration's groups arranged
        (U undoes it)."""
        action = self.bot_front.action_type.from_json(option.actions[0])
        mine = self.hand_groups()
        kind = getattr(action, "card", None)
        taken = getattr(self.state, "taken_discard", None)  # it stays in the hand this turn
        other = taken is not None and kind == KIND_OF[taken] and getattr(action, "type", "") == "discard"
        if mine is not None and kind is not None:
            pool = list(mine.cards())
            finish = next((c for c in reversed(pool) if KIND_OF[c] == kind and c != taken), None)
            groups = getattr(action, "groups", None)
            if finish is not None and groups:
                pool.remove(finish)
                arranged, pool = cards_for_kinds(pool, groups, KIND_OF)
                self.arrange(lambda _: HandGroups([*arranged, pool + [finish]]))
            self.selected = {finish} if finish is not None else set()
        text = option.text
        move = text[:1].upper() + text[1:]
        if other:
            self.say(_("Hint: {move} — your other {card}: the one just taken stays this turn, so your hand keeps "
                       "the same cards.").format(move=move, card=card_text(kind)), "good")
        else:
            self.say(_("Hint: {move}.").format(move=move), "good")

    # --- playing ---------------------------------------------------------------------------

    def play(self, action: Any, chosen: list[int] | tuple[int, ...] = ()) -> bool:
        """Play an action through the engine; an illegal one is explained, nothing changes.
        ``chosen``: the physical cards the action means to move out of the hand (the engine takes
        kinds; :meth:`follow_choice` keeps the arrangement)."""
        before = self.state
        safe = safe_move_arriving(self.match, action)
        if chosen:  # (a move arriving from a network table's host keeps the choice it answers)
            self.chosen[action.player] = list(chosen)
        try:
            self.match.play(action)
        except Sent:  # a network table: the host's answer plays it (match.sync)
            return True
        except IllegalAction as exc:
            if chosen:
                self.chosen.pop(action.player, None)
            self.say(refusal_words(exc), "bad", exc.rule)
            self.wrong_try()
            return False
        self.message = ("", "info")  # a message belongs to the moment it answered
        words = self.describe(before, action)
        if safe:  # the turn timer ran out: the host played for this screen's seat
            words = timed_out_words(words, self.match.name(action.player))
            self.say(words, "bad")
        self.tell(words)
        self.app.sounds.play(SOUNDS.get(action.type, "click"))
        if action.type not in ("draw_stock", "take_discard"):
            self.selected.clear()
        if self.state.phase == OVER:
            self.finish()
        else:
            self.app.autosave(self.match)
        self.refresh()
        return True

    def finish(self) -> None:
        """The deal is over: statistics, the save, and the results after a moment."""
        record_hand(self.app, self.match)
        self.app.autosave(self.match)
        self.over_at = time.monotonic() + 1.2
        r = self.state.result
        if r is not None and r.winner is not None:
            self.say(_("{name} won the deal").format(name=self.match.name(r.winner)), "good")

    def draw_stock(self) -> None:
        if self.ready_to(DRAW):
            self.play(self.bot_front.action_type.draw_stock(self.state.turn))

    def take_discard(self) -> None:
        if self.ready_to(DRAW):
            self.play(self.bot_front.action_type.take_discard(self.state.turn))

    def ready_to(self, phase: str) -> bool:
        """It is the viewer's turn and ``phase``; else say what the table waits for."""
        s = self.state
        if not self.my_turn():
            self.say(self.waiting_for(), "info")
            return False
        if s.phase != phase:
            self.say(self.phase_words().get(s.phase, ""), "info")
            self.wrong_try()
            return False
        return True

    def wrong_try(self) -> None:
        """A move the moment does not allow: in the guided hand the coach adds its hint (never a penalty)."""
        if self.tutorial is not None:
            self.tutorial.wrong_try()
            self._layout = None
            self.app.dirty = True

    def waiting_for(self) -> str:
        s = self.state
        if s.phase == OVER:
            return _("The deal is over.")
        return _("Waiting for {name}.").format(name=self.match.name(s.turn))

    def discard_selected(self) -> None:
        if not self.ready_to(DISCARD):
            return
        focused = self.focused_card()
        if not self.selected and focused is not None:  # the keyboard's card (as at Vazhushal's table)
            self.discard(focused)
            return
        if len(self.selected) != 1:
            self.say(_("Choose one card to discard (←/→ to it, or click it), then D; or drag it onto the pile."),
                     "info")
            return
        self.discard(next(iter(self.selected)))

    def discard(self, card: int) -> None:
        if self.ready_to(DISCARD):
            self.play(self.bot_front.action_type.discard(self.state.turn, KIND_OF[card]), [card])

    # --- the player's groups -----------------------------------------------------------------

    def arrange(self, change) -> None:
        """Change the viewer's grouping (``change`` edits the groups or returns new ones), so that
        U can take it back."""
        mine = self.hand_groups()
        if mine is None:
            return
        keeper = self.undo.get(self.viewer)
        if keeper is None or keeper.groups is not mine:
            keeper = self.undo[self.viewer] = Arranging(mine)
        keeper.change(change)
        self.refresh()

    def sort(self) -> None:
        """Sort: the melds and the player's own groups stay (each sorted within), the other cards by suit."""
        if self.hand_groups() is None:
            return
        wild = self.known_wild()
        self.arrange(lambda g: g.sorted_keeping(self.is_meld, wild))
        self.selected.clear()
        self.say(_("Sorted: your groups are kept, the loose cards go by suit (U undoes)."), "info")

    def group_selected(self) -> None:
        if self.hand_groups() is None:
            return
        if not self.selected:
            self.say(_("Select the cards of a new group (click them), then Group."), "info")
            return
        self.move_into([c for c in self.shown_cards() if c in self.selected], None)

    def move_into(self, cards: list[int], group: int | None, index: int = -1) -> None:
        """Move ``cards`` into a group (``None``: a new group at ``index``), written as melds read."""
        wild = self.known_wild()

        def place(g: HandGroups) -> None:
            g.move(cards, group, index)
            g.tidy(wild, cards)

        self.selected -= set(cards)
        self.arrange(place)

    def undo_arrangement(self) -> None:
        if self.state.phase == OVER:  # the groups as the deal ended them stay (the results read them)
            self.say(_("The deal is over: there is nothing to undo."), "info")
            return
        keeper = self.undo.get(self.viewer)
        if keeper is None or self.obs is None or not keeper.undo(self.obs.hand):
            self.say(_("There is no change of your groups to undo."), "info")
            return
        self.selected &= set(self.obs.hand)
        self.refresh()

    def restart_hand(self) -> None:
        """The menu's Restart: the same deal again (a bot still thinking is left behind)."""
        if self.match.restart_hand():
            self.bot_job = None
            self.bot_players.clear()
            self.selected.clear()
            self.groups.clear()
            self.undo.clear()
            self.news = []
            if self.tutorial is not None:  # the guided hand from its first step
                self.tutorial = type(self.tutorial)()
            self.say(_("The deal starts again, exactly as it was dealt."), "info")
            self.app.autosave(self.match)
            self.refresh()

    def start_next_deal(self) -> None:
        self.match.next_deal()
        self.bot_players.clear()
        self.groups.clear()
        self.undo.clear()
        self.selected.clear()
        self.news = []
        self.over_at = None
        self.viewer = None
        self.say("", "info")
        self.app.autosave(self.match)
        self.refresh()

    def open_menu(self) -> None:
        self.app.open("menu", self)

    # --- the flow: bots and the end of the deal ----------------------------------------------

    def busy(self) -> bool:
        s = self.state
        return bool(self.drag or self.bot_job or self.hint_job or self.over_at is not None or self.pass_to is not None
                    or (s.phase != OVER and not self.match.is_human(s.turn)))

    def update(self, dt: float) -> None:
        now = time.monotonic()
        self.match.sync(self)  # a network table: the moves its host reported are played here
        s = self.state
        self.poll_hint()
        if self.pass_to is not None and self.app.top is self:
            seat, self.pass_to = self.pass_to, None
            self.app.open("pass", self, seat)
            return
        if self.over_at is not None:
            if now >= self.over_at:
                self.over_at = None
                self.app.open(self.results_scene, self)
            return
        if s.phase == OVER or self.match.is_human(s.turn) or self.hidden or self.match.remote(s.turn):
            return
        if self.tutorial is not None:  # the guided hand's patient opponent: no thinking needed
            if now >= self.next_bot_at and self.play(self.tutorial_opponent(s)):
                self.next_bot_at = now + BOT_SPEEDS.get(self.app.settings.bot_speed, 0.7)
            return
        if self.bot_job is None:
            if now >= self.next_bot_at:
                player = self.bot_players.get(s.turn)
                if player is None:
                    player = self.bot_players[s.turn] = bots.BotPlayer(
                        self.bot_front, self.match.level(s.turn), self.match.bot_seed(s.turn),
                        earlier=self.match.state_at)
                self.bot_job = (self.app.submit(player.next_action, s), s)
                self.bot_started = now
            return
        future, asked = self.bot_job
        if not future.done():
            if now - self.bot_started > STUCK_AFTER_S:
                self.bot_job = None
                self.play(self.bot_front.fallback(s))
            return
        self.bot_job = None
        if asked is not s:  # the deal changed meanwhile (restart): ask again
            return
        try:
            action = future.result()
        except BaseException as exc:  # noqa: BLE001  (a bot must never stop the game)
            if isinstance(exc, KeyboardInterrupt):
                raise
            log.warning("a bot failed: %s", describe(exc))
            action = self.bot_front.fallback(s)
        if not self.play(action):
            self.play(self.bot_front.fallback(s))
        self.next_bot_at = now + BOT_SPEEDS.get(self.app.settings.bot_speed, 0.7)

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)

    def key(self, key: int) -> None:
        """Every action by key (the module docstring lists the shared ones; the game adds its own)."""
        actions = {pygame.K_ESCAPE: self.open_menu, pygame.K_n: self.draw_stock, pygame.K_t: self.take_discard,
                   pygame.K_d: self.discard_selected, pygame.K_g: self.group_selected, pygame.K_s: self.sort,
                   pygame.K_u: self.undo_arrangement, pygame.K_h: self.ask_hint,
                   pygame.K_LEFT: lambda: self.move_cursor(-1),
                   pygame.K_RIGHT: lambda: self.move_cursor(1), pygame.K_SPACE: self.toggle_cursor,
                   pygame.K_RETURN: self.toggle_cursor, pygame.K_KP_ENTER: self.toggle_cursor,
                   pygame.K_UP: lambda: self.move_group(-1), pygame.K_DOWN: lambda: self.move_group(1),
                   pygame.K_F1: self.explain_message, **self.game_keys()}
        if key in actions:
            actions[key]()
        elif pygame.K_0 <= key <= pygame.K_9:
            self.move_selection(key - pygame.K_0)

    def shown_cards(self) -> list[int]:
        mine = self.hand_groups()
        return [] if mine is None else mine.cards()

    def move_cursor(self, step: int) -> None:
        cards = self.shown_cards()
        if not cards:
            return
        self.cursor = 0 if self.cursor is None else (self.cursor + step) % len(cards)
        self.message = ("", "info")  # the focus is said where messages are
        self.app.dirty = True

    def move_group(self, step: int) -> None:
        """↑/↓: the focus to the first card of the group before or after the focused card's (the rows
        of the hand, as ↑/↓ move between rows at Vazhushal's table)."""
        mine = self.hand_groups()
        if mine is None or not mine.groups:
            return
        card = self.focused_card()
        at = mine.where(card) if card is not None else None
        gi = 0 if at is None else max(0, min(len(mine.groups) - 1, at[0] + step))
        self.cursor = self.shown_cards().index(mine.groups[gi][0])
        self.message = ("", "info")  # the focus is said where messages are
        self.app.dirty = True

    def focused_card(self) -> int | None:
        cards = self.shown_cards()
        if self.cursor is None or not cards:
            return None
        return cards[min(self.cursor, len(cards) - 1)]

    def toggle_cursor(self) -> None:
        card = self.focused_card()
        if card is None:
            self.move_cursor(0)
            return
        self.selected ^= {card}
        self._layout = None
        self.app.dirty = True

    def move_selection(self, number: int) -> None:
        """The selected cards (or the focused one) into group ``number`` (1 = the first), or a
        group of their own (0)."""
        mine = self.hand_groups()
        cards = [c for c in self.shown_cards() if c in self.selected] or [c for c in [self.focused_card()] if c]
        if mine is None or not cards:
            self.say(_("Select cards first (←/→ and Space), then 1–9 to move them into a group, 0 for a new one."),
                     "info")
            return
        target = number - 1 if number and number - 1 < len(mine.groups) else None
        self.move_into(cards, target)

    def focus_words(self) -> str:
        """The focused card in words, with its group (what a screen reader would say)."""
        card = self.focused_card()
        mine = self.hand_groups()
        if card is None or mine is None:
            return ""
        where = mine.where(card)
        labels = self.group_labels()
        name = _(labels[where[0]][0]) if where is not None and where[0] < len(labels) else ""
        number = str(where[0] + 1) if where else "?"
        if card in self.selected:
            words = _("{card}, selected · group {number} ({group}) · Space selects · D discards · ↑↓ other groups "
                      "· 1–9 moves to a group, 0 a new one")
        else:
            words = _("{card} · group {number} ({group}) · Space selects · D discards · ↑↓ other groups · 1–9 "
                      "moves to a group, 0 a new one")
        return words.format(card=card_text(KIND_OF[card]), number=number, group=name)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        lay = self.layout()
        for name, rect in lay.buttons.items():
            if rect.collidepoint(pos):
                self.press = (pos, None, name)
                return
        self.press = (pos, lay.card_at(pos) if self.hand_groups() is not None else None, None)

    def mouse_move(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self.drag = (self.drag[0], pos)
            self.app.dirty = True
            return
        if self.press is None or self.press[1] is None:
            return
        start, card, _ = self.press
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START:
            mine = self.hand_groups()
            if mine is None:
                return
            cards = [c for c in mine.cards() if c in self.selected] if card in self.selected else [card]
            self.drag = (cards, pos)
            self._layout = None

    def mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if self.drag is not None:
            cards, _ = self.drag
            self.drag = None
            self._layout = None
            self.drop(cards, pos)
            return
        if press is None:
            return
        _, card, button = press
        lay = self.layout()
        if button is not None:
            if lay.buttons[button].collidepoint(pos):
                self.buttons[button].activate()
            return
        if card is not None:
            self.click_card(card)
        elif "stock" in lay.slots and lay.stock.collidepoint(pos):
            self.draw_stock()
        elif "discard" in lay.slots and lay.discard.collidepoint(pos):
            self.take_discard()

    def click_card(self, card: int) -> None:
        self.cursor = None  # the mouse took over from the keyboard
        now = time.monotonic()
        double = self.last_click[1] == card and now - self.last_click[0] < 0.4
        self.last_click = (now, card)
        if double and self.my_turn() and self.state.phase == DISCARD:
            self.discard(card)
            return
        self.selected ^= {card}
        self._layout = None
        self.app.dirty = True

    def drop(self, cards: list[int], pos: tuple[int, int]) -> None:
        """A drag ends: onto the discard pile (discard one card), else into the hand's groups."""
        lay = self.layout()
        mine = self.hand_groups()
        if mine is None:
            return
        if lay.discard.inflate(lay.px(20), lay.px(20)).collidepoint(pos):
            if len(cards) == 1:
                self.discard(cards[0])
            else:
                self.say(_("Discard one card at a time."), "info")
            return
        if not lay.hand_band.collidepoint(pos):
            return
        group, index = self.build_layout(mine.groups, set(cards)).drop_target(pos)
        self.move_into(cards, group, index)

    def draw(self, surf: pygame.Surface) -> None:
        from .view import draw_table
        draw_table(self, surf)
