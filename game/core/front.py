"""What every game's engine offers the rest of the program: one :class:`GameFront` a game.

A game's package builds its front once (``game.<name>.GAME``) and :mod:`game.games` lists it;
the referee, hand replays and every other caller that handles a game's documents without caring
which game it is go through the front, never through the game's name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction


@dataclass(frozen=True)
class GameFront:
    """One game's engine behind the contract's routes (CONTRACT.md)."""

    name: str  # the game's name on the command line and in replays and saves (``--game``)
    format: str  # the state document's ``format``
    default_preset: str
    presets: tuple[str, ...]
    from_json: Callable[[object], Any]  # document -> state; raises StateError
    parse_action: Callable[[object, Any], Any]  # (action object, state) -> action; raises StateError
    apply: Callable[[Any, Any], Any]  # (state, action) -> state; raises IllegalAction
    to_json: Callable[[Any], dict]
    new_document: Callable[[str, int, object, int], dict]  # (preset, players, options, seed); raises RulesError
    players: tuple[int, int]  # the fewest and most seats (a preset may allow fewer)
    random_action: Callable[[Any, random.Random], Any]  # (state, rng) -> a random legal action (soak runs, benches)
    demo: Callable[[int, int], list[str]]  # (seed, players) -> a hand between computer players, in words
    # observation document -> a state document that looks the same to that seat, the hidden cards in a
    # fixed order (game.core.views); raises StateError.  A network client draws from it (game.net).
    view: Callable[[object], dict] | None = None


def action_parser(action_type: Any) -> Callable[[object, Any], Any]:
    """``parse_action`` of a game whose actions read themselves (``Action.from_json(data, players)``)."""

    def parse_action(data: object, state: Any) -> Any:
        """An action object of CONTRACT.md for ``state``'s table; raises ``StateError``."""
        return action_type.from_json(data, state.players)

    return parse_action


def document_maker(preset: Callable[[str, int], Any], deal: Callable[[Any, random.Random], Any],
                   to_json: Callable[[Any], dict]) -> Callable[[str, int, object, int], dict]:
    """``new_document`` of a game: the preset for the table, ``options`` (a JSON object, or
    ``None``) set on top with the rule set's ``with_options``, dealt from the seed."""

    def new_document(preset_name: str, players: int, options: object, seed: int) -> dict:
        """The state document of a freshly dealt hand (the referee's ``--new``); raises ``RulesError``."""
        rules = preset(preset_name, players)
        if options is not None:
            rules = rules.with_options(options)
        return to_json(deal(rules, random.Random(seed)))

    return new_document


def legality(apply: Callable[[Any, Any], Any]) -> Callable[[Any, Any], bool]:
    """``is_legal(state, action)`` of a game's checked ``apply``."""

    def is_legal(state: Any, action: Any) -> bool:
        try:
            apply(state, action)
        except IllegalAction:
            return False
        return True

    return is_legal
