"""The ``random`` bot: the baseline every other bot must beat.

A uniformly random legal draw (the stock, or any legal take from the line), then whatever the
engine's greedy arrangement lays down, then a uniformly random legal discard; after the stock runs
out, the greedy arrangement and ``done``.  This is the policy of ``tools.vazhushal.bench``.
"""

from __future__ import annotations

import random

from game.vazhushal import DRAW, FINAL, Action, Observation, apply, greedy_arrangement, legal_actions

from .base import LegalMoves, Plan, register


@register("random")
class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random, meld: bool = True) -> None:
        self.rng = rng
        self.meld = meld

    def choose(self, obs: Observation, legal: LegalMoves) -> Plan:
        if obs.phase == DRAW:
            return list(self.rng.choice(legal.draws()).steps)
        state = legal.state
        plan: list[Action] = []
        arrangement = greedy_arrangement(state) if self.meld else None
        if arrangement is not None:
            plan.append(arrangement)
            state = apply(state, arrangement)
        if obs.phase == FINAL:
            return plan + [Action.done(obs.seat)]
        return plan + [self.rng.choice(legal_actions(state))]
