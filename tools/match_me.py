"""Match me on simulated players (:mod:`ai.match_me`, docs/skill.md "Match me"):
``python -m tools.match_me [--game G ...] [--players Easy,Medium,Expert] [--seats 2,4] [--hands 300]
[--seed 920000] [--jobs 2] [--trace FILE]``.

Each player (a bot level in the person's seat, going round the table) plays ``--hands`` hands
against Match me opponents that start at Medium's 0, for each game and number of seats.  Prints a
Markdown table: the player's share of wins over the last 150 hands beside the seats' share, where
the setting ended (its mean over those hands), the hand from which it settled (its 25-hand running
mean stays within 7 points, about one calibration interval, of where it ended), its drift between
hands 101-200 and 201-300, and the largest move from one hand to the next after hand 100.
``--trace`` writes every hand's setting and result as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ai.games import GAMES
from ai.match_me import Hand, simulate, summary


def _run(args: tuple[str, str, int, int, int]) -> tuple[tuple[str, str, int], list, float]:
    game, player, seats, hands, seed = args
    start = time.perf_counter()
    run = simulate(game, player, seats, hands, seed)
    return (game, player, seats), [(h.setting, h.won) for h in run], time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.match_me", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (repeat; default: every game)")
    ap.add_argument("--players", default="Easy,Medium,Expert", help="comma-separated bot levels in the person's seat")
    ap.add_argument("--seats", default="2,4", help="comma-separated numbers of seats")
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=920000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--trace", help="write every hand's setting and result to this JSON file")
    args = ap.parse_args(argv)
    runs = [(g, p.strip(), int(n), args.hands, args.seed + 10_000 * i)
            for g in args.game or list(GAMES) for p in args.players.split(",") if p.strip()
            for i, n in enumerate(int(x) for x in args.seats.split(","))]
    print(f"seed {args.seed}, {args.hands} hands a run; Match me opponents start at 0\n")
    print("| game | player | seats | won, last 150 | seats' share | setting at the end | settled by hand "
          "| drift 101-200 to 201-300 | largest step after 100 | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    traces = {}
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for (game, player, seats), hands, seconds in pool.map(_run, runs):
            s = summary([Hand(a, b) for a, b in hands], seats)
            traces[f"{game}/{player}/{seats}"] = hands
            print(f"| {game} | {player} | {seats} | {100 * s.won_last:.1f} % | {100 * s.share:.1f} % | {s.level:+.1f} "
                  f"| {s.settled_by} | {s.drift:+.1f} | {s.largest_step} | {seconds / 60:.1f} |", flush=True)
    if args.trace:
        with open(args.trace, "w", encoding="utf-8") as f:
            json.dump(traces, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
