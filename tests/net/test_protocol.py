"""The wire protocol's limits: what a client may send, read before anything else looks at it."""

from __future__ import annotations

import json

import pytest

from game.net import protocol as P


def hello(**more) -> dict:
    return {"type": "hello", "protocol": P.PROTOCOL, "game": "vazhushal", "code": "ABCDEF", **more}


def code_of(raw) -> str:
    with pytest.raises(P.Malformed) as caught:
        P.read(raw)
    return caught.value.code


def test_well_formed_messages_are_read():
    assert P.read(json.dumps(hello(name="Asha", tokens=[P.new_token()])))["name"] == "Asha"
    assert P.read('{"type": "action", "action": {"player": 0, "type": "draw_stock"}, "n": 3}')["n"] == 3
    assert P.read(b'{"type": "ready"}') == {"type": "ready"}


@pytest.mark.parametrize("raw, code", [
    ("not json", P.BAD_JSON),
    ("[1, 2]", P.BAD_JSON),
    (b"\xff\xfe", P.BAD_JSON),
    ('{"type": "ready", "n": NaN}', P.BAD_JSON),
    ('{"type": "shout"}', P.BAD_MESSAGE),
    ('{"type": "ready", "extra": 1}', P.BAD_MESSAGE),
    ('{"type": "action"}', P.BAD_MESSAGE),
    ('{"type": "action", "action": [1]}', P.BAD_MESSAGE),
    ('{"type": "action", "action": {}, "n": -1}', P.BAD_MESSAGE),
    ('{"type": "action", "action": {"x": 1.5}}', P.BAD_MESSAGE),
    ('{"type": "action", "action": {"x": 99999999999}}', P.BAD_MESSAGE),
    (json.dumps(hello(name="x" * (P.MAX_STRING + 1))), P.BAD_MESSAGE),
    (json.dumps(hello(tokens=["short"])), P.BAD_MESSAGE),
    (json.dumps(hello(protocol="1")), P.BAD_MESSAGE),
    (json.dumps({"type": "action", "action": {"groups": [["AS"]] * (P.MAX_ITEMS + 1)}}), P.BAD_MESSAGE),
    ('{"type": "action", "action": ' + "[" * 50 + "]" * 50 + "}", P.TOO_DEEP),
    ('{"type": "action", "action": ' + "[" * 100_000 + "]" * 100_000 + "}", P.TOO_BIG),
    ("[" * 5000 + "]" * 5000, P.TOO_DEEP),
    (" " * (P.MAX_MESSAGE + 1), P.TOO_BIG),
])
def test_malformed_messages_are_refused_with_a_reason(raw, code):
    assert code_of(raw) == code


def test_the_depth_scanner_skips_strings():
    assert P.depth('{"a": "[[[[[[[[[[\\"]]]"}') == 1
    assert P.depth('[[["x"]]]') == 3


def test_codes_and_tokens():
    code = P.new_code()
    assert P.normal_code(code.lower()[:3] + "-" + code[3:]) == code
    assert P.normal_code("ABC") is None and P.normal_code("ABCDE0") is None and P.normal_code(7) is None
    assert len({P.new_token() for _ in range(100)}) == 100 and all(P.is_token(P.new_token()) for _ in range(10))


def test_the_rate_limit_allows_bursts_then_the_average():
    limit = P.RateLimit(0.0, rate=10, burst=5)
    assert [limit.allow(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert limit.allow(0.1) and not limit.allow(0.1)
