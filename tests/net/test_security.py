"""The host's doors: local network only by default, a hello in time, a rate limit, and an address
guessing codes is shut out for a while."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

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


def test_an_address_guessing_codes_is_shut_out(hosts, monkeypatch):
    monkeypatch.setattr(H, "MAX_FAILURES", 3)
    host = hosts()
    table = network_table("vazhushal", [None, None])
    host.add(table)
    url = f"ws://127.0.0.1:{host.port}/"
    for _ in range(3):
        close, _ = asyncio.run(closed_with(url, [hello(table, code=P.new_code())]))
        assert close == 1008
    with pytest.raises(InvalidStatus) as refused:
        asyncio.run(closed_with(url, [hello(table)]))
    assert refused.value.response.status_code == 429


def test_a_client_that_does_not_read_is_dropped():
    link = H.Link.__new__(H.Link)
    link.queue, link.closing = asyncio.Queue(), False
    for _ in range(H.MAX_QUEUED + 5):
        link.put({"type": "update"})
    assert link.closing and link.queue.qsize() == H.MAX_QUEUED + 1  # the queue, then the close
