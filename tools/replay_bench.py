"""Replay benchmark and round-trip check: record random hands of both games, play them again.

    python -m tools.replay_bench --hands 5000 --seed 1

Hand ``i`` takes table ``i`` of :data:`TABLES` in turn (every game, every preset, 2-6 players).
A Vazhushal hand is played by the bots (``random``, and ``heuristic`` for a share of the seats,
each behind :class:`ai.safety.SafeBot`); an Indian Rummy deal by
:func:`game.indian13.simulate.random_action`.  Every action is recorded with
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

from ai.vazhushal.base import make_bot
from ai.vazhushal.runner import safe_bot
from game import indian13
from game import vazhushal as engine
from game.indian13.simulate import random_action
from game.replay import Recorder, ReplayError, validate


@dataclass(frozen=True)
class Table:
    """One kind of hand: the game, a preset and the number of players."""

    game: str
    preset: str
    players: int


TABLES: tuple[Table, ...] = tuple(
    [Table("vazhushal", name, n) for name in engine.PRESETS for n in range(2, 7)]
    + [Table("indian13", name, n) for name in indian13.PRESETS for n in range(2, 7)])


def deal(table: Table, rng: random.Random, bot_names: list[str]) -> Any:
    """A freshly dealt state of ``table`` (Vazhushal seats named after their bots)."""
    if table.game == "vazhushal":
        seats = [engine.Seat(f"{name} {i + 1}", f"bot:{name}") for i, name in enumerate(bot_names)]
        return engine.new_hand(engine.preset(table.preset, table.players), rng, seats)
    return indian13.new_deal(indian13.preset(table.preset, table.players), rng)


def play_recorded(table: Table, seed: int, heuristic_share: float, recorder: Recorder,
                  max_actions: int = 5000) -> Any:
    """Play one hand of ``table`` from ``seed`` to its end, recording every action; returns the
    final state."""
    rng = random.Random(seed ^ 0x5EED)  # the players' choices; the deal is Random(seed) alone, as the referee's
    names = ["heuristic" if rng.random() < heuristic_share else "random" for _ in range(table.players)]
    state = deal(table, random.Random(seed), names)
    recorder.start(state, table.game, match_id="bench", hand_no=0, seed=seed)
    step = _vazhushal_stepper(names, rng) if table.game == "vazhushal" else _indian13_stepper(rng)
    for _ in range(max_actions):
        if state.result is not None:
            return state
        action, state = step(state)
        recorder.add(action.player, action)
    raise RuntimeError(f"the hand did not end within {max_actions} actions")


def _vazhushal_stepper(names: list[str], rng: random.Random) -> Callable[[Any], tuple[Any, Any]]:
    bots = [safe_bot(make_bot(name, random.Random(rng.getrandbits(64)))) for name in names]
    return lambda state: bots[state.turn].advance(state)


def _indian13_stepper(rng: random.Random) -> Callable[[Any], tuple[Any, Any]]:
    def step(state: Any) -> tuple[Any, Any]:
        action = random_action(state, rng)
        return action, indian13.apply(state, action)

    return step


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
            "games": {g: counts[g] for g in ("vazhushal", "indian13")}, "tables": len(seen),
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
                        help="share of Vazhushal seats played by the heuristic bot (the rest: random)")
    args = parser.parse_args(argv)
    report = run(args.hands, args.seed, args.heuristic)
    print(json.dumps(report))
    return 0 if report["mismatches"] == 0 and report["breaks"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
