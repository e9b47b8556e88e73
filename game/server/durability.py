"""What durability costs a table (:mod:`game.net.journal`): ``python -m game.server.durability``.

For each game (``--game``: one; default every game with a table), a table of ``--seats`` network
seats (4) plays up to ``--deals`` deals with the game's safe move on an asyncio loop, its record
(a :class:`~game.net.journal.Record` on writer threads, as the headless server's) writing in a
temporary folder under ``--dir``, each move's update awaited before the next move.  Measured, for
the moves that are a journal line: the loop's own time in :meth:`Record.persist` (p50, p99) and the
time from the move played to its update going out, which waits for the line's ``fdatasync`` (p50,
p99), in the first deal, the middle one and the last; at the same moments, what a save of the
whole document a move would cost (its size, the loop's time to build it, the time to write it
atomically); the snapshots (twice a deal); and the time to open the table again from its
snapshot and a whole deal's journal.  ``--rules`` (a JSON object of rule options) makes longer
matches (``{"format": "deals", "deals": 20}``).  Prints one JSON object a game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the games' matches are the app's; no window opens

from game.core.storage import load_json, save_json  # noqa: E402
from game.net import protocol as P  # noqa: E402
from game.net.journal import Record, resume  # noqa: E402
from game.net.table import NETWORK, Options, SeatPlan, Table  # noqa: E402


def at(values: list[float], q: float, scale: float, digits: int = 2) -> float | None:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * scale, digits) if ordered else None


async def measure(front, rules, seats: int, deals: int, folder: Path) -> dict:
    """One table's deals, measured (the table and its record on this loop, the writes on threads)."""
    from game.ui.app import load_saved_match  # noqa: F401  (imported before anything is timed)
    from game.ui.lobby.hosting import new_table

    table = new_table(front, [SeatPlan(f"Seat {i + 1}", NETWORK) for i in range(seats)], rules,
                      Options(bot_delay_s=0), seed=11)
    path = folder / f"table-{table.code}.json"
    writers = ThreadPoolExecutor(max_workers=4, thread_name_prefix="table-save")
    record = Record(path, lambda doc: save_json(path, doc), lambda doc: save_json(folder / "replay.json", doc), writers)
    sent = asyncio.Event()
    loop_s: list[float] = []

    def persist(t: Table, why: str, action: object = None) -> None:
        began = time.perf_counter()
        record.persist(t, why, action)
        loop_s.append(time.perf_counter() - began)

    table.persist = persist
    table.send = lambda link, message: sent.set() if message.get("type") == P.UPDATE else None
    table.hello("all", {"type": P.HELLO, "protocol": P.PROTOCOL, "game": front.name, "code": table.code,
                        "tokens": table.tokens()})
    marks = {1, max(1, deals // 2), deals}
    moves: dict[int, list[tuple[float, float]]] = {d: [] for d in marks}  # deal -> (loop, until sent) of its lines
    whole: dict[int, list[tuple[float, float, int]]] = {d: [] for d in marks}  # deal -> (build, write, bytes)
    snapshots: list[float] = []
    journal_at_end: tuple[int, float] | None = None  # (lines, seconds to open the table again)

    async def change(act) -> float:
        sent.clear()
        began = time.perf_counter()
        act()
        await sent.wait()
        return time.perf_counter() - began

    snapshots.append(await change(table.start))
    while True:
        state = table.match.state
        if state.result is not None:
            if table.match.match_over or table.deal >= deals:
                break
            snapshots.append(await change(lambda: table.receive("all", {"type": P.READY})))
            continue
        action = front.bots.fallback(state)
        if front.bots.engine.apply(state, action).result is not None and journal_at_end is None:
            lines = len(Path(record.journal).read_bytes().splitlines()) - 1
            began = time.perf_counter()
            again = _reopened(front, path)
            journal_at_end = (lines, time.perf_counter() - began)
            if again.match.to_json() != table.match.to_json():
                raise AssertionError("the table opened again is not the table")
        deal = table.deal
        message = {"type": P.ACTION, "action": action.to_json()}
        took = await change(lambda message=message: table.receive("all", message))
        if table.match.state.result is not None:
            snapshots.append(took)
        elif deal in marks:
            moves[deal].append((loop_s[-1], took))
            if len(whole[deal]) < 100:
                began = time.perf_counter()
                doc = {**table.match.to_json(), "network": table.network_json()}
                built = time.perf_counter() - began
                began = time.perf_counter()
                save_json(folder / "whole.json", doc)
                whole[deal].append((built, time.perf_counter() - began, len(json.dumps(doc))))
    writers.shutdown(wait=True)
    out: dict = {"game": front.name, "seats": seats, "deals": table.deal}
    lines = [m for d in moves.values() for m in d]
    out["move_loop_us"] = [at([m[0] for m in lines], q, 1e6, 0) for q in (0.5, 0.99)]
    out["move_until_sent_ms"] = [at([m[1] for m in lines], q, 1e3) for q in (0.5, 0.99)]
    out["snapshot_until_sent_ms_p50"] = at(snapshots, 0.5, 1e3)
    for deal in sorted(marks):
        if moves[deal]:
            out[f"deal_{deal}"] = {
                "moves": len(moves[deal]), "move_loop_us_p50": at([m[0] for m in moves[deal]], 0.5, 1e6, 0),
                "move_until_sent_ms_p50": at([m[1] for m in moves[deal]], 0.5, 1e3),
                "whole_save_kb": round(whole[deal][-1][2] / 1024, 1),
                "whole_save_build_us_p50": at([w[0] for w in whole[deal]], 0.5, 1e6, 0),
                "whole_save_write_ms_p50": at([w[1] for w in whole[deal]], 0.5, 1e3)}
    if journal_at_end is not None:
        out["reopen_first_deal"] = {"journal_lines": journal_at_end[0], "ms": round(journal_at_end[1] * 1e3, 1)}
    return out


def _reopened(front, path: Path) -> Table:
    from game.ui.app import load_saved_match
    from game.ui.lobby.hosting import resumed_table

    table = resumed_table(front, load_saved_match(load_json(path)))
    resume(table, path)
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server.durability", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game (default: every game with a table)")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--deals", type=int, default=10, help="deals to play at most")
    parser.add_argument("--rules", help="rule options as a JSON object, on top of the default preset")
    parser.add_argument("--dir", default=None, help="where the temporary folder goes (its disk is measured)")
    args = parser.parse_args(argv)
    from game.ui.games import GAMES

    for name, front in GAMES.items():
        if (args.game and name != args.game) or front.bots.engine.view is None:
            continue
        rules = front.bots.preset(front.bots.engine.default_preset, args.seats)
        if args.rules:
            rules = rules.with_options(json.loads(args.rules))
        with tempfile.TemporaryDirectory(dir=args.dir) as folder:
            print(json.dumps(asyncio.run(measure(front, rules, args.seats, args.deals, Path(folder)))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
