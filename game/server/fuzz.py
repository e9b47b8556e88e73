"""Fuzzing a live table: ``python -m game.server.fuzz --messages 5000 [--game GAME] [--seed S]``.

A host on loopback serves one table of three seats: two honest players (bots behind real
connections) and the fuzzer's own seat.  The fuzzer sends malformed, oversized, deeply nested,
out-of-turn, other-seat, stale and replayed messages, and illegal moves; between them it plays its
seat honestly so the match goes on.  It checks, for every message it sends on its own turn (when
nothing else can change the table), that a refused message changed nothing; that the host's
connections never fail with an error of its own; that the honest players are never refused and
never dropped.  Everything stays on 127.0.0.1 and stops after ``--messages`` messages or
``--seconds``.  Prints one JSON report.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import string
import sys
import threading
import time
from collections import Counter

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.core.errors import RulesError
from game.net import protocol as P
from game.net.host import Host
from game.net.table import NETWORK, Options, SeatPlan


class _Errors(logging.Handler):
    """Counts what the host logs as a failure of its own (a crash of a connection's handler)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


async def _answer(ws) -> dict | None:
    """The host's answer to a message: an error, or an update (a move it played); table news skipped."""
    end = time.monotonic() + 2.0
    while time.monotonic() < end:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        except (TimeoutError, ConnectionClosed):
            return None
        if message.get("type") in (P.ERROR, P.UPDATE):
            return message
    return None


def junk(rng: random.Random, kind: str, seat: int, n: int, history: list[dict]) -> str | bytes:
    """One message of ``kind`` for a seat (its deal seat ``seat``) at update ``n``."""
    if kind == "bytes":
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == "text":
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 200)))
    if kind == "truncated":
        whole = json.dumps({"type": "action", "action": {"player": seat, "type": "draw_stock"}, "n": n})
        return whole[:rng.randrange(1, len(whole))]
    if kind == "deep":
        d = rng.randrange(P.MAX_DEPTH + 1, 3000)
        return '{"type": "action", "action": ' + "[" * d + "]" * d + "}"
    if kind == "oversized":
        return json.dumps({"type": "ready", "x": "y" * (P.MAX_MESSAGE + rng.randrange(1, 50_000))})
    if kind == "shape":
        choices = [{"type": "action"}, {"type": "action", "action": []}, {"type": "hello"}, {"type": 7},
                   {"type": "ready", "n": 1}, {"type": "action", "action": {"player": seat, "type": "draw_stock"},
                                               "n": 1.5},
                   {"type": "action", "action": {"player": seat, "type": "discard", "card": "Z" * 100}},
                   {"type": "action", "action": {"player": seat, "type": "discard", "card": "AS"}, "n": -3},
                   {"type": "action", "action": {"player": 2**40, "type": "draw_stock"}}]
        return json.dumps(rng.choice(choices)).replace("1.5", rng.choice(["1.5", "NaN", "1e999"]))
    if kind == "action":  # well-formed, usually illegal: the engine refuses with its code
        card = rng.choice(["AS", "10H", "QD", "7C", "JK", "2S"])
        action = rng.choice([{"player": seat, "type": "discard", "card": card},
                             {"player": seat, "type": "draw_stock"}, {"player": seat, "type": "take_discard"},
                             {"player": seat, "type": "take_line", "index": rng.randrange(-2, 30)},
                             {"player": seat, "type": "drop"}, {"player": seat, "type": "done"},
                             {"player": seat, "type": "declare", "finish": card, "groups": [[card, card, card]]},
                             {"player": seat, "type": "meld", "melds": [[card, "2S", "3S"]]}])
        return json.dumps({"type": "action", "action": action, "n": n})
    if kind == "other_seat":
        return json.dumps({"type": "action", "action": {"player": (seat + 1) % 3, "type": "draw_stock"}, "n": n})
    if kind == "stale":
        return json.dumps({"type": "action", "action": {"player": seat, "type": "draw_stock"},
                           "n": max(0, n - rng.randrange(1, 5))})
    if kind == "replayed" and history:
        return json.dumps({"type": "action", "action": rng.choice(history)})
    return json.dumps({"type": "ready"})


# Rule options that make a match outlast the messages, whichever game's rules take them: a long series
# of deals, or a match no number of wins ends.
LONG = ({"format": "deals", "deals": 500}, {"target_wins": 0})
KINDS = ("bytes", "text", "truncated", "deep", "oversized", "shape", "action", "other_seat", "stale", "replayed",
         "ready")
CLOSING = ("bytes", "text", "truncated", "deep", "oversized", "shape")  # malformed: the client is closed


def run(messages: int = 2000, game: str | None = None, seed: int = 1, seconds: float = 120.0) -> dict:
    """Fuzz one table; the report counts messages, refusals, closes, crashes and changes."""
    from ai.games import GAMES as BOTS
    from game.net.player import Player
    from game.ui.games import GAMES
    from game.ui.lobby.hosting import new_table

    game = game or next(iter(GAMES))
    errors = _Errors()
    logging.getLogger("game.net").addHandler(errors)
    front = GAMES[game]
    host = Host("127.0.0.1", 0, rate=10_000, burst=10_000).start()  # the rate limit is tested on its own
    rules = front.bots.preset(front.bots.engine.default_preset, 3)
    for options in LONG:  # a match that outlasts the messages
        try:
            rules = rules.with_options(options)
        except RulesError:
            continue
        break
    table = new_table(front, [SeatPlan(f"Seat {i + 1}", NETWORK) for i in range(3)], rules,
                      Options(bot_delay_s=0.0, grace_s=3600.0))
    table.on_change = lambda t, why: t.start() if why == "join" and all(s.claimed for s in t.seats) else None
    host.add(table)
    report: Counter = Counter()
    honest: list[dict] = []
    stop = threading.Event()

    def look() -> tuple[int, str, bool, int]:
        def read() -> tuple[int, str, bool, int]:
            m = table.match
            if m is None:
                return table.n, "", False, -1
            return table.n, json.dumps(front.bots.engine.to_json(m.state)), m.match_over, m.state.turn
        return host.call(read).result(10)

    async def honest_player(i: int) -> None:
        player = Player(BOTS[game], "Easy", seed + i)
        refused = dropped = 0
        async with connect(f"ws://127.0.0.1:{host.port}/", max_size=P.MAX_HOST_MESSAGE) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": P.PROTOCOL, "game": game, "code": table.code}))
            try:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 0.2)
                    except TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message.get("type") == P.ERROR:
                        refused += 1
                    for answer in player.read(message):
                        await ws.send(json.dumps(answer))
            except ConnectionClosed:
                dropped += 1
        honest.append({"refused": refused, "dropped": dropped, "moves": player.moves})

    async def fuzzer() -> None:
        rng = random.Random(seed)
        player = Player(BOTS[game], "Easy", seed + 7)
        token: list[str] = []
        sent = 0
        history: list[dict] = []
        end = time.monotonic() + seconds
        latest: dict = {}
        while sent < messages and time.monotonic() < end:
            hello = {"type": "hello", "protocol": P.PROTOCOL, "game": game, "code": table.code}
            if token:
                hello["tokens"] = token
            async with connect(f"ws://127.0.0.1:{host.port}/", max_size=P.MAX_HOST_MESSAGE) as ws:
                await ws.send(json.dumps(hello))
                try:
                    while sent < messages and time.monotonic() < end:
                        try:
                            raw = await asyncio.wait_for(ws.recv(), 0.003)
                            message = json.loads(raw)
                            if message.get("type") == P.WELCOME:
                                token = message["tokens"]
                            if message.get("type") == P.UPDATE:
                                latest = message
                                obs = next(iter(message["observations"].values()), None)
                                if obs:
                                    history = [e for e in obs["history"] if e.get("player") == obs["seat"]]
                            continue
                        except TimeoutError:
                            pass
                        if not latest:
                            continue
                        obs = next(iter(latest["observations"].values()), None)
                        mine = bool(obs) and obs["turn"] == obs["seat"] and obs["result"] is None
                        if mine and rng.random() < 0.15:  # play honestly now and then: the match goes on
                            for move in player.read(latest):
                                await ws.send(json.dumps(move))
                            latest = {}
                            continue
                        if not mine and obs and obs["result"] is not None and not latest.get("over"):
                            await ws.send(json.dumps({"type": "ready"}))
                        kind = rng.choice(KINDS)
                        before = look() if mine else None
                        await ws.send(junk(rng, kind, obs["seat"] if obs else 0, latest.get("n", 0), history))
                        sent += 1
                        report[kind] += 1
                        answer = await _answer(ws)
                        if answer is None:
                            report["no answer"] += 1
                            continue
                        if answer.get("type") == P.UPDATE:  # a replayed move that was legal again: a move
                            report["accepted"] += 1
                            latest = answer
                            continue
                        report[f"refused {answer.get('code')}"] += 1
                        report[f"{kind} -> {answer.get('code')}"] += 1
                        if before is not None:
                            report["own turn checks"] += 1
                            if look()[:2] != before[:2]:
                                report["changed by a refused message"] += 1
                        if kind in CLOSING:  # what was on its way still arrives; then the close
                            until = time.monotonic() + 2.0
                            try:
                                while time.monotonic() < until:
                                    await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic()))
                                report["not closed"] += 1
                            except ConnectionClosed as exc:
                                report[f"closed {exc.rcvd.code if exc.rcvd else None}"] += 1
                                break
                            except TimeoutError:
                                report["not closed"] += 1
                except ConnectionClosed as exc:
                    report[f"closed {exc.rcvd.code if exc.rcvd else None}"] += 1
            if look()[2]:
                break
        report["sent"] = sent

    async def main() -> None:
        async def fuzz_then_stop() -> None:
            try:
                await fuzzer()
            finally:
                stop.set()

        await asyncio.gather(fuzz_then_stop(), honest_player(1), honest_player(2))

    async def bounded() -> None:
        task = asyncio.ensure_future(main())
        try:
            await asyncio.wait_for(task, seconds + 60)
        except TimeoutError:
            report["timed out"] += 1

    asyncio.run(bounded())
    alive = host.running
    host.stop()
    logging.getLogger("game.net").removeHandler(errors)
    return {"game": game, "messages": dict(sorted(report.items())), "honest_players": honest,
            "host_alive": alive, "host_failures": errors.records[:5], "crashes": len(errors.records)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--game", help="the game of the table (default: the first game with a table)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=600.0)
    args = parser.parse_args(argv)
    report = run(args.messages, args.game, args.seed, args.seconds)
    print(json.dumps(report))
    bad = report["crashes"] or not report["host_alive"] or report["messages"].get("changed by a refused message")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
