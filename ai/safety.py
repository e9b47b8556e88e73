"""The one safety net of every game's bots: a bot that raises (anything, ``SystemExit`` included),
returns junk, plays an illegal action or overruns twice its time budget is replaced for that move
by its game's safe move (:attr:`ai.front.BotFront.fallback`); the fault is logged and the game goes on.

:class:`SafeBot` wraps a bot for one seat of any game.  It builds the observation itself (the
seat's view, never the state), plays a bot's plan one checked action at a time, and records every
decision's time.  With ``threaded=True`` the bot thinks in a worker thread, so even a bot that
never returns cannot stop the game (the UI uses this); without it an overrun is detected when the
bot returns.  Nothing a bot hands back can make the net itself fail: every description of a bot's
answer or exception is made here, guarded, before it reaches the log.
"""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction

from .front import BotFront

log = logging.getLogger(__name__)

MAX_PLAN = 64  # actions in one turn's plan; a bot's endless generator is cut here
MAX_DETAIL = 200  # characters of a bot's answer or exception kept in a fault and the log


@dataclass(frozen=True, slots=True)
class Fault:
    """One replaced move: ``kind`` is ``raised``, ``illegal``, ``overrun`` or ``stalled``;
    ``replacement`` is the game's action played instead."""

    seat: int
    kind: str
    detail: str
    replacement: Any


@dataclass(frozen=True, slots=True)
class _Failure:
    kind: str
    detail: str


class SafeBot:
    """One seat's bot behind the fault-tolerance rules.  ``budget_s`` defaults to the bot's own
    ``budget_s`` attribute if it has one; ``None`` means no time limit.  ``bot=None`` plays the
    safe move every time (a seat whose bot could not be made)."""

    def __init__(self, bot: Any, front: BotFront, budget_s: float | None = None, *, threaded: bool = False) -> None:
        self.bot = bot
        self.front = front
        self.budget_s = budget_s if budget_s is not None else _budget_of(bot)
        self.threaded = threaded
        self.times: list[float] = []
        self.faults: list[Fault] = []
        self._plan: list[Any] = []
        self._plan_at: tuple[int, int] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._busy: Future | None = None

    @property
    def name(self) -> str:
        return _name_of(self.bot)

    def next_action(self, state: Any) -> Any:
        """A legal action for the seat to move (the bot's, or a safe one after a fault)."""
        return self.advance(state)[0]

    def advance(self, state: Any) -> tuple[Any, Any]:
        """The action for the seat to move and the state after it (checked by the engine)."""
        at = (state.turn, len(state.history))
        if self._plan and self._plan_at == at:
            action = self._plan.pop(0)
            return self._checked(state, action, "a later step of its plan")
        self._plan = []
        if self.bot is None:
            return self._replace(state, "raised", "no bot plays this seat")
        plan = self._as_plan(self._think(state))
        if isinstance(plan, _Failure):
            return self._replace(state, plan.kind, plan.detail)
        action, rest = plan[0], plan[1:]
        result = self._checked(state, action, "its action")
        if result[0] is action and rest:
            self._plan = rest
            self._plan_at = (result[1].turn, len(result[1].history))
        return result

    def forget(self) -> None:
        """Drop the rest of the bot's plan: its next move is thought afresh."""
        self._plan = []
        self._plan_at = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None

    # --- internals ---------------------------------------------------------------------------

    def _think(self, state: Any) -> object:
        obs = self.front.observe(state, state.turn)
        start = time.perf_counter()
        if self.threaded and self.budget_s is not None:
            return self._think_threaded(obs, start)
        try:
            plan = self.front.ask(self.bot, obs)
        except BaseException as exc:  # noqa: BLE001  (any bug in a bot, even SystemExit, must not stop the game)
            if isinstance(exc, KeyboardInterrupt):
                raise
            self.times.append(time.perf_counter() - start)
            return _Failure("raised", describe(exc))
        elapsed = time.perf_counter() - start
        self.times.append(elapsed)
        if self.budget_s is not None and elapsed > 2 * self.budget_s:
            return _Failure("overrun", f"took {elapsed:.3f} s, budget {self.budget_s:.3f} s")
        return plan

    def _think_threaded(self, obs: Any, start: float) -> object:
        if self._busy is not None and not self._busy.done():
            return _Failure("stalled", "still thinking about an earlier move")
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"bot-{self.name}")
        future = self._pool.submit(self.front.ask, self.bot, obs)
        try:
            plan = future.result(timeout=2 * self.budget_s)  # type: ignore[operator]
        except FutureTimeout:
            self.times.append(time.perf_counter() - start)
            self._busy = future
            self._pool.shutdown(wait=False)
            self._pool = None
            return _Failure("stalled", f"no answer within twice its budget ({2 * self.budget_s:.3f} s)")
        except BaseException as exc:  # noqa: BLE001  (re-raised from the worker: SystemExit too)
            if isinstance(exc, KeyboardInterrupt):
                raise
            self.times.append(time.perf_counter() - start)
            return _Failure("raised", describe(exc))
        self.times.append(time.perf_counter() - start)
        return plan

    def _as_plan(self, answer: object) -> list[Any] | _Failure:
        """A bot's answer as a non-empty list of actions, or the failure that replaces it.  The
        answer may be anything (``None``, a number, a generator that raises): nothing escapes."""
        if isinstance(answer, _Failure):
            return answer
        kind = self.front.action_type
        if isinstance(answer, kind):
            return [answer]
        try:
            if isinstance(answer, (str, bytes, Mapping)):
                raise TypeError("not a sequence of actions")
            plan = list(itertools.islice(iter(answer), MAX_PLAN))  # type: ignore[call-overload]
        except BaseException as exc:  # noqa: BLE001  (a bot's iterator may raise anything)
            if isinstance(exc, KeyboardInterrupt):
                raise
            return _Failure("illegal", f"returned {short(answer)}, not an action or a list of actions "
                                       f"({describe(exc)})")
        if not plan or not all(isinstance(a, kind) for a in plan):
            return _Failure("illegal", f"returned {short(plan)}, not an action or a list of actions")
        return plan

    def _checked(self, state: Any, action: Any, what: str) -> tuple[Any, Any]:
        try:
            return action, self.front.engine.apply(state, action)
        except IllegalAction as exc:
            self._plan = []
            return self._replace(state, "illegal", f"{what} {short(action)} is illegal: {short(exc.message)}")
        except BaseException as exc:  # noqa: BLE001  (a malformed action object)
            if isinstance(exc, KeyboardInterrupt):
                raise
            self._plan = []
            return self._replace(state, "illegal", f"{what} {short(action)} is malformed: {describe(exc)}")

    def _replace(self, state: Any, kind: str, detail: str) -> tuple[Any, Any]:
        action = self.front.fallback(state)  # from the state: a bot may have spoilt its observation
        self.faults.append(Fault(state.turn, kind, detail, action))
        log.warning("bot %s (seat %d) %s: %s; playing %s instead", self.name, state.turn, kind, detail,
                    short(action.to_json()))
        return action, self.front.engine.apply(state, action)


def play(bots: Mapping[int, SafeBot] | Sequence[SafeBot], state: Any, max_actions: int) -> Any:
    """Play to the end of the hand, every seat by its bot; after ``max_actions`` actions the hand
    is left unfinished (its ``result`` still ``None``): bots that never finish could play forever."""
    for _ in range(max_actions):
        if state.result is not None:
            break
        state = bots[state.turn].advance(state)[1]
    return state


def describe(exc: BaseException) -> str:
    """``TypeName: message`` of an exception, short; never raises (an exception whose ``str()``
    raises is named by its type alone)."""
    try:
        name = type(exc).__name__
    except BaseException:  # noqa: BLE001
        name = "exception"
    try:
        return short(f"{name}: {exc}")
    except BaseException:  # noqa: BLE001
        return name


def short(value: object) -> str:
    """``repr(value)`` cut to :data:`MAX_DETAIL` characters; never raises."""
    try:
        text = repr(value)
        if type(text) is not str:
            raise TypeError("repr() gave no text")
    except BaseException:  # noqa: BLE001  (a repr that raises)
        try:
            text = f"<{type(value).__name__}>"
        except BaseException:  # noqa: BLE001
            text = "<object>"
    return text if len(text) <= MAX_DETAIL else text[:MAX_DETAIL - 3] + "..."


def _name_of(bot: Any) -> str:
    try:
        name = getattr(bot, "name", None)
    except BaseException:  # noqa: BLE001
        name = None
    return name if isinstance(name, str) and type(name) is str else short(type(bot).__name__)


def _budget_of(bot: Any) -> float | None:
    try:
        budget = getattr(bot, "budget_s", None)
    except BaseException:  # noqa: BLE001
        return None
    return float(budget) if isinstance(budget, (int, float)) and not isinstance(budget, bool) and budget > 0 else None
