"""Fault tolerance (issue #3, part 5): a bot that raises, cheats or stalls is replaced for that
move by a safe legal move, the fault is logged and the game goes on."""

from __future__ import annotations

import logging
import random
import threading
import time

import pytest

from ai.vazhushal.base import make_bot
from ai.vazhushal.fallback import safe_action
from ai.vazhushal.runner import next_action, play_hand, safe_bot
from game.vazhushal import DRAW, OVER, Action, RuleSet, is_legal, new_hand


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
    faulty = safe_bot(bot, budget_s, threaded=threaded)
    other = safe_bot(make_bot("heuristic", random.Random(seed)))
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
    slow = safe_bot(Stalling(0.05), budget_s=0.01)
    action = next_action(slow, state)
    assert is_legal(state, action)
    assert [f.kind for f in slow.faults] == ["overrun"]
    assert action == safe_action(state)
    within = safe_bot(Stalling(0.0), budget_s=0.5)
    next_action(within, state)
    assert not within.faults


def test_a_bot_that_never_answers_cannot_stop_the_game():
    bot = Hanging()
    state = new_hand(RuleSet(players=2), random.Random(5))
    safe = safe_bot(bot, budget_s=0.02, threaded=True)
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
        bots = [safe_bot(make_bot("random", random.Random(s))) for s in range(players)]
        while state.phase != OVER:
            assert is_legal(state, safe_action(state))
            state = bots[state.turn].advance(state)[1]


# --- junk of every kind (issue #10, item 7) ---------------------------------------------------

class Junk:
    """A bot that answers with ``make()``: whatever a buggy bot might hand back or raise."""

    name = "junk"

    def __init__(self, make) -> None:
        self.make = make

    def choose(self, obs, legal):
        return self.make()


def _raising_generator():
    yield from ()
    raise ValueError("generator broke")


def _generator_raising_after_a_move():
    yield "not an action"
    raise RuntimeError("and then it broke")


class _BadRepr:
    def __repr__(self):
        raise RuntimeError("repr broke")

    def __iter__(self):
        raise RuntimeError("iter broke")


class _CustomBase(BaseException):
    pass


def _endless():
    while True:
        yield 42


def _raise(exc):
    def make():
        raise exc
    return make


JUNK = {
    "none": lambda: None,
    "int": lambda: 7,
    "string": lambda: "draw",
    "dict": lambda: {"type": "draw_stock"},
    "empty list": lambda: [],
    "list of junk": lambda: [None, 3],
    "generator that raises": _raising_generator,
    "generator that raises after a move": _generator_raising_after_a_move,
    "endless generator": _endless,
    "object whose repr and iter raise": _BadRepr,
    "SystemExit": _raise(SystemExit(3)),
    "GeneratorExit": _raise(GeneratorExit()),
    "a BaseException subclass": _raise(_CustomBase("odd")),
    "MemoryError": _raise(MemoryError()),
    "RecursionError": _raise(RecursionError("deep")),
}


@pytest.mark.parametrize("threaded", [False, True])
@pytest.mark.parametrize("kind", sorted(JUNK))
def test_junk_from_a_bot_gives_the_safe_move_and_the_game_goes_on(kind, threaded, caplog):
    state = new_hand(RuleSet(players=2), random.Random(11))
    safe = safe_bot(Junk(JUNK[kind]), 1.0, threaded=threaded)
    expected = safe_action(state)
    with caplog.at_level(logging.WARNING, logger="ai.safety"):
        action = safe.next_action(state)
    assert action == expected and is_legal(state, action)
    assert len(safe.faults) == 1 and safe.faults[0].replacement == expected
    assert len([r for r in caplog.records if r.name == "ai.safety"]) == 1  # logged once
    safe.close()


def test_keyboard_interrupt_from_a_bot_still_stops_the_program():
    state = new_hand(RuleSet(players=2), random.Random(11))
    safe = safe_bot(Junk(_raise(KeyboardInterrupt())), 1.0)
    with pytest.raises(KeyboardInterrupt):
        safe.next_action(state)


@pytest.mark.parametrize("kind", ["none", "generator that raises", "SystemExit"])
def test_a_whole_hand_with_a_junk_bot_is_played_to_the_end(kind):
    state = new_hand(RuleSet(players=2), random.Random(5))
    bots = [safe_bot(Junk(JUNK[kind])), safe_bot(make_bot("heuristic", random.Random(1)))]
    end = play_hand(bots, state)
    assert end.phase == OVER and bots[0].faults and not bots[1].faults


@pytest.mark.parametrize("argv, words", [
    (["--bots", ","], "at least one bot"),
    (["--bots", ""], "at least one bot"),
    (["--bots", "nobody"], "unknown bot"),
    (["--bots", "heuristic:nonsense=1"], "nonsense"),
    (["--players", "9"], "--players"),
    (["--hands", "0"], "--hands"),
    (["--preset", "No such rules"], "No such rules"),
])
def test_arena_argument_errors_exit_2_with_a_message(argv, words, capsys):
    from ai.arena import main

    with pytest.raises(SystemExit) as info:
        main(argv + ["--hands", "1"] if "--hands" not in argv else argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
