"""The games of the family, by name: the one list of them at the engine layer.

Each game's package offers one :class:`~game.core.front.GameFront` (``GAME``); everything that
handles a game's documents without caring which game it is (the referee, hand replays, saves)
finds it here.  A new game is one package and one entry below.
"""

from __future__ import annotations

from game.core.front import GameFront

from . import indian13, indian21, marriage, vazhushal

GAMES: dict[str, GameFront] = {front.name: front for front in (vazhushal.GAME, indian13.GAME, indian21.GAME,
                                                               marriage.GAME)}
DEFAULT_GAME = next(iter(GAMES))  # the first registered: what a document without a game name is
