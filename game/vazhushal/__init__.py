"""Vazhushal (RULES.md, ids V1-V12): the rules engine of the Chennai game. Pure Python, no pygame,
no bots.

State in, state out: :func:`new_hand` deals, :func:`apply` plays an action (checked; raises
:class:`IllegalAction`), :mod:`legal` lists what may be done, :func:`observe` gives one seat's
view, :func:`to_json`/:func:`from_json` speak CONTRACT.md.  :data:`GAME` is this game's front for
the registry (:mod:`game.games`).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

from game.core.cards import JOKER, kind_pretty, kind_text, parse_kind
from game.core.errors import IllegalAction, RulesError, StateError
from game.core.front import GameFront
from game.core.seats import Seat

from .actions import Action
from .deal import new_hand, next_hand
from .greedy import greedy_arrangement
from .legal import DrawOption, explain, legal_actions, legal_draws, legal_takes
from .melds import Meld, readings
from .narrate import demo
from .observation import Observation, observe
from .rules import PRESETS, RuleSet, preset
from .serialize import FORMAT, from_json, to_json
from .simulate import random_action
from .state import DRAW, FINAL, OVER, PLAY, Result, State
from .turn import apply, is_legal

DEFAULT_PRESET = "Standard"


def parse_action(data: object, state: State) -> Action:
    """An action object of CONTRACT.md for ``state``'s table; raises :class:`StateError`."""
    return Action.from_json(data, state.players)


def new_document(preset_name: str, players: int, options: object, seed: int) -> dict:
    """The state document of a freshly dealt hand (the referee's ``--new``): ``options`` (a JSON
    object, or ``None``) set on top of the preset; raises :class:`RulesError`."""
    rules = preset(preset_name, players)
    if options is not None:
        if not isinstance(options, dict):
            raise RulesError("rule options must be a JSON object of option names and values")
        names = {f.name for f in fields(rules)}
        unknown = sorted(set(options) - names)
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r}; options: {', '.join(sorted(names))}")
        rules = replace(rules, **options)
    return to_json(new_hand(rules, random.Random(seed)))


GAME = GameFront("vazhushal", FORMAT, DEFAULT_PRESET, tuple(PRESETS), from_json, parse_action, apply, to_json,
                 new_document, (2, 6), random_action, demo)

__all__ = [
    "Action", "DEFAULT_PRESET", "DRAW", "DrawOption", "FINAL", "FORMAT", "GAME", "IllegalAction", "JOKER", "Meld",
    "OVER", "Observation", "PLAY", "PRESETS", "Result", "RuleSet", "RulesError", "Seat", "State", "StateError",
    "apply", "explain", "from_json", "greedy_arrangement", "is_legal", "kind_pretty", "kind_text", "legal_actions",
    "legal_draws", "legal_takes", "new_document", "new_hand", "next_hand", "observe", "parse_action", "parse_kind",
    "preset", "readings", "to_json",
]
