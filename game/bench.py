"""Engine benchmark: random play through the checked engine.

    python -m game.bench --players 2 --hands 2000 --seed 1

Policy each turn: a uniformly random legal draw (the stock or any legal take from the line, from
the legal-move source), then whatever :func:`greedy_arrangement` lays down, then a uniformly random
discard.  After the stock runs out every seat lays down what the greedy finds and says done.
Prints one JSON object: hands, seconds, hands_per_s, actions_per_s (and counts).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .engine import DRAW, FINAL, OVER, Action, RuleSet, State, apply, greedy_arrangement, legal_actions, legal_draws
from .engine.deal import new_hand


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


def run(players: int, hands: int, seed: int) -> dict:
    rng = random.Random(seed)
    rules = RuleSet(players=players)
    total_actions = 0
    reasons = {"went_out": 0, "stock_out": 0}
    start = time.perf_counter()
    for _ in range(hands):
        state, actions = play_hand(new_hand(rules, rng), rng)
        total_actions += actions
        assert state.result is not None
        reasons[state.result.reason] += 1
    seconds = time.perf_counter() - start
    return {
        "players": players, "hands": hands, "seed": seed, "seconds": round(seconds, 4),
        "hands_per_s": round(hands / seconds, 2), "actions_per_s": round(total_actions / seconds, 1),
        "actions": total_actions, "actions_per_hand": round(total_actions / hands, 2), **reasons,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 6 or args.hands < 1:
        parser.error("--players must be 2 to 6 and --hands at least 1")
    print(json.dumps(run(args.players, args.hands, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
