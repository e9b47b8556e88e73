"""The host: network tables served over WebSocket on an asyncio event loop of their own thread.

:class:`Host` listens on one address and port and serves any number of :class:`~game.net.table.Table`
(each found by its code).  Everything a table does happens on the host's loop; a bot's move (or a
stand-in's) is worked out in a worker thread and played back on the loop, so no connection ever
waits for a bot, and the app's window (another thread) never waits for the host.

Security, per connection: only addresses of the local network (loopback, private, link-local)
unless ``public``; at most ``per_address`` connections from one source (an IPv4 address, an IPv6
/64), counted from the moment the TCP connection is accepted, so connections that never finish
their handshakes count too, and those are closed after ``open_timeout``; TLS (``wss://``) when
given an ``ssl`` context; a hello within :data:`~game.net.protocol.HELLO_TIMEOUT_S`; the size,
depth and rate limits of :mod:`game.net.protocol`; a client that sends something malformed is
closed with the reason (close code 1008) and nobody else notices; a client that does not read
what it is sent is dropped.

Guessing codes: nobody is ever locked out, since a guesser behind a shared router would lock out
every honest player there.  A hello with the right code and seat tokens of that table (128 random
bits each: nobody guesses one) goes straight in.  Any other hello from a source that sent
:data:`FREE_FAILURES` wrong codes or tokens in the last :data:`FAILURE_WINDOW_S` is answered only
after a wait (``delay_step``, doubling with each further failure up to ``max_delay``), the right
code's as a wrong one's, so an answer's timing tells a guesser nothing.  Each guess holds one of
the source's ``per_address`` connections while it waits, so a source is answered at most
``per_address / max_delay`` guesses a second: with the defaults (24, 10 s) 2.4 a second, 207,360 a
day (plus, after an hour without failures, some 30 answered sooner), 1 in 5,178 of
the 2**30 codes of :func:`~game.net.protocol.new_code`.  An honest player there gets in after at
most ``max_delay``, within the client's wait for a welcome (the honest wait is the guesser's
connections over the rate answered, so a shorter wait means a higher rate).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import ipaddress
import logging
import ssl
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from . import protocol as P
from .table import Table

log = logging.getLogger(__name__)

TICK_S = 0.2  # how often the tables' clocks are looked at
MAX_PER_ADDRESS = 24  # connections from one source (IPv4 address, IPv6 /64) at once, open or opening
OPEN_TIMEOUT_S = 10.0  # a connection's TLS and WebSocket handshakes each end within this, or it is closed
FREE_FAILURES = 5  # wrong codes or tokens a source may send in the window before its hellos wait
FAILURE_WINDOW_S = 3600.0  # how long a wrong code or token is remembered
DELAY_STEP_S = 0.5  # the first wait; it doubles with each further failure ...
MAX_DELAY_S = 10.0  # ... up to this, well within the client's wait for a welcome (15 s)
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


def source_of(host: str) -> str:
    """What ``host`` (an IP address) is counted as: itself for IPv4, its /64 for IPv6 (one subscriber
    commonly holds a whole /64, so counting single IPv6 addresses would count nothing)."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


_TOO_MANY = b"Too many connections from your address.\n"
_REFUSED = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(_TOO_MANY), _TOO_MANY))


class Door(ServerConnection):
    """A connection from the moment its TCP connection is accepted (websockets' ``create_connection``;
    ``process_request`` comes only after the handshake): counted against its source's cap, closed at
    once past it, and its TLS handshake (with an ``ssl`` context) done here, so that connections
    still in their TLS handshake are counted too."""

    def __init__(self, host: Host, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host = host
        self.client = ""  # the client's address (behind a proxy, the one the proxy forwards)
        self.source: str | None = None  # what it is counted against, while it is
        self.made = False  # handed to websockets (after TLS, if any)
        self._early: list[bytes] = []  # what came with the end of the TLS handshake, before it was handed over
        self._tls: asyncio.Future | None = None
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        host = self.host
        peer = transport.get_extra_info("peername")
        self.client = str(peer[0]) if peer else ""
        if not (host.proxy and _loopback(self.client)):  # a proxy's connections are counted by their client's address
            if not host.count(self, source_of(self.client)):
                if host.ssl is None:
                    transport.write(_REFUSED)  # type: ignore[attr-defined]
                transport.close()
                return
        host.opening.add(self)
        if host.ssl is None:
            self._hand_over(transport)
        else:
            self._tls = asyncio.ensure_future(self._start_tls(transport))

    async def _start_tls(self, transport: asyncio.BaseTransport) -> None:
        try:
            tls = await self.loop.start_tls(transport, self, self.host.ssl,  # type: ignore[arg-type]
                                            server_side=True, ssl_handshake_timeout=self.host.open_timeout)
        except BaseException as exc:  # a failed or timed-out TLS handshake; or the host stopping
            transport.abort()  # type: ignore[attr-defined]
            self._uncount()
            if isinstance(exc, asyncio.CancelledError):
                raise
            return
        if self.lost or tls is None or tls.is_closing():
            self._uncount()  # lost as the handshake ended
            return
        self._hand_over(tls)

    def _hand_over(self, transport: asyncio.BaseTransport) -> None:
        self.made = True
        super().connection_made(transport)  # websockets' own: its handshake, within the open timeout
        for data in self._early:
            super().data_received(data)
        self._early.clear()

    def data_received(self, data: bytes) -> None:
        if self.made:
            super().data_received(data)
        else:
            self._early.append(data)

    def eof_received(self) -> bool | None:
        return super().eof_received() if self.made else None

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self._uncount()
        if self.made:
            super().connection_lost(exc)

    def abort(self) -> None:
        """Close a connection still opening (the host is stopping)."""
        if self._tls is not None and not self._tls.done():
            self._tls.cancel()
        elif self.made:
            self.transport.abort()

    def _uncount(self) -> None:
        self.host.opening.discard(self)
        self.host.uncount(self)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


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

    ``tap(link, text)`` sees every message sent (tests record what a seat receives).  ``ssl``: serve
    ``wss://`` with this server context.  ``proxy``: connections from loopback are a reverse proxy's,
    and the client's address is the last one of their ``X-Forwarded-For``.  ``delay_step`` and
    ``max_delay``: the waits of a source guessing codes (the module's docstring)."""

    def __init__(self, address: str = "0.0.0.0", port: int = 0, *, public: bool = False,
                 workers: int = 4, tap: Callable[[Link, str], None] | None = None,
                 rate: float = P.MAX_CLIENT_RATE, burst: int = P.MAX_CLIENT_BURST,
                 per_address: int = MAX_PER_ADDRESS, ssl: ssl.SSLContext | None = None, proxy: bool = False,
                 open_timeout: float = OPEN_TIMEOUT_S, delay_step: float = DELAY_STEP_S,
                 max_delay: float = MAX_DELAY_S) -> None:
        self.address = address
        self.per_address = per_address
        self.ssl = ssl
        self.proxy = proxy
        self.open_timeout = open_timeout
        self.delay_step, self.max_delay = delay_step, max_delay
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
        self._per_address: dict[str, int] = defaultdict(int)  # connections of each source, open or opening
        self._failures: dict[str, deque[float]] = {}  # when each source sent its recent wrong codes and tokens
        self.opening: set[Door] = set()  # connections whose TLS or WebSocket handshake is not done
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
                         open_timeout=self.open_timeout, process_request=self._admit,
                         create_connection=functools.partial(Door, self)) as server:  # type: ignore[arg-type]
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
            for door in list(self.opening):  # half-open connections would hold the close up
                door.abort()
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

    def count(self, door: Door, source: str) -> bool:
        """Count ``door`` against ``source``; ``False`` (not counted) when the source is at its cap."""
        if self._per_address.get(source, 0) >= self.per_address:
            return False
        self._per_address[source] += 1
        door.source = source
        return True

    def uncount(self, door: Door) -> None:
        source, door.source = door.source, None
        if source is not None:
            self._per_address[source] -= 1
            if self._per_address[source] <= 0:
                del self._per_address[source]

    def _admit(self, connection: ServerConnection, request: Any) -> Any:
        door = connection if isinstance(connection, Door) else None
        address = door.client if door is not None else (connection.remote_address or ("",))[0]
        if door is not None and self.proxy and _loopback(address):
            forwarded = [a.strip() for a in (request.headers.get("X-Forwarded-For") or "").split(",")]
            if not forwarded[-1]:
                return connection.respond(HTTPStatus.BAD_REQUEST, "The proxy did not say whose connection this is.\n")
            address = door.client = forwarded[-1].removeprefix("[").split("]")[0]  # the address the proxy saw
            if door.source is None and not self.count(door, source_of(address)):
                return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, _TOO_MANY.decode())
        if not self.public and not local_address(address):
            return connection.respond(HTTPStatus.FORBIDDEN, "This table takes players of the local network only.\n")
        return None

    def delay(self, source: str) -> float:
        """How long a hello from ``source`` that is no seat's rejoin waits before it is answered."""
        failures = self._failures.get(source)
        now = time.monotonic()
        while failures and now - failures[0] > FAILURE_WINDOW_S:
            failures.popleft()
        if not failures:
            self._failures.pop(source, None)
            return 0.0
        over = len(failures) - FREE_FAILURES
        return 0.0 if over < 0 else min(self.max_delay, self.delay_step * 2.0 ** min(over, 40))

    def _send(self, link: Link, message: dict) -> None:
        link.put(message)

    def _refuse(self, link: Link, code: str, reason: str, failed: bool = False) -> None:
        if failed:
            # a source's memory stays small: past FREE_FAILURES + 64 failures the wait is long saturated
            failures = self._failures.setdefault(source_of(link.address), deque(maxlen=FREE_FAILURES + 64))
            failures.append(time.monotonic())
        link.put(P.error(code, reason))
        link.close(1008, f"{code}: {reason}")

    async def _serve(self, ws: ServerConnection) -> None:
        address = ws.client if isinstance(ws, Door) else (ws.remote_address or ("",))[0]
        link = Link(ws, address)
        link.rate = P.RateLimit(time.monotonic(), self.rate, self.burst)
        self.links.add(link)
        self.opening.discard(ws)  # type: ignore[arg-type]  (open: the server's close closes it)
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
        if not self._rejoin(hello):  # a guess, or a newcomer with the right code: the same wait
            wait = self.delay(source_of(link.address))
            if wait > 0:
                await asyncio.sleep(wait)
                if link.ws.state is not State.OPEN:  # gone while it waited: no seat taken, nothing told
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

    def _rejoin(self, hello: dict) -> bool:
        """Whether ``hello`` holds the right code and only tokens of that table's seats (128 random
        bits each: nobody guesses one), so it goes in without waiting."""
        table = self.tables.get(P.normal_code(hello["code"]) or "")
        tokens = hello.get("tokens") or []
        if table is None or table.closed or not tokens:
            return False
        held = set(table.tokens())
        return all(token in held for token in tokens)

    # --- the tables' own moves ------------------------------------------------------------------

    async def _ticker(self) -> None:
        swept = time.monotonic()
        while True:
            await asyncio.sleep(TICK_S)
            now = time.monotonic()
            if now - swept > 60:  # forget the sources whose failures are all old
                swept = now
                for source in [s for s, f in self._failures.items() if not f or now - f[-1] > FAILURE_WINDOW_S]:
                    del self._failures[source]
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
