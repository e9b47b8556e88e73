"""Speed of the solvers and of play: ``python -m tools.indian21.bench [--hands N] [--deals D] [--seed S]``.

Prints one JSON object: the loser's-count solver (T10, :func:`~game.indian21.arrange.lowest_count`)
and the show finder (T7.2, for a 22-card hand: every finish card) on ``N`` random 21-card hands
(``21-card standard``) and 27-card hands (``27-card``), p50/p99/max in milliseconds; and random play
(:func:`~game.indian21.policy.random_action`, no invariant checks) over the simulation's mix of player
counts, options and presets, in deals a second.  Times are CPU time of this process
(``time.process_time``), so other work on the machine does not inflate them; wall-clock deals a
second are printed beside.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from game.indian21.arrange import lowest_count
from game.indian21.deck import DECK_IDS, KIND, jokers_of
from game.indian21.legal import declarations_of
from game.indian21.melds import MeldRules
from game.indian21.rules import RuleSet, preset
from game.indian21.simulate import CONFIGS, play_deal
from game.indian21.state import State


def _quantiles(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    n = len(times)
    return {"p50_ms": round(times[n // 2] * 1e3, 2), "p99_ms": round(times[min(n - 1, int(n * 0.99))] * 1e3, 2),
            "max_ms": round(times[-1] * 1e3, 2)}


def solver_times(name: str, hands: int, seed: int) -> dict:
    """CPU times of the count solver on ``hands`` random hands of preset ``name``, and of listing the
    valid shows of as many random hands one card longer."""
    rules = preset(name)
    rng = random.Random(seed)
    counts, shows = [], []
    for _ in range(hands):
        deck = list(DECK_IDS)
        rng.shuffle(deck)
        mr = MeldRules.of(rules, jokers_of(rules, KIND[deck[0]]))
        hand = [KIND[c] for c in deck[1:1 + rules.hand_size + 1]]
        start = time.process_time()
        lowest_count(hand[:-1], mr)
        counts.append(time.process_time() - start)
        state = State(rules.with_players(2), [], 0, deck[0], [], [], [deck[1:2 + rules.hand_size], []], None,
                      [None, None], [True, True], None, 0, "discard", [0, 0])
        start = time.process_time()
        declarations_of(state)
        shows.append(time.process_time() - start)
    return {"hands": hands, "count": _quantiles(counts), "shows_22": _quantiles(shows)}


def play_speed(deals: int, seed: int) -> dict:
    rng = random.Random(seed)
    stats: Counter = Counter()
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(deals):
        players, options = CONFIGS[i % len(CONFIGS)]
        play_deal(RuleSet(players=players, **options), rng, stats, check=lambda s, **kw: None)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"deals": deals, "actions": stats["actions"], "deals_per_cpu_second": round(deals / cpu, 1),
            "deals_per_wall_second": round(deals / wall, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.indian21.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = {"21-card": solver_times("21-card standard", args.hands, args.seed),
              "27-card": solver_times("27-card", args.hands, args.seed),
              "random_play": play_speed(args.deals, args.seed)}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
