"""Vazhushal (RULES.md, ids V1-V12): the rules engine of the Chennai game. Pure Python, no pygame,
no bots.

State in, state out: :func:`new_hand` deals, :func:`apply` plays an action (checked; raises
:class:`IllegalAction`), :mod:`legal` lists what may be done, :func:`observe` gives one seat's
view, :func:`to_json`/:func:`from_json` speak CONTRACT.md.  :data:`GAME` is this game's front for
the registry (:mod:`game.games`).
"""

from __future__ import annotations

from game.core.cards import JOKER, kind_pretty, kind_text, parse_kind
from game.core.errors import IllegalAction, RulesError, StateError
from game.core.front import GameFront, action_parser, document_maker
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
from .view import view_document

DEFAULT_PRESET = "Standard"


parse_action = action_parser(Action)
new_document = document_maker(preset, new_hand, to_json)
GAME = GameFront("vazhushal", FORMAT, DEFAULT_PRESET, tuple(PRESETS), from_json, parse_action, apply, to_json,
                 new_document, (2, 6), random_action, demo, view_document)

__all__ = [
    "Action", "DEFAULT_PRESET", "DRAW", "DrawOption", "FINAL", "FORMAT", "GAME", "IllegalAction", "JOKER", "Meld",
    "OVER", "Observation", "PLAY", "PRESETS", "Result", "RuleSet", "RulesError", "Seat", "State", "StateError",
    "apply", "explain", "from_json", "greedy_arrangement", "is_legal", "kind_pretty", "kind_text", "legal_actions",
    "legal_draws", "legal_takes", "new_document", "new_hand", "next_hand", "observe", "parse_action", "parse_kind",
    "preset", "readings", "to_json",
]
