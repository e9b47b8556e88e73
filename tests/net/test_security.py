"""The host's doors: local network only by default, a hello in time, a rate limit, and an address
guessing codes is slowed down (tests/net/test_door.py: that nobody honest is locked out by it)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import host as H
from game.net import protocol as P

from .helpers import network_table


def hello(table, **more) -> str:
    return json.dumps({"type": "hello", "protocol": P.PROTOCOL, "game": table.name, "code": table.code, **more})


async def closed_with(url: str, messages: list[str], wait: float = 3.0) -> tuple[int | None, list[dict]]:
    got = []
    async with connect(url) as ws:
        for m in messages:
            await ws.send(m)
        try:
            while True:
                got.append(json.loads(await asyncio.wait_for(ws.recv(), wait)))
        except ConnectionClosed as exc:
            return (exc.rcvd.code if exc.rcvd else None), got
        except TimeoutError:
            return None, got


@pytest.mark.parametrize("address, local", [("127.0.0.1", True), ("::1", True), ("192.168.1.7", True),
                                            ("10.0.0.2", True), ("172.16.5.4", True), ("fe80::1%eth0", True),
                                            ("::ffff:192.168.0.3", True), ("8.8.8.8", False),
                                            ("2606:4700:4700::1111", False), ("100.64.0.1", False),
                                            ("not an address", False)])
def test_only_the_local_network_is_let_in_by_default(address, local):
    assert H.local_address(address) is local


def test_a_table_needs_the_right_protocol_game_and_code(hosts):
    host = hosts()
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"
    for message, code in ((hello(table, protocol=99), P.WRONG_PROTOCOL), (hello(table, game="indian13"), P.WRONG_GAME),
                          (hello(table, code="ZZZZZZ"), P.BAD_CODE), ('{"type": "ready"}', P.NO_HELLO)):
        close, got = asyncio.run(closed_with(url, [message]))
        assert close == 1008 and got[-1]["code"] == code


def test_a_silent_connection_is_closed(hosts, monkeypatch):
    monkeypatch.setattr(P, "HELLO_TIMEOUT_S", 0.3)
    host = hosts()
    close, got = asyncio.run(closed_with(f"ws://127.0.0.1:{host.port}/", []))
    assert close == 1008 and got[-1]["code"] == P.NO_HELLO


def test_too_many_messages_close_that_client_only(hosts):
    host = hosts()
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"

    async def both():
        async with connect(url) as calm:
            await calm.send(hello(table))
            flood = asyncio.ensure_future(closed_with(url, [hello(table)] + ['{"type": "ready"}'] * 100))
            close, got = await flood
            await calm.send('{"type": "ready"}')  # the calm client is still heard
            answers = []
            while not answers or answers[-1]["type"] != "error":
                answers.append(json.loads(await asyncio.wait_for(calm.recv(), 3)))
            return close, got, answers[-1]

    close, got, calm_answer = asyncio.run(both())
    assert close == 1008 and got[-1]["code"] == P.RATE
    assert calm_answer["code"] == P.NOT_NOW


def test_an_address_guessing_codes_is_slowed_down(hosts, monkeypatch):
    monkeypatch.setattr(H, "FREE_FAILURES", 3)
    host = hosts(delay_step=0.3, max_delay=0.6)
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"

    def guess(message: str) -> tuple[float, int | None, list[dict]]:
        began = time.monotonic()
        close, got = asyncio.run(closed_with(url, [message]))
        return time.monotonic() - began, close, got

    def delay() -> float:
        return host.call(host.delay, "127.0.0.1").result(5)

    for _ in range(3):  # a few typos are answered at once
        assert delay() == 0
        _, close, got = guess(hello(table, code=P.new_code()))
        assert close == 1008 and got[-1]["code"] == P.BAD_CODE
    assert delay() == pytest.approx(0.3)
    seconds, close, got = guess(hello(table, code=P.new_code()))  # past them, each answer waits, longer and longer
    assert close == 1008 and got[-1]["code"] == P.BAD_CODE and seconds >= 0.3
    assert delay() == pytest.approx(0.6)
    seconds, close, got = guess(hello(table, code=P.new_code(), tokens=[P.new_token()]))  # a made-up token: a guess
    assert close == 1008 and got[-1]["code"] == P.BAD_CODE and seconds >= 0.6
    assert delay() == pytest.approx(0.6)  # no longer than max_delay

    async def join() -> tuple[float, dict]:
        began = time.monotonic()
        async with connect(url) as ws:
            await ws.send(hello(table, name="Ann"))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
            return time.monotonic() - began, answer

    seconds, answer = asyncio.run(join())  # the right code waits as long (its timing tells nothing), then gets in
    assert answer["type"] == P.WELCOME and seconds >= 0.6


def test_a_client_that_does_not_read_is_dropped():
    link = H.Link.__new__(H.Link)
    link.queue, link.closing = asyncio.Queue(), False
    for _ in range(H.MAX_QUEUED + 5):
        link.put({"type": "update"})
    assert link.closing and link.queue.qsize() == H.MAX_QUEUED + 1  # the queue, then the close
