"""The difficulty ladder, measured by one command: every pairing of the levels, its goal, met or not.

    python -m ai.ladder --game vazhushal --hands 2000 --hands-multi 600 --seed 424242 --jobs 2
    python -m ai.ladder --game indian13 --hands 600 --seed 424242 --jobs 2 --only "Expert vs Medium"

Each rung is played by the arena (:mod:`ai.arena`) on duplicate deals (every deal from every seat
rotation), with the bots the players get: the levels of the game's bot front (:attr:`ai.front.BotFront.levels`)
at their options, searches with their clock.  A rung's goal holds when the lower end of the 95 %
(Wilson) interval of the first bot's win rate reaches it; the issue that set the goals also accepts
a lower end within one point ("≈").  The output is a Markdown table (``--json`` for the figures);
the README's ladder table is this command's output.  Seeds: pick ones no tuning run has seen (the
tuner plays on seeds from 10,000,000 up, :mod:`tools.tune`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .arena import DEFAULT_GAME, report, run
from .front import Rung
from .games import GAMES
from .games import front as game_front


def levels(game: str) -> dict:
    """The levels of ``game`` by name (its bot front names them)."""
    return dict(game_front(game).levels)


def spec(game: str, name: str) -> str:
    """The arena spec of a level (``Expert`` -> ``search:time_s=0.8``) or of a plain bot name."""
    level = levels(game).get(name)
    if level is None:
        return name
    return ":".join([level.bot] + [f"{k}={json.dumps(v)}" for k, v in level.options.items()])


def measure(game: str, rung: Rung, hands: int, seed: int, jobs: int) -> dict:
    """Play one rung; the figures of its first bot."""
    front = game_front(game)
    rules = front.preset(front.engine.default_preset, rung.players)
    first, other = spec(game, rung.first), spec(game, rung.other)
    if first == other:
        raise ValueError(f"{rung.label}: both sides play {first}")
    specs = [first] + [other] * (rung.players - 1)
    hands = max(rung.players, hands - hands % rung.players)  # whole rotations of every deal
    outcome, seconds = run(specs, rules, hands, seed, jobs, progress=sys.stderr.isatty(), duplicate=True, game=game)
    data = report(outcome, rules, seed, seconds, game)
    mine = data["bots"][first]
    low, high = mine["ci95"]
    return {"rung": rung.label, "players": rung.players, "hands": hands, "seed": seed, "first": first,
            "other": other, "win_rate": mine["win_rate"], "ci95": [low, high], "share": round(1 / rung.players, 4),
            "goal": rung.goal, "met": None if rung.goal is None else low >= rung.goal,
            "within_one_point": None if rung.goal is None else low >= rung.goal - 0.01,
            "p95_ms": mine["decision_ms"]["p95"], "faults": mine["faults"], "seconds": data["seconds"]}


def markdown(rows: Sequence[dict]) -> str:
    lines = ["| pairing | hands | win rate | 95 % CI | share | goal | met | p95 decision |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        met = ("–" if r["met"] is None else "yes" if r["met"]
               else "≈ (within a point)" if r["within_one_point"] else "no")
        goal = "–" if r["goal"] is None else f"≥ {100 * r['goal']:.3g} %"  # 32.5 % stays 32.5
        low, high = r["ci95"]
        lines.append(f"| {r['rung']} | {r['hands']:,} | {100 * r['win_rate']:.1f} % | {100 * low:.1f}–{100 * high:.1f} "
                     f"| {100 * r['share']:.1f} % | {goal} | {met} | {r['p95_ms']:.0f} ms |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(GAMES))
    parser.add_argument("--hands", type=int, default=2000, help="hands of a two-player rung")
    parser.add_argument("--hands-multi", type=int, default=600, help="hands of a rung at 4 or 6 seats")
    parser.add_argument("--seed", type=int, default=424242)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", default=[], help="play only this rung (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    ladder = game_front(args.game).ladder
    rungs = [r for r in ladder if not args.only or r.label in args.only]
    if not rungs:
        parser.error(f"no rung called {args.only}; rungs: {', '.join(r.label for r in ladder)}")
    rows = []
    for rung in rungs:
        hands = args.hands if rung.players == 2 else args.hands_multi
        rows.append(measure(args.game, rung, hands, args.seed, args.jobs))
        if not args.json:
            print(markdown(rows[-1:]).splitlines()[-1] if len(rows) > 1 else markdown(rows), flush=True)
    if args.json:
        print(json.dumps({"game": args.game, "rungs": rows}))
    else:
        print(f"\n(python -m ai.ladder --game {args.game} --hands {args.hands} --hands-multi {args.hands_multi} "
              f"--seed {args.seed} --jobs {args.jobs}; first bot's win rate on duplicate deals)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
