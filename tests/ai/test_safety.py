"""Fault tolerance (issue #3, part 5): a bot that raises, cheats or stalls is replaced for that
move by a safe legal move, the fault is logged and the game goes on."""

from __future__ import annotations

import logging
import random
import threading
import time

import pytest

from ai.base import make_bot
from ai.runner import next_action, play_hand
from ai.safety import SafeBot, safe_action
from game.engine import DRAW, OVER, Action, RuleSet, is_legal, new_hand


class Raising:
    name = "raising"

    def choose(self, obs, legal):
        raise RuntimeError("bug in the bot")


class Cheating:
    """Discards a card it does not hold, or takes from the line without a meld."""

    name = "cheating"

    def choose(self, obs, legal):
        if obs.phase == DRAW:
            return Action.take_line(obs.seat, 0)
        mine = {c % 54 for c in obs.hand}
        other = next(k for k in range(52) if k not in mine)
        return Action.discard(obs.seat, other)


class Malformed:
    name = "malformed"

    def choose(self, obs, legal):
        return "draw a card please"


class Stalling:
    """Thinks for ``delay`` seconds before a sensible move."""

    name = "stalling"

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.inner = make_bot("heuristic", random.Random(0))

    def choose(self, obs, legal):
        time.sleep(self.delay)
        return self.inner.choose(obs, legal)


class Hanging:
    """Never answers until released."""

    name = "hanging"

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, obs, legal):
        self.release.wait(10)
        return Action.draw_stock(obs.seat)


class BadPlan:
    """A plan whose second step is illegal."""

    name = "bad-plan"

    def __init__(self) -> None:
        self.inner = make_bot("heuristic", random.Random(0))

    def choose(self, obs, legal):
        plan = self.inner.choose(obs, legal)
        if obs.phase == DRAW:
            plan = list(plan) if isinstance(plan, list) else [plan]
            return plan + [Action.done(obs.seat)]  # done is never legal in phase play
        return plan


def play_with(bot, budget_s=None, threaded=False, seed=1):
    state = new_hand(RuleSet(players=2), random.Random(seed))
    faulty = SafeBot(bot, budget_s, threaded=threaded)
    other = SafeBot(make_bot("heuristic", random.Random(seed)))
    seats = [faulty, other] if state.turn == 0 else [other, faulty]
    end = play_hand(seats, state)
    return end, faulty


@pytest.mark.parametrize("bot, kind", [(Raising(), "raised"), (Cheating(), "illegal"), (Malformed(), "illegal")],
                         ids=["raises", "cheats", "malformed"])
def test_faulty_bot_is_replaced_and_the_game_goes_on(bot, kind, caplog):
    with caplog.at_level(logging.WARNING, logger="ai.safety"):
        end, faulty = play_with(bot)
    assert end.phase == OVER
    assert faulty.faults and all(f.kind == kind for f in faulty.faults)
    assert any(kind in record.getMessage() for record in caplog.records)
    for fault in faulty.faults:
        assert fault.replacement.type in ("draw_stock", "take_line", "discard", "meld", "done")


def test_a_plan_with_an_illegal_step_is_cut_short():
    end, faulty = play_with(BadPlan())
    assert end.phase == OVER
    assert faulty.faults and all(f.kind == "illegal" for f in faulty.faults)


def test_overrunning_twice_the_budget_is_replaced():
    state = new_hand(RuleSet(players=2), random.Random(4))
    slow = SafeBot(Stalling(0.05), budget_s=0.01)
    action = next_action(slow, state)
    assert is_legal(state, action)
    assert [f.kind for f in slow.faults] == ["overrun"]
    assert action == safe_action(state)
    within = SafeBot(Stalling(0.0), budget_s=0.5)
    next_action(within, state)
    assert not within.faults


def test_a_bot_that_never_answers_cannot_stop_the_game():
    bot = Hanging()
    state = new_hand(RuleSet(players=2), random.Random(5))
    safe = SafeBot(bot, budget_s=0.02, threaded=True)
    start = time.perf_counter()
    action = safe.next_action(state)
    assert time.perf_counter() - start < 1.0
    assert is_legal(state, action) and safe.faults[0].kind == "stalled"
    bot.release.set()
    safe.close()


def test_safe_action_is_legal_in_every_phase():
    rng = random.Random(2)
    for players in (2, 3, 5):
        state = new_hand(RuleSet(players=players), rng)
        bots = [SafeBot(make_bot("random", random.Random(s))) for s in range(players)]
        while state.phase != OVER:
            assert is_legal(state, safe_action(state))
            state = bots[state.turn].advance(state)[1]
