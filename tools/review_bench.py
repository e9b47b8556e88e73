"""How honest a game's hand review is, measured: ``python -m tools.review_bench --game G --hands N``.

Deals ``N`` two-player hands of the game's default preset; in each, seat 0 is played in turn by
the random bot, Medium and the Expert (its search with no clock, at the review's own iteration
budget, so it thinks as deep as the review does), on the same deals and against the same opponent
(Medium), and each hand is reviewed for seat 0.  Prints, per player of seat 0: decisions rated,
the share marked as mistakes or inaccuracies, the share rated best or within noise of best, the
average win chance lost per decision, and the review's CPU time per hand (median, max).

The review passes when the Expert's own decisions are rated best or within noise at least 90 %
of the time and the random bot's are marked far more often than Medium's (issue 34).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from ai.games import GAMES
from ai.players import play_recorded
from ai.safety import SafeBot

SEAT0 = ("random", "medium", "expert")


def seat_bot(front, who: str, seed: int, iterations: int):
    rng = random.Random(seed)
    if who == "random":
        return front.bots.make("random", rng)
    level = front.levels["Medium" if who == "medium" else "Expert"]
    options = dict(level.options)
    if who == "expert":
        options.update(time_s=None, iterations=iterations)
    return front.bots.make(level.bot, rng, **options)


def record(front, seed: int, seat0: str, iterations: int) -> dict:
    """A two-player hand of ``seat0`` (seat 0) against Medium, as a replay."""
    from game.replay import Recorder

    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(seed))
    rec = Recorder()
    rec.start(state, front.name, match_id="20260101-000000-00bench", hand_no=0, seed=seed)
    bots = {0: SafeBot(seat_bot(front, seat0, seed, iterations), front),
            1: SafeBot(seat_bot(front, "medium", seed + 1, iterations), front)}
    return rec.finish(play_recorded(front, state, bots, rec))


def main(argv: list[str] | None = None) -> int:
    reviewed = [name for name, front in GAMES.items() if front.review is not None]
    parser = argparse.ArgumentParser(prog="python -m tools.review_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=reviewed, default=reviewed[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None, help="the review's depth (default: its own)")
    parser.add_argument("--players", default=",".join(SEAT0), help=f"who plays seat 0, of {', '.join(SEAT0)}")
    args = parser.parse_args(argv)
    front = GAMES[args.game]
    module = front.review
    iterations = args.iterations or module.ITERATIONS
    for who in args.players.split(","):
        if who not in SEAT0:
            parser.error(f"--players: {who!r} is not one of {', '.join(SEAT0)}")
        rated = marked = fine = 0
        loss = 0.0
        times = []
        for h in range(args.hands):
            doc = record(front, args.seed * 100_003 + h, who, iterations)
            start = time.process_time()
            r = module.review(doc, 0, iterations=iterations, seed=h)
            times.append(time.process_time() - start)
            rated += len(r.rated)
            marked += sum(d.verdict in ("mistake", "inaccuracy") for d in r.rated)
            fine += sum(d.verdict in ("best", "good") for d in r.rated)
            loss += sum(d.loss for d in r.rated)
        report = {"game": args.game, "hands": args.hands, "decisions": rated,
                  "marked": round(marked / max(1, rated), 3),
                  "best_or_within_noise": round(fine / max(1, rated), 3),
                  "mean_win_chance_lost": round(loss / max(1, rated), 4),
                  "review_cpu_s_median": round(statistics.median(times), 2), "review_cpu_s_max": round(max(times), 2)}
        print(json.dumps({who: report}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
