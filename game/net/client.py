"""A client of a network table: one connection on an asyncio loop of its own thread, and a queue
the app reads once a frame (:meth:`Client.poll`), so the window never waits for the network.

The client says hello with the table's code (and its seat tokens, when it has some), then puts
every message of the host in its inbox.  A connection that drops is made again with the tokens the
host gave (the same seats) for a while; the host saying the table closed, or refusing the hello,
ends it.  Besides the host's messages the inbox holds the client's own news, ``{"type": "link",
"state": ...}``: ``connected``, ``retrying`` or ``ended`` (with a ``message`` for a person).
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
from collections.abc import Callable, Sequence

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from . import protocol as P

log = logging.getLogger(__name__)

LINK, CONNECTED, RETRYING, ENDED = P.LINK, P.CONNECTED, P.RETRYING, P.ENDED
RETRY_FOR_S = 120.0  # how long a dropped connection is tried again
_FINAL = {P.BAD_CODE, P.BAD_TOKEN, P.WRONG_GAME, P.WRONG_PROTOCOL, P.TABLE_FULL, P.HOST_CLOSED, P.REPLACED}


def split_address(text: str, default_port: int) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` or ``v6`` as a person types it; raises ``ValueError``."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":") or str(default_port)
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, str(default_port)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text[:40]!r} is no address (try 192.168.1.20:{default_port})")
    return host, int(port)


def url(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"


class Client:
    """One connection to a table: ``Client(host, port, game, code, name, tokens).start()``."""

    def __init__(self, host: str, port: int, game: str, code: str, name: str = "", tokens: Sequence[str] = (),
                 *, wake: Callable[[], None] | None = None, retry_for_s: float = RETRY_FOR_S) -> None:
        self.host, self.port, self.game, self.code, self.name = host, port, game, code, name
        self.tokens = list(tokens)
        self.wake = wake
        self.retry_for_s = retry_for_s
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
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="vazhushal-client", daemon=True)
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
        try:
            async with connect(url(self.host, self.port), max_size=P.MAX_HOST_MESSAGE, open_timeout=8,
                               close_timeout=2, compression=None, ping_interval=20, ping_timeout=20) as ws:
                self.ws = ws
                hello = {"type": P.HELLO, "protocol": P.PROTOCOL, "game": self.game, "code": self.code}
                if self.tokens:
                    hello["tokens"] = self.tokens
                elif self.name:
                    hello["name"] = self.name[:P.MAX_NAME]
                await ws.send(P.write(hello))
                async for raw in ws:
                    self.received += len(raw)
                    try:
                        message = json.loads(raw)
                    except (ValueError, RecursionError):
                        return True, "The host sent something that is not a message.", welcomed
                    if not isinstance(message, dict):
                        return True, "The host sent something that is not a message.", welcomed
                    kind = message.get("type")
                    if kind == P.WELCOME:
                        tokens = message.get("tokens")
                        if isinstance(tokens, list) and all(P.is_token(t) for t in tokens):
                            self.tokens = tokens
                        self.seats = [s for s in message.get("seats", []) if type(s) is int]
                        welcomed = True
                        self._news(CONNECTED)
                    self._put(message)
                    if kind == P.CLOSED:
                        return True, str(message.get("message", "The host closed the table."))[:200], welcomed
                    if kind == P.ERROR and message.get("code") in _FINAL:
                        return True, str(message.get("message", "The host refused."))[:200], welcomed
                code = ws.close_code
                reason = ws.close_reason or ""
                final = code == 1008 or reason.split(":")[0] in _FINAL
                return final, reason or "The host ended the connection.", welcomed
        except ConnectionClosed as exc:  # the host closed it: for a reason (final) or it went away (try again)
            code = exc.rcvd.code if exc.rcvd is not None else None
            reason = exc.rcvd.reason if exc.rcvd is not None else ""
            final = code == 1008 or reason.split(":")[0] in _FINAL
            return final, reason or "The connection to the host was lost.", welcomed
        except (InvalidStatus, InvalidURI) as exc:
            return True, f"The host refused the connection ({str(exc)[:80]}).", welcomed
        except (TimeoutError, OSError, InvalidHandshake) as exc:
            return False, f"Could not reach the host ({type(exc).__name__}).", welcomed
        finally:
            self.ws = None
