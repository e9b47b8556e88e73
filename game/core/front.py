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
