#!/usr/bin/env python3
"""Compare random-play speed of our engine with two reference gin rummy engines.

Three contenders are measured side by side in one run:

* ``openspiel`` -- OpenSpiel's ``gin_rummy`` (PyPI ``open-spiel``, module
  ``pyspiel``; the game logic is C++ behind Python bindings).  Chance nodes are
  sampled from their outcome probabilities, player nodes pick uniformly from
  ``legal_actions()``, all with one seeded ``random.Random``.
* ``rlcard`` -- RLCard's ``gin-rummy`` environment (PyPI ``rlcard``, pure
  Python + numpy), played by two ``rlcard.agents.RandomAgent`` with
  ``env.run(is_training=False)`` per game.  The environment is seeded through
  ``config={'seed': S}``; the agents draw from numpy's global generator, which
  is seeded with ``numpy.random.seed(S)``.
* ``ours`` -- our engine's own benchmark,
  ``python -m tools.vazhushal.bench --players 2 --hands N --seed S``, which prints one
  JSON object with the keys ``hands``, ``seconds``, ``hands_per_s`` and
  ``actions_per_s``.  It is run with the current interpreter from the
  repository root.  If it fails (e.g. it does not exist yet) it is reported as
  unavailable and the comparison goes on without it.
* ``indian13``, ``indian21``, ``marriage`` -- the project's other engines, reported
  beside (no ratio target): ``python -m tools.vazhushal.bench --game NAME
  --players 2 --hands N --seed S`` plays random deals of each game's default
  preset, every action its front's ``random_action`` through its checked
  ``apply`` (as ``tools.engine_trace`` and the soak runs play).  ``--game-hands 0``
  leaves them out.
* ``before`` (only with ``--baseline DIR``) -- our bench run in another checkout
  of the repository (say the last commit, ``git archive HEAD | tar -x -C DIR``),
  to measure what a change gained in the same interleaved rounds.

The reference libraries are never installed into the project's environment:
they live in a separate virtualenv (``--venv``, default
``<tempdir>/vazhushal-refbench-venv``), created from the current interpreter so
that all three contenders run on the same CPython, and reused on later runs.
The small measuring programs are embedded below and run there with
``python -c``.  Each program times only its play loop (imports and set-up are
excluded), as our bench does.

Every contender is measured ``--repeats`` times; the repeats are interleaved
round-robin (the starting contender rotates each round) so that changes in
machine load affect all of them alike.  Every run of a contender uses the same
seed, so each repeat plays the very same games.  The report gives, per
contender, the median games/s, every run, and the ratios ours/openspiel and
ours/rlcard of the medians.  Beside the wall-clock rate it gives the median games
per CPU second of the measuring process (``time.process_time`` over the same
loop), which other work on a shared machine inflates less.  A "game" is one deal played to its end (our
bench's "hand").  "actions" counts player decisions only; OpenSpiel's chance
actions (dealing and drawing from the stock) are counted separately.

This script uses only the standard library; run it with any Python 3.9+::

    python -m tools.vazhushal.bench_compare                       # defaults
    python -m tools.vazhushal.bench_compare --games 50 --repeats 1 --hands 200
    python -m tools.vazhushal.bench_compare --json > bench.json    # JSON on stdout

Progress messages go to stderr; the table (or, with ``--json``, one JSON
object) goes to stdout.  Exit status is 0 when both references were measured,
1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.games import GAMES

REPO_ROOT = Path(__file__).resolve().parents[2]  # tools/vazhushal/bench_compare.py -> the repository
DEFAULT_VENV = Path(tempfile.gettempdir()) / "vazhushal-refbench-venv"

#: What the reference venv needs (numpy is a dependency of RLCard's envs).
REFERENCE_PACKAGES: tuple[str, ...] = ("open-spiel", "rlcard", "numpy")
#: Distributions whose versions are reported.
VERSIONED_DISTS: tuple[str, ...] = ("open-spiel", "rlcard", "numpy")

REFERENCES: tuple[str, ...] = ("openspiel", "rlcard")
#: The project's other engines, measured in the same rounds (``--game-hands``).
OTHER_GAMES: tuple[str, ...] = tuple(name for name in GAMES if name != "vazhushal")  # every other registered game
CONTENDERS: tuple[str, ...] = ("openspiel", "rlcard", "ours", *OTHER_GAMES)

# ---------------------------------------------------------------------------
# Measuring programs run inside the reference venv (argv: GAMES SEED).
# Each prints one JSON line: games, actions, seconds (+ chance_actions).
# ---------------------------------------------------------------------------

OPENSPIEL_PROGRAM = r"""
import json, random, sys, time
import pyspiel

games, seed = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("gin_rummy")
rng = random.Random(seed)
actions = 0
chance_actions = 0
start, cpu_start = time.perf_counter(), time.process_time()
for _ in range(games):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes],
                                 weights=[p for _, p in outcomes])[0]
            chance_actions += 1
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            actions += 1
        state.apply_action(action)
seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
print(json.dumps({"games": games, "actions": actions, "chance_actions": chance_actions,
                  "seconds": seconds, "cpu_seconds": cpu_seconds}))
"""

RLCARD_PROGRAM = r"""
import json, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent

games, seed = int(sys.argv[1]), int(sys.argv[2])
np.random.seed(seed)  # RandomAgent draws from numpy's global generator
env = rlcard.make("gin-rummy", config={"seed": seed})
env.set_agents([RandomAgent(num_actions=env.num_actions)
                for _ in range(env.num_players)])
actions = 0
start, cpu_start = time.perf_counter(), time.process_time()
for _ in range(games):
    env.run(is_training=False)
    actions += len(env.action_recorder)
seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
print(json.dumps({"games": games, "actions": actions, "seconds": seconds,
                  "cpu_seconds": cpu_seconds}))
"""

VERSIONS_PROGRAM = r"""
import json, sys
from importlib.metadata import PackageNotFoundError, version
out = {"python": sys.version.split()[0]}
for dist in sys.argv[1:]:
    try:
        out[dist] = version(dist)
    except PackageNotFoundError:
        out[dist] = None
print(json.dumps(out))
"""

IMPORT_CHECK_PROGRAM = "import numpy, pyspiel, rlcard, rlcard.agents"


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------


@dataclass
class Run:
    """One timed measurement of one contender."""

    games: int
    actions: int | None
    seconds: float
    cpu_seconds: float | None = None  # the measuring process's CPU time over the same loop

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def games_per_cpu_s(self) -> float | None:
        if self.cpu_seconds is None:
            return None
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")

    @property
    def actions_per_s(self) -> float | None:
        if self.actions is None:
            return None
        return self.actions / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 6),
            "cpu_seconds": None if self.cpu_seconds is None else round(self.cpu_seconds, 6),
            "games_per_s": round(self.games_per_s, 3),
            "games_per_cpu_s": None if self.games_per_cpu_s is None else round(self.games_per_cpu_s, 3),
            "actions_per_s": (None if self.actions_per_s is None
                              else round(self.actions_per_s, 1)),
        }


@dataclass
class Contender:
    """All runs of one contender, or why it could not be measured."""

    name: str
    games_per_run: int
    runs: list[Run] = field(default_factory=list)
    error: str | None = None

    @property
    def available(self) -> bool:
        return self.error is None and bool(self.runs)

    @property
    def median_games_per_s(self) -> float | None:
        if not self.available:
            return None
        return statistics.median(r.games_per_s for r in self.runs)

    @property
    def median_games_per_cpu_s(self) -> float | None:
        rates = [r.games_per_cpu_s for r in self.runs if r.games_per_cpu_s is not None]
        return statistics.median(rates) if self.available and rates else None

    @property
    def median_actions_per_s(self) -> float | None:
        rates = [r.actions_per_s for r in self.runs if r.actions_per_s is not None]
        return statistics.median(rates) if self.available and rates else None

    @property
    def actions_per_game(self) -> float | None:
        counted = [r for r in self.runs if r.actions is not None]
        if not counted:
            return None
        return sum(r.actions or 0 for r in counted) / sum(r.games for r in counted)

    def to_json(self) -> dict[str, Any]:
        med_g, med_a = self.median_games_per_s, self.median_actions_per_s
        return {
            "available": self.available,
            "error": self.error,
            "games_per_run": self.games_per_run,
            "median_games_per_s": None if med_g is None else round(med_g, 3),
            "median_games_per_cpu_s": (None if self.median_games_per_cpu_s is None
                                       else round(self.median_games_per_cpu_s, 3)),
            "median_actions_per_s": None if med_a is None else round(med_a, 1),
            "actions_per_game": (None if self.actions_per_game is None
                                 else round(self.actions_per_game, 2)),
            "runs": [r.to_json() for r in self.runs],
        }


class MeasurementError(RuntimeError):
    """A contender's command failed or printed something unusable."""


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def log(message: str) -> None:
    print(f"[bench_compare] {message}", file=sys.stderr, flush=True)


def venv_python(venv: Path) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def clean_env() -> dict[str, str]:
    """The environment for child processes, without Python path overrides."""
    env = dict(os.environ)
    for key in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(key, None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def tail(text: str, lines: int = 8) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def parse_json_object(stdout: str) -> dict[str, Any]:
    """Parse stdout as one JSON object, or failing that, its last JSON line."""
    text = stdout.strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        value = None
        for line in reversed(text.splitlines()):
            try:
                value = json.loads(line)
                break
            except json.JSONDecodeError:
                continue
    if not isinstance(value, dict):
        raise MeasurementError(f"no JSON object in output: {tail(stdout, 3)!r}")
    return value


def run_json(cmd: Sequence[str], cwd: Path, timeout: float) -> dict[str, Any]:
    try:
        proc = subprocess.run(
            list(cmd), cwd=cwd, env=clean_env(), capture_output=True,
            text=True, timeout=timeout, check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise MeasurementError(f"timed out after {timeout:g}s") from exc
    except OSError as exc:
        raise MeasurementError(f"could not start: {exc}") from exc
    if proc.returncode != 0:
        detail = tail(proc.stderr) or tail(proc.stdout)
        raise MeasurementError(f"exit status {proc.returncode}: {detail}")
    return parse_json_object(proc.stdout)


# ---------------------------------------------------------------------------
# Reference virtualenv
# ---------------------------------------------------------------------------


def ensure_reference_venv(venv: Path, reinstall: bool) -> Path:
    """Create/reuse the reference venv; install the reference packages if needed."""
    python = venv_python(venv)
    if not python.exists():
        log(f"creating virtualenv {venv} with {sys.executable}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    else:
        log(f"reusing virtualenv {venv}")
        probe = subprocess.run(
            [str(python), "-c", "import sys; print(sys.version_info[:2])"],
            capture_output=True, text=True, check=True, env=clean_env(),
        )
        ours = str(tuple(sys.version_info[:2]))
        if probe.stdout.strip() != ours:
            log(f"WARNING: venv Python {probe.stdout.strip()} differs from the "
                f"current {ours}; delete {venv} to rebuild it")

    have_all = subprocess.run(
        [str(python), "-c", IMPORT_CHECK_PROGRAM], capture_output=True,
        env=clean_env(), cwd=venv, check=False,
    ).returncode == 0
    if reinstall or not have_all:
        cmd = [str(python), "-m", "pip", "install", "--quiet",
               "--disable-pip-version-check"]
        if reinstall:
            cmd.append("--upgrade")
        cmd.extend(REFERENCE_PACKAGES)
        log("installing " + " ".join(REFERENCE_PACKAGES) + " into the venv")
        # pip's output goes to our stderr so stdout stays clean for --json.
        subprocess.run(cmd, check=True, env=clean_env(), cwd=venv,
                       stdout=sys.stderr)
        subprocess.run([str(python), "-c", IMPORT_CHECK_PROGRAM], check=True,
                       env=clean_env(), cwd=venv)
    return python


def reference_versions(python: Path, venv: Path) -> dict[str, str | None]:
    try:
        return run_json([str(python), "-c", VERSIONS_PROGRAM, *VERSIONED_DISTS],
                        cwd=venv, timeout=120)
    except MeasurementError as exc:
        log(f"could not read versions: {exc}")
        return {}


# ---------------------------------------------------------------------------
# Measurements
# ---------------------------------------------------------------------------


def measure_reference(program: str, python: Path, venv: Path, games: int,
                      seed: int, timeout: float) -> Run:
    # cwd is the venv, not the repo, so `python -c` cannot import repo modules.
    data = run_json([str(python), "-c", program, str(games), str(seed)],
                    cwd=venv, timeout=timeout)
    try:
        return Run(games=int(data["games"]), actions=int(data["actions"]),
                   seconds=float(data["seconds"]), cpu_seconds=_cpu_seconds(data))
    except (KeyError, TypeError, ValueError) as exc:
        raise MeasurementError(f"unexpected output {data!r}") from exc


def measure_ours(hands: int, seed: int, timeout: float, game: str = "vazhushal",
                 root: Path = REPO_ROOT) -> Run:
    cmd = [sys.executable, "-m", "tools.vazhushal.bench", "--players", "2",
           "--hands", str(hands), "--seed", str(seed)]
    if game != "vazhushal":
        cmd[3:3] = ["--game", game]
    data = run_json(cmd, cwd=root, timeout=timeout)
    try:
        seconds = float(data["seconds"])
        played = int(data["hands"])
        actions_per_s = data.get("actions_per_s")
        actions = (None if actions_per_s is None
                   else int(round(float(actions_per_s) * seconds)))
    except (KeyError, TypeError, ValueError) as exc:
        raise MeasurementError(f"unexpected output {data!r}") from exc
    if seconds <= 0 or played <= 0:
        raise MeasurementError(f"implausible output {data!r}")
    return Run(games=played, actions=actions, seconds=seconds, cpu_seconds=_cpu_seconds(data))


def _cpu_seconds(data: dict[str, Any]) -> float | None:
    value = data.get("cpu_seconds")
    return None if value is None else float(value)


def contender_names(args: argparse.Namespace) -> tuple[str, ...]:
    names = CONTENDERS if args.game_hands else CONTENDERS[:3]
    return names + ("before",) if args.baseline else names


def run_all(args: argparse.Namespace, python: Path) -> dict[str, Contender]:
    names = contender_names(args)
    contenders = {
        "openspiel": Contender("openspiel", args.games),
        "rlcard": Contender("rlcard", args.games),
        "ours": Contender("ours", args.hands),
        **{game: Contender(game, args.game_hands) for game in names[3:] if game != "before"},
    }
    if args.baseline:
        contenders["before"] = Contender("before", args.hands)
    measure: dict[str, Callable[[], Run]] = {
        "openspiel": lambda: measure_reference(
            OPENSPIEL_PROGRAM, python, args.venv, args.games, args.seed,
            args.timeout),
        "rlcard": lambda: measure_reference(
            RLCARD_PROGRAM, python, args.venv, args.games, args.seed,
            args.timeout),
        "ours": lambda: measure_ours(args.hands, args.seed, args.timeout),
        **{game: (lambda game=game: measure_ours(args.game_hands, args.seed, args.timeout, game))
           for game in names[3:]},
        "before": lambda: measure_ours(args.hands, args.seed, args.timeout, root=args.baseline),
    }
    for repeat in range(args.repeats):
        # Rotate the starting contender so none is always first or last.
        turn = repeat % len(names)
        order = names[turn:] + names[:turn]
        for name in order:
            contender = contenders[name]
            if contender.error is not None:
                continue  # failed before: do not retry every round
            log(f"round {repeat + 1}/{args.repeats}: {name} "
                f"({contender.games_per_run} games) ...")
            started = time.perf_counter()
            try:
                run = measure[name]()
            except MeasurementError as exc:
                contender.error = str(exc)
                log(f"  {name} unavailable: {exc}")
                continue
            contender.runs.append(run)
            log(f"  {run.games_per_s:,.1f} games/s "
                f"(wall {time.perf_counter() - started:.1f}s)")
    return contenders


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def ratios(contenders: dict[str, Contender]) -> dict[str, float | None]:
    ours = contenders["ours"].median_games_per_s
    out = {f"ours/{ref}": ratio(ours, contenders[ref].median_games_per_s)
           for ref in REFERENCES}
    openspiel = contenders["openspiel"].median_games_per_s
    for game in (*OTHER_GAMES, "before"):
        if game in contenders:
            out[f"{game}/openspiel"] = ratio(contenders[game].median_games_per_s, openspiel)
    return out


def cpu_ratios(contenders: dict[str, Contender]) -> dict[str, float | None]:
    """The same ratios of the medians of games per CPU second."""
    openspiel = contenders["openspiel"].median_games_per_cpu_s
    return {f"{name}/openspiel": ratio(contenders[name].median_games_per_cpu_s, openspiel)
            for name in contenders if name not in REFERENCES}


def fmt(value: float | None, spec: str = ",.1f") -> str:
    return "-" if value is None else format(value, spec)


def render_table(contenders: dict[str, Contender],
                 versions: dict[str, str | None],
                 args: argparse.Namespace) -> str:
    lines = [
        f"Random-play speed, 2 players, seed {args.seed}, "
        f"{args.repeats} interleaved repeat(s)",
        "versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()),
        "",
        f"{'contender':<10} {'games/run':>9} {'median games/s':>15} {'games/CPU-s':>12} "
        f"{'median actions/s':>17} {'actions/game':>12}  runs (games/s)",
        "-" * 105,
    ]
    for name in contenders:
        c = contenders[name]
        if not c.available:
            reason = (c.error or "not measured").splitlines()[-1][:120]
            lines.append(f"{name:<10} {c.games_per_run:>9}  unavailable: {reason}")
            continue
        runs = ", ".join(fmt(r.games_per_s) for r in c.runs)
        lines.append(
            f"{name:<10} {c.games_per_run:>9} {fmt(c.median_games_per_s):>15} {fmt(c.median_games_per_cpu_s):>12} "
            f"{fmt(c.median_actions_per_s, ',.0f'):>17} "
            f"{fmt(c.actions_per_game, '.1f'):>12}  {runs}")
    lines.append("")
    for key, value in ratios(contenders).items():
        shown = "n/a" if value is None else f"{value:.2f}x"
        lines.append(f"{key:<18} (median games/s): {shown}")
    for key, value in cpu_ratios(contenders).items():
        shown = "n/a" if value is None else f"{value:.2f}x"
        lines.append(f"{key:<18} (median games/CPU-s): {shown}")
    return "\n".join(lines)


def render_json(contenders: dict[str, Contender],
                versions: dict[str, str | None],
                args: argparse.Namespace) -> str:
    return json.dumps({
        "config": {
            "games": args.games, "hands": args.hands, "game_hands": args.game_hands, "repeats": args.repeats,
            "seed": args.seed, "venv": str(args.venv),
            "python": sys.version.split()[0],
        },
        "versions": versions,
        "contenders": {name: contender.to_json() for name, contender in contenders.items()},
        "ratios": {k: None if v is None else round(v, 4)
                   for k, v in ratios(contenders).items()},
        "cpu_ratios": {k: None if v is None else round(v, 4)
                       for k, v in cpu_ratios(contenders).items()},
    }, indent=2)


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------


def at_least(low: int):
    """An argparse ``type``: a whole number >= ``low``."""
    def whole(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"must be >= {low}, got {value}")
        return value
    return whole


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Compare random-play speed of our engine with OpenSpiel's "
                    "and RLCard's gin rummy.")
    parser.add_argument("--venv", type=Path, default=DEFAULT_VENV,
                        help="virtualenv for the reference libraries "
                             "(default: %(default)s)")
    parser.add_argument("--games", type=at_least(1), default=300,
                        help="games per reference run (default: %(default)s)")
    parser.add_argument("--hands", type=at_least(1), default=2000,
                        help="hands per run of our bench (default: %(default)s)")
    parser.add_argument("--game-hands", type=at_least(0), default=500,
                        help="hands per run of each other game of the project "
                             f"({', '.join(OTHER_GAMES)}); 0 leaves them out (default: %(default)s)")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout of this repository (e.g. the last commit, unpacked with "
                             "git archive): its engine is measured too, as contender 'before'")
    parser.add_argument("--repeats", type=at_least(1), default=3,
                        help="interleaved runs per contender (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=12345,
                        help="seed used by every run (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=1800.0,
                        help="seconds allowed per single run (default: %(default)s)")
    parser.add_argument("--reinstall", action="store_true",
                        help="pip install --upgrade the reference packages "
                             "even if they import fine")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    args.venv = args.venv.expanduser().resolve()
    if args.baseline is not None:
        args.baseline = args.baseline.expanduser().resolve()
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        python = ensure_reference_venv(args.venv, args.reinstall)
    except (subprocess.CalledProcessError, OSError) as exc:
        log(f"could not prepare the reference venv: {exc}")
        return 1
    versions = reference_versions(python, args.venv)
    contenders = run_all(args, python)
    if args.json:
        print(render_json(contenders, versions, args))
    else:
        print(render_table(contenders, versions, args))
    return 0 if all(contenders[r].available for r in REFERENCES) else 1


if __name__ == "__main__":
    sys.exit(main())
