"""The personalities' style figures and ratings (issue 50, :mod:`ai.personality`):
``python -m tools.styles --game G [--hands 200] [--strength 0] [--seed 700000] [--jobs 2]``.

Each style (and the plain bot) at one strength setting plays ``--hands`` hands in seat 0 against
Medium at two seats (hand ``k`` dealt from ``seed + k``), the hands of every style dealt alike, and
is rated as the calibration rates a level (``tools.calibrate``: each hand played again with Medium
in seat 0, the duplicate result per 100 hands).  Prints a Markdown table: the rating and its 95 %
interval, then the style figures of seat 0: its drop rate, its takes from the discard pile a turn
(wipes of the line in Vazhushal), its turns in the hands it won, the points it was left with in
the hands it lost (cards in Vazhushal), and its discards Medium took from it, a turn (what a careful
discarder changes).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ai.games import GAMES
from ai.personality import figures, hand_figures, styles_of
from ai.players import SeatPlayer, play_recorded, seat_seed
from ai.skill import REFERENCE, duplicate, rating
from ai.strength import Setting
from game.replay import Recorder


def styled_hand(game: str, name: str, seed: int) -> tuple[float, dict[str, float]]:
    """One hand of ``game`` dealt from ``seed``: the setting ``name`` in seat 0, Medium in seat 1
    (seeded as :func:`ai.skill.bot_hand` seeds them); its duplicate result and seat 0's figures."""
    front = GAMES[game]
    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(seed))
    levels = [name, REFERENCE]
    seats = [SeatPlayer(front, levels[s], seat_seed(seed, s) + (1 if s == 0 else 0)) for s in range(2)]
    recorder = Recorder()
    recorder.start(state, game, match_id="styles", hand_no=0, seed=seed,
                   bots=[{"seat": s, "level": levels[s], "seed": seats[s].seed} for s in range(2)])
    try:
        state = play_recorded(front, state, seats, recorder)
    finally:
        for p in seats:
            p.close()
    return duplicate(recorder.finish(state), 0).duplicate, hand_figures(front, state, 0)


def _chunk(args: tuple[str, str, list[int]]) -> list[tuple[float, dict[str, float]]]:
    game, name, seeds = args
    return [styled_hand(game, name, seed) for seed in seeds]


def run(game: str, name: str, hands: int, seed: int, jobs: int) -> list[tuple[float, dict[str, float]]]:
    seeds = [seed + k for k in range(hands)]
    if jobs <= 1:
        return _chunk((game, name, seeds))
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_chunk, [(game, name, seeds[i::jobs]) for i in range(jobs)]))
    order = {s: i for i, s in enumerate(seeds)}
    merged = [(s, r) for i, part in enumerate(parts) for s, r in zip(seeds[i::jobs], part)]
    return [r for _s, r in sorted(merged, key=lambda sr: order[sr[0]])]


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.styles", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--strength", type=int, default=0, help="the setting every style plays at (default: 0)")
    ap.add_argument("--seed", type=int, default=700000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    front = GAMES[args.game]
    print(f"{args.game}, strength {args.strength:+d}, seed {args.seed}, {args.hands} hands a style, two seats, "
          "each against Medium\n")
    print("| style | rating per 100 hands | 95 % interval | drop rate | takes a turn | turns to declare "
          "| points when losing | discards taken from it a turn | hands | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for style in [None, *styles_of(front)]:
        start = time.perf_counter()
        results = run(args.game, Setting(args.strength, style).name, args.hands, args.seed, args.jobs)
        r = rating([d for d, _f in results])
        assert r is not None
        f = figures([fig for _d, fig in results])
        print(f"| {style or 'plain'} | {r.value:+.1f} | {r.low:+.1f} to {r.high:+.1f} | {f.drop_rate:.1%} "
              f"| {f.takes_per_turn:.3f} | {_num(f.turns_to_declare)} | {_num(f.points_when_losing)} "
              f"| {f.fed_per_turn:.3f} | {f.hands} "
              f"| {(time.perf_counter() - start) / 60:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
