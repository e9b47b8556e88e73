"""The ``random`` bot: the baseline every other bot must beat.

It plays a uniformly random action among the legal ones the engine lists for its seat, except
that it never drops (T9): draws, discards and, when the hand allows one, the valid shows
(:func:`game.indian21.legal_actions` lists one a finish card) are all equally likely, so it shows
only by chance.  In phase ``show`` it shows the engine's grouping, the one action listed.
"""

from __future__ import annotations

import random

from game.indian21 import Action, Observation
from game.indian21.actions import DROP

from .base import LegalMoves, register


@register("random")
class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Action:
        options = [a for a in LegalMoves(obs).actions() if a.type != DROP]
        return self.rng.choice(options)
