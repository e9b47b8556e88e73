"""The replay document (docs/replays.md): its keys, its errors, and reading its header.

:func:`read` checks everything that can be checked without playing: the keys and their types,
the version, the game, the initial state (through that game's own reader, so every card is where
CONTRACT.md says), and the shape of each recorded action.  Whether the actions are legal and lead
to the recorded end is :mod:`game.replay.check`'s job.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from game.core.errors import RulesError, StateError
from game.core.front import GameFront
from game.games import GAMES

FORMAT = "vazhushal-replay"
VERSION = 1
KEYS = ("format", "version", "game", "match_id", "hand_no", "recorded", "seed", "initial", "actions", "result",
        "final_sha256")
OPTIONAL_KEYS = ("bots",)  # the level and seed of each bot seat (replays recorded since they were kept)
MAX_LEVEL = 64  # characters of a recorded bot level's name
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")  # safe in a file name on every platform
_SHA256 = re.compile(r"[0-9a-f]{64}\Z")
SEED_BOUND = 1 << 256  # a deal's seed is below this (docs/replays.md)


class ReplayError(ValueError):
    """A replay that does not hold: an action the rules forbid (``rule`` names the rule broken) or
    an end other than the one recorded.  ``index`` is the position of the action in ``actions``."""

    def __init__(self, code: str, message: str, *, rule: str | None = None, index: int | None = None) -> None:
        super().__init__(message if index is None else f"actions[{index}]: {message}")
        self.code = code
        self.message = message
        self.rule = rule
        self.index = index

    def to_json(self) -> dict:
        return {"rule": self.rule, "code": self.code, "message": self.message, "index": self.index}


class MalformedReplay(ReplayError):
    """A document that is not a well-formed replay: wrong types, unknown or missing keys, another
    version, an initial state or an action object the game's reader refuses."""


@dataclass(frozen=True)
class Header:
    """A replay document read and checked as far as it can be without playing it."""

    game: GameFront
    initial: Any  # the game's state at the deal
    entries: list[dict]  # {"seat": int, "action": dict}, each checked for shape
    result: dict
    final_sha256: str
    bots: list[dict]  # {"seat", "level", "seed"} for each bot seat recorded; empty in older replays


def canonical(value: object) -> str:
    """The one JSON text of ``value`` that hashes and comparisons use: sorted keys, no spaces,
    ASCII only (a seat name is escaped, never normalized)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_sha256(state_doc: dict) -> str:
    """The SHA-256 (hex) of a state document's :func:`canonical` text: the replay's
    ``final_sha256``."""
    return hashlib.sha256(canonical(state_doc).encode("ascii")).hexdigest()


def read(doc: object) -> Header:
    """Check a replay document's structure and read its initial state; raises
    :class:`MalformedReplay` naming the first problem."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise MalformedReplay("not_a_replay", f"not a replay: key 'format' must be {FORMAT!r}, not {_short(found)}")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise MalformedReplay("bad_version", f"replay version {_short(version)} cannot be read here "
                                             f"(this game reads version {VERSION})")
    _keys(doc)
    game = _game(doc["game"])
    _header_values(doc)
    initial = _initial(doc["initial"], game)
    entries = _entries(doc["actions"])
    bots = read_bots(doc.get("bots", []), len(initial.seats))
    if not isinstance(doc["result"], dict):
        raise MalformedReplay("bad_value", f"key 'result' must be the final state's result object, "
                                           f"not {_short(doc['result'])}")
    if not (isinstance(doc["final_sha256"], str) and _SHA256.match(doc["final_sha256"])):
        raise MalformedReplay("bad_value", "key 'final_sha256' must be 64 lowercase hex digits")
    return Header(game, initial, entries, doc["result"], doc["final_sha256"], bots)


def _keys(doc: dict) -> None:
    unknown = sorted(set(doc) - set(KEYS) - set(OPTIONAL_KEYS))
    if unknown:
        raise MalformedReplay("unknown_key", f"unknown key {_short(unknown[0])} in the replay")
    missing = [k for k in KEYS if k not in doc]
    if missing:
        raise MalformedReplay("missing_key", f"the replay is missing key {missing[0]!r}")


def _game(name: object) -> GameFront:
    if isinstance(name, str) and name in GAMES:
        return GAMES[name]
    raise MalformedReplay("bad_value", f"key 'game' must be one of {', '.join(map(repr, GAMES))}, not {_short(name)}")


def _header_values(doc: dict) -> None:
    if not (isinstance(doc["match_id"], str) and MATCH_ID.match(doc["match_id"])):
        raise MalformedReplay("bad_value", "key 'match_id' must be 1 to 64 letters, digits, '-' or '_', "
                                           f"not {_short(doc['match_id'])}")
    if not _whole(doc["hand_no"]) or doc["hand_no"] < 0:
        raise MalformedReplay("bad_value", f"key 'hand_no' must be a whole number from 0, not {_short(doc['hand_no'])}")
    if doc["seed"] is not None and not _seed(doc["seed"]):
        raise MalformedReplay("bad_value", f"key 'seed' must be a whole number or null, not {_short(doc['seed'])}")
    if not _utc_time(doc["recorded"]):
        raise MalformedReplay("bad_value", "key 'recorded' must be a UTC time such as '2026-01-31T18:05:00Z', "
                                           f"not {_short(doc['recorded'])}")


def _initial(state_doc: object, game: GameFront) -> Any:
    if not isinstance(state_doc, dict) or state_doc.get("format") != game.format:
        found = state_doc.get("format") if isinstance(state_doc, dict) else type(state_doc).__name__
        raise MalformedReplay("bad_state", f"key 'initial' must be a {game.format!r} document for game "
                                           f"{game.name!r}, not {_short(found)}")
    try:
        state = game.from_json(state_doc)
    except (StateError, RulesError) as exc:
        raise MalformedReplay("bad_state", f"key 'initial': {exc}") from None
    if state.result is not None:
        raise MalformedReplay("bad_state", "key 'initial': the hand is already over at the start")
    return state


def _entries(actions: object) -> list[dict]:
    if not isinstance(actions, list):
        raise MalformedReplay("bad_value", f"key 'actions' must be a list, not {_short(actions)}")
    for i, entry in enumerate(actions):
        if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
            raise MalformedReplay("bad_action", "each action must be an object with exactly the keys 'seat' "
                                                "and 'action'", index=i)
        seat, action = entry["seat"], entry["action"]
        if not _whole(seat) or not isinstance(action, dict):
            raise MalformedReplay("bad_action", "'seat' must be a seat number and 'action' an action object",
                                  index=i)
        if action.get("player") != seat or type(action.get("player")) is not int:
            raise MalformedReplay("seat_mismatch", f"recorded for seat {seat}, but the action names player "
                                                   f"{_short(action.get('player'))}", index=i)
    return actions


def read_bots(bots: object, players: int) -> list[dict]:
    """The replay's ``bots``: a list of ``{"seat", "level", "seed"}``, one per bot seat at most;
    raises :class:`MalformedReplay` naming the problem."""
    if not isinstance(bots, list):
        raise MalformedReplay("bad_value", f"key 'bots' must be a list, not {_short(bots)}")
    seen: set[int] = set()
    for i, bot in enumerate(bots):
        where = f"bots[{i}]"
        if not isinstance(bot, dict) or set(bot) != {"seat", "level", "seed"}:
            raise MalformedReplay("bad_value", f"{where} must be an object with exactly the keys 'seat', 'level' "
                                               "and 'seed'")
        seat, level, seed = bot["seat"], bot["level"], bot["seed"]
        if not _whole(seat) or not 0 <= seat < players or seat in seen:
            raise MalformedReplay("bad_value", f"{where}: 'seat' must be a seat of the hand, each once, "
                                               f"not {_short(seat)}")
        if not isinstance(level, str) or not 0 < len(level) <= MAX_LEVEL or not level.isprintable():
            raise MalformedReplay("bad_value", f"{where}: 'level' must be a level's name, not {_short(level)}")
        if not _whole(seed):
            raise MalformedReplay("bad_value", f"{where}: 'seed' must be a whole number, not {_short(seed)}")
        seen.add(seat)
    return bots


def _whole(value: object) -> bool:
    return type(value) is int and abs(value) < 1 << 63


def _seed(value: object) -> bool:
    """A deal's seed: a whole number of 63 bits either sign (replays from before), or up to 256 bits
    (a deal of a match of a secret seed: ``game.ui.match.deal_seed_of``)."""
    return _whole(value) or (type(value) is int and 0 <= value < SEED_BOUND)


def _utc_time(value: object) -> bool:
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return False
    return when.utcoffset() == timedelta(0)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
