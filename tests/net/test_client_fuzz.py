"""The client never trusts the host: a fake host on loopback (:mod:`tests.net.fakehost`) sends the
real client thousands of messages, real ones of each game's table and mutations of them (wrong
types, seats out of range, huge, negative and non-finite numbers, deep nesting, oversized, unknown
keys and types, not JSON, binary, truncated) and invented ones, while the app's real session drives
the game's real table scene headless.  No frame raises, nothing is logged as an error, and every
connection ends with the player back at the title (or the lobby) with words, or still at the table.

Also: the client over TLS (``wss://``, a certificate made here), and the Join screen's addresses.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from dataclasses import dataclass, field

import pygame
import pytest

from game.net import client as C
from game.net import protocol as P
from game.net.reading import HostReader, Unreadable
from game.ui.drive import top_name
from game.ui.games import GAMES as TABLES
from game.ui.lobby import session as session_module
from game.ui.lobby.scenes import open_session

from .fakehost import DROP, BadText, Close, FakeHost, Pause, real_messages

MESSAGES = 5000  # mutated and invented messages the client reads, at least (besides the real ones)
FRAMES = 400  # frames a connection may take to settle after its last message
SETTLED = {"title", "lobby"}
PLAYING = {f.match.scene for f in TABLES.values()} | {"lobby", "pass", "handover", "matchover", "results13",
                                                      "results21", "marriage_results", "marriage_expose"}
_EVIL = "\u2063EVIL\u2063"  # a placeholder swapped for raw JSON text after dumping


class Faults(logging.Handler):
    """Every record of ERROR or worse, and every record with a traceback (``records``); the
    warnings of each logger counted (``warnings``)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.warnings: dict[str, int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)
        elif record.levelno == logging.WARNING:
            self.warnings[record.name] = self.warnings.get(record.name, 0) + 1


class SpyClient(C.Client):
    """The real client, counting the host's messages it delivers."""

    delivered = 0

    def poll(self) -> list[dict]:
        out = super().poll()
        self.delivered += sum(1 for m in out if m.get("type") != P.LINK)
        return out


# --- mutations ---------------------------------------------------------------------------------

def _deep(n: int) -> str:
    return "[" * n + "]" * n


RAW_VALUES = ["null", "true", "false", "0", "-1", "1", "3", "7", "99", "-7", "2147483648", "9007199254740993",
              "1e30", "-1e30", "1.5", "-0.0", "1e308", "1e999", "-1e999", "NaN", "Infinity", "-Infinity",
              "1" * 5000, '""', '"x"', '"0"', '"-1"', '"here"', '"\\u0000"', '"\\ud800"', '"' + "y" * 2000 + '"',
              "[]", "[1]", '[0, "x", null]', "{}", '{"a": 1}', '{"seat": 0}', _deep(3), _deep(40), _deep(3000),
              json.dumps(list(range(20000)))]
SMALL_VALUES = [v for v in RAW_VALUES if len(v) < 200]


_PATHS: dict[int, list[tuple]] = {}  # the paths of the real documents (kept alive by real_messages' cache)


def _paths(doc: object, path: tuple = ()) -> list[tuple]:
    """Every path into ``doc`` (itself first)."""
    if not path and id(doc) in _PATHS:
        return _PATHS[id(doc)]
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*path, i))
    if not path:
        _PATHS[id(doc)] = out
    return out


def _at(doc: object, path: tuple) -> object:
    for p in path:
        doc = doc[p]  # type: ignore[index]
    return doc


def _changed(doc: object, path: tuple, change) -> object:
    """``doc`` with ``change(container, key)`` done at ``path``; only the containers on the path copied."""
    if len(path) == 1:
        copy = dict(doc) if isinstance(doc, dict) else list(doc)  # type: ignore[call-overload]
        change(copy, path[0])
        return copy
    copy = dict(doc) if isinstance(doc, dict) else list(doc)  # type: ignore[call-overload]
    copy[path[0]] = _changed(copy[path[0]], path[1:], change)
    return copy


def _replace(doc: dict, path: tuple, raw: str) -> str:
    """The text of ``doc`` with the value at ``path`` replaced by the raw JSON text ``raw``."""
    if not path:
        return raw
    copy = _changed(doc, path, lambda c, k: c.__setitem__(k, _EVIL))
    return json.dumps(copy).replace(json.dumps(_EVIL), raw)


def mutate(rng: random.Random, doc: dict, deep: bool = True, values: list[str] = RAW_VALUES) -> str | bytes | BadText:
    """One mutation of a real message (as a frame): a value of the wrong kind or range (one of
    ``values``), a key missing or unknown, a seat renamed, the type changed, or the text itself
    damaged; ``deep``: in the engine's documents inside an update too."""
    paths = _paths(doc)[1:]
    if not deep:  # the message's own fields, not the engine's documents inside
        paths = [p for p in paths if not (len(p) > 1 and p[0] in ("observations", "match"))]
    how = rng.random()
    if how < 0.45:
        return _replace(doc, rng.choice(paths), rng.choice(values))
    if how < 0.55:
        return json.dumps(_changed(doc, rng.choice(paths), lambda c, k: c.__delitem__(k)))
    if how < 0.62:
        dicts = [p for p in [(), *paths] if isinstance(_at(doc, p), dict)]
        key = rng.choice(["zz", "type", "seat", "n", "\u0000", "x" * 80])
        wrapped = _changed({"": doc}, ("", *rng.choice(dicts), key), lambda c, k: c.__setitem__(k, _EVIL))
        copy = wrapped[""]  # type: ignore[index]
        return json.dumps(copy).replace(json.dumps(_EVIL), rng.choice(values))
    if how < 0.68:
        return _replace(doc, ("type",), rng.choice(['"welcome"', '"table"', '"update"', '"error"', '"closed"',
                                                    '"link"', '"hello"', '"shout"', "7", "null", '"UPDATE"']))
    if how < 0.74 and isinstance(doc.get("observations"), dict):
        renamed = {rng.choice(["1", "7", "-1", "00", " 0", "x", "0.0", "99999999999"]): obs
                   for obs in doc["observations"].values()}
        return json.dumps({**doc, "observations": renamed})
    text = json.dumps(doc)
    if how < 0.80:
        cut = rng.randrange(len(text))
        return text[:cut]
    if how < 0.85:
        pos = rng.randrange(len(text))
        damaged = text[:pos] + rng.choice(["\x00", "}", "]", "{", '"', ",", "\\", "\ud800", "NaN"]) + text[pos + 1:]
        return BadText(damaged.encode("utf-8", "surrogatepass")) if "\ud800" in damaged else damaged
    if how < 0.88:
        return text.encode()  # a binary frame
    if how < 0.90:
        return text + " " * (P.MAX_HOST_MESSAGE + 1 - len(text))  # over the limit
    return rng.choice([_deep(20), _deep(100_000), "", "null", "[]", "1", '"welcome"', "not json", "{" * 3,
                       '{"type": "update"}', '{"type": "table", "seats": 5}', '{"type": "welcome", "seats": 5}'])


def mutate_inside(rng: random.Random, update: dict) -> str:
    """An update whose engine documents (the observation, the match) are damaged: the client's reader
    lets it through (it only bounds them); the session's engine must not fall over it."""
    where = rng.choice([("observations", "0"), ("observations", "0"), ("match",)])
    inner = _at(update, where)
    if not isinstance(inner, dict):
        return json.dumps(update)
    paths = [(*where, *p) for p in _paths(inner)[1:]]
    how = rng.random()
    if how < 0.6 and paths:
        finite = [v for v in SMALL_VALUES if v not in ("NaN", "Infinity", "-Infinity", "1e999", "-1e999")]
        return _replace(update, rng.choice(paths), rng.choice(finite))
    if how < 0.8 and paths:
        return json.dumps(_changed(update, rng.choice(paths), lambda c, k: c.__delitem__(k)))
    if isinstance(inner.get("history"), list):
        more = rng.choice([{}, {"type": "discard", "player": 0}, 5, {"player": 9}])
        return json.dumps(_changed(update, (*where, "history"), lambda c, k: c.__setitem__(k, [*c[k], more])))
    return json.dumps(_changed(update, (*where, "turn"), lambda c, k: c.__setitem__(k, rng.choice([0, 1, 5, -1]))))


def invent(rng: random.Random) -> str:
    """A message nobody's table sends: a known or unknown type with random keys."""
    doc: dict = {"type": rng.choice(["welcome", "table", "update", "error", "closed", "link", "fair", ""])}
    for _ in range(rng.randrange(6)):
        doc[rng.choice(["seats", "n", "deal", "code", "message", "clock", "observations", "match", "x"])] = _EVIL
    text = json.dumps(doc)
    while json.dumps(_EVIL) in text:
        text = text.replace(json.dumps(_EVIL), rng.choice(RAW_VALUES[:40]), 1)
    return text


def odd_but_readable(rng: random.Random, real: dict) -> dict:
    """A message of a real table's shape with values at the edges of what the reader allows."""
    kind = rng.random()
    if kind < 0.4:
        table = json.loads(json.dumps(real["table"]))
        for seat in table["seats"]:
            seat["away"] = rng.choice([None, 0, 0.0, 1e9, 59.9, 3])
            seat["name"] = rng.choice(["", "x" * 64, "\u0000\u0007", "Ravi", "\U0001f600" * 10])
            seat["kind"] = rng.choice(["here", "network", "bot"])
            seat["zz"] = rng.choice([None, [1, 2], {"deep": {"er": [1]}}])
        table["clock"] = rng.choice([None, {"seat": rng.randrange(len(table["seats"])),
                                            "turn": rng.choice([0, 1e9, 12.5]), "bank": rng.choice([0, 1e9, 3]),
                                            "declare": rng.choice([True, False])}])
        table["timer"] = rng.choice([None, {"turn_s": 0, "bank_s": 1e9, "declare_s": None}])
        table["grace_s"] = rng.choice([0, 1e9, 60])
        return table
    if kind < 0.7:
        error = dict(rng.choice(real["errors"]))
        error["message"] = rng.choice(["", "x" * 1000, "\u0000 no", error["message"]])
        error["code"] = rng.choice([error["code"], "a", "x" * 64, "zz_9"])
        return error
    update = dict(rng.choice(real["updates"]))  # its own keys changed only
    update["n"], update["deal"] = rng.choice([(0, 0), (2**53, 2**53), (update["n"], update["deal"] + 1)])
    update["fair"] = rng.choice([None, {"commit": "ab" * 32, "seed": "00", "salt": "ff", "deal": 3}])
    update["clock"] = rng.choice([None, {"seat": 0, "turn": 0, "bank": 0}, {"seat": 1, "turn": 5.5, "bank": 1e9}])
    return update


@dataclass
class Script:
    """One connection's script: its frames, for each message among them whether it was mutated or
    invented (not a real table's), how it ends and the words the player may be left with."""

    frames: list = field(default_factory=list)
    made: list[bool] = field(default_factory=list)
    how: str = "open"
    words: list[str] = field(default_factory=list)

    def add(self, frame: object, made: bool) -> None:
        self.frames.append(frame)
        if isinstance(frame, (str, bytes, BadText)):
            self.made.append(made)

    def end(self, frame: object, how: str, words: list[str], made: bool = True) -> Script:
        if frame is not None:
            self.add(frame, made)
        self.how, self.words = how, words
        return self


def plan(rng: random.Random, real: dict, gate: threading.Event) -> Script:
    """One connection's script: the real welcome (or a mutation of it), the started table and the
    first update; once the test opens the ``gate`` (the app at the game's table), readable messages
    (the deal's real updates in order, refusals, odd ones, mutations the reader lets through), then
    maybe an update with damaged engine documents; then its end: an unreadable message, a closing,
    an error that ends the connection, a close frame, the connection cut, or nothing."""
    reader = HostReader(real["welcome"]["game"], real["welcome"]["code"])
    texts = real["texts"]
    script = Script()

    def take(frame: str | bytes | BadText) -> bool:
        try:
            message = reader.read(frame)  # a BadText is no str: unreadable (WebSocket refuses it before)
        except Unreadable:
            return False
        if message["type"] == P.CLOSED or (message["type"] == P.ERROR and message["code"] in C._FINAL):
            return False  # ends the connection: only as its end
        script.add(frame, True)
        return True

    if rng.random() < 0.1:  # a damaged welcome
        damaged = mutate(rng, real["welcome"])
        if not take(damaged):
            return script.end(damaged, "unreadable", [C.UNREADABLE])
    else:
        reader.read(texts["welcome"])
        script.add(texts["welcome"], False)
    for frame in (texts["table"], texts["updates"][0], gate):  # readable (test_every_real_message_is_readable)
        script.add(frame, False)
    at = 0
    for _ in range(rng.randrange(30, 70)):
        roll = rng.random()
        if roll < 0.25 and at + 1 < len(texts["updates"]):
            at += 1
            script.add(texts["updates"][at], False)
        elif roll < 0.30:
            script.add(rng.choice(texts["errors"]), False)
        elif roll < 0.70:
            take(json.dumps(odd_but_readable(rng, real)))
        else:
            for _ in range(5):  # a mutation the reader lets through (an unknown key, a value it does not read)
                kind = rng.choice(["table", "errors", "updates", "closed"])
                base = real[kind] if kind in ("table", "closed") else rng.choice(real[kind])
                if take(mutate(rng, base, deep=False, values=SMALL_VALUES)):
                    break
    if rng.random() < 0.5:  # last, as it may well end the session: engine documents the engine refuses
        take(mutate_inside(rng, real["updates"][at]))
    end = rng.random()
    if end < 0.70:
        for _ in range(200):
            roll = rng.random()
            kind = rng.choice(["welcome", "table", "updates", "errors", "closed"])
            base = real[kind] if kind in ("welcome", "table", "closed") else rng.choice(real[kind])
            frame = invent(rng) if roll < 0.1 else mutate(rng, base)
            try:
                reader.read(frame)
            except Unreadable:
                return script.end(frame, "unreadable", [C.UNREADABLE])
        raise AssertionError("no unreadable mutation in 200 tries")
    if end < 0.78:
        words = rng.choice([real["closed"]["message"], "", "x" * 900])
        return script.end(json.dumps({**real["closed"], "message": words}), "closed",
                          [words[:200] or "The host closed the table."], made=words != real["closed"]["message"])
    if end < 0.85:
        words = rng.choice(["Every seat of this table is taken.", ""])
        return script.end(json.dumps(P.error(P.TABLE_FULL, words)), "refused", [words or "The host refused."])
    if end < 0.92:
        code, reason = rng.choice([(1000, ""), (1001, "host_closed: the host closed the table"), (1008, "bad_json: x"),
                                   (1011, "server_error"), (4000, "\u0000" * 10)])
        return script.end(Close(code, reason), "close", [reason or "The host ended the connection."])
    if end < 0.96:
        script.add(Pause(0.01), False)
        return script.end(DROP, "drop", ["The connection to the host was lost."])
    return script.end(None, "open", [])


def reals() -> dict[str, dict]:
    """Each game's real messages, with their texts as sent."""
    out = {}
    for game in TABLES:
        real = dict(real_messages(game))
        real["texts"] = {k: [json.dumps(m) for m in v] if isinstance(v, list) else json.dumps(v)
                         for k, v in real.items()}
        out[game] = real
    return out


# --- the fuzzer ---------------------------------------------------------------------------------

def test_every_real_message_is_readable():
    """What a real table of each game sends (the fuzzer's starting point, sent unchecked) passes
    the reader: the welcome first, then every table, update and refusal."""
    for game, real in reals().items():
        reader = HostReader(game, real["welcome"]["code"])
        texts = real["texts"]
        for text in [texts["welcome"], texts["table"], *texts["updates"], *texts["errors"], texts["closed"]]:
            reader.read(text)
        assert reader.size == 2 and reader.seats == [0]


def test_a_hostile_host_never_crashes_the_app_nor_leaves_it_hanging(app, monkeypatch):
    """At least 5,000 mutated or invented messages (besides real ones) over loopback into the real
    client, its session and the game's table scene: no frame raises, no thread dies, nothing is
    logged as an error, every connection settles (the title or the lobby with the player's words,
    or still at the table) within a bounded number of frames."""
    faults = Faults()
    logging.getLogger().addHandler(faults)
    died: list[str] = []  # exceptions that ended a thread (the client's, the fake host's)
    monkeypatch.setattr(threading, "excepthook", lambda args: died.append(f"{args.thread}: {args.exc_value!r}"))
    kept: list[list[str]] = []  # the seat tokens the app would keep (tables.json), not written here
    monkeypatch.setattr(session_module, "remember_tokens", lambda _store, _where, _code, _game, t: kept.append(t))
    host = FakeHost().start()
    rng = random.Random(45)
    games = list(TABLES)
    real_of = reals()
    read = made = connections = at_table = 0
    ends: dict[str, int] = {}
    began = time.monotonic()
    try:
        while made < MESSAGES:
            game = games[connections % len(games)]
            real = real_of[game]
            gate = threading.Event()
            script = plan(rng, real, gate)
            how, words = script.how, script.words
            host.script(script.frames)
            sent = len(script.made)
            app.reset_to(app.make("title"))
            app.toasts.clear()
            client = SpyClient("127.0.0.1", host.port, game, real["welcome"]["code"], "Fuzz", retry_for_s=-1).start()
            session = open_session(app, TABLES[game], client)
            app.open("lobby", session)
            connections += 1
            deadline, waited, after = time.monotonic() + 10, 0, 0
            while not session.told_end:  # the session ended and the player was told
                app.step([])
                time.sleep(0)  # the client's thread reads meanwhile
                if not gate.is_set():  # the rest of the script once at the table (or the lobby waited enough)
                    waited += 1
                    if top_name(app) == TABLES[game].match.scene or waited > 100:
                        gate.set()
                        at_table += top_name(app) == TABLES[game].match.scene
                if how == "open" and client.delivered >= sent:
                    after += 1
                    if after > 3:
                        break
                elif client.ended:
                    after += 1
                assert after <= FRAMES and time.monotonic() < deadline, str((
                    "a connection that never settled", how, [x.name for x in app.stack], session.ended, session.link,
                    len(session.pending), client.ended, client.inbox.qsize(), after))
            gate.set()
            said = getattr(app.top, "problem", "") if top_name(app) == "lobby" else (app.toasts or [("", 0)])[-1][0]
            if session.ended is not None:  # back at the title (or the lobby), told why
                assert top_name(app) in SETTLED, (how, top_name(app))
                assert said and said == session.ended, (how, said, session.ended)
                assert session.ended in {w[:200] for w in words} | {C.UNREADABLE}, (how, session.ended, words)
            else:  # still at the table (or waiting in the lobby for a deal it can draw)
                assert how == "open" and top_name(app) in PLAYING, (how, top_name(app))
                session.close()
            seen = host.seen[-1]
            assert seen.done.wait(5)
            refused = seen.client_close in (1002, 1007, 1008, 1009)  # the last one read, refused by the reader
            read += client.delivered + refused
            made += sum(script.made[:client.delivered + refused])
            ends[how] = ends.get(how, 0) + 1
            app.network = None
        took = time.monotonic() - began
    finally:
        host.stop()
        logging.getLogger().removeHandler(faults)
    engine = faults.warnings.get(session_module.log.name, 0)
    print(f"\nclient fuzz: {read} messages read ({made} mutated or invented) over {connections} connections "
          f"({at_table} at the game's table) in {took:.1f} s; ends {ends}; updates the engine refused: {engine}")
    assert not faults.records, [f"{r.name}: {r.getMessage()}" for r in faults.records[:5]]
    assert not died, died[:5]
    assert made >= MESSAGES and connections >= 100
    assert kept and all(P.is_token(t) for tokens in kept for t in tokens)


# --- the client's own tests: hostile hosts one by one, TLS, addresses ----------------------------

def wait_until(predicate, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


def ended(client: C.Client, seen: list[dict]) -> str | None:
    """The words of the client's ``ended`` news, once it came (``seen`` gathers what it delivered)."""
    seen += client.poll()
    return next((m["message"] for m in seen if m.get("type") == P.LINK and m.get("state") == C.ENDED), None)


@pytest.mark.parametrize("frames", [
    [json.dumps({"type": "welcome", "seats": 5})],  # once killed the client's thread: "connecting" for ever
    [b"binary"],
    ["[" * 50_000 + "]" * 50_000],
    [BadText(b'{"type": "closed", "code": "x", "message": "\xed\xa0\x80"}')],
    ["x" * (P.MAX_HOST_MESSAGE + 1)],
])
def test_a_host_that_sends_something_unreadable_is_left_for_good(frames):
    """The connection is closed (1008 by the reader; WebSocket's own codes for frames it refuses),
    not tried again although the client holds tokens, and the player is told in plain words."""
    host = FakeHost().start()
    try:
        host.script(frames)
        client = C.Client("127.0.0.1", host.port, "indian13", "ABCDEF", tokens=[P.new_token()]).start()
        seen: list[dict] = []
        assert wait_until(lambda: ended(client, seen) is not None), seen
        assert ended(client, seen) == C.UNREADABLE and [m["type"] for m in seen] == [P.LINK]
        assert host.seen[0].done.wait(5) and host.seen[0].client_close in (1007, 1008, 1009)
        time.sleep(0.3)
        assert len(host.seen) == 1  # not tried again
    finally:
        host.stop()


def test_whatever_ends_the_clients_thread_the_inbox_says_so(monkeypatch):
    async def broken(self):
        raise RuntimeError("a fault of the client itself")

    monkeypatch.setattr(C.Client, "_session", broken)
    client = C.Client("127.0.0.1", 9, "indian13", "ABCDEF").start()
    seen: list[dict] = []
    assert wait_until(lambda: ended(client, seen) is not None)
    assert ended(client, seen) == C.FAILED


def test_a_host_that_never_welcomes_is_left(monkeypatch):
    monkeypatch.setattr(C, "WELCOME_TIMEOUT_S", 0.2)
    host = FakeHost().start()
    try:
        host.script([Pause(0.6)])  # longer than the wait for a welcome
        client = C.Client("127.0.0.1", host.port, "indian13", "ABCDEF").start()
        seen: list[dict] = []
        assert wait_until(lambda: ended(client, seen) is not None, 5)
        assert ended(client, seen) == "The host did not answer."
    finally:
        host.stop()


def test_addresses_as_a_person_types_them():
    assert C.split_address("wss://tables.example.org:8443", 47300) == ("tables.example.org", 8443)
    assert C.split_address(" WSS://tables.example.org/ ", 47300) == ("tables.example.org", C.TLS_PORT)
    assert C.split_address("ws://[::1]:5/", 47300) == ("::1", 5)
    assert C.split_address("ws://192.168.1.20", 47300) == ("192.168.1.20", 47300)
    assert C.split_address("192.168.1.20:47301", 47300) == ("192.168.1.20", 47301)
    assert C.secure_address(" wss://x:1") and not C.secure_address("ws://x:1") and not C.secure_address("x:1")
    for wrong in ("", "wss://", "http://x:1", "wss://x:0", "wss://x:port"):
        with pytest.raises(ValueError):
            C.split_address(wrong, 47300)
    assert C.url("::1", 5, secure=True) == "wss://[::1]:5/" and C.url("h", 5) == "ws://h:5/"


@pytest.fixture
def tls():
    """A certificate authority made here, a certificate of 127.0.0.1 it signed, and a fake host
    serving TLS with it."""
    import ssl

    import trustme

    ca = trustme.CA()
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1", "localhost").configure_cert(server)
    host = FakeHost(ssl=server).start()
    yield ca, host
    host.stop()


def test_the_client_speaks_tls_and_checks_the_hosts_certificate(tls):
    import ssl

    ca, host = tls
    real = real_messages("indian13")
    welcome = json.dumps(real["welcome"])
    host.script([welcome, json.dumps(real["table"])])
    trusting = ssl.create_default_context()
    ca.configure_trust(trusting)
    client = C.Client("127.0.0.1", host.port, "indian13", real["welcome"]["code"], "Asha", ssl=trusting).start()
    seen: list[dict] = []

    def arrived() -> bool:
        seen.extend(client.poll())  # the inbox, however the messages came in
        return bool(seen) and seen[-1]["type"] == "table"

    assert wait_until(arrived)
    assert [m.get("state", m["type"]) for m in seen] == [C.CONNECTED, "welcome", "table"]
    assert host.seen[0].hello["name"] == "Asha"
    client.close()
    # the system's authorities do not know this one: refused for good (tokens or not), in plain words
    host.script([welcome])
    doubting = C.Client("127.0.0.1", host.port, "indian13", real["welcome"]["code"], tokens=[P.new_token()],
                        secure=True).start()
    seen = []
    assert wait_until(lambda: ended(doubting, seen) is not None)
    assert "certificate could not be trusted" in ended(doubting, seen)  # type: ignore[operator]


def test_the_join_screen_takes_a_wss_address(app, tls, monkeypatch, tmp_path):
    """Typed as ``wss://127.0.0.1:port``: the client connects with TLS, checking the certificate with
    the system's defaults (here told of this test's authority, as a system that trusts it is), and
    the seat's tokens are kept under that address."""
    from game.ui.drive import button, click_widget, press, wait_for
    from game.ui.lobby.session import remembered_tokens

    ca, host = tls
    authority = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(authority))
    monkeypatch.setenv("SSL_CERT_FILE", str(authority))
    real = real_messages("indian13")
    host.script([json.dumps(real["welcome"]), json.dumps({**real["table"], "started": False})])
    app.reset_to(app.make("title"))
    app.step([])
    click_widget(app, button(app, "Join a table"))
    join = app.top
    join.game.index = list(app.games).index("indian13")
    where = f"wss://127.0.0.1:{host.port}"
    for box, words in ((join.player, "Ravi"), (join.address, where), (join.code, real["welcome"]["code"])):
        box.value = ""
        click_widget(app, box)
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in words])
    press(app, pygame.K_RETURN)
    assert top_name(app) == "lobby", join.problem
    session = app.network
    assert session.client.secure and session.address == where
    assert wait_for(app, lambda: session.info is not None, 10), session.ended
    assert app.top.status_words() == "You are at the table. The host starts the match."
    assert remembered_tokens(app.store, where, session.code) == real["welcome"]["tokens"]
    session.close()
