"""A client of a network table: one connection on an asyncio loop of its own thread, and a queue
the app reads once a frame (:meth:`Client.poll`), so the window never waits for the network.

The client says hello with the table's code (and its seat tokens, when it has some), then puts
every message of the host in its inbox, each read first by :class:`game.net.reading.HostReader`
(the host is trusted no more than it trusts a client): a host that sends something this app cannot
read is left at once, for good.  A connection that drops is made again with the tokens the host
gave (the same seats) for a while; the host saying the table closed, or refusing the hello, ends
it.  Besides the host's messages the inbox holds the client's own news, ``{"type": "link",
"state": ...}``: ``connected``, ``retrying`` or ``ended`` (with a ``message`` for a person); the
inbox always ends with ``ended``, even when the client's thread fails.

An address may name the scheme: ``wss://host:port`` connects with TLS (the system's certificate
authorities, or the ``ssl`` context given), ``ws://`` or none without.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import ssl
import threading
from collections.abc import Callable, Sequence

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from . import protocol as P
from .reading import HostReader, Unreadable

log = logging.getLogger(__name__)

LINK, CONNECTED, RETRYING, ENDED = P.LINK, P.CONNECTED, P.RETRYING, P.ENDED
RETRY_FOR_S = 120.0  # how long a dropped connection is tried again
WELCOME_TIMEOUT_S = 15.0  # a host that has not welcomed the hello by then is not answering
_FINAL = {P.BAD_CODE, P.BAD_TOKEN, P.WRONG_GAME, P.WRONG_PROTOCOL, P.TABLE_FULL, P.HOST_CLOSED, P.REPLACED}
UNREADABLE = "The host sent something this app cannot read; you left the table."
# what WebSocket itself closes with on a host's frame: broken framing, text that is not UTF-8, over MAX_HOST_MESSAGE
_UNREADABLE_FRAMES = (1002, 1007, 1009)
FAILED = "The connection to the host failed; you left the table."
SECURE, PLAIN = "wss://", "ws://"
TLS_PORT = 443  # a wss:// address without a port (a server behind a TLS proxy)


def secure_address(text: str) -> bool:
    """Whether an address as typed asks for TLS (``wss://...``)."""
    return text.strip().lower().startswith(SECURE)


def split_address(text: str, default_port: int) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` or ``v6`` as a person types it, with ``ws://`` or
    ``wss://`` before it (:func:`secure_address`; a ``wss://`` address without a port is on 443) and
    a ``/`` after it or not; raises ``ValueError``."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address")
    lower = text.lower()
    for scheme, scheme_port in ((SECURE, TLS_PORT), (PLAIN, default_port)):
        if lower.startswith(scheme):
            text, default_port = text[len(scheme):].removesuffix("/"), scheme_port
            break
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":") or str(default_port)
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, str(default_port)
    if not host or "/" in host or any(ch.isspace() for ch in host) or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text[:40]!r} is no address (try 192.168.1.20:{default_port})")
    return host, int(port)


def url(host: str, port: int, secure: bool = False) -> str:
    scheme = SECURE if secure else PLAIN
    return f"{scheme}[{host}]:{port}/" if ":" in host else f"{scheme}{host}:{port}/"


class Client:
    """One connection to a table: ``Client(host, port, game, code, name, tokens).start()``.

    ``secure``: connect with TLS (``wss://``), checking the host's certificate with the system's
    authorities, or with the ``ssl`` context given (which implies ``secure``)."""

    def __init__(self, host: str, port: int, game: str, code: str, name: str = "", tokens: Sequence[str] = (),
                 *, wake: Callable[[], None] | None = None, retry_for_s: float = RETRY_FOR_S,
                 secure: bool = False, ssl: ssl.SSLContext | None = None) -> None:
        self.host, self.port, self.game, self.code, self.name = host, port, game, code, name
        self.tokens = list(tokens)
        self.wake = wake
        self.retry_for_s = retry_for_s
        self.secure = secure or ssl is not None
        self.ssl = ssl
        self.inbox: queue.Queue = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ws: ClientConnection | None = None
        self.seats: list[int] = []
        self.ended = False
        self.received = 0  # bytes received
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()

    def start(self) -> Client:
        self._thread = threading.Thread(target=self._run, name="vazhushal-client", daemon=True)
        self._thread.start()
        self._started.wait(5)
        return self

    # --- from the app's thread -------------------------------------------------------------

    def poll(self) -> list[dict]:
        """Every message that arrived since the last call, oldest first."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, message: dict) -> None:
        """Send a message (from any thread); dropped when not connected (the host's next update says
        where the table stands)."""
        loop, ws = self.loop, self.ws
        if loop is None or ws is None or self.ended:
            return
        text = P.write(message)

        async def send() -> None:
            try:
                await ws.send(text)
            except ConnectionClosed:
                pass

        try:
            asyncio.run_coroutine_threadsafe(send(), loop)
        except RuntimeError:  # the loop just ended
            pass

    def close(self, timeout: float = 3.0) -> None:
        """Leave the table (the seat keeps its token; the host's stand-in plays it after the grace)."""
        self.ended = True
        if self.loop is not None and self._stop is not None:
            try:
                self.loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    # --- the connection's own thread ------------------------------------------------------

    def _put(self, message: dict) -> None:
        self.inbox.put(message)
        if self.wake is not None:
            try:
                self.wake()
            except Exception:  # noqa: BLE001  (waking the window is a nicety)
                pass

    def _news(self, state: str, message: str = "") -> None:
        self._put({"type": LINK, "state": state, "message": message})

    def _run(self) -> None:
        """The thread: whatever happens to it, the inbox ends with ``ended`` (no screen waits for ever)."""
        try:
            asyncio.run(self._main())
        except BaseException:  # noqa: BLE001  (a fault of ours: logged, and the player told)
            log.exception("the connection's thread failed")
        finally:
            self._started.set()
            if not self.ended:
                self._end(FAILED)

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._started.set()
        stopper = asyncio.ensure_future(self._stop.wait())
        delay, lost_at = 0.25, None
        while True:
            session = asyncio.ensure_future(self._session())
            done, _ = await asyncio.wait({session, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                session.cancel()
                ws = self.ws
                if ws is not None:
                    await ws.close()
                break
            final, why, connected = session.result()
            if final:
                self._end(why)
                break
            now = self.loop.time()
            if connected or lost_at is None:
                lost_at, delay = now, 0.25
            if not self.tokens or now - lost_at > self.retry_for_s:
                self._end(why or "The connection to the host was lost.")
                break
            self._news(RETRYING, why or "Connection lost: trying again…")
            try:
                await asyncio.wait_for(asyncio.shield(stopper), delay)
                break  # left the table while waiting
            except TimeoutError:
                delay = min(5.0, delay * 2)
        stopper.cancel()
        self.ended = True

    def _end(self, why: str) -> None:
        self.ended = True
        self._news(ENDED, why)

    async def _session(self) -> tuple[bool, str, bool]:
        """One connection: (whether it may not be tried again, why it ended, whether it was welcomed)."""
        welcomed = False
        reader = HostReader(self.game, self.code)
        tls = (self.ssl or ssl.create_default_context()) if self.secure else None
        try:
            async with connect(url(self.host, self.port, self.secure), ssl=tls, max_size=P.MAX_HOST_MESSAGE,
                               open_timeout=8, close_timeout=2, compression=None, ping_interval=20,
                               ping_timeout=20) as ws:
                self.ws = ws
                hello = {"type": P.HELLO, "protocol": P.PROTOCOL, "game": self.game, "code": self.code}
                if self.tokens:
                    hello["tokens"] = self.tokens
                elif self.name:
                    hello["name"] = self.name[:P.MAX_NAME]
                await ws.send(P.write(hello))
                while True:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), None if welcomed else WELCOME_TIMEOUT_S)
                    except TimeoutError:
                        await ws.close(1000, "no welcome")
                        return False, "The host did not answer.", welcomed
                    self.received += len(raw)
                    try:
                        message = reader.read(raw)
                    except Unreadable as exc:
                        log.warning("left a host that sent something unreadable: %s", exc)
                        await ws.close(1008, f"{P.BAD_MESSAGE}: {str(exc)[:80]}")
                        return True, UNREADABLE, welcomed
                    kind = message["type"]
                    if kind == P.WELCOME:
                        self.tokens = list(message["tokens"])
                        self.seats = list(message["seats"])
                        welcomed = True
                        self._news(CONNECTED)
                    self._put(message)
                    if kind == P.CLOSED:
                        return True, message["message"][:200] or "The host closed the table.", welcomed
                    if kind == P.ERROR and message["code"] in _FINAL:
                        return True, message["message"][:200] or "The host refused.", welcomed
        except ConnectionClosed as exc:  # the host closed it: for a reason (final) or it went away (try again)
            if exc.rcvd is None and exc.sent is not None and exc.sent.code in _UNREADABLE_FRAMES:
                log.warning("left a host that sent an unreadable frame (%d: %s)", exc.sent.code, exc.sent.reason[:80])
                return True, UNREADABLE, welcomed
            code = exc.rcvd.code if exc.rcvd is not None else None
            reason = exc.rcvd.reason if exc.rcvd is not None else ""
            final = code == 1008 or reason.split(":")[0] in _FINAL
            if code in (1000, 1001) and not reason:
                return final, "The host ended the connection.", welcomed
            return final, reason or "The connection to the host was lost.", welcomed
        except (InvalidStatus, InvalidURI) as exc:
            return True, f"The host refused the connection ({str(exc)[:80]}).", welcomed
        except ssl.SSLCertVerificationError as exc:
            return True, f"The host's certificate could not be trusted ({exc.verify_message or exc.reason}).", welcomed
        except ssl.SSLError as exc:
            return True, f"A secure connection (wss://) to the host failed ({exc.reason or type(exc).__name__}).", \
                welcomed
        except (TimeoutError, OSError, InvalidHandshake) as exc:
            return False, f"Could not reach the host ({type(exc).__name__}).", welcomed
        finally:
            self.ws = None
