"""What a client accepts from a host: every message read with limits and checked against the shape
the table sends (:mod:`game.net.table`) before anything of the app looks at it.

A host is another person's app or a server somebody else runs, so a client trusts it no more than
the host trusts a client (:func:`game.net.protocol.read`): a message is one text frame of at most
:data:`~game.net.protocol.MAX_HOST_MESSAGE` bytes, nested at most :data:`MAX_HOST_DEPTH` deep
(found before the parser sees it), JSON with finite numbers only, every string, list and object
bounded; and then one of the five messages a host sends, each value of its kind and range: seat
numbers within the table's seats, seconds finite and not negative, seat kinds the table knows,
tokens that are tokens.  A :class:`HostReader` is one connection's reader: it knows the table's
size and this connection's seats from the welcome, so a later ``table``, ``update`` or clock that
names another seat is refused.

Keys a message does not need are let through unread (a newer host may add some), within the same
limits.  The observations and the match document inside an update are the engine's own documents
(CONTRACT.md): they are only bounded here; the session that draws them treats any failure of the
engine on them as an update it cannot read.

>>> reader = HostReader()
>>> reader.read('{"type": "closed", "code": "host_closed", "message": "The host closed the table."}')["code"]
'host_closed'
>>> reader.read('{"type": "update", "n": 1}')
Traceback (most recent call last):
...
game.net.reading.Unreadable: an update before the welcome
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from . import protocol as P

MAX_HOST_DEPTH = 16  # nesting of a host's message (an update nests 7: its observations hold the seat's 5)
MAX_HOST_STRING = 1000  # characters of any string (the longest are the words for a person)
MAX_HOST_ITEMS = 10_000  # entries of any list or object (a deal's history is a few hundred moves)
MAX_HOST_INT = 2**53  # numbers anywhere, either sign (what every JSON reader keeps exactly)
MAX_SEATS = 16  # seats of a table
MAX_WORDS = 1000  # characters of a message for a person (an error's or a closing's)
MAX_LABEL = P.MAX_STRING  # characters of a name, a bot's level, a code
MAX_SECONDS = 1e9  # any time the host counts (grace, timer, clock, away)
MAX_FAIR = 16  # keys of an update's ``fair`` object (game.net.fair: null, numbers and short strings) ...
MAX_FAIR_STRING = 256  # ... and characters of its strings (hex commitments, seeds, salts)
KINDS = ("here", "network", "bot")  # a seat's kind (game.net.table.KINDS)
_CODE_WORD = re.compile(r"^[a-z][a-z0-9_]{0,63}$")  # an error's or a closing's code: the protocol's or an engine's
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)  # a JSON string, or the rest of an unclosed one
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_ONE_KIND = str.maketrans("{}", "[]")


class Unreadable(ValueError):
    """A host message this app does not read: the connection is closed, for good."""


def nests_within(text: str, limit: int) -> bool:
    """Whether the objects and lists of a JSON text nest at most ``limit`` deep, found before the
    parser sees it: the strings taken out, then the brackets alone (of one kind: the parser's depth
    at any point is the brackets open, whatever their kind), from which each pass takes every empty
    pair, one level; brackets that do not pair up (not JSON) are not within.

    >>> nests_within('{"a": [1, {"b": "]]]"}]}', 3), nests_within('{"a": [1, {"b": "]]]"}]}', 2)
    (True, False)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_ONE_KIND)
    if "[" * (limit + 1) in brackets:  # a run of openings past the limit, found at once
        return False
    for _ in range(limit):
        if not brackets:
            return True
        fewer = brackets.replace("[]", "")
        if len(fewer) == len(brackets):
            return False
        brackets = fewer
    return not brackets


def _no_constant(name: str) -> Any:
    raise Unreadable(f"{name} is not a number JSON allows")


def _bounded(value: object, depth: int = 0) -> None:
    """Every string, list and object within the limits, every number finite and in range."""
    kind = type(value)
    if kind is str:
        if len(value) > MAX_HOST_STRING:  # type: ignore[arg-type]
            raise Unreadable(f"a string longer than {MAX_HOST_STRING} characters")
    elif kind is dict:
        if len(value) > MAX_HOST_ITEMS or depth >= MAX_HOST_DEPTH:  # type: ignore[arg-type]
            raise Unreadable(f"an object of more than {MAX_HOST_ITEMS} keys, or too deep")
        for key, item in value.items():  # type: ignore[attr-defined]
            if len(key) > MAX_HOST_STRING:
                raise Unreadable(f"a key longer than {MAX_HOST_STRING} characters")
            if type(item) is not str or len(item) > MAX_HOST_STRING:
                _bounded(item, depth + 1)
    elif kind is list:
        if len(value) > MAX_HOST_ITEMS or depth >= MAX_HOST_DEPTH:  # type: ignore[arg-type]
            raise Unreadable(f"a list of more than {MAX_HOST_ITEMS} entries, or too deep")
        for item in value:  # type: ignore[attr-defined]
            if type(item) is not str or len(item) > MAX_HOST_STRING:
                _bounded(item, depth + 1)
    elif kind is int or kind is float:
        if not -MAX_HOST_INT <= value <= MAX_HOST_INT:  # type: ignore[operator]  (NaN and the infinities fail)
            raise Unreadable("a number out of range")
    elif value is not None and kind is not bool:  # pragma: no cover  (json.loads makes nothing else)
        raise Unreadable("a value of no JSON kind")


def parse(raw: object) -> dict:
    """A host's frame as a JSON object within the limits (any type); raises :class:`Unreadable`."""
    if not isinstance(raw, str):
        raise Unreadable("a binary frame (a host sends text)")
    if len(raw) > P.MAX_HOST_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > P.MAX_HOST_MESSAGE:
        raise Unreadable(f"a message over {P.MAX_HOST_MESSAGE} bytes")
    if not nests_within(raw, MAX_HOST_DEPTH):
        raise Unreadable(f"a message nested over {MAX_HOST_DEPTH} deep (or not JSON)")
    try:
        doc = json.loads(raw, parse_constant=_no_constant)
    except Unreadable:
        raise
    except (ValueError, RecursionError) as exc:
        raise Unreadable(f"not JSON ({str(exc)[:60]})") from None
    if not isinstance(doc, dict):
        raise Unreadable("not a JSON object")
    _bounded(doc)
    return doc


def _is_int(value: object, low: int = 0, high: int = MAX_HOST_INT) -> bool:
    return type(value) is int and low <= value <= high  # type: ignore[operator]


def _seconds(value: object) -> bool:
    return (type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]
            and 0 <= value <= MAX_SECONDS)  # type: ignore[operator]


def _text(value: object, most: int) -> bool:
    return isinstance(value, str) and len(value) <= most


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise Unreadable(what)


class HostReader:
    """The reader of one connection to a host: ``read(frame)`` gives the message, checked, or raises
    :class:`Unreadable`.  ``game`` and ``code`` (when known) are the table's the client asked for."""

    def __init__(self, game: str | None = None, code: str | None = None) -> None:
        self.game = game
        self.code = P.normal_code(code) if code is not None else None
        self.size: int | None = None  # the table's seats (from the welcome)
        self.seats: list[int] = []  # this connection's seats

    def read(self, raw: object) -> dict:
        doc = parse(raw)
        kind = doc.get("type")
        check = {P.WELCOME: self._welcome, P.TABLE: self._table_message, P.UPDATE: self._update,
                 P.ERROR: self._error, P.CLOSED: self._closed}.get(kind) if isinstance(kind, str) else None
        if check is None:
            raise Unreadable(f"an unknown message type {str(kind)[:20]!r}")
        check(doc)
        return doc

    # --- the five messages ----------------------------------------------------------------------

    def _welcome(self, doc: dict) -> None:
        _need(self.size is None, "a second welcome")
        _need(doc.get("protocol") == P.PROTOCOL and type(doc.get("protocol")) is int, "a welcome of another protocol")
        _need(_text(doc.get("game"), MAX_LABEL) and (self.game is None or doc["game"] == self.game),
              "a welcome to another game")
        code = P.normal_code(doc.get("code"))
        _need(code is not None and code == doc["code"] and (self.code is None or code == self.code),
              "a welcome to another table")
        table = doc.get("table")
        _need(isinstance(table, dict), "a welcome without its table")
        size = self._table(table, None)  # type: ignore[arg-type]
        seats, tokens = doc.get("seats"), doc.get("tokens")
        _need(isinstance(seats, list) and 1 <= len(seats) <= size and all(_is_int(s, 0, size - 1) for s in seats)
              and len(set(seats)) == len(seats), "a welcome's seats are not seats of its table")
        _need(isinstance(tokens, list) and len(tokens) == len(seats) and all(P.is_token(t) for t in tokens),
              "a welcome's tokens are not one token a seat")
        self.size, self.seats = size, list(seats)  # type: ignore[arg-type]

    def _table_message(self, doc: dict) -> None:
        _need(self.size is not None, "a table before the welcome")
        self._table(doc, self.size)

    def _table(self, info: dict, size: int | None) -> int:
        """Check a table's description (``size``: the number of seats it must have); its size."""
        _need(type(info.get("started")) is bool and type(info.get("over")) is bool, "a table without its state")
        seats = info.get("seats")
        _need(isinstance(seats, list) and 1 <= len(seats) <= MAX_SEATS, "a table's seats are no list of seats")
        _need(size is None or len(seats) == size,  # type: ignore[arg-type]
              "a table of another size than the welcome's")
        for seat in seats:  # type: ignore[union-attr]
            _need(isinstance(seat, dict), "a seat that is not an object")
            _need(_text(seat.get("name"), MAX_LABEL) and seat.get("kind") in KINDS
                  and _text(seat.get("level"), MAX_LABEL), "a seat without a name, a kind or a level")
            _need(all(type(seat.get(k)) is bool for k in ("claimed", "connected", "ready")), "a seat's state")
            _need(seat.get("away") is None or _seconds(seat["away"]), "a seat's time away")
        timer = info.get("timer")
        if timer is not None:
            _need(isinstance(timer, dict) and _seconds(timer.get("turn_s")) and _seconds(timer.get("bank_s"))
                  and (timer.get("declare_s") is None or _seconds(timer["declare_s"])), "a table's timer")
        _need(_seconds(info.get("grace_s")), "a table's grace")
        self._clock(info.get("clock"), len(seats))  # type: ignore[arg-type]
        return len(seats)  # type: ignore[arg-type]

    @staticmethod
    def _clock(clock: object, size: int) -> None:
        if clock is None:
            return
        _need(isinstance(clock, dict) and _is_int(clock.get("seat"), 0, size - 1), "a clock of no seat")
        _need(_seconds(clock.get("turn")) and _seconds(clock.get("bank")), "a clock's time")  # type: ignore[union-attr]
        _need(type(clock.get("declare", False)) is bool, "a clock's declare time")  # type: ignore[union-attr]

    def _update(self, doc: dict) -> None:
        _need(self.size is not None, "an update before the welcome")
        _need(_is_int(doc.get("n")) and _is_int(doc.get("deal")) and type(doc.get("over")) is bool,
              "an update without its number, deal or end")
        observations = doc.get("observations")
        _need(isinstance(observations, dict) and len(observations) <= len(self.seats), "an update's observations")
        mine = {str(s) for s in self.seats}
        for seat, obs in observations.items():  # type: ignore[union-attr]
            _need(seat in mine, "an observation of a seat that is not this connection's")
            _need(obs is None or isinstance(obs, dict), "an observation that is not an object")
        _need(isinstance(doc.get("match"), dict), "an update without the match")
        self._clock(doc.get("clock"), self.size)  # type: ignore[arg-type]
        fair = doc.get("fair")
        _need(fair is None or (isinstance(fair, dict) and len(fair) <= MAX_FAIR and all(
            _text(k, MAX_LABEL) and (v is None or type(v) is int or _text(v, MAX_FAIR_STRING))
            for k, v in fair.items())), "an update's fairness record")

    @staticmethod
    def _error(doc: dict) -> None:
        _need(_text(doc.get("code"), 64) and bool(_CODE_WORD.match(doc["code"])), "an error without a code")
        _need(_text(doc.get("message"), MAX_WORDS), "an error without its words")
        _need(doc.get("rule") is None or _text(doc["rule"], MAX_LABEL), "an error's rule")
        _need("refused" not in doc or isinstance(doc["refused"], dict), "an error's refused move")

    @staticmethod
    def _closed(doc: dict) -> None:
        _need(_text(doc.get("code"), 64) and bool(_CODE_WORD.match(doc["code"])), "a closing without a code")
        _need(_text(doc.get("message"), MAX_WORDS), "a closing without its words")
