"""Make the practice puzzles of a game, or check a set (docs/puzzles.md).

    python -m tools.puzzles --game G --count N [--seed S] [--jobs 2] [--out PATH] [--first 8] [--depth D]
                            [--guesses 3] [--margin 0.10] [--share 0.4] [--max-hands H]
    python -m tools.puzzles --check --game G [--out PATH] [--fresh] [--reguess K [--jobs 2] [--drop-unsure]] [--limit K]
    python -m tools.puzzles --game G --merge PATH [PATH ...] [--out PATH] [--count N]
    python -m tools.puzzles --game G --resolve LEVEL [LEVEL ...] [--out PATH]

Making: source hands dealt from ``--seed`` are played bot against bot and their decisions cut into
puzzles (:mod:`ai.puzzles.generate`) until the file holds ``--count`` puzzles.  The file is written
after every puzzle kept, so a run stopped midway loses nothing, and a run on an existing file goes on
from the hand after the last one it cut from (with the same seed) and never keeps a position twice.
No decision kind is let past 80 % of ``--count`` and no phase past 75 % of it, so a set is not all
draws.  Long runs: ``nohup nice -n 10 python -m tools.puzzles ... --jobs 2 > /tmp/pgen/G.log &``.

Merging adds the puzzles of other runs' files of the game (another seed, another machine) to the set,
each position once and within the caps.

Resolving asks the given solver levels of every puzzle again (with the seeds they were first asked
with) and rates each puzzle again from the answers: what a set's level check reads after a level's
bot changed.

Checking prints the set's counts (by kind, phase and theme), its least margin and re-guessings, that
no two puzzles are one position and that every answer is legal in its position, and the level check:
the share of puzzles each solver level answered right (the answers stored when the puzzle was made,
or asked again with other seeds with ``--fresh``) against chance.  ``--reguess K`` rates the first K
puzzles' moves again on three fresh guesses of the hidden cards (every puzzle with a K as large as
the set; ``--jobs`` workers) and counts the answers that hold; ``--drop-unsure`` then writes the set
without the puzzles whose answer another move beat on a fresh guess.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ai.games import GAMES
from ai.puzzles import FORMAT, VERSION, Puzzle, is_answer, path_of, read
from ai.puzzles.adapt import adapter
from ai.puzzles.generate import Settings, best_of, chance, clear_margin, from_hand, moment_seed, puzzle_id
from ai.puzzles.solvers import LEVELS, attempts, level_check, rate
from ai.rating import decision_seed

KIND_SHARE = 0.8  # no decision kind past this share of the count
PHASE_SHARE = 0.75  # no phase past this share of the count
REGUESS_SEED = 777  # --reguess's fresh guesses (seeds the generator never uses)


def write(path: Path, game: str, settings: Settings, puzzles: list[dict]) -> None:
    """The puzzle file, one puzzle a line, written whole then moved into place."""
    head = {"format": FORMAT, "version": VERSION, "game": game, "margin": settings.margin,
            "guesses": settings.guesses}
    lines = [json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in puzzles]
    text = json.dumps(head, ensure_ascii=False)[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def existing(path: Path, game: str) -> list[dict]:
    if not path.exists():
        return []
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("game") != game:
        raise SystemExit(f"{path} holds the puzzles of {doc.get('game')!r}, not {game!r}")
    return list(doc["puzzles"])


CAPS = {"kind": KIND_SHARE, "phase": PHASE_SHARE}  # what --kind-share and --phase-share set


def wanted(puzzle: dict, kinds: Counter, phases: Counter, count: int) -> bool:
    return kinds[puzzle["kind"]] < CAPS["kind"] * count and phases[puzzle["phase"]] < CAPS["phase"] * count


def skipped(kinds: Counter, count: int) -> tuple[str, ...]:
    return tuple(k for k, n in kinds.items() if n >= CAPS["kind"] * count)


def _work(job: tuple) -> list[dict]:
    game, seed, hand, settings, skip = job
    return from_hand(game, seed, hand, settings, skip)


def make(game: str, count: int, seed: int, jobs: int, path: Path, settings: Settings, max_hands: int | None) -> int:
    puzzles = existing(path, game)
    for p in puzzles:
        if "chance" not in p:  # made before the chance was stored
            made = adapter(game)
            obs = made.front.observe(made.engine.from_json(p["state"]), p["seat"])
            p["chance"] = round(chance(made.plans(obs)), 4)
    ids = {p["id"] for p in puzzles}
    kinds = Counter(p["kind"] for p in puzzles)
    phases = Counter(p["phase"] for p in puzzles)
    hand = 1 + max((p["source"]["hand"] for p in puzzles if p["source"].get("seed") == seed), default=-1)
    start, first_hand = time.time(), hand
    print(f"{game}: {len(puzzles)} puzzles in {path}; cutting from hand {hand} of seed {seed}", flush=True)
    last = None if max_hands is None else hand + max_hands
    with multiprocessing.Pool(jobs) as pool:
        pending = []
        while len(puzzles) < count:
            while len(pending) < 2 * jobs and (last is None or hand < last):
                pending.append(pool.apply_async(_work, ((game, seed, hand, settings, skipped(kinds, count)),)))
                hand += 1
            if not pending:
                break
            for p in pending.pop(0).get():
                kept(p, puzzles, ids, kinds, phases, count)
            write(path, game, settings, puzzles)
            spent = time.time() - start
            print(f"{game}: {len(puzzles)}/{count} puzzles, hands {first_hand}..{hand - 1} given out, "
                  f"{spent:.0f} s, kinds {dict(kinds)}, phases {dict(phases)}", flush=True)
        pool.terminate()
    return 0


def kept(p: dict, puzzles: list[dict], ids: set[str], kinds: Counter, phases: Counter, count: int) -> bool:
    """Add the puzzle ``p`` to ``puzzles`` (and its id, kind and phase to the tallies) unless its
    position is there already, the set is full or a cap of ``count`` says no; whether it was added."""
    if p["id"] in ids or not wanted(p, kinds, phases, count) or len(puzzles) >= count:
        return False
    puzzles.append(p)
    ids.add(p["id"])
    kinds[p["kind"]] += 1
    phases[p["phase"]] += 1
    return True


def merge(game: str, path: Path, others: list[Path], settings: Settings, count: int) -> int:
    """Add the puzzles of ``others`` (sets of the same game, made by runs of other seeds) to the set
    at ``path``: each position once, the kind and phase caps of ``count`` kept."""
    puzzles = existing(path, game)
    ids = {p["id"] for p in puzzles}
    kinds = Counter(p["kind"] for p in puzzles)
    phases = Counter(p["phase"] for p in puzzles)
    added = 0
    for other in others:
        for p in existing(other, game):
            added += kept(p, puzzles, ids, kinds, phases, count)
    write(path, game, settings, puzzles)
    print(f"{game}: {added} puzzles added, {len(puzzles)} in {path}")
    return 0


def resolve(game: str, path: Path, settings: Settings, levels: list[str]) -> int:
    """Ask the set's solvers of ``levels`` again, each with the seed it was first asked with, and rate
    every puzzle again from the answers: after a level's bot has changed, the stored answers (which
    the level check reads) are the bots' of today.  Positions, answers and margins stay as they are;
    so do the other levels' answers (a clocked level would answer a little differently on another
    machine)."""
    made = adapter(game)
    puzzles = existing(path, game)
    changed: Counter = Counter()
    for p in puzzles:
        src = p["source"]
        seed = moment_seed(src["seed"], src["hand"], src["step"])  # the seed the generator asked them with
        obs = made.front.observe(made.engine.from_json(p["state"]), p["seat"])
        again = attempts(made, obs, p["key"], settings.solver_seeds, seed, clock=settings.clock,
                         iterations=settings.solver_iterations, levels=levels)
        for level, marks in again.items():
            changed[level] += marks != p["solved"].get(level)
        p["solved"] = {**p["solved"], **again}
        rating = rate(p["solved"])
        p.update(rating=round(rating.r, 1), rd=round(rating.rd, 1), vol=round(rating.vol, 5))
    write(path, game, settings, puzzles)
    print(f"{game}: {len(puzzles)} puzzles asked again ({', '.join(levels)}); puzzles whose answers changed, "
          f"by level: {dict(changed)}")
    return 0


def _reguess(job: tuple[Puzzle, Settings]) -> tuple[bool, float | None]:
    return reguess(*job, REGUESS_SEED)


def reguess(p: Puzzle, settings: Settings, seed: int) -> tuple[bool, float | None]:
    """The puzzle's moves rated at full depth again on ``settings.guesses`` fresh guesses of the
    hidden cards: whether the answer was the best move every time, and the least margin it held
    beyond noise (``None``: on some guess it did not hold the margin)."""
    made = adapter(p.game)
    state = p.position()
    obs = made.front.observe(state, p.seat)
    view = made.view(obs)
    deepest = max(o.get("depth", settings.depth) for o in p.options)
    plans = [made.parse(state, o["actions"]) for o in p.options if o.get("depth", settings.depth) == deepest]
    same, margins = True, []
    for guess in range(settings.guesses):
        wins, scores = made.rate(obs, plans, settings.depth, decision_seed(seed, 10_000 + guess))
        best = best_of(wins, scores)
        found = made.key(view, plans[best]) == p.key
        same = same and found
        margins.append(clear_margin(wins, best, settings.margin) if found else None)
    return same, None if None in margins else min(margins)  # type: ignore[type-var]


def check(game: str, path: Path, fresh: bool, reguess_count: int, limit: int | None, settings: Settings,
          jobs: int = 1, drop_unsure: bool = False) -> int:
    head, puzzles = read(path, game)
    raw = {p["id"]: p for p in json.loads(path.read_text(encoding="utf-8"))["puzzles"]}
    if limit is not None:
        puzzles = puzzles[:limit]
    made = adapter(game)
    print(f"{game}: {len(puzzles)} puzzles in {path} (margin {head.get('margin')}, {head.get('guesses')} re-guessings)")
    failures = []
    seen: dict[str, str] = {}
    for p in puzzles:
        obs = made.front.observe(p.position(), p.seat)
        again = puzzle_id(game, obs)
        if again != p.id:
            failures.append(f"{p.id}: its id is not its position's ({again})")
        if again in seen:
            failures.append(f"{p.id}: the same position as {seen[again]}")
        seen[again] = p.id
        if not is_answer(p, list(p.answer)):
            failures.append(f"{p.id}: its answer is not legal there or not its key")
        if p.margin < settings.margin:
            failures.append(f"{p.id}: margin {p.margin} below {settings.margin}")
    print(f"  kinds:  {dict(Counter(p.kind for p in puzzles).most_common())}")
    print(f"  phases: {dict(Counter(p.phase for p in puzzles).most_common())}")
    print(f"  themes: {dict(Counter(t for p in puzzles for t in p.themes).most_common())}")
    tables = Counter(p.source.get("players") for p in puzzles)
    print(f"  source tables: {dict(sorted(tables.items()))} seats")
    margins = sorted(p.margin for p in puzzles)
    ratings = sorted(p.rating for p in puzzles)
    if puzzles:
        print(f"  margin: least {margins[0]:.3f}, median {margins[len(margins) // 2]:.3f}; ratings "
              f"{ratings[0]:.0f} .. {ratings[len(ratings) // 2]:.0f} (median) .. {ratings[-1]:.0f}")
    print(f"  distinct positions: {len(seen)} of {len(puzzles)}; answers legal: "
          f"{sum(1 for f in failures if 'answer' in f) == 0}")
    if fresh:
        solved = []
        for n, p in enumerate(puzzles):
            obs = made.front.observe(p.position(), p.seat)
            solved.append(attempts(made, obs, p.key, settings.solver_seeds, decision_seed(424242, n),
                                   clock=settings.clock, iterations=settings.solver_iterations))
        print("  level check (answers asked again, other seeds):")
    else:
        solved = [raw[p.id].get("solved", {}) for p in puzzles]
        print("  level check (the answers given when each puzzle was made):")
    result = level_check(solved, [raw[p.id].get("chance", 1 / max(1, p.choices)) for p in puzzles])
    for line in result.lines():
        print("  " + line)
    if reguess_count:
        jobs_of = [(p, settings) for p in puzzles[:reguess_count]]
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                again = pool.map(_reguess, jobs_of, chunksize=4)
        else:
            again = [_reguess(job) for job in jobs_of]
        same = sum(1 for s, _m in again if s)
        held = [m for _s, m in again if m is not None]
        print(f"  re-guessed {len(again)} puzzles on {settings.guesses} fresh guesses each: the answer was the best "
              f"move every time in {same}, and by the margin beyond noise every time in {len(held)}")
        unsure = {p.id for p, (s, _m) in zip(puzzles, again) if not s}
        if drop_unsure and unsure:
            kept = [q for q in raw.values() if q["id"] not in unsure]  # the whole file's, --limit or not
            write(path, game, settings, kept)
            print(f"  dropped {len(unsure)} puzzles whose answer another move beat on a fresh guess: "
                  f"{len(kept)} in {path}")
            for pid in sorted(unsure):
                print(f"    dropped {pid}")
        else:
            failures += [f"{pid}: another move was best on a fresh guess" for pid in sorted(unsure)]
    for f in failures[:20]:
        print("  FAIL " + f)
    print(f"  {len(failures)} failures")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    made = argparse.ArgumentParser(prog="python -m tools.puzzles", description=__doc__.split("\n\n")[0])
    made.add_argument("--game", required=True, choices=list(GAMES))
    made.add_argument("--count", type=int, default=300)
    made.add_argument("--seed", type=int, default=1)
    made.add_argument("--jobs", type=int, default=1)
    made.add_argument("--out", type=Path, default=None, help="the puzzle file (default: the shipped one)")
    made.add_argument("--first", type=int, default=Settings.first)
    made.add_argument("--depth", type=int, default=None,
                      help="determinizations of a full rating (default: the game's, 48 or Marriage's 144)")
    made.add_argument("--guesses", type=int, default=Settings.guesses)
    made.add_argument("--margin", type=float, default=Settings.margin)
    made.add_argument("--share", type=float, default=Settings.share, help="the share of draw decisions cut")
    made.add_argument("--other-share", type=float, default=Settings.other_share,
                      help="the share of the other decisions cut")
    made.add_argument("--finish-share", type=float, default=Settings.finish_share,
                      help="the share cut of the plays where the hand may finish (declare, see the maal)")
    made.add_argument("--gate", type=float, default=Settings.gate,
                      help="the least lead of the first look's best move for a position to be rated in full")
    made.add_argument("--width", type=int, default=Settings.width, help="the discards rated")
    made.add_argument("--solver-seeds", type=int, default=Settings.solver_seeds)
    made.add_argument("--unclocked", type=int, default=None, metavar="ITERATIONS",
                      help="solvers think to this many iterations instead of against their clock")
    made.add_argument("--futile-z", type=float, default=Settings.futile_z,
                      help="the first rating gives up once its leader cannot hold the margin even this many "
                           "standard errors optimistic (lower: faster, fewer puzzles kept)")
    made.add_argument("--split", action="store_true",
                      help="cut only decisions where Medium and the Expert answer apart (puzzles that tell them apart)")
    made.add_argument("--max-hands", type=int, default=None)
    made.add_argument("--kind-share", type=float, default=KIND_SHARE, help="the most of the count one kind may take")
    made.add_argument("--phase-share", type=float, default=PHASE_SHARE, help="the most of the count one phase may take")
    made.add_argument("--merge", type=Path, nargs="+", default=None, metavar="PATH",
                      help="add these sets' puzzles (other seeds' runs) to --out")
    made.add_argument("--check", action="store_true")
    made.add_argument("--resolve", nargs="+", choices=LEVELS, default=None, metavar="LEVEL",
                      help="ask these solver levels again (their bot has changed) and rate every puzzle again")
    made.add_argument("--fresh", action="store_true", help="--check: ask the solvers again")
    made.add_argument("--reguess", type=int, default=0, metavar="K")
    made.add_argument("--limit", type=int, default=None, metavar="K", help="--check: only the first K puzzles")
    made.add_argument("--drop-unsure", action="store_true",
                      help="--check --reguess: write the set without the puzzles another move beat on a fresh guess")
    args = made.parse_args(argv)
    depth = args.depth if args.depth is not None else adapter(args.game).depth()
    settings = Settings(first=args.first, depth=depth, guesses=args.guesses, margin=args.margin,
                        share=args.share, other_share=args.other_share, finish_share=args.finish_share,
                        gate=args.gate, width=args.width,
                        solver_seeds=args.solver_seeds, split=args.split, futile_z=args.futile_z)
    if args.unclocked is not None:
        settings = replace(settings, clock=False, solver_iterations=args.unclocked)
    CAPS.update(kind=args.kind_share, phase=args.phase_share)
    path = args.out or path_of(args.game)
    if args.merge:
        return merge(args.game, path, args.merge, settings, args.count)
    if args.resolve:
        return resolve(args.game, path, settings, args.resolve)
    if args.check:
        return check(args.game, path, args.fresh, args.reguess, args.limit, settings, args.jobs, args.drop_unsure)
    return make(args.game, args.count, args.seed, args.jobs, path, settings, args.max_hands)


if __name__ == "__main__":
    sys.exit(main())
