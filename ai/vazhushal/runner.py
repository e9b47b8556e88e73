"""Driving bots through the engine: the next action of a seat, a turn, a whole hand.

The UI calls :func:`next_action` for a bot's seat (off the UI thread) and animates the action it
gets back; the arena calls :func:`play_hand`.  Both go through :class:`ai.safety.SafeBot`, which
builds the seat's observation (V12), checks every action with the engine and replaces a faulty
bot's move by a safe one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from game.vazhushal import OVER, Action, State

from ..safety import SafeBot
from .base import LEVELS, Bot, make_bot
from .front import FRONT


def safe_bot(bot: Bot | None, budget_s: float | None = None, *, threaded: bool = False) -> SafeBot:
    """``bot`` behind the safety net (:class:`ai.safety.SafeBot`) as a Vazhushal seat."""
    return SafeBot(bot, FRONT, budget_s, threaded=threaded)


def as_safe(bot: Bot | SafeBot, budget_s: float | None = None) -> SafeBot:
    return bot if isinstance(bot, SafeBot) else safe_bot(bot, budget_s)


def next_action(bot: Bot | SafeBot, state: State) -> Action:
    """The legal action the bot plays for the seat to move (a safe one if the bot fails).  Pass
    the same :class:`SafeBot` on every call so a plan of several actions is followed."""
    return as_safe(bot).next_action(state)


def bots_for_seats(state: State, rng: random.Random, budget_s: float | None = None, *,
                   threaded: bool = False) -> dict[int, SafeBot]:
    """A :class:`SafeBot` for every seat of kind ``bot:<name>``, each with its own RNG."""
    out = {}
    for i, seat in enumerate(state.seats):
        if seat.bot_name is not None:
            bot = make_bot(seat.bot_name, random.Random(rng.getrandbits(64)))
            out[i] = safe_bot(bot, budget_s, threaded=threaded)
    return out


def bot_for_level(level: str, rng: random.Random, *, threaded: bool = True) -> SafeBot:
    """A :class:`SafeBot` playing at a difficulty of :data:`ai.vazhushal.base.LEVELS` (Easy, Medium, Hard,
    Expert), with that level's time budget; threaded by default, for the UI."""
    chosen = LEVELS[level]
    return safe_bot(chosen.make(rng), chosen.budget_s, threaded=threaded)


def play_turn(bots: Mapping[int, SafeBot] | Sequence[SafeBot], state: State) -> State:
    """Play the seat to move until the turn passes or the hand ends."""
    seat = state.turn
    while state.phase != OVER and state.turn == seat:
        state = bots[seat].advance(state)[1]
    return state


def play_hand(bots: Mapping[int, SafeBot] | Sequence[SafeBot], state: State, max_actions: int = 5000) -> State:
    """Play to the end of the hand, every seat by its bot."""
    for _ in range(max_actions):
        if state.phase == OVER:
            return state
        state = bots[state.turn].advance(state)[1]
    raise RuntimeError(f"the hand did not end within {max_actions} actions")
