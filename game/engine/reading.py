"""Readers for the pieces every game's state document shares (CONTRACT.md): whole numbers in a
range, lists (one entry a seat), seats, card tokens.  Each raises :class:`StateError` naming the
key, so a bad document gives one clear error."""

from __future__ import annotations

from .cards import CardError, parse_kind
from .errors import StateError
from .state import Seat


def read_int(value: object, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateError(f"key {key!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def read_list(value: object, key: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise StateError(f"key {key!r} must be a list")
    if length is not None and len(value) != length:
        raise StateError(f"key {key!r} must hold {length} entries (one a seat), not {len(value)}")
    return value


def read_kind(token: object, key: str) -> int:
    try:
        return parse_kind(token)
    except CardError as exc:
        raise StateError(f"key {key!r}: {exc}") from None


def read_seat(value: object, index: int) -> Seat:
    if not isinstance(value, dict) or set(value) != {"name", "kind"}:
        raise StateError(f"key 'seats': seat {index} must be an object with exactly 'name' and 'kind'")
    name, kind = value["name"], value["kind"]
    if not isinstance(name, str) or not name.strip():
        raise StateError(f"key 'seats': seat {index} needs a non-empty name")
    if not isinstance(kind, str) or not (kind == "human" or (kind.startswith("bot:") and len(kind) > 4)):
        raise StateError(f"key 'seats': seat {index} kind must be 'human' or 'bot:<name>', not {kind!r}")
    return Seat(name, kind)
