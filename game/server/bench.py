"""The server's benchmark: ``python -m game.server.bench --game vazhushal --tables 50,100,200``.

For each number of tables: a headless server (``python -m game.server``) pinned to one CPU core,
serving that many tables of four network seats; client processes pinned to the other cores open
four connections a table and play random legal moves, each seat thinking ``--think`` seconds
before each of its moves (people take several).  Measured after ``--warmup`` seconds, for
``--seconds``: the action round trip (a move sent to its update received: p50, p99, max), the
moves a second, the server core's busy share, the server's own time on each message (reading,
checking and playing it and writing every update it causes: p50, p99 over the whole run, warm-up
included; the round trip adds the clients' and the operating system's share, which a busy shared
machine inflates), and the server's memory per table (its resident memory with every table
playing, less the same server's before any player joined, a table).
Everything runs on 127.0.0.1.  Prints one JSON object; "tables_per_core" is the largest number of
tables whose p99 round trip stayed within ``--p99-ms`` (50 ms) on the server's one core.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from game.net import protocol as P

ROOT = Path(__file__).resolve().parents[2]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- the clients (one process holds many connections) ----------------------------------------------


async def seat(port: int, code: str, game: str, think: float, until: float, measure_from: float, rtts: list[float],
               counts: dict, rng: random.Random) -> None:
    from websockets.asyncio.client import connect

    from ai.games import GAMES

    engine = GAMES[game].engine
    async with connect(f"ws://127.0.0.1:{port}/", max_size=P.MAX_HOST_MESSAGE, compression=None,
                       open_timeout=30, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": P.PROTOCOL, "game": game, "code": code}))
        sent_at: float | None = None
        readied: set[int] = set()
        pending: asyncio.Task | None = None

        def choose(obs: dict) -> str:
            state = engine.from_json(engine.view(obs))
            return json.dumps(engine.random_action(state, rng).to_json())

        async def move(message: dict, obs: dict) -> None:
            nonlocal sent_at
            # the move is worked out in a thread while the seat "thinks": the loop stays free to time others
            thinking = asyncio.get_running_loop().run_in_executor(None, choose, obs)
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = await thinking
            sent_at = time.perf_counter()
            await ws.send('{"type":"action","action":' + action + ',"n":' + str(message["n"]) + "}")

        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            kind = message.get("type")
            if kind == P.ERROR:
                counts["errors"] += 1
                sent_at = None
                continue
            if kind != P.UPDATE:
                continue
            if sent_at is not None:
                if time.monotonic() >= measure_from:
                    rtts.append((time.perf_counter() - sent_at) * 1000)
                    counts["moves"] += 1
                sent_at = None
            obs = next(iter(message["observations"].values()), None)
            if obs is None:
                continue
            if obs["result"] is not None:
                if message["deal"] not in readied and not message.get("over"):
                    readied.add(message["deal"])
                    await ws.send(json.dumps({"type": "ready"}))
                continue
            if obs["turn"] == obs["seat"] and (pending is None or pending.done()):
                pending = asyncio.ensure_future(move(message, obs))
        if pending is not None:
            pending.cancel()


async def clients(port: int, codes: list[str], game: str, think: float, seconds: float, warmup: float) -> dict:
    rtts: list[float] = []
    counts = {"moves": 0, "errors": 0, "failed": 0}
    start = time.monotonic()
    connect_s = 0.002 * len(codes) * 4 + 2.0  # connections are opened a few at a time
    until = start + connect_s + warmup + seconds
    measure_from = start + connect_s + warmup
    tasks = []
    for i, code in enumerate(codes):
        for k in range(4):
            rng = random.Random(i * 4 + k)
            tasks.append(asyncio.ensure_future(seat(port, code, game, think, until, measure_from, rtts, counts, rng)))
            await asyncio.sleep(0.002)
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(outcome, BaseException):
            counts["failed"] += 1
    return {"rtts": rtts, **counts, "cpu_s": time.process_time()}


# --- one run: a server and its clients ----------------------------------------------------------


def pin(cpus: set[int]):
    def apply() -> None:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, cpus)
    return apply


def run(game: str, tables: int, think: float, seconds: float, warmup: float, procs: int) -> dict:
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else [0]
    server_cpu, client_cpus = {cpus[0]}, set(cpus[1:]) or {cpus[0]}
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "game.server", "--game", game, "--seats", "4", "--tables",
                               str(tables), "--bot-delay", "0", "--rate", "1000", "--per-address", "100000",
                               "--address", "127.0.0.1", "--port", "0", "--stats"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env, preexec_fn=pin(server_cpu))
    try:
        first = server.stdout.readline()  # type: ignore[union-attr]
        if not first.startswith("{"):  # the server did not start: say why, not a JSON error
            server.terminate()
            _, err = server.communicate(timeout=20)
            raise RuntimeError(f"the server did not start (exit {server.returncode}): {first}{err[-1500:]}")
        told = json.loads(first)
        time.sleep(0.5)
        idle_mb = rss_mb(server.pid)
        codes = [t["code"] for t in told["tables"]]
        shares = [codes[i::procs] for i in range(procs)]
        workers = [subprocess.Popen([sys.executable, "-m", "game.server.bench", "--client", str(told["port"]),
                                     ",".join(share), "--game", game, "--think", str(think), "--seconds",
                                     str(seconds), "--warmup", str(warmup)], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=env, preexec_fn=pin(client_cpus))
                   for share in shares if share]
        connect_s = 0.002 * tables * 4 / max(1, len(workers)) + 2.0
        time.sleep(connect_s + warmup)
        cpu0, t0 = cpu_seconds(server.pid), time.monotonic()
        time.sleep(seconds)
        busy = (cpu_seconds(server.pid) - cpu0) / (time.monotonic() - t0)
        playing_mb = rss_mb(server.pid)
        outs = []
        for w in workers:
            out, err = w.communicate(timeout=seconds + warmup + 120)
            lines = [x for x in out.splitlines() if x.startswith("{")]
            if not lines:
                raise RuntimeError(f"a client process failed: {err[-1500:]}")
            outs.append(json.loads(lines[-1]))
    finally:
        server.terminate()
        try:
            rest, _ = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            rest = ""
    work = next((json.loads(x) for x in reversed(rest.splitlines()) if x.startswith('{"messages"')), {})
    rtts = [x for o in outs for x in o["rtts"]]
    return {"tables": tables, "clients": tables * 4, "moves_per_s": round(len(rtts) / seconds, 1),
            "rtt_ms_p50": round(percentile(rtts, 0.5), 2), "rtt_ms_p99": round(percentile(rtts, 0.99), 2),
            "rtt_ms_max": round(max(rtts), 2) if rtts else None, "server_core_busy": round(busy, 3),
            "server_work_ms_p50": work.get("work_ms_p50"), "server_work_ms_p99": work.get("work_ms_p99"),
            "server_mb_idle": round(idle_mb, 1), "server_mb_playing": round(playing_mb, 1),
            "kb_per_table": round((playing_mb - idle_mb) * 1024 / tables, 1),
            "errors": sum(o["errors"] for o in outs), "failed_connections": sum(o["failed"] for o in outs),
            "client_cpu_s": round(sum(o["cpu_s"] for o in outs), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="the game the tables play (default: the first game with a table)")
    parser.add_argument("--tables", default="25,50,100,200", help="comma list of table counts")
    parser.add_argument("--think", type=float, default=1.0, help="seconds each seat thinks before a move")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds a run")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--procs", type=int, default=1, help="client processes")
    parser.add_argument("--p99-ms", type=float, default=50.0)
    parser.add_argument("--client", nargs=2, metavar=("PORT", "CODES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.game is None:
        from . import default_game

        args.game = default_game()
    if args.client:
        port, codes = int(args.client[0]), args.client[1].split(",")
        out = asyncio.run(clients(port, codes, args.game, args.think, args.seconds, args.warmup))
        print(json.dumps(out))
        return 0
    runs = []
    for count in (int(x) for x in args.tables.split(",")):
        result = run(args.game, count, args.think, args.seconds, args.warmup, args.procs)
        runs.append(result)
        print(json.dumps(result), file=sys.stderr, flush=True)
    good = [r["tables"] for r in runs if r["rtt_ms_p99"] <= args.p99_ms and not r["failed_connections"]]
    print(json.dumps({"game": args.game, "think_s": args.think, "seconds": args.seconds, "cpus": os.cpu_count(),
                      "tables_per_core": max(good) if good else 0, "p99_ms_bound": args.p99_ms, "runs": runs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
