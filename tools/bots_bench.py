"""How long a game's bot takes to decide:
``python -m tools.bots_bench --game G [--level Medium] [--preset NAME] [--players 2] [--deals N] [--seed S]``.

Plays ``N`` deals of the preset (the game's default when none is named) with every seat at the
level (a bot a seat, built as the table builds it: ``LEVELS[level].make(rng)``), asks each bot with
its seat's observation, and times every decision in CPU time of this process
(``time.process_time``: other work on the machine does not inflate it) and in wall-clock time
beside.  Prints one JSON object: p50, p95, p99 and max in milliseconds, over all decisions and by
phase, the hand sizes seen and the deals a second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict

from ai.games import GAMES, front


def _quantiles(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    n = len(times)
    if not n:
        return {}
    return {"decisions": n, "p50_ms": round(times[n // 2] * 1e3, 2),
            "p95_ms": round(times[min(n - 1, int(n * 0.95))] * 1e3, 2),
            "p99_ms": round(times[min(n - 1, int(n * 0.99))] * 1e3, 2), "max_ms": round(times[-1] * 1e3, 2)}


def bench(game: str, level: str, preset_name: str | None, players: int, deals: int, seed: int) -> dict:
    bots_of = front(game)
    preset_name = preset_name or bots_of.engine.default_preset
    rules = bots_of.preset(preset_name, players)
    apply = bots_of.engine.apply
    rng = random.Random(seed)
    cpu: dict[str, list[float]] = defaultdict(list)
    wall: list[float] = []
    sizes: set[int] = set()
    start = time.perf_counter()
    for _ in range(deals):
        state = bots_of.deal(rules, random.Random(rng.getrandbits(32)))
        bots = [bots_of.levels[level].make(random.Random(rng.getrandbits(32))) for _ in range(players)]
        for _ in range(bots_of.max_actions):
            if state.phase == "over":
                break
            seat = state.turn
            obs = bots_of.observe(state, seat)
            sizes.add(len(obs.hand))
            c0, w0 = time.process_time(), time.perf_counter()
            answer = bots_of.ask(bots[seat], obs)
            c1, w1 = time.process_time(), time.perf_counter()
            cpu[state.phase].append(c1 - c0)
            cpu["all"].append(c1 - c0)
            wall.append(w1 - w0)
            for action in answer if isinstance(answer, (list, tuple)) else [answer]:  # a plan, or one action
                state = apply(state, action)
    seconds = time.perf_counter() - start
    return {"game": game, "level": level, "preset": preset_name, "players": players, "deals": deals, "seed": seed,
            "hand_sizes": sorted(sizes), "cpu": {k: _quantiles(v) for k, v in cpu.items()},
            "wall": _quantiles(wall), "deals_per_s": round(deals / seconds, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bots_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=next(iter(GAMES)), choices=list(GAMES))
    parser.add_argument("--level", default="Medium")
    parser.add_argument("--preset", default=None, help="a preset of the game (default: its own)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.level not in front(args.game).levels:
        parser.error(f"--level must be one of {', '.join(front(args.game).levels)}")
    print(json.dumps(bench(args.game, args.level, args.preset, args.players, args.deals, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
