"""How honest the hand review is (issue 14), measured: ``python -m tools.vazhushal.review_bench --hands N``.

Deals ``N`` two-player hands; in each, seat 0 is played in turn by the random bot, the heuristic
(Medium) and the search bot (Expert, ``time_s=None`` at the review's own iteration budget), on the
same deals and against the same opponent (the heuristic), and each hand is reviewed for seat 0.
Prints, per player of seat 0: decisions rated, the share marked as mistakes or inaccuracies, and
the share rated best or within noise of best; and the review's time per hand (median, max).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from ai.vazhushal.base import make_bot
from ai.vazhushal.review import ITERATIONS, review
from ai.vazhushal.runner import as_safe
from game.replay import Recorder
from game.vazhushal import OVER, RuleSet, apply, new_hand

PLAYERS = {"random": ("random", {}), "medium": ("heuristic", {}), "expert": ("search", {"time_s": None})}


def record(seed: int, seat0: str, iterations: int) -> dict:
    """A two-player hand of ``seat0`` (seat 0) against the heuristic, as a replay."""
    state = new_hand(RuleSet(players=2), random.Random(seed))
    rec = Recorder()
    rec.start(state, "vazhushal", match_id="20260101-000000-00bench", hand_no=0, seed=seed)
    name, options = PLAYERS[seat0]
    if name == "search":
        options = {**options, "iterations": iterations}
    bots = {0: as_safe(make_bot(name, random.Random(seed), **options)),
            1: as_safe(make_bot("heuristic", random.Random(seed + 1)))}
    while state.phase != OVER:
        action = bots[state.turn].next_action(state)
        state = apply(state, action)
        rec.add(action.player, action)
    return rec.finish(state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.vazhushal.review_bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--players", default="random,medium,expert")
    args = parser.parse_args(argv)
    report = {}
    for who in args.players.split(","):
        rated = marked = fine = 0
        times = []
        for h in range(args.hands):
            doc = record(args.seed * 100_003 + h, who, args.iterations)
            start = time.process_time()
            r = review(doc, 0, iterations=args.iterations, seed=h)
            times.append(time.process_time() - start)
            rated += len(r.rated)
            marked += sum(d.verdict in ("mistake", "inaccuracy") for d in r.rated)
            fine += sum(d.verdict in ("best", "good") for d in r.rated)
        report[who] = {"hands": args.hands, "decisions": rated, "marked": round(marked / max(1, rated), 3),
                       "best_or_within_noise": round(fine / max(1, rated), 3),
                       "review_cpu_s_median": round(statistics.median(times), 2),
                       "review_cpu_s_max": round(max(times), 2)}
        print(json.dumps({who: report[who]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
