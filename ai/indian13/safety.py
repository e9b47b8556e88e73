"""Fault tolerance for bots of 13-card Indian Rummy: a bot that raises, returns junk, plays an
illegal action or overruns twice its time budget is replaced for that move by :func:`safe_action`
(draw from the stock, then declare if the hand allows it, else discard the highest-point card
left loose by the solver's grouping); the fault is logged and the game goes on.

:class:`SafeSeat` wraps one seat's bot for the arena: it builds the observation itself (I13),
checks the action with the engine and records every decision's time.
"""

from __future__ import annotations

import logging
import time

from game.indian13 import Action, IllegalAction, Observation, State, apply, arrange, observe
from game.indian13.deck import KIND
from game.indian13.scoring import meld_rules
from game.indian13.state import DISCARD, DRAW, SHOW
from game.indian13.turn import banned_kind

from ..safety import Fault  # one replaced move, as for Vazhushal's bots
from .base import Bot, LegalMoves

log = logging.getLogger(__name__)


def safe_action(obs: Observation) -> Action:
    """A legal move for the observing seat that needs no thought (raises ``IllegalAction`` when
    the seat has nothing to do)."""
    seat = obs.seat
    if obs.turn != seat or obs.phase not in (DRAW, DISCARD, SHOW):
        raise IllegalAction("not_your_turn", "I5", f"seat {seat} has nothing to do now")
    if obs.phase == DRAW:
        return Action.draw_stock(seat)  # a turn never starts with an empty stock (I11)
    legal = LegalMoves(obs)
    if obs.phase == SHOW:
        return legal.actions()[0]
    declarations = legal.declarations()
    if declarations:
        return declarations[0]
    return Action.discard(seat, worst_card(legal.state))


def worst_card(state: State) -> int:
    """The highest-point card the fewest-points grouping leaves loose (never a wild card while
    the hand holds another, never the card just taken, I5.5)."""
    kinds = [KIND[c] for c in state.hands[state.turn]]
    banned = banned_kind(state)
    allowed = [k for k in set(kinds) if k != banned]
    natural = [k for k in allowed if not state.wild[k]] or allowed
    loose = set(arrange(kinds, meld_rules(state), state.points, need_life=False).loose)
    pool = [k for k in natural if k in loose] or natural
    return max(pool, key=lambda k: (state.points[k], k))


class SafeSeat:
    """One seat's bot behind the fault-tolerance rules.  ``budget_s`` defaults to the bot's own
    ``budget_s`` attribute if it has one; ``None`` means no time limit."""

    def __init__(self, bot: Bot, budget_s: float | None = None) -> None:
        self.bot = bot
        self.budget_s = budget_s if budget_s is not None else getattr(bot, "budget_s", None)
        self.times: list[float] = []
        self.faults: list[Fault] = []

    @property
    def name(self) -> str:
        return self.bot.name

    def advance(self, state: State) -> tuple[Action, State]:
        """The action for the seat to move and the state after it (checked by the engine)."""
        obs = observe(state, state.turn)
        start = time.perf_counter()
        try:
            action = self.bot.choose(obs)
        except Exception as exc:  # noqa: BLE001  (any bug in a bot must not stop the game)
            self.times.append(time.perf_counter() - start)
            return self._replace(state, obs, "raised", f"{type(exc).__name__}: {exc}")
        elapsed = time.perf_counter() - start
        self.times.append(elapsed)
        if self.budget_s is not None and elapsed > 2 * self.budget_s:
            return self._replace(state, obs, "overrun", f"took {elapsed:.3f} s, budget {self.budget_s:.3f} s")
        if not isinstance(action, Action):
            return self._replace(state, obs, "illegal", f"returned {action!r:.200}, not an action")
        try:
            return action, apply(state, action)
        except IllegalAction as exc:
            return self._replace(state, obs, "illegal", f"{action.to_json()} is illegal: {exc}")
        except Exception as exc:  # noqa: BLE001  (a malformed action object)
            return self._replace(state, obs, "illegal", f"{action!r:.200} is malformed: {type(exc).__name__}: {exc}")

    def _replace(self, state: State, obs: Observation, kind: str, detail: str) -> tuple[Action, State]:
        action = safe_action(obs)
        self.faults.append(Fault(state.turn, kind, detail, action))
        log.warning("bot %s (seat %d) %s: %s; playing %s instead", self.name, state.turn, kind, detail,
                    action.to_json())
        return action, apply(state, action)


MAX_ACTIONS = 4000  # a deal between bots that never declare (random ones) is given up here


def play_deal(seats: list[SafeSeat], state: State, max_actions: int = MAX_ACTIONS) -> State:
    """Play a deal to its end, every seat by its bot; after ``max_actions`` actions the deal is
    left unfinished (``result`` is ``None``): with the default reshuffle of the stock (I11.2)
    bots that never declare could play forever."""
    for _ in range(max_actions):
        if state.result is not None:
            break
        state = seats[state.turn].advance(state)[1]
    return state
