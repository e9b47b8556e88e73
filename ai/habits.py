"""Synthetic players for the coach's check (:mod:`ai.insights`): Medium with one injected habit.

A :class:`HabitPlayer` plays a seat as Medium does (:class:`ai.players.SeatPlayer`), except where its
habit says otherwise, and only when the engine accepts the changed move:

* ``take``: it never takes from the discard pile (or Vazhushal's line): it draws from the stock;
* ``declare``: it holds a winning hand :data:`HOLD` turns (discarding the card it would have
  declared with) before it declares;
* ``stay``: it drops on its first turn whenever it may (it drops too often);
* ``discard``: it throws its highest card, whatever its melds need.

The key of each is the habit the coach should name first (:data:`ai.insights.HABITS`).
:func:`habit_hand` records a hand with the habit player in seat 0 and Medium in the others, the
other seats recorded with their seeds, so the same cards can be played again with Medium in seat 0
(:func:`ai.same_cards.play_again`), exactly as the app rates a person's hand.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.cards import JOKER, parse_kind, rank_of, rank_value
from game.core.errors import IllegalAction
from game.replay import Recorder

from .games import front as bot_front
from .players import SeatPlayer, play_recorded, seat_seed

HOLD = 2  # turns a "declare" habit holds a winning hand
HABIT_BOTS = ("take", "declare", "stay", "discard")


def _value(token: str) -> int:
    kind = parse_kind(token)
    return -1 if kind >= JOKER else rank_value(rank_of(kind))


class HabitPlayer:
    """Medium in one seat with the habit ``habit`` (:data:`HABIT_BOTS`)."""

    def __init__(self, game: str, habit: str, seed: int) -> None:
        if habit not in HABIT_BOTS:
            raise ValueError(f"no habit {habit!r}; habits: {', '.join(HABIT_BOTS)}")
        self.front = bot_front(game)
        self.engine = self.front.engine
        self.habit = habit
        self.medium = SeatPlayer(self.front, "Medium", seed)
        self.seed = seed
        self.held = 0
        self.turns = 0
        self.changed = 0  # moves the habit changed (none: the game has no such move)

    def _try(self, state: Any, data: dict) -> tuple[Any, Any] | None:
        try:
            action = self.engine.parse_action(data, state)
            return action, self.engine.apply(state, action)
        except (IllegalAction, ValueError):
            return None

    def _instead(self, state: Any, action: Any) -> tuple[Any, Any] | None:
        seat, data = state.turn, action.to_json()
        kind = data.get("type")
        if self.habit == "take" and kind in ("take_discard", "take_line"):
            return self._try(state, {"type": "draw_stock", "player": seat})
        if self.habit == "declare" and kind == "declare" and self.held < HOLD:
            changed = self._try(state, {"type": "discard", "player": seat, "card": data.get("finish")})
            if changed is not None:
                self.held += 1
            return changed
        if self.habit == "stay" and self.turns == 1 and kind in ("draw_stock", "take_discard"):
            return self._try(state, {"type": "drop", "player": seat})
        if self.habit == "discard" and kind == "discard":
            hand = self.engine.to_json(state)["hands"][seat]
            for token in sorted(set(hand), key=lambda t: (-_value(t), t)):
                changed = self._try(state, {"type": "discard", "player": seat, "card": token})
                if changed is not None:
                    return changed
        return None

    def advance(self, state: Any) -> tuple[Any, Any]:
        """The seat's action (Medium's, or the habit's instead) and the state after it."""
        history = state.history
        if not history or not isinstance(history[-1], dict) or history[-1].get("player") != state.turn:
            self.turns += 1
        action, after = self.medium.advance(state)
        changed = self._instead(state, action)
        if changed is None:
            return action, after
        self.medium.safe.forget()  # its plan for the rest of the turn no longer holds
        self.changed += 1
        return changed

    def close(self) -> None:
        self.medium.close()


def habit_hand(game: str, habit: str, seed: int, players: int = 2, changes: list[int] | None = None) -> dict:
    """One recorded hand of ``game`` dealt from ``seed``: the habit player in seat 0, Medium in the
    others (recorded with their seeds: the hand can be played again).  ``changes`` gets how many
    moves the habit changed."""
    front = bot_front(game)
    rules = front.preset(front.engine.default_preset, players)
    state = front.deal(rules, random.Random(seed))
    seats: list[Any] = [HabitPlayer(game, habit, seat_seed(seed, 0) + 1)]
    seats += [SeatPlayer(front, "Medium", seat_seed(seed, s)) for s in range(1, players)]
    recorder = Recorder()
    recorder.start(state, game, match_id=f"habit-{habit}", hand_no=0, seed=seed,
                   bots=[{"seat": s, "level": "Medium", "seed": seats[s].seed} for s in range(1, players)])
    try:
        state = play_recorded(front, state, seats, recorder)
    finally:
        for p in seats:
            p.close()
    if changes is not None:
        changes.append(seats[0].changed)
    return recorder.finish(state)
