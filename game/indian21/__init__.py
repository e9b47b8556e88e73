"""21-card Indian Rummy with 27-card Rummy as its preset (INDIAN_21.md Part A, ids T1-T17): a pure
rules engine, no pygame, no bots.

State in, state out: :func:`new_deal` deals, :func:`apply` plays an action (checked; raises
:class:`IllegalAction`), :func:`legal_actions` lists what may be done, :func:`observe` gives one
seat's view, :func:`to_json`/:func:`from_json` speak the ``indian21-state`` document of
CONTRACT.md.  :func:`lowest_count` and :func:`find_show` are the exact solvers of a hand (T10,
T7.2); :class:`Series` plays the match formats of T14.  :data:`GAME` is this game's front for the
registry (:mod:`game.games`).
"""

from __future__ import annotations

from game.core.errors import IllegalAction, StateError
from game.core.front import GameFront, action_parser, document_maker

from .actions import Action
from .arrange import Arrangement, Count, arrange, find_show, lowest_count
from .deal import new_deal
from .formats import Series, deal_scores, money
from .legal import legal_actions
from .narrate import demo
from .observation import Observation, observe
from .policy import plain_action, random_action
from .rules import DEFAULT_PRESET, PRESETS, RulesError, RuleSet, preset
from .scoring import value_points
from .serialize import FORMAT, from_json, to_json
from .state import State
from .turn import apply, is_legal
from .view import view_document

parse_action = action_parser(Action)
new_document = document_maker(preset, new_deal, to_json)
GAME = GameFront("indian21", FORMAT, DEFAULT_PRESET, tuple(PRESETS), from_json, parse_action, apply, to_json,
                 new_document, (2, 6), random_action, demo, view_document)


__all__ = [
    "Action", "Arrangement", "Count", "DEFAULT_PRESET", "FORMAT", "GAME", "IllegalAction", "Observation", "PRESETS",
    "RuleSet", "RulesError", "Series", "State", "StateError", "apply", "arrange", "deal_scores", "demo", "find_show",
    "from_json", "is_legal", "legal_actions", "lowest_count", "money", "new_deal", "new_document", "observe",
    "parse_action", "plain_action", "preset", "random_action", "to_json", "value_points",
]
