"""The ``random`` bot: the baseline every other bot must beat.

It plays a uniformly random action among the legal ones the engine lists for its seat
(:func:`game.marriage.legal_actions`: every choice of dealt tunnelas to expose, both draws, every
discard, one way to see by each route, one valid finish a finish card), so it sees and finishes
only by chance.  It never makes an invalid finish (M8): the engine lists none.
"""

from __future__ import annotations

from ..policy_bot import RandomBot as PolicyRandomBot
from .base import LegalMoves, register


@register("random")
class RandomBot(PolicyRandomBot):
    """See the module docstring and :class:`ai.policy_bot.RandomBot`."""

    legal_moves = LegalMoves
