"""13-card Indian Rummy (INDIAN_RUMMY.md, ids I1-I14): a pure rules engine, no pygame, no bots.

State in, state out: :func:`new_deal` deals, :func:`apply` plays an action (checked; raises
:class:`IllegalAction`), :func:`legal_actions` lists what may be done, :func:`observe` gives one
seat's view, :func:`to_json`/:func:`from_json` speak the ``indian13-state`` document of
CONTRACT.md.  :class:`Series` plays the game formats of I12 deal after deal.  :data:`GAME` is this
game's front for the registry (:mod:`game.games`).
"""

from __future__ import annotations

from game.core.errors import IllegalAction, StateError
from game.core.front import GameFront, action_parser, document_maker

from .actions import Action
from .arrange import Arrangement, arrange, find_declaration
from .deal import new_deal
from .formats import Series, deal_scores, money
from .legal import legal_actions
from .narrate import demo
from .observation import Observation, observe
from .rules import DEFAULT_PRESET, PRESETS, RulesError, RuleSet, preset
from .serialize import FORMAT, from_json, to_json
from .simulate import random_action
from .state import State
from .turn import apply, is_legal
from .view import view_document

parse_action = action_parser(Action)
new_document = document_maker(preset, new_deal, to_json)
GAME = GameFront("indian13", FORMAT, DEFAULT_PRESET, tuple(PRESETS), from_json, parse_action, apply, to_json,
                 new_document, (2, 6), random_action, demo, view_document)


__all__ = [
    "Action", "Arrangement", "DEFAULT_PRESET", "FORMAT", "GAME", "IllegalAction", "Observation", "PRESETS",
    "RuleSet", "RulesError", "State", "StateError", "apply", "arrange", "deal_scores", "find_declaration",
    "from_json", "is_legal", "legal_actions", "money", "new_deal", "new_document", "observe", "parse_action",
    "preset", "Series", "to_json",
]
