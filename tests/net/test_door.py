"""The host's door: guessing codes slows the guesser down but never locks out a player with a seat
token or the right code; the per-address cap counts connections from their TCP connection, and
those that never finish their handshakes are closed; ``wss://`` with a certificate (loopback only)."""

from __future__ import annotations

import asyncio
import json
import selectors
import socket
import ssl
import time

import pytest
import trustme
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.net import host as H
from game.net import protocol as P
from game.net.client import Client

from .helpers import network_table, on_host, wait


def hello(table, **more) -> str:
    return json.dumps({"type": "hello", "protocol": P.PROTOCOL, "game": table.name, "code": table.code, **more})


async def answer(url: str, message: str, **kwargs) -> dict:
    """The host's first answer to ``message`` (a welcome, or the error a refused hello gets)."""
    async with connect(url, open_timeout=5, **kwargs) as ws:
        await ws.send(message)
        return json.loads(await asyncio.wait_for(ws.recv(), 10))


def timed(url: str, message: str) -> tuple[float, dict]:
    began = time.monotonic()
    got = asyncio.run(answer(url, message))
    return time.monotonic() - began, got


def test_a_source_is_an_ipv4_address_or_an_ipv6_64():
    assert H.source_of("203.0.113.9") == "203.0.113.9"
    assert H.source_of("::ffff:203.0.113.9") == "203.0.113.9"
    assert H.source_of("2001:db8:1:2::1") == H.source_of("2001:db8:1:2:ffff:0:0:7") == "2001:db8:1:2::/64"
    assert H.source_of("2001:db8:1:3::1") != H.source_of("2001:db8:1:2::1")


def test_a_guesser_does_not_stop_a_rejoin_or_the_right_code(hosts):
    host = hosts(per_address=40, delay_step=0.01, max_delay=0.05)  # quick guessing; the waits grow below
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"
    welcome = asyncio.run(answer(url, hello(table, name="Ann")))  # Ann takes a seat, then leaves
    assert welcome["type"] == P.WELCOME

    async def guesses() -> list[dict]:
        return await asyncio.gather(*(answer(url, hello(table, code=P.new_code())) for _ in range(25)))

    assert [g["code"] for g in asyncio.run(guesses())] == [P.BAD_CODE] * 25  # from Ann's address too
    assert on_host(host, host.delay, "127.0.0.1") > 0

    def waits(seconds: float) -> None:
        host.delay_step = host.max_delay = seconds

    on_host(host, waits, 1.0)
    seconds, back = timed(url, hello(table, tokens=welcome["tokens"]))  # her token: straight in
    assert back["type"] == P.WELCOME and back["seats"] == welcome["seats"] and seconds < 1.0
    seconds, newcomer = timed(url, hello(table, name="Bob"))  # the right code: in, after the wait
    assert newcomer["type"] == P.WELCOME and newcomer["seats"] != welcome["seats"] and seconds >= 1.0


def test_guessing_from_one_address_stays_within_the_bound(hosts, monkeypatch):
    monkeypatch.setattr(H, "FREE_FAILURES", 0)
    cap, delay, window = 4, 0.1, 0.8
    host = hosts(per_address=cap, delay_step=delay, max_delay=delay)
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"
    answered, refused = [], []

    async def guesser(end: float) -> None:
        while time.monotonic() < end:
            try:
                got = await answer(url, hello(table, code=P.new_code()))
                if time.monotonic() <= end:
                    answered.append(got["code"])
            except (InvalidStatus, ConnectionClosed, OSError, TimeoutError):
                refused.append(1)  # past the cap: closed at the door
                await asyncio.sleep(0.01)

    async def guessers() -> None:
        end = time.monotonic() + window
        await asyncio.gather(*(guesser(end) for _ in range(2 * cap)))

    asyncio.run(guessers())
    bound = cap * (window / delay + 1)  # cap guesses wait at once, each at least `delay` (the first ones not)
    assert 4 <= len(answered) <= bound and set(answered) == {P.BAD_CODE}, (len(answered), bound)
    assert refused  # twice the cap tried: the rest were turned away at the door


def readable(socks: list[socket.socket], timeout: float) -> dict[socket.socket, float]:
    """The sockets the host closed (or answered) within ``timeout``: each with when it was seen."""
    seen: dict[socket.socket, float] = {}
    with selectors.DefaultSelector() as sel:
        for s in socks:
            sel.register(s, selectors.EVENT_READ)
        end = time.monotonic() + timeout
        while len(seen) < len(socks):
            for key, _ in sel.select(max(0.0, end - time.monotonic())):
                seen[key.fileobj] = time.monotonic()  # type: ignore[index]
                sel.unregister(key.fileobj)
            if time.monotonic() >= end:
                break
    return seen


def closed(s: socket.socket) -> bool:
    """Whether the host closed ``s`` (after an HTTP 429 or nothing), within a second."""
    s.settimeout(1.0)
    try:
        data = received = s.recv(4096)
        while data:
            data = s.recv(4096)
            received += data
        assert not received or received.startswith(b"HTTP/1.1 429 Too Many Requests"), received[:40]
        return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


@pytest.mark.parametrize("tls, connections", [(False, 400), (True, 60)])
def test_half_open_connections_are_counted_and_closed(hosts, tls, connections):
    timeout = 1.2
    context = None
    if tls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        trustme.CA().issue_cert("127.0.0.1").configure_cert(context)
    host = hosts(open_timeout=timeout, ssl=context)
    cap = host.per_address
    socks: list[socket.socket] = []
    opened: dict[socket.socket, float] = {}
    try:
        def open_one() -> socket.socket:
            s = socket.create_connection(("127.0.0.1", host.port), timeout=5)
            s.setblocking(False)
            socks.append(s)
            opened[s] = time.monotonic()
            return s

        held = [open_one() for _ in range(cap)]
        one_more = open_one()
        seen = readable([one_more], 1.0)  # the cap+1th is closed at once, long before the open timeout
        assert one_more in seen and seen[one_more] - opened[one_more] < timeout / 2 and closed(one_more)
        for _ in range(0, connections - cap - 1, 50):  # 400 raw TCP connections in all, 50 at a time
            batch = [open_one() for _ in range(min(50, connections - len(socks)))]
            seen = readable(batch, 2.0)
            assert len(seen) == len(batch) and all(closed(s) for s in batch)
        assert len(socks) == connections
        assert not readable(held, 0.05)  # the cap's worth wait ...
        assert on_host(host, lambda: dict(host._per_address)) == {"127.0.0.1": cap}
        seen = readable(held, timeout + 3.0)  # ... until the open timeout closes them
        assert len(seen) == cap and all(closed(s) for s in held)
        assert all(timeout - 0.3 <= seen[s] - opened[s] <= timeout + 3.0 for s in held)
        assert wait(lambda: on_host(host, lambda: dict(host._per_address)) == {}, 5)
    finally:
        for s in socks:
            s.close()


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


def server_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    return context


def client_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return context


def test_a_game_is_joined_and_played_over_wss(hosts, ca):
    host = hosts(ssl=server_context(ca))
    table = network_table("vazhushal", [None, None])
    host.add(table)
    with pytest.raises(ssl.SSLCertVerificationError):  # a client that does not trust the certificate
        asyncio.run(answer(f"wss://127.0.0.1:{host.port}/", hello(table), ssl=ssl.create_default_context()))
    with pytest.raises((InvalidHandshake, ConnectionClosed, OSError, TimeoutError)):  # nor in clear
        asyncio.run(answer(f"ws://127.0.0.1:{host.port}/", hello(table)))
    ann = Client("127.0.0.1", host.port, table.name, table.code, "Ann", ssl=client_context(ca)).start()
    inbox: list[dict] = []
    try:
        assert wait(lambda: inbox.extend(ann.poll()) or any(m.get("type") == P.WELCOME for m in inbox), 10)
        assert ann.seats == [0]

        async def bob() -> tuple[dict, dict]:
            async with connect(f"wss://127.0.0.1:{host.port}/", ssl=client_context(ca), open_timeout=5) as ws:
                await ws.send(hello(table, name="Bob"))
                welcome = json.loads(await asyncio.wait_for(ws.recv(), 5))
                host.start_table(table)  # both seats taken: the deal is played over TLS
                while True:
                    update = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    if update["type"] == P.UPDATE:
                        return welcome, update

        welcome, update = asyncio.run(bob())
        assert welcome["type"] == P.WELCOME and welcome["seats"] == [1]
        assert list(update["observations"]) == ["1"] and update["observations"]["1"]["seat"] == 1
    finally:
        ann.close()


def test_the_server_serves_wss_with_a_certificate(processes, ca, tmp_path):
    cert = ca.issue_cert("127.0.0.1")
    cert.cert_chain_pems[0].write_to_path(str(tmp_path / "cert.pem"))
    cert.private_key_pem.write_to_path(str(tmp_path / "key.pem"))
    proc, info = processes.server("--game", "vazhushal", "--seats", "2", "--cert", str(tmp_path / "cert.pem"),
                                  "--key", str(tmp_path / "key.pem"))
    assert info["scheme"] == "wss"
    code = info["tables"][0]["code"]
    got = asyncio.run(answer(f"wss://127.0.0.1:{info['port']}/",
                             json.dumps({"type": "hello", "protocol": P.PROTOCOL, "game": "vazhushal", "code": code}),
                             ssl=client_context(ca)))
    assert got["type"] == P.WELCOME
    proc.terminate()
    assert proc.wait(10) == 0


def test_behind_a_proxy_the_forwarded_address_counts(hosts, monkeypatch):
    monkeypatch.setattr(H, "FREE_FAILURES", 0)
    host = hosts(proxy=True, per_address=2, delay_step=5.0, max_delay=5.0)
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"

    def via(address: str, **more) -> dict:
        headers = {"X-Forwarded-For": f"10.9.9.9, {address}"}  # the proxy's own address is the last one
        return asyncio.run(answer(url, hello(table, **more), additional_headers=headers))

    with pytest.raises(InvalidStatus) as outside:  # not of the local network, though the proxy is on loopback
        via("8.8.8.8")
    assert outside.value.response.status_code == 403

    async def three_from(address: str) -> list:
        headers = {"X-Forwarded-For": address}
        held = [await connect(url, additional_headers=headers) for _ in range(2)]
        try:
            with pytest.raises(InvalidStatus) as third:
                await connect(url, additional_headers=headers)
            other = await connect(url, additional_headers={"X-Forwarded-For": "192.168.1.6"})
            await other.close()
            return [third.value.response.status_code]
        finally:
            for ws in held:
                await ws.close()

    assert asyncio.run(three_from("192.168.1.5")) == [429]  # the cap is the client's, not the proxy's
    assert via("192.168.1.5", code=P.new_code())["code"] == P.BAD_CODE
    assert on_host(host, host.delay, "192.168.1.5") == 5.0 and on_host(host, host.delay, "192.168.1.6") == 0
    assert via("192.168.1.6", name="Cy")["type"] == P.WELCOME  # another player behind the proxy: not slowed
