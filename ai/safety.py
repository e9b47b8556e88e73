"""Fault tolerance: a bot that raises, plays an illegal action or overruns twice its time budget
is replaced for that move by a safe legal move (draw from the stock, discard the worst card); the
fault is logged and the game goes on.

:class:`SafeBot` wraps a bot for one seat.  It builds the observation itself (RULES.md V12),
plays a bot's plan one checked action at a time, and records every decision's time.  With
``threaded=True`` the bot thinks in a worker thread, so even a bot that never returns cannot
stop the game (the UI uses this); without it an overrun is detected when the bot returns.
"""

from __future__ import annotations

import itertools
import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from game.core.cards import KIND_OF
from game.vazhushal import (
    DRAW,
    FINAL,
    PLAY,
    Action,
    IllegalAction,
    Observation,
    State,
    apply,
    legal_actions,
    legal_takes,
    observe,
)
from game.vazhushal.turn import premelded

from .base import Bot, LegalMoves
from .solver import Solver

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Fault:
    """One replaced move (either game's bots): ``kind`` is ``raised``, ``illegal``, ``overrun`` or
    ``stalled``; ``replacement`` is the game's action played instead."""

    seat: int
    kind: str
    detail: str
    replacement: Action


def worst_card(hand: list[int], table: list[int], solver: Solver) -> int:
    """The kind whose discard leaves the best-scoring rest of the hand (V10); a wild card only
    when the hand holds nothing else."""
    kinds = sorted({k for k in hand if not solver.wild[k]}) or sorted(set(hand))
    best_kind, best = kinds[0], None
    for k in kinds:
        rest = list(hand)
        rest.remove(k)
        score = max(solver.scores(rest, table))
        if best is None or score > best:
            best_kind, best = k, score
    return best_kind


def safe_action(state: State, solver: Solver | None = None) -> Action:
    """A legal move for the seat to move that needs no thought."""
    p = state.turn
    if state.phase == DRAW:
        if state.stock and not premelded(state):
            return Action.draw_stock(p)
        return legal_takes(state)[0]  # V6.4b: after melding first, a take is always possible
    if state.phase == PLAY:
        first = legal_actions(state)[0]
        if first.type != "discard":
            return first  # V6.5b: the pure sequence must go down before the discard
        solver = solver or Solver(state.wild, state.rules.wild_in_hand_value)
        hand = [KIND_OF[c] for c in state.hands[p]]
        table = [KIND_OF[c] for m in state.melds[p] for c in m.cards]
        return Action.discard(p, worst_card(hand, table, solver))
    if state.phase == FINAL:
        return Action.done(p)
    raise IllegalAction("hand_over", "V8", "the hand is over")


@dataclass(frozen=True, slots=True)
class _Failure:
    kind: str
    detail: str


class SafeBot:
    """One seat's bot behind the fault-tolerance rules.  ``budget_s`` defaults to the bot's own
    ``budget_s`` attribute if it has one; ``None`` means no time limit."""

    def __init__(self, bot: Bot, budget_s: float | None = None, *, threaded: bool = False) -> None:
        self.bot = bot
        self.budget_s = budget_s if budget_s is not None else getattr(bot, "budget_s", None)
        self.threaded = threaded
        self.times: list[float] = []
        self.faults: list[Fault] = []
        self._plan: list[Action] = []
        self._plan_at: tuple[int, int] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._busy: Future | None = None
        self._solver: Solver | None = None

    @property
    def name(self) -> str:
        return self.bot.name

    def next_action(self, state: State) -> Action:
        """A legal action for the seat to move (the bot's, or a safe one after a fault)."""
        return self.advance(state)[0]

    def advance(self, state: State) -> tuple[Action, State]:
        """The action for the seat to move and the state after it (checked by the engine)."""
        at = (state.turn, len(state.history))
        if self._plan and self._plan_at == at:
            action = self._plan.pop(0)
            return self._checked(state, action, "illegal", "a later step of its plan")
        self._plan = []
        plan = _as_plan(self._think(state))
        if isinstance(plan, _Failure):
            return self._replace(state, plan.kind, plan.detail)
        action, rest = plan[0], plan[1:]
        result = self._checked(state, action, "illegal", "its action")
        if result[0] is action and rest:
            self._plan = rest
            self._plan_at = (result[1].turn, len(result[1].history))
        return result

    # --- internals ---------------------------------------------------------------------------

    def _think(self, state: State) -> object:
        obs = observe(state, state.turn)
        legal = LegalMoves(obs)
        start = time.perf_counter()
        if self.threaded and self.budget_s is not None:
            return self._think_threaded(obs, legal, start)
        try:
            plan = self.bot.choose(obs, legal)
        except BaseException as exc:  # noqa: BLE001  (any bug in a bot, even SystemExit, must not stop the game)
            if isinstance(exc, KeyboardInterrupt):
                raise
            self.times.append(time.perf_counter() - start)
            return _Failure("raised", _describe(exc))
        elapsed = time.perf_counter() - start
        self.times.append(elapsed)
        if self.budget_s is not None and elapsed > 2 * self.budget_s:
            return _Failure("overrun", f"took {elapsed:.3f} s, budget {self.budget_s:.3f} s")
        return plan

    def _think_threaded(self, obs: Observation, legal: LegalMoves, start: float) -> object:
        if self._busy is not None and not self._busy.done():
            return _Failure("stalled", "still thinking about an earlier move")
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"bot-{self.name}")
        future = self._pool.submit(self.bot.choose, obs, legal)
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
            return _Failure("raised", _describe(exc))
        self.times.append(time.perf_counter() - start)
        return plan

    def _checked(self, state: State, action: Action, kind: str, what: str) -> tuple[Action, State]:
        try:
            return action, apply(state, action)
        except IllegalAction as exc:
            self._plan = []
            return self._replace(state, kind, f"{what} {_short(action)} is illegal: {exc.message}")
        except BaseException as exc:  # noqa: BLE001  (a malformed action object)
            if isinstance(exc, KeyboardInterrupt):
                raise
            self._plan = []
            return self._replace(state, kind, f"{what} {_short(action)} is malformed: {_describe(exc)}")

    def _replace(self, state: State, kind: str, detail: str) -> tuple[Action, State]:
        if self._solver is None or self._solver.wild != state.wild:
            self._solver = Solver(state.wild, state.rules.wild_in_hand_value)
        action = safe_action(state, self._solver)
        fault = Fault(state.turn, kind, detail, action)
        self.faults.append(fault)
        log.warning("bot %s (seat %d) %s: %s; playing %s instead", self.name, state.turn, kind, detail,
                    action.to_json())
        return action, apply(state, action)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None


MAX_PLAN = 64  # actions in one turn's plan; a bot's endless generator is cut here


def _as_plan(answer: object) -> list[Action] | _Failure:
    """A bot's answer as a non-empty list of actions, or the failure that replaces it.  The answer
    may be anything (``None``, a number, a generator that raises): nothing escapes from here."""
    if isinstance(answer, _Failure):
        return answer
    if isinstance(answer, Action):
        return [answer]
    try:
        if isinstance(answer, (str, bytes, dict)):
            raise TypeError("not a sequence of actions")
        plan = list(itertools.islice(iter(answer), MAX_PLAN))  # type: ignore[call-overload]
    except BaseException as exc:  # noqa: BLE001  (a bot's iterator may raise anything)
        if isinstance(exc, KeyboardInterrupt):
            raise
        return _Failure("illegal", f"returned {_short(answer)}, not an action or a list of actions "
                                   f"({_describe(exc)})")
    if not plan or not all(isinstance(a, Action) for a in plan):
        return _Failure("illegal", f"returned {_short(plan)}, not an action or a list of actions")
    return plan


def _describe(exc: BaseException) -> str:
    try:
        return _short(f"{type(exc).__name__}: {exc}")
    except BaseException:  # noqa: BLE001  (an exception whose str() raises)
        return type(exc).__name__


def _short(value: object) -> str:
    try:
        text = repr(value)
    except BaseException:  # noqa: BLE001  (a repr that raises)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."
