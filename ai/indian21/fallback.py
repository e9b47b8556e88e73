"""21-card Indian Rummy's safe move (the safety net's replacement for a faulty bot's,
:mod:`ai.safety`): draw from the stock, then show if the hand allows it (T7.2), else discard the
natural card worth most that the lowest-count grouping leaves loose (never a wild card while a
natural one may go, never the card just taken, T4.3): the engine's plain policy on the seat's view."""

from __future__ import annotations

from game.indian21 import Action, IllegalAction, Observation, State, observe, plain_action
from game.indian21.state import DISCARD, DRAW, SHOW

from .view import view_state


def safe_action(obs: Observation) -> Action:
    """A legal move for the observing seat that needs no thought (raises ``IllegalAction`` when
    the seat has nothing to do)."""
    seat = obs.seat
    if obs.turn != seat or obs.phase not in (DRAW, DISCARD, SHOW):
        raise IllegalAction("not_your_turn", "T5", f"seat {seat} has nothing to do now")
    if obs.phase == DRAW:
        return Action.draw_stock(seat)  # a turn never starts with an empty stock (T13)
    return plain_action(view_state(obs))


def fallback(state: State) -> Action:
    """:func:`safe_action` of the seat to move, from its observation of ``state``."""
    return safe_action(observe(state, state.turn))
