"""The arena: bots play many hands against each other through the engine.

    python -m ai.arena --bots search,heuristic --players 2 --hands 1000 --seed 1 [--jobs 2] [--json]
    python -m ai.arena --game indian13 --bots search,heuristic --hands 1000 --duplicate

Seat ``s`` of hand ``h`` is played by bot ``(s + h) % len(bots)`` of the list, so seats rotate;
a name may repeat (``search,heuristic,heuristic,heuristic`` puts one search bot at a table of four)
and take options (``search:iterations=50``).  Every hand is dealt and every bot seeded from
``(seed, hand)``, so a run gives the same results whatever ``--jobs``; with ``--duplicate`` every
deal is played once in each seat rotation.  The report, per bot: hands
won with a 95% confidence interval (Wilson), its share of the seats, the mean stock-out score
(V9.3) of its seats, decision times (p50, p95, p99, max) and faults (:mod:`ai.safety`).  A
progress bar goes to standard error when it is a terminal.

The game is picked by name (``--game``, default the first registered) from :data:`ai.games.GAMES`:
each game's :class:`~ai.front.BotFront` says how a hand is dealt, who won it and what its report
adds, so nothing below names a game.  Every seat plays behind the one safety net
(:class:`ai.safety.SafeBot`).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .front import BotFront
from .games import GAMES
from .games import front as game_front
from .paired import wilson
from .safety import SafeBot, play

DEFAULT_GAME = next(iter(GAMES))


@dataclass(slots=True)
class Tally:
    """What one bot (by its label) did over the hands played."""

    seats: int = 0
    wins: float = 0  # a hand won by several seats is shared
    stats: dict[str, list[float]] = field(default_factory=dict)  # the game's per-seat numbers, averaged
    times: list[float] = field(default_factory=list)
    faults: int = 0

    def merge(self, other: Tally) -> None:
        self.seats += other.seats
        self.wins += other.wins
        for key, values in other.stats.items():
            self.stats.setdefault(key, []).extend(values)
        self.times += other.times
        self.faults += other.faults


@dataclass(slots=True)
class Outcome:
    hands: int = 0
    endings: Counter = field(default_factory=Counter)  # how the hands ended, by the game's names
    drawn: int = 0  # hands nobody won
    tallies: dict[str, Tally] = field(default_factory=dict)

    def merge(self, other: Outcome) -> None:
        self.hands += other.hands
        self.endings.update(other.endings)
        self.drawn += other.drawn
        for label, tally in other.tallies.items():
            self.tallies.setdefault(label, Tally()).merge(tally)


def play_one(front: BotFront, parsed: Sequence[tuple[str, dict]], rules: Any, rng: random.Random,
             seat_spec: Sequence[int]) -> tuple[Any, list[SafeBot]]:
    """Deal one hand with ``rng`` and play it, seat ``s`` by bot ``parsed[seat_spec[s]]`` (each bot
    seeded from ``rng`` in seat order) behind the safety net; the end state and the seats."""
    state = front.deal(rules, rng)
    seats = [SafeBot(bot, front) for bot in front.seat_bots(parsed, seat_spec, rng)]
    return play(seats, state, front.max_actions), seats


def parse_bot(spec: str) -> tuple[str, dict]:
    """``name`` or ``name:key=value:key=value`` (values: numbers, true/false, or text)."""
    name, *pairs = spec.split(":")
    options: dict = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    return name, options


def play_hands(specs: Sequence[str], rules: Any, seed: int, hands: Sequence[int],
               duplicate: bool = False, game: str = DEFAULT_GAME) -> Outcome:
    """Play the given hand numbers; every hand depends only on ``(seed, hand number)``.  With
    ``duplicate`` each deal is played once in every seat rotation (less luck in the result)."""
    front = game_front(game)
    parsed = [parse_bot(s) for s in specs]
    out = Outcome()
    for h in hands:
        rng = random.Random(seed * 1_000_003 + (h // len(specs) if duplicate else h))
        seat_spec = [(s + h) % len(specs) for s in range(rules.players)]
        end, seats = play_one(front, parsed, rules, rng, seat_spec)
        record = front.outcome(end)
        out.hands += 1
        out.endings[record.ending] += 1
        if not record.winners:
            out.drawn += 1
        for s in range(rules.players):
            tally = out.tallies.setdefault(specs[seat_spec[s]], Tally())
            tally.seats += 1
            if s in record.winners:
                tally.wins += 1 if len(record.winners) == 1 else 1 / len(record.winners)
            for key, value in record.stats[s].items():
                tally.stats.setdefault(key, []).append(value)
            tally.times += seats[s].times
            tally.faults += len(seats[s].faults)
    return out


def _work(args: tuple) -> Outcome:
    return play_hands(*args)


def run(specs: Sequence[str], rules: Any, hands: int, seed: int, jobs: int = 1,
        progress: bool = False, duplicate: bool = False, game: str = DEFAULT_GAME) -> tuple[Outcome, float]:
    """Play ``hands`` hands; returns the outcome and the seconds it took."""
    chunk = max(1, min(25, hands // (4 * jobs) or 1))
    batches = [list(range(i, min(hands, i + chunk))) for i in range(0, hands, chunk)]
    total = Outcome()
    start = time.perf_counter()
    tasks = [(list(specs), rules, seed, batch, duplicate, game) for batch in batches]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for part in pool.imap_unordered(_work, tasks):
                total.merge(part)
                if progress:
                    _bar(total.hands, hands, start)
    else:
        for task in tasks:
            total.merge(_work(task))
            if progress:
                _bar(total.hands, hands, start)
    if progress:
        sys.stderr.write("\n")
    return total, time.perf_counter() - start


def _bar(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / max(1e-9, time.perf_counter() - start)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} hands  {rate:.1f} hands/s")
    sys.stderr.flush()


def _quantile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(outcome: Outcome, rules: Any, seed: int, seconds: float, game: str = DEFAULT_GAME) -> dict:
    front = game_front(game)
    bots = {}
    for label, t in outcome.tallies.items():
        low, high = wilson(t.wins, outcome.hands)
        entry: dict = {
            "hands_won": _number(t.wins), "win_rate": round(t.wins / outcome.hands, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "seat_share": round(t.seats / (outcome.hands * rules.players), 4),
        }
        for key in front.stat_keys:
            values = t.stats.get(key, [])
            entry[key] = round(sum(values) / len(values), 2) if values else None
        entry.update({
            "decisions": len(t.times),
            "decision_ms": {name: round(1000 * _quantile(t.times, q), 3)
                            for name, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99), ("max", 1.0))},
            "faults": t.faults,
        })
        bots[label] = entry
    return {"game": front.name, "players": rules.players, "hands": outcome.hands, "seed": seed,
            "seconds": round(seconds, 2), "hands_per_s": round(outcome.hands / seconds, 2) if seconds else None,
            "endings": {e: outcome.endings[e] for e in front.endings}, "drawn": outcome.drawn, "bots": bots}


def _number(wins: float) -> int | float:
    """Hands won: a whole number unless shared wins made a fraction."""
    return int(wins) if float(wins).is_integer() else round(wins, 2)


def headline(data: dict, front: BotFront) -> str:
    """The first line of the table: what was played, how fast, how the hands ended."""
    word = front.hand_word
    endings = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["endings"].items() if v)
    return (f"{front.name}: {data['hands']} {word}s, {data['players']} players, seed {data['seed']}: "
            f"{data['seconds']} s ({data['hands_per_s']} {word}s/s); {endings}; won by nobody {data['drawn']}")


def table(data: dict, game: str = DEFAULT_GAME) -> str:
    front = game_front(game)
    heading, key = front.score_column
    lines = [headline(data, front)]
    head = (f"{'bot':<28} {'won':>6} {'win %':>6} {'95% CI':>15} {'share':>6} {heading:>9} "
            f"{'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'faults':>6}")
    lines += [head, "-" * len(head)]
    for label, b in data["bots"].items():
        ci = f"{100 * b['ci95'][0]:.1f}-{100 * b['ci95'][1]:.1f}"
        score = "-" if b[key] is None else f"{b[key]:.1f}"
        ms = b["decision_ms"]
        lines.append(f"{label:<28} {b['hands_won']:>6} {100 * b['win_rate']:>6.1f} {ci:>15} "
                     f"{100 * b['seat_share']:>5.0f}% {score:>9} {ms['p50']:>8.2f} {ms['p95']:>8.2f} "
                     f"{ms['p99']:>8.2f} {ms['max']:>8.1f} {b['faults']:>6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(GAMES), help="the game to play")
    parser.add_argument("--bots", default="heuristic,random", help="comma-separated bots (name[:key=value...])")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", default=None, help="rule preset (default: the game's own); " + "; ".join(
        f"{name}: {', '.join(f.engine.presets)}" for name, f in GAMES.items()))
    parser.add_argument("--duplicate", action="store_true",
                        help="play every deal once in each seat rotation (less luck in the comparison)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 6 or args.hands < 1 or args.jobs < 1:
        parser.error("--players must be 2 to 6, --hands and --jobs at least 1")
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not specs:
        parser.error(f"--bots needs at least one bot name (for example heuristic,random), not {args.bots!r}")
    front = game_front(args.game)
    try:
        for spec in specs:
            name, options = parse_bot(spec)
            front.make(name, options, random.Random(0))
        rules = front.preset(args.preset or front.engine.default_preset, args.players)
    except Exception as exc:  # noqa: BLE001  (any bad name or option is an argument error: exit 2)
        parser.error(str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc))
    outcome, seconds = run(specs, rules, args.hands, args.seed, args.jobs, progress=sys.stderr.isatty(),
                           duplicate=args.duplicate, game=args.game)
    data = report(outcome, rules, args.seed, seconds, args.game)
    try:
        print(json.dumps(data) if args.json else table(data, args.game))
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
