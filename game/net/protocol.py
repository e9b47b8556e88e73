"""The wire protocol of network tables (docs/network.md): versioned JSON messages over WebSocket.

Every message is one JSON object with a ``type``.  The game content is CONTRACT.md's: a seat's
observation (``observe(state, seat).to_json()``), action objects, and the engine's error ``code``
and ``message``.  Nothing else of a game crosses the wire.

A client's messages are read with limits before anything else looks at them (:func:`read`):
their size, the nesting depth, the length of every string and list, whole numbers only where
numbers are wanted, no ``NaN``; a message that breaks one is *malformed* and closes that client
with the reason.  A well-formed message the table refuses (an illegal move, a move out of turn)
is answered with an ``error`` and harms nothing.

>>> read('{"type": "ready"}')
{'type': 'ready'}
>>> read('{"type": "ready", "x": 1}')
Traceback (most recent call last):
...
game.net.protocol.Malformed: bad_message: ready has unknown key 'x'
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

PROTOCOL = 1  # the version a hello names; a change of any message is a new version

# Limits on what a client may send (what a host may send: game.net.reading).
MAX_MESSAGE = 16 * 1024  # bytes of one message (an action of a 27-card hand is under 2 KB)
MAX_DEPTH = 6  # nesting of objects and lists: {"action": {"groups": [["AS"]]}} is 4
MAX_STRING = 64  # characters of any string (names, card tokens, codes, tokens)
MAX_ITEMS = 64  # entries of any list or object
MAX_CLIENT_RATE = 20.0  # messages a second, on average ...
MAX_CLIENT_BURST = 40  # ... with bursts of this many
MAX_HOST_MESSAGE = 1024 * 1024  # bytes of one message a client accepts from a host (an update is 4-8 KB)
HELLO_TIMEOUT_S = 10.0  # a connection that has not said hello by then is closed
MAX_NAME = 16  # characters of a player's name

# Client -> host
HELLO, ACTION, READY = "hello", "action", "ready"
# Host -> client
WELCOME, TABLE, UPDATE, ERROR, CLOSED = "welcome", "table", "update", "error", "closed"

# The client's own news in its inbox (game.net.client): {"type": LINK, "state": ..., "message": ...}
LINK = "link"
CONNECTED, RETRYING, ENDED = "connected", "retrying", "ended"

CLIENT_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {  # type: (required, optional) keys
    HELLO: (frozenset({"protocol", "game", "code"}), frozenset({"name", "tokens"})),
    ACTION: (frozenset({"action"}), frozenset({"n"})),
    READY: (frozenset(), frozenset()),
}

# Error codes of the protocol itself (the engine's own codes travel unchanged, CONTRACT.md).
BAD_JSON = "bad_json"  # not JSON, or not an object
TOO_BIG = "too_big"  # over MAX_MESSAGE
TOO_DEEP = "too_deep"  # nested deeper than MAX_DEPTH
BAD_MESSAGE = "bad_message"  # an unknown type, a missing or unknown key, a value of the wrong kind or size
RATE = "rate_limited"  # more messages than MAX_CLIENT_RATE allows
WRONG_PROTOCOL = "wrong_protocol"  # a hello naming another protocol version
WRONG_GAME = "wrong_game"  # a hello naming another game than the table's
BAD_CODE = "bad_code"  # no table has this code
BAD_TOKEN = "bad_token"  # a token that is no seat's of this table
TABLE_FULL = "table_full"  # no seat left for a newcomer
NO_HELLO = "no_hello"  # a first message that is not a hello, or none in time
NOT_STARTED = "not_started"  # a move before the host started the match
NOT_YOUR_SEAT = "not_your_seat"  # a move for a seat this client does not hold
STALE = "stale"  # a move answering an update that is no longer the latest
NOT_NOW = "not_now"  # a message the table has no use for now (ready during a deal)
TOO_SLOW = "too_slow"  # a client that does not read what it is sent
HOST_CLOSED = "host_closed"  # the host closed the table (it is saved; rejoin when it is resumed)
REPLACED = "replaced"  # the seat's token connected again from elsewhere

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed without doubt
CODE_LENGTH = 6
_CODE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22,43}$")
# a JSON string (to its closing quote, or to the end of an unclosed one), or one bracket: what depth() counts
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class Malformed(ValueError):
    """A client message that breaks the protocol: the client is closed with ``code`` and the reason."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


def new_code() -> str:
    """A table's code: six characters a person can read out (30 bits)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat token: 128 random bits, URL-safe text."""
    return secrets.token_urlsafe(16)


def normal_code(text: object) -> str | None:
    """A code as a person types it (any case, spaces and dashes) in its canonical form, or ``None``."""
    if not isinstance(text, str):
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _CODE.match(code) else None


def is_token(value: object) -> bool:
    return isinstance(value, str) and bool(_TOKEN.match(value))


def depth(text: str, limit: int | None = None) -> int:
    """How deep the objects and lists of a JSON text nest (strings skipped), in one pass, before
    the parser sees it: a deep text never reaches the recursive parser.  With ``limit``, the scan
    stops at the first level past it (that level is returned)."""
    deepest = level = 0
    for token in _STRING_OR_BRACKET.finditer(text):
        ch = token.group()
        if ch in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if limit is not None and level > limit:
                    break
        elif ch in "]}":
            level -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise Malformed(BAD_JSON, f"{name} is not a number JSON allows")


def _check_values(value: object, where: str) -> None:
    """Every string short, every list and object small, numbers whole and small, keys strings."""
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise Malformed(BAD_MESSAGE, f"{where}: a string longer than {MAX_STRING} characters")
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int):
        if not -(2**31) <= value < 2**31:
            raise Malformed(BAD_MESSAGE, f"{where}: a number out of range")
    elif isinstance(value, float):
        raise Malformed(BAD_MESSAGE, f"{where}: a fraction where whole numbers are wanted")
    elif isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise Malformed(BAD_MESSAGE, f"{where}: a list longer than {MAX_ITEMS}")
        for item in value:
            _check_values(item, where)
    elif isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise Malformed(BAD_MESSAGE, f"{where}: an object with more than {MAX_ITEMS} keys")
        for key, item in value.items():
            _check_values(key, where)
            _check_values(item, where)
    else:  # pragma: no cover  (json.loads makes nothing else)
        raise Malformed(BAD_MESSAGE, f"{where}: a value of no JSON kind")


def read(raw: str | bytes) -> dict:
    """A client's message, checked against every limit and its type's keys; raises :class:`Malformed`."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE:
            raise Malformed(TOO_BIG, f"a message may hold {MAX_MESSAGE} bytes")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Malformed(BAD_JSON, "not UTF-8 text") from None
    if not isinstance(raw, str):
        raise Malformed(BAD_JSON, "not text")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Malformed(TOO_BIG, f"a message may hold {MAX_MESSAGE} bytes")
    if depth(raw, MAX_DEPTH) > MAX_DEPTH:
        raise Malformed(TOO_DEEP, f"a message may nest {MAX_DEPTH} deep")
    try:
        doc = json.loads(raw, parse_constant=_no_constant)
    except Malformed:
        raise
    except (ValueError, RecursionError) as exc:
        raise Malformed(BAD_JSON, f"not JSON ({str(exc)[:60]})") from None
    if not isinstance(doc, dict):
        raise Malformed(BAD_JSON, "a message is a JSON object")
    _check_values(doc, "message")
    kind = doc.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_KEYS:
        raise Malformed(BAD_MESSAGE, f"unknown message type {str(kind)[:20]!r}")
    required, optional = CLIENT_KEYS[kind]
    keys = set(doc) - {"type"}
    if keys - required - optional:
        raise Malformed(BAD_MESSAGE, f"{kind} has unknown key {sorted(keys - required - optional)[0]!r}")
    if required - keys:
        raise Malformed(BAD_MESSAGE, f"{kind} is missing key {sorted(required - keys)[0]!r}")
    _check_fields(doc)
    return doc


def _check_fields(doc: dict) -> None:
    kind = doc["type"]
    if kind == HELLO:
        if type(doc["protocol"]) is not int or not isinstance(doc["game"], str) or not isinstance(doc["code"], str):
            raise Malformed(BAD_MESSAGE, "hello names a protocol (a number), a game and a code")
        if "name" in doc and not isinstance(doc["name"], str):
            raise Malformed(BAD_MESSAGE, "hello: name is text")
        tokens = doc.get("tokens", [])
        if not isinstance(tokens, list) or not all(is_token(t) for t in tokens) or len(tokens) > 8:
            raise Malformed(BAD_MESSAGE, "hello: tokens is a short list of seat tokens")
    elif kind == ACTION:
        if not isinstance(doc["action"], dict):
            raise Malformed(BAD_MESSAGE, "action: an action is a JSON object (CONTRACT.md)")
        if "n" in doc and (type(doc["n"]) is not int or doc["n"] < 0):
            raise Malformed(BAD_MESSAGE, "action: n is the number of the update it answers")


def write(message: dict) -> str:
    """A message as sent: compact JSON."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, **more: object) -> dict:
    """An ``error`` message (an engine's refusal carries its ``rule`` too)."""
    return {"type": ERROR, "code": code, "message": message, **more}


class RateLimit:
    """A token bucket: :data:`MAX_CLIENT_RATE` messages a second on average, bursts of
    :data:`MAX_CLIENT_BURST`."""

    def __init__(self, now: float, rate: float = MAX_CLIENT_RATE, burst: int = MAX_CLIENT_BURST) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), now

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
