"""21-card Indian Rummy's safe move (the safety net's replacement for a faulty bot's,
:mod:`ai.safety`): draw from the stock, then show if the hand allows it (T7.2), else discard the
natural card worth most that the lowest-count grouping leaves loose (never a wild card while a
natural one may go, never the card just taken, T4.3): the engine's plain policy on the seat's view."""

from __future__ import annotations

from ai.hand_moves import opening_move
from game.indian21 import Action, Observation, State, observe, plain_action

from .view import view_state


def safe_action(obs: Observation) -> Action:
    """A legal move for the observing seat that needs no thought (raises ``IllegalAction`` when
    the seat has nothing to do)."""
    opening = opening_move(obs, Action, "T5")  # the stock draw: never empty at a turn's start (T13)
    return opening if opening is not None else plain_action(view_state(obs))


def fallback(state: State) -> Action:
    """:func:`safe_action` of the seat to move, from its observation of ``state``."""
    return safe_action(observe(state, state.turn))
