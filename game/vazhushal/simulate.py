"""Simple players of Vazhushal: the benchmark's random policy (also the text demo's computer
players), and :func:`plain_action`, a plain sensible move (tests and harnesses drive hands with it).

Policy each turn: a uniformly random legal draw (the stock or any legal take from the line, from
the legal-move source), then whatever :func:`greedy_arrangement` lays down, then a uniformly random
discard.  After the stock runs out every seat lays down what the greedy finds and says done.
"""

from __future__ import annotations

import random

from game.core.cards import rank_value
from game.core.errors import IllegalAction

from .actions import Action
from .greedy import greedy_arrangement
from .legal import legal_actions, legal_draws
from .state import DRAW, FINAL, OVER, PLAY, State
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


def random_action(state: State, rng: random.Random) -> Action:
    """One action of the benchmark policy (the replay bench plays hands with it): the first step
    of a uniformly random legal draw, whatever the greedy arrangement lays down, a random discard
    or, after the stock ran out, done."""
    if state.phase == DRAW:
        return rng.choice(legal_draws(state)).steps[0]
    arrangement = greedy_arrangement(state)
    if arrangement is not None:
        return arrangement
    if state.phase == FINAL:
        return Action.done(state.turn)
    return rng.choice(legal_actions(state))


def plain_action(state: State) -> Action:
    """An engine-only move: draw (a take that melds, else the stock), lay down what the greedy
    arrangement finds, then discard the highest-value card that is not wild."""
    p = state.turn
    if state.phase == DRAW:
        options = legal_draws(state)
        stock = [o for o in options if o.steps[0].type == "draw_stock"]
        return (stock or options)[0].steps[0]
    if state.phase in (PLAY, FINAL):
        arrangement = greedy_arrangement(state)
        if arrangement is not None:
            try:
                apply(state, arrangement)
                return arrangement
            except IllegalAction:
                pass
        if state.phase == FINAL:
            return Action.done(p)
        actions = legal_actions(state)
        discards = [a for a in actions if a.type == "discard"]
        if not discards:
            return actions[0]

        def cost(a: Action) -> tuple[int, int]:
            k = a.card
            return (0 if state.wild[k] else 1, rank_value(k % 13 + 1) if k < 52 else 0)

        return max(discards, key=cost)
    raise IllegalAction("hand_over", "V8", "the hand is over", {"case": "ended"})
