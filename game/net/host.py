"""The host: network tables served over WebSocket on an asyncio event loop of their own thread.

:class:`Host` listens on one address and port and serves any number of :class:`~game.net.table.Table`
(each found by its code).  Everything a table does happens on the host's loop; a bot's move (or a
stand-in's) is worked out in a worker thread and played back on the loop, so no connection ever
waits for a bot, and the app's window (another thread) never waits for the host.

Security, per connection: only addresses of the local network (loopback, private, link-local)
unless ``public``; a hello within :data:`~game.net.protocol.HELLO_TIMEOUT_S`; the size, depth and
rate limits of :mod:`game.net.protocol`; a client that sends something malformed is closed with
the reason (close code 1008) and nobody else notices; an address that keeps guessing codes is
refused for a while; a client that does not read what it is sent is dropped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import ipaddress
import logging
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from . import protocol as P
from .table import Table

log = logging.getLogger(__name__)

TICK_S = 0.2  # how often the tables' clocks are looked at
MAX_PER_ADDRESS = 24  # connections from one address at once
MAX_FAILURES = 20  # failed hellos from one address ...
FAILURE_WINDOW_S = 60.0  # ... within this many seconds, and the address is refused for as long
MAX_QUEUED = 256  # messages waiting for a client that does not read: past this it is dropped
_CLOSE = object()


def local_address(host: str) -> bool:
    """Whether ``host`` (an IP address) is on this machine or the local network."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_private or ip.is_link_local


class Link:
    """One client connection: what it is sent waits in a queue its writer empties."""

    def __init__(self, ws: ServerConnection, address: str) -> None:
        self.ws = ws
        self.address = address
        self.queue: asyncio.Queue = asyncio.Queue()
        self.rate = P.RateLimit(time.monotonic())
        self.table: Table | None = None
        self.closing = False
        self.sent = 0  # bytes sent (the benchmark and the privacy test read it)

    def put(self, message: dict | str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close(1008, P.TOO_SLOW)
            return
        self.queue.put_nowait(message if isinstance(message, str) else P.write(message))

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.queue.put_nowait((_CLOSE, code, reason))

    async def write(self, tap: Callable[[Link, str], None] | None) -> None:
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple) and item and item[0] is _CLOSE:
                await self.ws.close(item[1], item[2][:100])
                return
            if tap is not None:
                tap(self, item)
            self.sent += len(item)
            await self.ws.send(item)


class Host:
    """Network tables on ``address``:``port`` (port 0: any free one, :attr:`port` says which).

    ``tap(link, text)`` sees every message sent (tests record what a seat receives)."""

    def __init__(self, address: str = "0.0.0.0", port: int = 0, *, public: bool = False,
                 workers: int = 4, tap: Callable[[Link, str], None] | None = None,
                 rate: float = P.MAX_CLIENT_RATE, burst: int = P.MAX_CLIENT_BURST,
                 per_address: int = MAX_PER_ADDRESS) -> None:
        self.address = address
        self.per_address = per_address
        self.rate, self.burst = rate, burst
        self.port = port
        self.public = public
        self.tap = tap
        self.tables: dict[str, Table] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="table-bot")
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._error: BaseException | None = None
        self._jobs: dict[str, asyncio.Future] = {}
        self._per_address: dict[str, int] = defaultdict(int)
        self._failures: dict[str, deque] = defaultdict(deque)
        self.links: set[Link] = set()
        self.connections = 0
        self.work_s: deque[float] = deque(maxlen=100_000)  # the host's own time on each recent move (seconds)

    # --- life -------------------------------------------------------------------------------

    def start(self) -> Host:
        """Listen (in a thread of its own); returns once the port is open, raising ``OSError`` if it
        cannot be."""
        self._thread = threading.Thread(target=self._run, name="vazhushal-host", daemon=True)
        self._thread.start()
        self._ready.wait(15)
        if self._error is not None:
            raise self._error
        if self.loop is None:
            raise OSError("the host did not start")
        return self

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001  (told to start(); nothing else to do on this thread)
            self._error = exc
            self._ready.set()

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(self._serve, self.address, self.port, max_size=P.MAX_MESSAGE, max_queue=8,
                         compression=None, ping_interval=20, ping_timeout=20, close_timeout=2,
                         process_request=self._admit) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            ticker = asyncio.create_task(self._ticker())
            await self._stop.wait()
            ticker.cancel()
            for table in list(self.tables.values()):
                table.close()
            for link in list(self.links):  # the closing words go out before the connections do
                link.close(1001, f"{P.HOST_CLOSED}: the host closed the table")
            end = time.monotonic() + 2.0
            while any(not link.queue.empty() for link in self.links) and time.monotonic() < end:
                await asyncio.sleep(0.01)
            server.close()
            await server.wait_closed()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every table (each saves and tells its players), then stop listening."""
        if self.loop is not None and self._stop is not None and self._thread is not None and self._thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(timeout)
        self.pool.shutdown(wait=False, cancel_futures=True)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def call(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future:
        """Run ``fn(*args)`` on the host's loop (from any thread); the future holds its result."""
        assert self.loop is not None, "the host is not running"

        async def run() -> Any:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop)

    def add(self, table: Table) -> Table:
        """Serve ``table`` (from any thread): its ``send`` is wired to the connections."""
        def add() -> Table:
            table.send = self._send
            self.tables[table.code] = table
            self._drive(table)
            return table

        return self.call(add).result(10)

    def start_table(self, table: Table) -> None:
        """The host starts (or resumes) the match of ``table`` (from any thread)."""
        def start() -> None:
            table.start()
            self._drive(table)

        self.call(start).result(10)

    # --- connections --------------------------------------------------------------------------

    def _admit(self, connection: ServerConnection, request: Any) -> Any:
        address = connection.remote_address[0] if connection.remote_address else ""
        if not self.public and not local_address(address):
            return connection.respond(HTTPStatus.FORBIDDEN, "This table takes players of the local network only.\n")
        failures = self._failures[address]
        now = time.monotonic()
        while failures and now - failures[0] > FAILURE_WINDOW_S:
            failures.popleft()
        if len(failures) >= MAX_FAILURES:
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many wrong table codes; wait a minute.\n")
        if self._per_address[address] >= self.per_address:
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections from your address.\n")
        return None

    def _send(self, link: Link, message: dict) -> None:
        link.put(message)

    def _refuse(self, link: Link, code: str, reason: str, failed: bool = False) -> None:
        if failed:
            self._failures[link.address].append(time.monotonic())
        link.put(P.error(code, reason))
        link.close(1008, f"{code}: {reason}")

    async def _serve(self, ws: ServerConnection) -> None:
        address = ws.remote_address[0] if ws.remote_address else ""
        link = Link(ws, address)
        link.rate = P.RateLimit(time.monotonic(), self.rate, self.burst)
        self.links.add(link)
        self._per_address[address] += 1
        self.connections += 1
        writer = asyncio.create_task(link.write(self.tap))
        try:
            await self._talk(link)
        except ConnectionClosed:
            pass
        except Exception:  # noqa: BLE001  (one client's trouble never reaches another)
            log.exception("a connection from %s failed", address)
            link.close(1011, "server_error")
        finally:
            table = link.table
            if table is not None:
                table.goodbye(link)
                self._drive(table)
            link.close(1000, "bye")
            try:
                await asyncio.wait_for(writer, 3)
            except (TimeoutError, ConnectionClosed, asyncio.CancelledError):
                writer.cancel()
            except Exception:  # noqa: BLE001
                writer.cancel()
            self.links.discard(link)
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]
            self.connections -= 1

    async def _talk(self, link: Link) -> None:
        try:
            raw = await asyncio.wait_for(link.ws.recv(), P.HELLO_TIMEOUT_S)
        except TimeoutError:
            self._refuse(link, P.NO_HELLO, "say hello first")
            return
        try:
            hello = P.read(raw)
        except P.Malformed as exc:
            self._refuse(link, exc.code, exc.reason)
            return
        if hello["type"] != P.HELLO:
            self._refuse(link, P.NO_HELLO, "the first message is a hello")
            return
        if hello["protocol"] != P.PROTOCOL:
            self._refuse(link, P.WRONG_PROTOCOL,
                         f"The host speaks network protocol {P.PROTOCOL}: use the same version of the app.")
            return
        table = self.tables.get(P.normal_code(hello["code"]) or "")
        if table is None or table.closed:
            self._refuse(link, P.BAD_CODE, "No table here has this code: check it with the host.", failed=True)
            return
        problem = table.hello(link, hello)
        if problem is not None:
            words = _WORDS.get(problem, problem)
            if problem == P.WRONG_GAME:
                words = f"This table plays another game ({table.name}): choose that game and join again."
            self._refuse(link, problem, words, failed=problem == P.BAD_TOKEN)
            return
        link.table = table
        self._drive(table)
        async for raw in link.ws:
            if link.closing:
                return
            if not link.rate.allow(time.monotonic()):
                self._refuse(link, P.RATE, f"at most {self.rate:g} messages a second")
                return
            began = time.perf_counter()
            try:
                table.receive(link, P.read(raw))
            except P.Malformed as exc:
                self._refuse(link, exc.code, exc.reason)
                return
            self._drive(table)
            self.work_s.append(time.perf_counter() - began)  # read, checked, played, every update written

    # --- the tables' own moves ------------------------------------------------------------------

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK_S)
            now = time.monotonic()
            for table in list(self.tables.values()):
                try:
                    table.tick(now)
                    self._drive(table)
                except Exception:  # noqa: BLE001
                    log.exception("table %s: the clock failed", table.code)

    def _drive(self, table: Table) -> None:
        """If the table waits for a bot or a stand-in, start that move (once), at its time."""
        if table.code in self._jobs or self.loop is None:
            return
        move = table.due()
        if move is None:
            return
        self._jobs[table.code] = asyncio.ensure_future(self._play(table, move))

    async def _play(self, table: Table, move: Any) -> None:
        try:
            delay = move.at - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            if table.closed or table.match.state is not move.state:
                return
            action = await self.loop.run_in_executor(self.pool, move.think)  # type: ignore[union-attr]
            table.moved(move, action)
        except Exception:  # noqa: BLE001
            log.exception("table %s: a bot's move failed", table.code)
        finally:
            self._jobs.pop(table.code, None)
            if not table.closed:
                self._drive(table)


_WORDS = {P.WRONG_GAME: "This table plays another game.", P.BAD_TOKEN: "That seat token is no seat's at this table.",
          P.TABLE_FULL: "Every seat of this table is taken.", P.HOST_CLOSED: "The table is closed."}
