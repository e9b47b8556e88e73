"""The games' bots, by name: the one list of them at the bot layer.

Each game's bot package offers one :class:`~ai.front.BotFront` (``FRONT``); the arena, the ladder,
the table's bot players and the review find a game's bots here.  A new game is one package and
one entry below.
"""

from __future__ import annotations

from game.games import unique

from . import indian13, indian21, marriage, vazhushal
from .front import BotFront

GAMES: dict[str, BotFront] = unique((vazhushal.FRONT, indian13.FRONT, indian21.FRONT, marriage.FRONT), "name")


def front(name: str) -> BotFront:
    """The bot front of the game called ``name``; unknown names raise ``KeyError``."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; games: {', '.join(GAMES)}") from None
