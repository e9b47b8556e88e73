"""The flow of play on the table: bots thinking off the UI thread and their moves animated at the
chosen speed, hints, the end of a hand.  A mixin of :class:`~game.ui.vazhushal.table.scene.TableScene`."""

from __future__ import annotations

import logging
import time

from ai.vazhushal import FRONT as BOTS
from game.core.cards import JOKER, KIND_OF
from game.i18n import _
from game.vazhushal import OVER, Action, State, apply, observe

from ... import bots
from ...inhand.table import record_hand
from ...persist import ANIMATION_SPEEDS, BOT_SPEEDS
from ...wording import card_text
from ..tutorial import opponent_move
from .describe import plan_steps, wild_ranks
from .presentation import Flyer, Hint


def same_move(before: State | None, played: Action, hinted: Action) -> bool:
    """``played`` left the seat's melds and hand as ``hinted`` would have (the same melds staged in
    another order, the same card of another deck)."""
    melding = ("meld", "arrange")
    if (before is None or played.player != hinted.player
            or (played.type != hinted.type and not (played.type in melding and hinted.type in melding))):
        return False
    try:
        a, b = apply(before, played), apply(before, hinted)
    except Exception:  # noqa: BLE001
        return False
    seat = played.player

    def shape(s: State) -> tuple:
        melds = sorted(tuple(sorted(KIND_OF[c] for c in m.cards)) for m in s.melds[seat])
        return (tuple(melds), tuple(sorted(KIND_OF[c] for c in s.hands[seat])), tuple(KIND_OF[c] for c in s.line),
                s.phase, s.turn)
    return shape(a) == shape(b)


log = logging.getLogger(__name__)


class TableFlow:
    STUCK_AFTER_S = 8.0  # at least this long (and ten budgets) before a silent bot is replaced
    # --- hints -------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """The Hint: the hand review's best move for this decision (the draw, or the melds and the
        discard), worked out off the UI thread with a progress mark.  One source of advice: the
        review of this hand rates the move as its best (:func:`ai.vazhushal.review.best_move`)."""
        if not self.my_turn():
            self.say(self.wait_reason(), "info")
            return
        if self.hint_job is not None:
            return
        state = self.state
        obs = observe(state, state.turn)
        progress = self.hint_progress = [0, 1]
        options = {} if self.hint_iterations is None else {"iterations": self.hint_iterations}

        def work() -> list[Action]:
            def step(done: int, total: int) -> None:
                progress[0], progress[1] = done, max(1, total)
                self.app.dirty = True

            option = BOTS.review.best_move(obs, progress=step, cancel=lambda: self.state is not state, **options)
            return [Action.from_json(a) for a in option.actions]

        self.hint_job = (self.app.submit(work), state)
        if self.hint_counted is not state:  # on this hand's line of the score sheet: once a decision
            self.hint_counted = state
            self.match.note_hint(state.turn)
        self.say(_("Working out a hint…"), "info")

    # --- animation ---------------------------------------------------------------------------

    def anim_time(self) -> float:
        return ANIMATION_SPEEDS.get(self.app.settings.animation, 0.3)

    def animate(self, before: State, action: Action) -> None:
        duration = self.anim_time()
        sound = {"draw_stock": "draw", "take_line": "wipe", "discard": "discard"}.get(action.type)
        if sound:
            self.app.sounds.play(sound)
        if duration <= 0:
            return
        from .geometry import seat_anchor
        geo = self.geo()
        now = time.monotonic()
        anchor = seat_anchor(self, geo, action.player)
        if action.type == "draw_stock":
            self.flyers.append(Flyer(None, None, geo.layout.stock.topleft, anchor, now, duration, geo.layout.line_w))
        elif action.type == "take_line" and action.index is not None:
            old = geo.layout.line_layout(len(before.line), self.line_scroll)
            for n, i in enumerate(range(action.index, len(before.line))):
                c = before.line[i]
                self.flyers.append(Flyer(KIND_OF[c], c, old.rects[i].topleft, anchor, now + 0.03 * n, duration,
                                         geo.layout.line_w))
        elif action.type == "discard":
            after = geo.layout.line_layout(len(self.state.line), 0)
            c = self.state.line[-1]
            self.flyers.append(Flyer(KIND_OF[c], c, anchor, after.rects[-1].topleft, now, duration, geo.layout.line_w))

    def bot_delay(self) -> float:
        return BOT_SPEEDS.get(self.app.settings.bot_speed, 0.7)

    # --- the loop ------------------------------------------------------------------------------

    def busy(self) -> bool:
        s = self.state
        if self.app.top is not self and not self.flyers:
            return False  # paused under a menu
        waiting_bot = s.phase != OVER and not self.match.is_human(s.turn)
        return bool(self.flyers or self.bot_job or self.hint_job or waiting_bot or self.over_at is not None
                    or self.drag or self.lasso)

    def update(self, dt: float) -> None:
        now = time.monotonic()
        if self.flyers:
            self.flyers = [f for f in self.flyers if now < f.t0 + f.duration]
            self.app.dirty = True
        self.match.sync(self)  # a network table: the moves its host reported are played here
        if self.app.top is not self:
            return  # paused under the menu or a hand-over screen
        self.poll_hint()
        s = self.state
        if s.phase == OVER:
            if self.over_at is not None and now >= self.over_at and not self.flyers:
                self.over_at = None
                self.hand_over()
            return
        if self.hidden and self.app.top is self:
            self.app.open("pass", self, s.turn)
            return
        if self.match.is_human(s.turn):
            if self.tutorial is None:
                self.explain_wilds_once()
            return
        if self.match.remote(s.turn):
            return  # played at another screen or by a network table's host: its move comes in sync
        if self.tutorial is not None:  # the guided hand's patient opponent: no thinking needed
            if now >= self.next_bot_at and not self.flyers and self.play(opponent_move(s)):
                self.next_bot_at = now + max(0.6, self.bot_delay())
            return
        if self.bot_job is None:
            if now >= self.next_bot_at and not self.flyers:
                player = self.bots.get(s.turn) or bots.BotPlayer(BOTS, "Medium", self.match.bot_seed(s.turn))
                self.bots[s.turn] = player
                self.bot_job = (self.app.submit(player.next_action, s), s)
                self.bot_started = now
            return
        future, asked = self.bot_job
        if not future.done():
            player = self.bots.get(s.turn)
            limit = max(self.STUCK_AFTER_S, 10 * (player.budget_s if player else 1.0))
            if now - self.bot_started > limit:  # a stuck bot: play a plain move, leave its thread behind
                self.app.abandon_worker()
                self.bot_job = None
                self.bots[s.turn] = bots.BotPlayer(BOTS, self.match.level(s.turn), self.match.bot_seed(s.turn))
                self.play_plain(s, now, _("{name} took too long; a plain move was played").format(
                    name=self.match.name(s.turn)))
            return
        self.bot_job = None
        if asked is not self.state:
            return
        try:
            action = future.result()
        except BaseException as exc:  # noqa: BLE001  (a bot must never stop the game, not even by SystemExit)
            if isinstance(exc, KeyboardInterrupt):
                raise
            self.play_plain(s, now, _("{name}'s bot failed ({error}); it played a plain move").format(
                name=self.match.name(s.turn), error=type(exc).__name__))
            return
        if self.play(action):
            self.next_bot_at = now + self.bot_delay()

    def play_plain(self, s: State, now: float, note: str = "") -> None:
        """The safety net's move for a bot that failed (then ``note`` says so: the message answers
        the move); if even that is impossible (a state no hand can reach), say so instead of
        stopping the game."""
        try:
            action = BOTS.fallback(s)
        except Exception as exc:  # noqa: BLE001
            log.error("no move for seat %d: %s", s.turn, exc)
            self.say(_("{name} has no legal move: this match cannot go on. Open the menu to leave it.").format(
                name=self.match.name(s.turn)), "bad")
            self.next_bot_at = now + 3600.0
            return
        if self.play(action):
            self.next_bot_at = now + self.bot_delay()
            if note:
                self.say(note, "bad")

    def explain_wilds_once(self) -> None:
        """The first hand a player ever plays: what the negative joker is and which cards are wild,
        pointing at it beside the stock (once; the setting remembers)."""
        if self.app.settings.wild_intro_seen or not self.my_turn():
            return
        s = self.state
        self.app.settings.wild_intro_seen = True
        self.app.save_settings()
        lay = self.geo().layout
        if s.indicator == JOKER:
            words = _("The card beside the stock is the negative joker: {card}. This hand only the printed jokers "
                      "are wild: each can stand for any card in a meld. Wild cards carry a gold W everywhere. The "
                      "negative joker is the last card of the stock.").format(card=card_text(s.indicator))
            target = lay.stock.union(lay.indicator)
        elif s.indicator is not None:
            # Translators: {ranks} is "black 7s", "red aces" (the cards of that rank and colour).
            words = _("The card beside the stock is the negative joker: {card}. This hand the {ranks} and jokers "
                      "are wild: each can stand for any card in a meld. Wild cards carry a gold W everywhere. The "
                      "negative joker is the last card of the stock.").format(card=card_text(s.indicator),
                                                                             ranks=wild_ranks(s.indicator))
            target = lay.stock.union(lay.indicator)
        else:
            words = _("Only the printed jokers are wild in this game: each can stand for any card in a meld. Wild "
                      "cards carry a gold W everywhere.")
            target = lay.stock
        self.app.open("coach", _("Wild cards"), words, target)

    def poll_hint(self) -> None:
        if self.hint_job is None or not self.hint_job[0].done():
            return
        future, asked = self.hint_job
        self.hint_job = None
        if asked is not self.state:
            return
        try:
            plan = future.result()
        except Exception as exc:  # noqa: BLE001
            log.warning("no hint: %r", exc)
            self.say(_("No hint available this time"), "bad")
            return
        if not plan:
            return
        self.hint = Hint(plan_steps(self.state, plan), list(plan))
        self.show_hint()

    def show_hint(self) -> None:
        """The next step above the hand; every step of the turn in the side panel."""
        if self.hint is not None:
            self.say(_("Hint: {step}").format(step=self.hint.steps[0].split(". ", 1)[1]), "hint")

    def follow_hint(self, action: Action, before: State | None = None) -> None:
        """After a move: the hint goes on when the move was its next step (or made the same melds in
        another order), else it is dropped."""
        if self.hint is not None and self.hint.actions and (action == self.hint.next or
                                                             same_move(before, action, self.hint.next)):
            self.hint.actions.pop(0)
            self.hint.steps.pop(0)
            if self.hint.actions:
                self.show_hint()
                return
        self.hint = None

    def hand_over(self) -> None:
        record_hand(self.app, self.match)  # a hand among several people at this screen is not counted
        self.app.open("handover", self)

    def start_next_hand(self) -> None:
        self.match.next_hand()
        self.deal_again()

    def restart_hand(self) -> None:
        """The menu's Restart hand: the same deal again (a bot still thinking is left behind)."""
        if self.match.restart_hand():
            self.bot_job = self.hint_job = None
            self.deal_again()

    def deal_again(self) -> None:
        self.new_bots()
        self.hand_order = []
        self.flyers = []
        self.say("")
        self.hint = None
        self.viewer = None if len(self.match.humans) != 1 else self.viewer
        self.app.autosave(self.match)
        self.app.sounds.play("deal")
        self.next_bot_at = time.monotonic() + 0.5
        self.refresh()

