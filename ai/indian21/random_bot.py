"""The ``random`` bot: the baseline every other bot must beat.

It plays a uniformly random action among the legal ones the engine lists for its seat, except
that it never drops (T9): draws, discards and, when the hand allows one, the valid shows
(:func:`game.indian21.legal_actions` lists one a finish card) are all equally likely, so it shows
only by chance.  In phase ``show`` it shows the engine's grouping, the one action listed.
"""

from __future__ import annotations

from game.indian21.actions import DROP

from ..policy_bot import RandomBot as PolicyRandomBot
from .base import LegalMoves, register


@register("random")
class RandomBot(PolicyRandomBot):
    """See the module docstring and :class:`ai.policy_bot.RandomBot`."""

    legal_moves = LegalMoves
    never = (DROP,)
