"""Vazhushal's safe move (the safety net's replacement for a faulty bot's, :mod:`ai.safety`): draw
from the stock, lay down what must go down, discard the card whose loss hurts least, say done."""

from __future__ import annotations

from game.core.cards import KIND_OF
from game.vazhushal import DRAW, FINAL, PLAY, Action, IllegalAction, State, legal_actions, legal_takes
from game.vazhushal.turn import premelded

from .solver import Solver


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


class Fallback:
    """:func:`safe_action` with one solver kept for the wild table of the hand being played (its
    memo is what makes a run of replaced moves cheap)."""

    def __init__(self) -> None:
        self.solver: Solver | None = None

    def __call__(self, state: State) -> Action:
        value = state.rules.wild_in_hand_value
        if self.solver is None or self.solver.wild != state.wild or self.solver.wild_value != value:
            self.solver = Solver(state.wild, value)
        return safe_action(state, self.solver)
