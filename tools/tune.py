"""Tune a bot's numeric options by self-play: SPSA on duplicate deals.

    python -m tools.tune --game vazhushal --bot heuristic --against random,heuristic \\
        --params count_weight,wild_hold,no_pure,stock_hope,danger_weight --iterations 60 --hands 200 \\
        --jobs 2 --out ai/tuned/vazhushal-heuristic.json

The objective is the bot's win rate against each ``--against`` opponent (averaged) over ``--hands``
duplicate deals: every deal is played from every seat, so the luck of the cards cancels out.
Each iteration perturbs every parameter at once by ``±c`` of its scale (simultaneous perturbation
stochastic approximation, Spall 1998), plays both perturbed bots on *the same* fresh deals, and
steps along the estimated gradient.  The iterate that is reported is the mean of the last third of
the iterates (averaging is what makes SPSA robust to a noisy objective), checked at the end
against the starting point on ``--check-hands`` further deals.

**Seeds.** Training deals come from seeds ``TRAIN_SEED`` (10,000,000) and up, one fresh block per
iteration, so the tuner never sees the seeds the README's figures are measured on (small numbers)
nor the held-out seeds an issue is checked on.  The whole run is reproducible from ``--seed``.

The result is a JSON file of the parameter values with how they were obtained; the heuristics read
theirs from ``ai/tuned/`` (:mod:`ai.weights`).  Progress is written after every iteration, so a
long run can be watched and stopped.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ai.arena import DEFAULT_GAME, game_front, parse_bot, play_hands
from ai.games import GAMES
from ai.weights import FOLDER
from game.core.storage import save_json

TRAIN_SEED = 10_000_000  # training deals start here: far from every seed a figure is reported on


@dataclass(slots=True)
class Problem:
    """What is tuned: ``bot`` of ``game`` with ``fixed`` options, ``names`` starting at ``start``."""

    game: str
    bot: str
    names: list[str]
    start: list[float]
    against: list[str]
    fixed: dict = field(default_factory=dict)
    players: int = 2
    preset: str | None = None
    lower: float | None = 0.0  # every parameter stays at or above this (None: unbounded)

    def spec(self, values: Sequence[float]) -> str:
        options = {**self.fixed, **{n: round(v, 4) for n, v in zip(self.names, values)}}
        return ":".join([self.bot] + [f"{k}={json.dumps(v)}" for k, v in options.items()])

    def rules(self):
        front = game_front(self.game)
        return front.preset(self.preset or front.engine.default_preset, self.players)


def win_rate(problem: Problem, values: Sequence[float], seed: int, hands: int) -> float:
    """The bot's mean win rate against each opponent over ``hands`` duplicate deals of ``seed``."""
    me = problem.spec(values)
    rules = problem.rules()
    rates = []
    for opponent in problem.against:
        specs = [me] + [opponent] * (problem.players - 1)
        if opponent == me:  # the bot against itself wins half: nothing to learn
            rates.append(0.5)
            continue
        outcome = play_hands(specs, rules, seed, range(hands * problem.players), duplicate=True, game=problem.game)
        tally = outcome.tallies[me]
        rates.append(tally.wins / max(1, tally.seats))
    return sum(rates) / len(rates)


def _task(args: tuple) -> float:
    return win_rate(*args)


class Evaluator:
    """Win rates of several parameter vectors, in parallel when ``jobs`` > 1."""

    def __init__(self, problem: Problem, jobs: int) -> None:
        self.problem = problem
        self.jobs = jobs
        self.pool = multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else None

    def __call__(self, points: Sequence[Sequence[float]], seed: int, hands: int) -> list[float]:
        tasks = [(self.problem, list(p), seed, hands) for p in points]
        if self.pool is None:
            return [_task(t) for t in tasks]
        return self.pool.map(_task, tasks)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


@dataclass(slots=True)
class Spsa:
    """The gains of SPSA in the normalized space (each parameter divided by its scale)."""

    iterations: int
    a: float = 0.5  # first step, in scales, for a win-rate gradient of one per scale
    c: float = 0.2  # perturbation, in scales
    alpha: float = 0.602
    gamma: float = 0.101

    def step(self, k: int) -> float:
        stability = max(1.0, self.iterations / 10)
        return self.a * (1 + stability) ** self.alpha / (k + 1 + stability) ** self.alpha

    def perturbation(self, k: int) -> float:
        return self.c / (k + 1) ** self.gamma


def tune(problem: Problem, evaluate: Callable[[Sequence[Sequence[float]], int, int], list[float]],
         iterations: int, hands: int, seed: int, spsa: Spsa | None = None,
         log: Callable[[dict], None] | None = None) -> dict:
    """Run SPSA and return the tuned values with the history of the run."""
    spsa = spsa or Spsa(iterations)
    rng = random.Random(seed)
    scale = [abs(v) if v else 1.0 for v in problem.start]
    x = [v / s for v, s in zip(problem.start, scale)]
    history = []
    for k in range(iterations):
        delta = [rng.choice((-1.0, 1.0)) for _ in x]
        ck = spsa.perturbation(k)
        plus = [_clip(problem, (xi + ck * d) * s) for xi, d, s in zip(x, delta, scale)]
        minus = [_clip(problem, (xi - ck * d) * s) for xi, d, s in zip(x, delta, scale)]
        block = TRAIN_SEED + seed * 100_003 + k
        f_plus, f_minus = evaluate([plus, minus], block, hands)
        ak = spsa.step(k)
        x = [_clip(problem, (xi + ak * (f_plus - f_minus) / (2 * ck * d)) * s) / s
             for xi, d, s in zip(x, delta, scale)]
        entry = {"iteration": k + 1, "plus": round(f_plus, 4), "minus": round(f_minus, 4),
                 "values": {n: round(xi * s, 4) for n, xi, s in zip(problem.names, x, scale)}}
        history.append(entry)
        if log is not None:
            log(entry)
    tail = history[-max(1, iterations // 3):]
    tuned = {n: round(sum(e["values"][n] for e in tail) / len(tail), 4) for n in problem.names}
    return {"values": tuned, "history": history}


def _clip(problem: Problem, value: float) -> float:
    return value if problem.lower is None else max(problem.lower, value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(GAMES))
    parser.add_argument("--bot", default="heuristic", help="the bot to tune, with fixed options (name:key=value)")
    parser.add_argument("--against", default="random", help="comma-separated opponents (the objective averages them)")
    parser.add_argument("--params", required=True, help="comma-separated numeric options to tune")
    parser.add_argument("--start", default=None, help="JSON file of starting values (default: the bot's own)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--hands", type=int, default=200, help="duplicate deals per evaluation")
    parser.add_argument("--check-hands", type=int, default=1000, help="deals of the final check (0: none)")
    parser.add_argument("--a", type=float, default=0.5)
    parser.add_argument("--c", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", required=True, help="where the tuned values go (JSON)")
    args = parser.parse_args(argv)

    bot, fixed = parse_bot(args.bot)
    names = [n for n in args.params.split(",") if n]
    defaults = default_options(args.game)
    if args.start:
        defaults.update(json.loads(Path(args.start).read_text())["values"])
    missing = [n for n in names if not isinstance(defaults.get(n), (int, float)) or isinstance(defaults.get(n), bool)]
    if missing:
        parser.error(f"not numeric options of {bot}: {', '.join(missing)}")
    problem = Problem(args.game, bot, names, [float(defaults[n]) for n in names], args.against.split(","), fixed,
                      args.players, args.preset)
    out = Path(args.out)
    if out.resolve().parent == FOLDER:  # the opponents of the run read that folder while it runs
        parser.error(f"write the run outside {FOLDER} and copy it there once checked")
    record = {"game": args.game, "bot": args.bot, "against": problem.against, "players": args.players,
              "preset": args.preset, "command": "python -m tools.tune " + " ".join(argv or sys.argv[1:]),
              "start": dict(zip(names, problem.start)), "iterations": args.iterations, "hands": args.hands,
              "seed": args.seed, "train_seeds_from": TRAIN_SEED}
    evaluate = Evaluator(problem, args.jobs)
    started = time.perf_counter()

    def log(entry: dict) -> None:
        print(json.dumps(entry), flush=True)
        _write(out, {**record, "status": "running", "progress": entry})

    try:
        result = tune(problem, evaluate, args.iterations, args.hands, args.seed, Spsa(args.iterations, args.a, args.c),
                      log)
        record.update(values=result["values"], status="done", history=result["history"])
        if args.check_hands:
            check_seed = TRAIN_SEED + 9_000_000 + args.seed
            tuned = [result["values"][n] for n in names]
            before, after = evaluate([problem.start, tuned], check_seed, args.check_hands)
            n = args.check_hands * args.players * len(problem.against)
            record["check"] = {"hands": args.check_hands, "seed": check_seed, "start_win_rate": round(before, 4),
                               "tuned_win_rate": round(after, 4),
                               "se": round(math.sqrt(max(1e-9, after * (1 - after)) / max(1, n)), 4)}
    finally:
        evaluate.close()
    record["seconds"] = round(time.perf_counter() - started, 1)
    _write(out, record)
    print(json.dumps({k: record[k] for k in ("values", "check", "seconds") if k in record}))
    return 0


def default_options(game: str) -> dict:
    """The heuristic's own numeric options as it plays by default (its tuned values included)."""
    return game_front(game).heuristic_defaults()


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_json(path, data)


if __name__ == "__main__":
    raise SystemExit(main())
