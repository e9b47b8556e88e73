"""Solver timings and random-play speed: ``python -m tools.marriage.bench [--deals N] [--seed S]``.

Prints one JSON object: the microseconds a call of each solver takes on random hands (a 3-card
combination check, the W1 finish search on 13 cards, the pure-combination sight search on 22
cards, the best maal split) and the deals a second of random play, without and with the soak
run's invariant checks.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from game.marriage.combos import sorted_combination
from game.marriage.deck import DECK_IDS, KIND
from game.marriage.maal import best_marriages
from game.marriage.simulate import run
from game.marriage.solver import _partition, find_pure_see, finishes, see_choices


def _timed(calls: int, fn: Callable[[int], object]) -> float:
    """Microseconds a call, over ``calls`` calls of ``fn(i)``."""
    start = time.perf_counter()
    for i in range(calls):
        fn(i)
    return round((time.perf_counter() - start) / calls * 1e6, 2)


def _hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    deck = list(DECK_IDS)
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append([KIND[c] for c in deck[:size]])
    return out


def bench(deals: int, seed: int) -> dict:
    rng = random.Random(seed)
    tiplus = [rng.randrange(52) for _ in range(2000)]
    trios = _hands(rng, 2000, 3)
    thirteen = _hands(rng, 300, 13)
    hands = _hands(rng, 300, 22)
    out: dict = {"solver_microseconds": {}}
    timings = out["solver_microseconds"]
    sorted_combination.cache_clear()
    timings["combination_uncached"] = _timed(2000, lambda i: sorted_combination(*sorted(trios[i]), tiplus[i], 2))
    timings["combination_cached"] = _timed(2000, lambda i: sorted_combination(*sorted(trios[i]), tiplus[i], 2))
    _partition.cache_clear()
    timings["w1_finishes_13_cards"] = _timed(300, lambda i: finishes(thirteen[i], None, tiplus[i], 2))
    timings["pure_sight_22_cards"] = _timed(300, lambda i: find_pure_see(hands[i], 3))
    timings["all_pure_sights_22_cards"] = _timed(300, lambda i: see_choices(hands[i], 3))
    timings["best_maal_split"] = _timed(2000, lambda i: best_marriages(i % 3, i % 4, (i // 4) % 4, 20))
    for label, check in (("random_play", lambda s, **kw: None), ("random_play_with_checks", None)):
        stats = run(deals, seed, log=lambda _: None, **({} if check is None else {"check": check}))
        out[label] = {"deals": stats["hands"], "actions": stats["actions"], "breaks": stats["breaks"],
                      "seconds": stats["seconds"],
                      "deals_per_second": round(stats["hands"] / max(stats["seconds"], 1e-9), 1)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.marriage.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.deals, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
