"""Indian Marriage's safe move (the safety net's replacement for a faulty bot's, :mod:`ai.safety`):
the engine's :func:`game.marriage.plain_action` played on the seat's view state, rebuilt from its
observation (M13), so it can use nothing the seat may not know: expose every dealt tunnela, take
the top discard when it fits the hand, finish when the hand allows it, else see the maal when it
can, else discard the card the hand keeps least."""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.marriage import Action, Observation, State, observe, plain_action
from game.marriage.state import OVER

from .view import view_state


def safe_action(obs: Observation) -> Action:
    """A legal move for the observing seat that needs no thought (raises ``IllegalAction`` when
    the seat has nothing to do)."""
    if obs.turn != obs.seat or obs.phase == OVER:
        raise IllegalAction("not_your_turn", "M5", f"seat {obs.seat} has nothing to do now")
    return plain_action(view_state(obs))


def fallback(state: State) -> Action:
    """:func:`safe_action` of the seat to move, from its observation of ``state``."""
    return safe_action(observe(state, state.turn))
