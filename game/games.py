"""The games this program knows, one :class:`GameFront` each, by the names the referee uses.

Everything that handles a game's documents without caring which game it is (the referee, hand
replays) goes through :data:`GAMES`: a third game plugs in here and needs no change elsewhere.
No pygame, no bots: this sits just above the two rules engines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from . import engine, indian13
from .engine.rules import RulesError


@dataclass(frozen=True)
class GameFront:
    """What the referee needs of one game."""

    name: str
    format: str  # the state document's ``format``
    default_preset: str
    presets: tuple[str, ...]
    from_json: Callable[[object], Any]  # document -> state; raises StateError
    parse_action: Callable[[object, Any], Any]  # (action object, state) -> action; raises StateError
    apply: Callable[[Any, Any], Any]  # (state, action) -> state; raises IllegalAction
    to_json: Callable[[Any], dict]
    new_document: Callable[[str, int, object, int], dict]  # (preset, players, options, seed); raises ValueError
    rules_errors: tuple[type[Exception], ...]


def _vazhushal_document(preset_name: str, players: int, options: object, seed: int) -> dict:
    rules = engine.preset(preset_name, players)
    if options is not None:
        if not isinstance(options, dict):
            raise RulesError("rule options must be a JSON object of option names and values")
        names = {f.name for f in fields(rules)}
        unknown = sorted(set(options) - names)
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r}; options: {', '.join(sorted(names))}")
        rules = replace(rules, **options)
    return engine.to_json(engine.new_hand(rules, random.Random(seed)))


GAMES: dict[str, GameFront] = {
    "vazhushal": GameFront("vazhushal", "vazhushal-state", "Standard", tuple(engine.PRESETS), engine.from_json,
                           lambda data, state: engine.Action.from_json(data, state.players), engine.apply,
                           engine.to_json, _vazhushal_document, (RulesError,)),
    "indian13": GameFront("indian13", indian13.FORMAT, indian13.DEFAULT_PRESET, tuple(indian13.PRESETS),
                          indian13.from_json, indian13.parse_action, indian13.apply, indian13.to_json,
                          indian13.new_document, (indian13.RulesError,)),
}
DEFAULT_GAME = "vazhushal"
