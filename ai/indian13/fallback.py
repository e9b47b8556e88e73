"""Indian Rummy's safe move (the safety net's replacement for a faulty bot's, :mod:`ai.safety`):
draw from the stock, then declare if the hand allows it, else discard the highest-point card left
loose by the solver's grouping."""

from __future__ import annotations

from ai.hand_moves import opening_move
from game.indian13 import Action, Observation, State, arrange, observe
from game.indian13.deck import KIND
from game.indian13.scoring import meld_rules
from game.indian13.state import SHOW
from game.indian13.turn import banned_kind

from .base import LegalMoves


def safe_action(obs: Observation) -> Action:
    """A legal move for the observing seat that needs no thought (raises ``IllegalAction`` when
    the seat has nothing to do)."""
    opening = opening_move(obs, Action, "I5")  # the stock draw: never empty at a turn's start (I11)
    if opening is not None:
        return opening
    legal = LegalMoves(obs)
    if obs.phase == SHOW:
        return legal.actions()[0]
    declarations = legal.declarations()
    if declarations:
        return declarations[0]
    return Action.discard(obs.seat, worst_card(legal.state))


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


def fallback(state: State) -> Action:
    """:func:`safe_action` of the seat to move, from its observation of ``state``."""
    return safe_action(observe(state, state.turn))
