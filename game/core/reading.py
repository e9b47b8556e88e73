"""Readers for the pieces every game's state document shares (CONTRACT.md): whole numbers in a
range, lists (one entry a seat), seats, card tokens.  Each raises :class:`StateError` naming the
key, so a bad document gives one clear error."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CardError, kind_text, parse_kind
from .errors import StateError
from .seats import Seat


def read_header(doc: object, keys: Sequence[str], fmt: str, version: int) -> dict:
    """The checks every state document starts with: an object with exactly ``keys``, of format
    ``fmt`` and version ``version``."""
    if not isinstance(doc, dict):
        raise StateError("the state must be a JSON object")
    unknown = sorted(set(doc) - set(keys), key=str)
    if unknown:
        raise StateError(f"unknown key {unknown[0]!r} in the state")
    missing = [k for k in keys if k not in doc]
    if missing:
        raise StateError(f"the state is missing key {missing[0]!r}")
    if doc["format"] != fmt:
        raise StateError(f"key 'format' must be {fmt!r}")
    if type(doc["version"]) is not int or doc["version"] != version:
        raise StateError(f"key 'version' must be {version}; this engine reads version {version} only")
    return doc


@dataclass(frozen=True)
class Table:
    """What every state document says first: its rules, seats, dealer, the seat to move, the phase."""

    doc: dict
    rules: Any
    seats: list[Seat]
    dealer: int
    turn: int
    phase: str

    @property
    def players(self) -> int:
        return self.rules.players


def read_table(doc: object, keys: Sequence[str], fmt: str, version: int, read_rules: Callable[[object], Any],
               rules_errors: tuple[type[Exception], ...], phases: Sequence[str]) -> Table:
    """:func:`read_header`, then the rules (``read_rules``, whose ``rules_errors`` become a
    :class:`StateError` on key ``rules``), one seat a player, the dealer, the seat to move and a
    phase of ``phases``."""
    doc = read_header(doc, keys, fmt, version)
    try:
        rules = read_rules(doc["rules"])
    except rules_errors as exc:
        raise StateError(f"key 'rules': {exc}") from None
    n = rules.players
    seats = [read_seat(s, i) for i, s in enumerate(read_list(doc["seats"], "seats", n))]
    dealer = read_int(doc["dealer"], "dealer", 0, n - 1)
    turn = read_int(doc["turn"], "turn", 0, n - 1)
    phase = doc["phase"]
    if not isinstance(phase, str) or phase not in phases:
        raise StateError(f"key 'phase' must be one of {', '.join(phases)}, not {phase!r:.40}")
    return Table(doc, rules, seats, dealer, turn, phase)


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


class CardPool:
    """Hands out the physical ids of a deck for card tokens, each id once, so a document can
    neither invent a card nor lose one.  ``kind_of`` maps an id to its kind; ``too_many(kind)``
    says how many of that kind the deck holds; ``places`` names where every card must be."""

    def __init__(self, ids: Sequence[int], kind_of: Sequence[int], too_many: Callable[[int], str],
                 places: str) -> None:
        self.free: dict[int, list[int]] = {}
        for c in reversed(ids):
            self.free.setdefault(kind_of[c], []).append(c)
        self.too_many, self.places, self.kind_of = too_many, places, kind_of

    def take(self, token: object, key: str) -> int:
        kind = read_kind(token, key)
        ids = self.free.get(kind)
        if not ids:
            raise StateError(f"key {key!r}: too many {kind_text(kind)} cards; {self.too_many(kind)}")
        return ids.pop()

    def list(self, value: object, key: str) -> list[int]:
        return [self.take(t, key) for t in read_list(value, key)]

    def check_all_used(self) -> None:
        for kind, ids in self.free.items():
            if ids:
                raise StateError(f"card counts: {len(ids)} {kind_text(kind)} card(s) {self.places}")


def well_formed(cls: type, action: object, players: int) -> Any:
    """``action`` as an action of ``cls`` (either engine's :class:`Action`): a JSON object parsed
    and checked by ``cls.from_json``, an action object checked by its ``shape_error``; raises
    :class:`StateError` for anything that is no well-formed action."""
    if isinstance(action, dict):
        return cls.from_json(action, players)
    problem = action.shape_error()  # type: ignore[attr-defined]
    if problem is not None:
        raise StateError(problem)
    return action


def read_action_head(data: object, required: Mapping[str, frozenset[str]], players: int | None, *,
                     optional: Mapping[str, frozenset[str]] | None = None, width: int | None = 40) -> tuple[str, int]:
    """What every action object is checked for first: a JSON object whose ``type`` is a key of
    ``required`` (type -> its keys besides ``player`` and ``type``; ``optional`` ones allowed too),
    with no unknown and no missing key, and whose ``player`` is a seat index (below ``players``
    when given); a bad value is shown cut to ``width`` characters (``None``: whole).  Returns the
    type and the seat."""
    if not isinstance(data, dict):
        raise StateError("an action must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in required:
        raise StateError(f"action type must be one of {', '.join(required)}, not {_cut(kind, width)}")
    needed = required[kind]
    allowed = needed | (optional or {}).get(kind, frozenset()) | {"player", "type"}
    unknown = sorted(str(k) for k in set(data) - allowed)
    if unknown:
        raise StateError(f"{kind} action has unknown key {_cut(unknown[0], width)}")
    missing = sorted((needed | {"player"}) - set(data))
    if missing:
        raise StateError(f"{kind} action is missing key {missing[0]!r}")
    player = data["player"]
    if isinstance(player, bool) or not isinstance(player, int) or player < 0 \
            or (players is not None and player >= players):
        raise StateError(f"action key 'player' must be a seat index, not {_cut(player, width)}")
    return kind, player


def _cut(value: object, width: int | None) -> str:
    return repr(value) if width is None else f"{value!r:.{width}}"
