"""How long a bot of 21-card Indian Rummy takes to decide:
``python -m tools.indian21.bots_bench [--level Medium] [--preset 27-card] [--players 2] [--deals N] [--seed S]``.

Plays ``N`` deals of the preset with every seat at the level (a bot a seat, built as the table
builds it: ``LEVELS[level].make(rng)``), asks each bot with its seat's observation, and times every
decision in CPU time of this process (``time.process_time``: other work on the machine does not
inflate it) and in wall-clock time beside.  Prints one JSON object: p50, p95, p99 and max in
milliseconds, over all decisions and by phase (draw, discard, show), and the hand sizes seen.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict

from ai.indian21.front import MAX_ACTIONS
from ai.indian21.levels import LEVELS
from game.indian21 import apply, new_deal, observe, preset
from game.indian21.state import OVER


def _quantiles(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    n = len(times)
    if not n:
        return {}
    return {"decisions": n, "p50_ms": round(times[n // 2] * 1e3, 2),
            "p95_ms": round(times[min(n - 1, int(n * 0.95))] * 1e3, 2),
            "p99_ms": round(times[min(n - 1, int(n * 0.99))] * 1e3, 2), "max_ms": round(times[-1] * 1e3, 2)}


def bench(level: str, preset_name: str, players: int, deals: int, seed: int) -> dict:
    rules = preset(preset_name, players)
    rng = random.Random(seed)
    cpu: dict[str, list[float]] = defaultdict(list)
    wall: list[float] = []
    sizes: set[int] = set()
    for _ in range(deals):
        state = new_deal(rules, random.Random(rng.getrandbits(32)))
        bots = [LEVELS[level].make(random.Random(rng.getrandbits(32))) for _ in range(players)]
        for _ in range(MAX_ACTIONS):
            if state.phase == OVER:
                break
            seat = state.turn
            obs = observe(state, seat)
            sizes.add(len(obs.hand))
            c0, w0 = time.process_time(), time.perf_counter()
            action = bots[seat].choose(obs)
            c1, w1 = time.process_time(), time.perf_counter()
            cpu[state.phase].append(c1 - c0)
            cpu["all"].append(c1 - c0)
            wall.append(w1 - w0)
            state = apply(state, action)
    return {"level": level, "preset": preset_name, "players": players, "deals": deals, "seed": seed,
            "hand_sizes": sorted(sizes), "cpu": {k: _quantiles(v) for k, v in cpu.items()},
            "wall": _quantiles(wall)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.indian21.bots_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="Medium", choices=list(LEVELS))
    parser.add_argument("--preset", default="27-card")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.level, args.preset, args.players, args.deals, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
