"""The wire protocol's limits: what a client may send, read before anything else looks at it."""

from __future__ import annotations

import json

import pytest

from game.net import protocol as P
from game.net import reading as R


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


# --- what a client accepts from a host (game.net.reading) ----------------------------------------

def host_table(seats: int = 2, clock=None, **more) -> dict:
    return {"started": True, "over": False, "grace_s": 60.0, "timer": {"turn_s": 30.0, "bank_s": 60, "declare_s": None},
            "clock": clock, "seats": [{"name": f"P{i}", "kind": "network", "level": "", "claimed": True,
                                       "connected": True, "away": None, "ready": False} for i in range(seats)], **more}


def welcomed(seats=(0,)) -> R.HostReader:
    reader = R.HostReader("indian13", "ABCDEF")
    reader.read(json.dumps({"type": "welcome", "protocol": P.PROTOCOL, "game": "indian13", "code": "ABCDEF",
                            "seats": list(seats), "tokens": [P.new_token() for _ in seats], "table": host_table()}))
    return reader


def update(**more) -> dict:
    return {"type": "update", "n": 3, "deal": 1, "over": False, "observations": {"0": {"seat": 0}}, "match": {},
            "clock": None, **more}


def unreadable(reader: R.HostReader, raw) -> str:
    with pytest.raises(R.Unreadable) as caught:
        reader.read(raw if isinstance(raw, (str, bytes)) else json.dumps(raw))
    return str(caught.value)


def test_a_hosts_messages_of_the_tables_shape_are_read():
    reader = welcomed(seats=(0, 1))
    assert reader.size == 2 and reader.seats == [0, 1]
    assert reader.read(json.dumps({"type": "table", **host_table(clock={"seat": 1, "turn": 0, "bank": 12.5})}))
    fair = {"deal": 0, "commit": "ab" * 32, "seed": None, "salt": None}
    assert reader.read(json.dumps(update(observations={"0": {"seat": 0}, "1": None}, fair=fair, later={"x": [1]})))
    assert reader.read(json.dumps(P.error("not_your_turn", "I5: not your turn", rule="I5", refused={"type": "x"})))
    assert reader.read(json.dumps({"type": "closed", "code": "host_closed", "message": "Bye."}))["message"] == "Bye."


@pytest.mark.parametrize("raw, why", [
    (b'{"type": "closed", "code": "host_closed", "message": ""}', "binary"),
    ("not json", "JSON"),
    ("[1]", "object"),
    ('{"type": "closed", "code": "x", "message": "", "n": NaN}', "NaN"),
    ('{"type": "closed", "code": "x", "message": "", "n": 1e999}', "range"),
    ('{"type": "closed", "code": "x", "message": "", "n": ' + "1" * 5000 + "}", "JSON"),
    ('{"type": "closed", "code": "x", "message": "", "n": ' + "[" * 17 + "]" * 17 + "}", "deep"),
    ('{"type": "closed", "code": "x", "message": "", "n": ' + "[" * 100_000 + "}", "deep"),
    (" " * (P.MAX_HOST_MESSAGE + 1), "bytes"),
    ({"type": "closed", "code": "x", "message": "", "n": list(range(R.MAX_HOST_ITEMS + 1))}, "list"),
    ({"type": "closed", "code": "x", "message": "x" * (R.MAX_WORDS + 1)}, "longer than"),
    ({"type": "link", "state": "ended"}, "unknown"),
    ({"type": "closed", "code": "No Such", "message": ""}, "code"),
    ({"type": "table", **host_table()}, "before the welcome"),
    (update(), "before the welcome"),
])
def test_a_host_message_out_of_shape_is_unreadable(raw, why):
    assert why in unreadable(R.HostReader(), raw)


@pytest.mark.parametrize("message, why", [
    ({"type": "table", **host_table(seats=3)}, "size"),
    ({"type": "table", **host_table(seats=5)} | {"seats": 5}, "seats"),
    ({"type": "table", **host_table(clock={"seat": 2, "turn": 1, "bank": 1})}, "clock"),
    ({"type": "table", **host_table(clock={"seat": 0, "turn": "x", "bank": 1})}, "clock"),
    ({"type": "table", **host_table(clock={"seat": 0, "turn": -1, "bank": 1})}, "clock"),
    ({"type": "table", **host_table(grace_s=1e10)}, "grace"),
    ({"type": "table", **host_table(timer={"turn_s": 30})}, "timer"),
    ({"type": "table", **host_table()} | {"seats": [1, 2]}, "not an object"),
    ({"type": "table", **host_table()} | {"seats": [{"name": "A", "kind": "robot", "level": "", "claimed": True,
                                                      "connected": True, "away": None, "ready": False}] * 2}, "kind"),
    ({"type": "table", **host_table()} | {"seats": [{"name": "A", "kind": "bot", "level": "", "claimed": True,
                                                      "connected": True, "away": "x", "ready": False}] * 2}, "away"),
    (update(observations={"1": {}}), "not this connection's"),
    (update(observations={"00": {}}), "not this connection's"),
    (update(observations={"0": [1]}), "not an object"),
    (update(n=-1), "number"),
    (update(n=True), "number"),
    (update(match=[]), "match"),
    (update(clock={"seat": 0, "turn": 1, "bank": 1, "declare": "yes"}), "declare"),
    (update(fair={"commit": ["ab"]}), "fair"),
    (update(fair="ab"), "fair"),
    ({"type": "welcome", "protocol": 1, "game": "indian13", "code": "ABCDEF", "seats": [0], "tokens": [],
      "table": host_table()}, "second welcome"),
])
def test_a_host_message_naming_what_the_welcome_did_not_is_unreadable(message, why):
    assert why in unreadable(welcomed(), message)


@pytest.mark.parametrize("change, why", [
    ({"seats": 5}, "seats"),
    ({"seats": [2]}, "seats"),
    ({"seats": [0, 0], "tokens": ["a" * 22] * 2}, "seats"),
    ({"tokens": 5}, "tokens"),
    ({"tokens": ["short"]}, "tokens"),
    ({"protocol": 2}, "protocol"),
    ({"protocol": True}, "protocol"),
    ({"game": "marriage"}, "game"),
    ({"code": "ZZZZZZ"}, "table"),
    ({"code": "abcdef"}, "table"),
    ({"table": None}, "table"),
    ({"table": host_table(seats=0)}, "seats"),
    ({"table": host_table(seats=R.MAX_SEATS + 1)}, "seats"),
])
def test_a_welcome_out_of_shape_is_unreadable(change, why):
    welcome = {"type": "welcome", "protocol": 1, "game": "indian13", "code": "ABCDEF", "seats": [0],
               "tokens": [P.new_token()], "table": host_table(), **change}
    assert why in unreadable(R.HostReader("indian13", "abc-def"), welcome)


def test_the_nesting_is_found_before_the_parser_and_strings_do_not_count():
    assert R.nests_within('{"a": "[[[[[[[[[[\\"]]]"}', 1)
    assert R.nests_within("[" * 16 + "]" * 16, 16) and not R.nests_within("[" * 17 + "]" * 17, 16)
    assert not R.nests_within("][", 5) and not R.nests_within('{"a": [}', 5)  # unpaired: not JSON
    assert P.depth("[" * 100 + "]" * 100, 6) == 7  # the client's own limit stops the count at once
