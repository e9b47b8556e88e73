"""Indian Marriage (INDIAN_21.md Part B, ids M1-M14): a pure rules engine, no pygame, no bots.

State in, state out: :func:`new_deal` deals, :func:`apply` plays an action (checked; raises
:class:`IllegalAction`), :func:`legal_actions` lists what may be done, :func:`observe` gives one
seat's view (no joker information before it sees the maal, M13), :func:`to_json`/:func:`from_json`
speak the ``marriage-state`` document of CONTRACT.md.  :class:`Series` plays the game formats of
M12 deal after deal.  :mod:`~game.marriage.solver` and :mod:`~game.marriage.maal` hold the
searches a hand needs (seeing, finishing, the best maal).  :data:`GAME` is this game's front for
the registry (:mod:`game.games`).
"""

from __future__ import annotations

import random

from game.core.errors import IllegalAction, RulesError, StateError
from game.core.front import GameFront

from .actions import Action
from .combos import combination
from .deal import new_deal
from .deck import Jokers, jokers_of
from .formats import Series, deal_scores, money
from .legal import finish_options, legal_actions, see_options
from .maal import best_marriages, maal_points
from .narrate import demo
from .observation import Observation, observe
from .policy import plain_action, random_action
from .rules import DEFAULT_PRESET, PRESETS, RuleSet, preset
from .scoring import settle
from .serialize import FORMAT, from_json, to_json
from .state import Result, State
from .turn import apply, is_legal
from .view import view_document


def parse_action(data: object, state: State) -> Action:
    """An action object of CONTRACT.md for ``state``'s table; raises :class:`StateError`."""
    return Action.from_json(data, state.players)


def new_document(preset_name: str, players: int, options: object, seed: int) -> dict:
    """The state document of a freshly dealt deal (the referee's ``--new``): ``options`` (a JSON
    object, or ``None``) set on top of the preset; raises :class:`RulesError`."""
    rules = preset(preset_name, players)
    if options is not None:
        rules = rules.with_options(options)
    return to_json(new_deal(rules, random.Random(seed)))


GAME = GameFront("marriage", FORMAT, DEFAULT_PRESET, tuple(PRESETS), from_json, parse_action, apply, to_json,
                 new_document, (2, 5), random_action, demo, view_document)


__all__ = [
    "Action", "DEFAULT_PRESET", "FORMAT", "GAME", "IllegalAction", "Jokers", "Observation", "PRESETS", "Result",
    "RuleSet", "RulesError", "Series", "State", "StateError", "apply", "best_marriages", "combination", "deal_scores",
    "demo", "finish_options", "from_json", "is_legal", "jokers_of", "legal_actions", "maal_points", "money",
    "new_deal", "new_document", "observe", "parse_action", "plain_action", "preset", "random_action",
    "see_options", "settle", "to_json",
]
