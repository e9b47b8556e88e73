"""Match me on simulated players (:mod:`ai.match_me`, docs/skill.md "Match me"):
``python -m tools.match_me [--game G ...] [--players Easy,Medium,Expert] [--seats 2,4] [--hands 300]
[--seed 920000] [--runs N] [--jobs 2] [--trace FILE]``.

Each player (a bot level in the person's seat, going round the table) plays ``--hands`` hands
against Match me opponents that start at Medium's 0, for each game and number of seats.  Prints a
Markdown table: the player's share of wins over the last 150 hands beside the seats' share, where
the setting ended (its mean over those hands), the hand from which it settled (its 25-hand running
mean stays within 7 points, about one calibration interval, of where it ended), its drift between
hands 101-200 and 201-300, and the largest move from one hand to the next after hand 100.
``--trace`` writes every hand's setting and result as JSON.

``--runs N`` plays each player and number of seats N times on new deals (run r from ``--seed`` +
100,000 r, so run 0 is the single run's) and ends with a second table, one row each: in how many
of the runs the player's share over the last 150 hands landed within 5 points of the seats' share,
the setting's drift within 7 points and the setting settled by hand 100, and the runs' mean share.
A share is a count of wins: one run says little of how often Match me lands; many say it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ai.games import GAMES
from ai.match_me import Hand, Summary, simulate, summary
from ai.players import seat_level

RUN_SEEDS = 100_000  # run r of a player and number of seats is dealt from --seed + RUN_SEEDS * r
WITHIN, DRIFT, SETTLED = 0.05, 7.0, 100  # the checks counted over the runs (docs/skill.md, "Match me")


def _run(args: tuple[str, str, int, int, int]) -> tuple[tuple[str, str, int], int, list, float]:
    game, player, seats, hands, seed = args
    start = time.perf_counter()
    run = simulate(game, player, seats, hands, seed)
    return (game, player, seats), seed, [(h.setting, h.won) for h in run], time.perf_counter() - start


def tally(summaries: list[Summary]) -> tuple[int, int, int, float]:
    """Over the runs of one player and number of seats: how many landed within :data:`WITHIN` of
    the seats' share, drifted at most :data:`DRIFT` points, and settled by hand :data:`SETTLED`;
    and their mean share over the last hands."""
    return (sum(abs(s.won_last - s.share) <= WITHIN + 1e-9 for s in summaries),
            sum(abs(s.drift) <= DRIFT for s in summaries),
            sum(s.settled_by <= SETTLED for s in summaries),
            sum(s.won_last for s in summaries) / len(summaries))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.match_me", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (repeat; default: every game)")
    ap.add_argument("--players", default="Easy,Medium,Expert", help="comma-separated bot levels in the person's seat")
    ap.add_argument("--seats", default="2,4", help="comma-separated numbers of seats")
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=920000)
    ap.add_argument("--runs", type=int, default=1, help="runs of each player and number of seats, on new deals")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--trace", help="write every hand's setting and result to this JSON file")
    args = ap.parse_args(argv)
    if args.runs < 1 or args.hands < 1:
        ap.error("--runs and --hands must be at least 1")
    if args.hands > 10_000:
        ap.error("--hands must be at most 10000 (the runs' deals would overlap)")
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    for g in args.game or list(GAMES):
        unknown = [p for p in players if seat_level(GAMES[g], p) is None]
        if unknown:
            ap.error(f"{g} has no level or bot {', '.join(map(repr, unknown))} (a level such as Medium, "
                     f"'Bot: random', or a setting such as 'Strength -20')")
    runs = [(g, p, int(n), args.hands, args.seed + RUN_SEEDS * r + 10_000 * i)
            for g in args.game or list(GAMES) for p in players
            for i, n in enumerate(int(x) for x in args.seats.split(",")) for r in range(args.runs)]
    print(f"seed {args.seed}, {args.hands} hands a run; Match me opponents start at 0\n")
    print("| game | player | seats | won, last 150 | seats' share | setting at the end | settled by hand "
          "| drift 101-200 to 201-300 | largest step after 100 | minutes | seed |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    traces: dict[str, list] = {}
    cells: dict[tuple[str, str, int], list[Summary]] = {}
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for (game, player, seats), seed, hands, seconds in pool.map(_run, runs):
            s = summary([Hand(a, b) for a, b in hands], seats)
            cells.setdefault((game, player, seats), []).append(s)
            traces[f"{game}/{player}/{seats}" + (f"/{seed}" if args.runs > 1 else "")] = hands
            print(f"| {game} | {player} | {seats} | {100 * s.won_last:.1f} % | {100 * s.share:.1f} % | {s.level:+.1f} "
                  f"| {s.settled_by} | {s.drift:+.1f} | {s.largest_step} | {seconds / 60:.1f} | {seed} |", flush=True)
    if args.runs > 1:
        print(f"\n| game | player | seats | runs | share within {100 * WITHIN:.0f} points | drift within {DRIFT:.0f} "
              f"| settled by hand {SETTLED} | mean share, last 150 |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for (game, player, seats), summaries in cells.items():
            within, steady, settled, mean = tally(summaries)
            n = len(summaries)
            print(f"| {game} | {player} | {seats} | {n} | {within} | {steady} | {settled} | {100 * mean:.1f} % |")
    if args.trace:
        with open(args.trace, "w", encoding="utf-8") as f:
            json.dump(traces, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
