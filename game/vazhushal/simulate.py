"""Random play of Vazhushal hands: the benchmark's policy, and the text demo's computer players.

Policy each turn: a uniformly random legal draw (the stock or any legal take from the line, from
the legal-move source), then whatever :func:`greedy_arrangement` lays down, then a uniformly random
discard.  After the stock runs out every seat lays down what the greedy finds and says done.
"""

from __future__ import annotations

import random

from .actions import Action
from .greedy import greedy_arrangement
from .legal import legal_actions, legal_draws
from .state import DRAW, FINAL, OVER, State
from .turn import apply


def play_hand(state: State, rng: random.Random) -> tuple[State, int]:
    """Play one hand to the end with the benchmark policy; returns the end state and the number of
    actions applied."""
    actions = 0
    while state.phase != OVER:
        if state.phase == DRAW:
            option = rng.choice(legal_draws(state))
            for step in option.steps:
                state = apply(state, step)
                actions += 1
            continue
        arrangement = greedy_arrangement(state)
        if arrangement is not None:
            state = apply(state, arrangement)
            actions += 1
        if state.phase == FINAL:
            state = apply(state, Action.done(state.turn))
            actions += 1
            continue
        choices = legal_actions(state)
        state = apply(state, rng.choice(choices))
        actions += 1
    return state, actions
