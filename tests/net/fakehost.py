"""A host that says whatever a test tells it to, for the client's tests: a WebSocket server on
127.0.0.1 (any free port) on an asyncio loop of its own thread, optionally over TLS.

Each connection's hello is recorded; the connection is then sent the next *script* queued
(:meth:`FakeHost.script`): text frames (``str``), binary frames (``bytes``), :class:`Close` (a
close frame with a code and reason), :data:`DROP` (the TCP connection cut without a close frame),
:class:`BadText` (a text frame that is not UTF-8), :class:`Pause`, or a ``threading.Event`` (the host
waits until the test sets it); after its script the connection is kept until the client closes it,
and the client's close code is recorded.  The real messages to start from (and mutate) are made by a real
:class:`~game.net.table.Table` of each game (:func:`real_messages`).
"""

from __future__ import annotations

import asyncio
import json
import queue
import random
import threading
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import protocol as P
from game.net.table import NETWORK, Options, SeatPlan


@dataclass(frozen=True)
class Close:
    code: int = 1000
    reason: str = ""


@dataclass(frozen=True)
class Pause:
    seconds: float


@dataclass(frozen=True)
class BadText:
    """A text frame whose bytes are not UTF-8 (a lone surrogate, say)."""

    data: bytes


DROP = object()  # the connection cut without a close frame


@dataclass
class Seen:
    """One connection as the host saw it."""

    hello: Any = None
    sent: int = 0  # frames sent
    client_close: int | None = None  # the close code the client sent (None: it sent none)
    done: threading.Event = field(default_factory=threading.Event)


class FakeHost:
    def __init__(self, ssl: Any = None) -> None:
        self.ssl = ssl
        self.scripts: queue.Queue = queue.Queue()
        self.seen: list[Seen] = []
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="fake-host", daemon=True)

    def start(self) -> FakeHost:
        self._thread.start()
        assert self._ready.wait(10), "the fake host did not start"
        return self

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def script(self, frames: list) -> None:
        """What the next connection is sent after its hello."""
        self.scripts.put(list(frames))

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(self._serve, "127.0.0.1", 0, ssl=self.ssl, max_size=P.MAX_MESSAGE, compression=None,
                         ping_interval=None, close_timeout=1) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stop.wait()

    async def _serve(self, ws: ServerConnection) -> None:
        seen = Seen()
        self.seen.append(seen)
        try:
            seen.hello = json.loads(await asyncio.wait_for(ws.recv(), 10))
            try:
                frames = self.scripts.get_nowait()
            except queue.Empty:
                await ws.close(1011, "no script")
                return
            for frame in frames:
                if isinstance(frame, Close):
                    await ws.close(frame.code, frame.reason)
                    return
                if frame is DROP:
                    ws.transport.abort()
                    return
                if isinstance(frame, Pause):
                    await asyncio.sleep(frame.seconds)
                    continue
                if isinstance(frame, threading.Event):  # the test says when to go on
                    while not frame.wait(0):
                        await asyncio.sleep(0.002)
                    continue
                if isinstance(frame, BadText):
                    await ws.send(frame.data, text=True)
                    seen.sent += 1
                    continue
                await ws.send(frame)
                seen.sent += 1
            await ws.wait_closed()
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            rcvd = ws.protocol.close_rcvd
            seen.client_close = rcvd.code if rcvd is not None else None
            seen.done.set()


@cache
def real_messages(game: str) -> dict[str, Any]:
    """What a real table of ``game`` sends its seat 0 (as JSON documents): ``welcome``, ``table``
    (started, the turn timer on), ``updates`` (a whole deal of random legal moves by two network
    seats, in order), ``errors`` (refusals of the engine and the table) and ``closed``."""
    from tests.net.helpers import network_table

    sent: list[dict] = []
    table = network_table(game, [SeatPlan("Asha", NETWORK), SeatPlan("Ravi", NETWORK)],
                          options=Options(turn_s=30.0, bank_s=60.0, declare_s=30.0, bot_delay_s=0.0, grace_s=60.0))
    table.send = lambda link, m: sent.append(json.loads(P.write(m))) if link == "a" else None
    table.hello("a", {"game": game, "name": "Asha"})
    table.hello("b", {"game": game, "name": "Ravi"})
    welcome = next(m for m in sent if m["type"] == P.WELCOME)
    table.start()
    started = json.loads(P.write({"type": P.TABLE, **table.info()}))
    engine = table.front.engine
    rng = random.Random(7)
    first: dict | None = None  # seat 0's first move, sent again at the end: stale
    for _ in range(2000):
        state = table.match.state
        if state.result is not None:
            break
        seat = table.match.table_seat(state.turn)
        if seat == 1 and first is not None and len(sent) % 5 == 0:  # seat 0 out of turn: the engine's refusal
            table.receive("a", {"type": "action", "action": first})
        if seat == 1 and len(sent) % 7 == 0:  # seat 0 moving for seat 1: the table's refusal
            table.receive("a", {"type": "action", "action": engine.random_action(state, rng).to_json()})
        action = engine.random_action(state, rng).to_json()
        first = first or (action if seat == 0 else None)
        table.receive("a" if seat == 0 else "b", {"type": "action", "action": action})
    table.receive("a", {"type": "action", "action": first, "n": 0})
    table.close("The host closed the table.")
    return {"welcome": welcome, "table": started, "updates": [m for m in sent if m["type"] == P.UPDATE],
            "errors": [m for m in sent if m["type"] == P.ERROR],
            "closed": next(m for m in sent if m["type"] == P.CLOSED)}
