"""Replay benchmark and round-trip check: record random hands of every game, play them again.

    python -m tools.replay_bench --hands 5000 --seed 1

Hand ``i`` takes table ``i`` of :data:`TABLES` in turn (every registered game, every preset, every
player count it allows).  Each seat plays its engine's random policy (the front's
``random_action``), or for a share of the seats the game's ``heuristic`` bot behind the safety
net (:class:`ai.safety.SafeBot`).  Every action is recorded with
:class:`game.replay.Recorder`; the replay goes through a JSON text round trip and
:func:`game.replay.validate`, which plays it again through the checked engine and compares the
result and the final state.  A replay that does not validate is a mismatch.  Prints one JSON
object: hands, mismatches, breaks (hands that failed while being played), actions, hands a second
(all of it, and validation alone).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.games import GAMES
from ai.safety import SafeBot
from game.core.errors import RulesError
from game.replay import Recorder, ReplayError, validate


@dataclass(frozen=True)
class Table:
    """One kind of hand: the game, a preset and the number of players."""

    game: str
    preset: str
    players: int


def _tables() -> tuple[Table, ...]:
    out = []
    for name, front in GAMES.items():
        low, high = front.engine.players
        for preset in front.engine.presets:
            for n in range(low, high + 1):
                try:
                    front.preset(preset, n)
                except RulesError:  # a preset for fewer seats
                    continue
                out.append(Table(name, preset, n))
    return tuple(out)


TABLES: tuple[Table, ...] = _tables()


def play_recorded(table: Table, seed: int, heuristic_share: float, recorder: Recorder,
                  max_actions: int = 5000) -> Any:
    """Play one hand of ``table`` from ``seed`` to its end, recording every action; returns the
    final state."""
    front = GAMES[table.game]
    rng = random.Random(seed ^ 0x5EED)  # the players' choices; the deal is Random(seed) alone, as the referee's
    heuristic = [rng.random() < heuristic_share for _ in range(table.players)]
    state = front.deal(front.preset(table.preset, table.players), random.Random(seed))
    seats = [SafeBot(front.make("heuristic", {}, random.Random(rng.getrandbits(64))), front) if h else None
             for h in heuristic]
    recorder.start(state, table.game, match_id="bench", hand_no=0, seed=seed)
    for _ in range(max_actions):
        if state.result is not None:
            return state
        seat = seats[state.turn]
        if seat is None:
            action = front.engine.random_action(state, rng)
            state = front.engine.apply(state, action)
        else:
            action, state = seat.advance(state)
        recorder.add(action.player, action)
    raise RuntimeError(f"the hand did not end within {max_actions} actions")


def run(hands: int, seed: int, heuristic_share: float = 0.1, log: Callable[[str], None] = print) -> dict:
    """Record and validate ``hands`` hands; a mismatch or a break is logged with the seed that
    plays it again."""
    master = random.Random(seed)
    counts: Counter = Counter()
    seen: set[Table] = set()
    validating = 0.0
    start = time.perf_counter()
    for i in range(hands):
        table, hand_seed = TABLES[i % len(TABLES)], master.getrandbits(48)
        recorder = Recorder()
        try:
            end = play_recorded(table, hand_seed, heuristic_share, recorder)
            doc = json.loads(json.dumps(recorder.finish(end)))
        except Exception as exc:  # a break: reported, and the run goes on
            _report(counts, "breaks", log, f"BREAK hand {i} {table} seed={hand_seed}: {exc!r}")
            continue
        t0 = time.perf_counter()
        try:
            summary = validate(doc)
        except ReplayError as exc:
            _report(counts, "mismatches", log, f"MISMATCH hand {i} {table} seed={hand_seed}: {exc}")
            continue
        finally:
            validating += time.perf_counter() - t0
        counts["hands"] += 1
        counts["actions"] += summary["actions"]
        counts[table.game] += 1
        seen.add(table)
    seconds = time.perf_counter() - start
    done = counts["hands"] + counts["mismatches"]
    return {"hands": hands, "validated": counts["hands"], "mismatches": counts["mismatches"],
            "breaks": counts["breaks"], "actions": counts["actions"],
            "games": {g: counts[g] for g in GAMES}, "tables": len(seen),
            "seconds": round(seconds, 2), "hands_per_s": round(hands / max(seconds, 1e-9), 1),
            "validate_hands_per_s": round(done / max(validating, 1e-9), 1)}


def _report(counts: Counter, what: str, log: Callable[[str], None], line: str) -> None:
    counts[what] += 1
    if counts[what] <= 20:
        log(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.replay_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--heuristic", type=float, default=0.1,
                        help="share of seats played by the heuristic bot (the rest: the engine's random policy)")
    args = parser.parse_args(argv)
    report = run(args.hands, args.seed, args.heuristic)
    print(json.dumps(report))
    return 0 if report["mismatches"] == 0 and report["breaks"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
