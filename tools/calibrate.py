"""Where the bots sit on the rating scale (:mod:`ai.skill`):
``python -m tools.calibrate [--game G ...] [--levels Random,Easy,...] [--strengths=-40,-20,0] [--hands 200] [--seed S]
[--jobs 2] [--write]``.

Each level plays ``--hands`` hands of each game in seat 0 against Medium at two seats (hand ``k``
dealt from ``seed + k``); each hand is played again with Medium in seat 0 from the same deal, and
the level's duplicate results are rated as a player's are.  Prints a Markdown table (rating per 100
hands, its 95 % interval, the share of the hands the bot won against Medium, hands, minutes) and,
with ``--write``, writes the table the app places a player's rating in (each game's
``ai/<game>/calibration.py``: its bot front's ``calibration``; the levels not run are kept).

``--strengths=-40,-20,0`` (with the ``=``: the values start with a minus) measures strength
settings (:mod:`ai.strength`: ``Strength -20``; with a style, ``-20:cautious``) the same way, after
the levels (``--levels ''`` for the settings alone); they are printed, never written (the table
places a rating among the named levels).  ``--straight`` reads their knob straight (x = -s / 50)
instead of off the game's curve: the measurements a curve is drawn from.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ai.games import GAMES
from ai.skill import ORDER, calibration_hand, rating
from ai.strength import Setting, straighten


def _chunk(args: tuple[str, str, list[int]]) -> list[tuple[float, float]]:
    game, level, seeds = args
    return [calibration_hand(game, level, seed) for seed in seeds]


def run(game: str, level: str, hands: int, seed: int, jobs: int, straight: bool = False) -> list[tuple[float, float]]:
    """Each hand's duplicate result and the bot's own result (its win, 1/k when shared);
    ``straight``: strength settings with the knob read straight (:func:`ai.strength.straighten`)."""
    seeds = [seed + k for k in range(hands)]
    straighten(straight)
    if jobs <= 1:
        return _chunk((game, level, seeds))
    parts = [(game, level, seeds[i::jobs]) for i in range(jobs)]
    with ProcessPoolExecutor(jobs, initializer=straighten, initargs=(straight,)) as pool:
        return [x for part in pool.map(_chunk, parts) for x in part]


# The head of every calibration module; what its table holds: the bot front's ``calibration``.
HEAD = '"""The bot front\'s ``calibration`` (:mod:`ai.skill`), written by ``python -m tools.calibrate --write``."""\n\n'


def write(game: str, table: dict) -> None:
    """The game's calibration module (``<its bot package>.calibration``) with ``table``."""
    path = Path(importlib.import_module(GAMES[game].bots.package + ".calibration").__file__ or "")
    rows = "".join(f"    {name!r}: {value!r},\n" for name, value in table.items())
    path.write_text(HEAD + "CALIBRATION: dict[str, tuple[float, float, int]] = {" + ("\n" + rows if rows else "")
                    + "}\n")


def strength_name(text: str) -> str:
    """A setting as ``--strengths`` gives it (``-20``, ``-20:cautious``) as its stored name."""
    number, _sep, style = text.strip().partition(":")
    return Setting(int(number), style or None).name


def _order(name: str) -> int:
    return ORDER.index(name) if name in ORDER else len(ORDER)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.calibrate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (repeat; default: every game)")
    ap.add_argument("--levels", default=",".join(ORDER), help=f"comma-separated (default: {','.join(ORDER)})")
    ap.add_argument("--strengths", default="",
                    help="comma-separated strength settings, e.g. -40,-20,0 or -20:cautious (default: none)")
    ap.add_argument("--straight", action="store_true",
                    help="settings with the knob straight, x = -s/50 (the points a game's curve is drawn from)")
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=900000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--write", action="store_true", help="write each game's ai/<game>/calibration.py")
    args = ap.parse_args(argv)
    table = {g: dict(front.calibration) for g, front in GAMES.items()}
    print(f"seed {args.seed}, {args.hands} hands a level, two seats, each against Medium\n")
    print("| game | bot | rating per 100 hands | 95 % interval | won against Medium | hands | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    settings = [strength_name(x) for x in args.strengths.split(",") if x.strip()]
    for game in args.game or list(GAMES):
        for level in [lv.strip() for lv in args.levels.split(",") if lv.strip()] + settings:
            start = time.perf_counter()
            hands = run(game, level, args.hands, args.seed, args.jobs, args.straight)
            r = rating([d for d, _won in hands])
            assert r is not None
            won = 100 * sum(w for _d, w in hands) / len(hands)
            minutes = (time.perf_counter() - start) / 60
            print(f"| {game} | {level} | {r.value:+.1f} | {r.low:+.1f} to {r.high:+.1f} | {won:.1f} % | {r.hands} "
                  f"| {minutes:.1f} |", flush=True)
            if level in settings:
                continue
            table[game][level] = (round(r.value, 1), round(r.half, 1), r.hands)
            if args.write:
                write(game, {name: table[game][name] for name in sorted(table[game], key=_order)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
