"""The games at the desktop app, by name: the one list of them at the UI layer.

Each game's UI package offers one :class:`~game.ui.front.TableFront` (``FRONT``); the app, the
title, the new-game screen, How to play, the statistics, the saves and the replay viewer find a
game here (scenes through ``app.games``).  A new game is one package and one entry below.
"""

from __future__ import annotations

from game.games import unique

from .front import TableFront
from .indian13.front import FRONT as INDIAN13
from .indian21.front import FRONT as INDIAN21
from .marriage.front import FRONT as MARRIAGE
from .vazhushal.front import FRONT as VAZHUSHAL

# Names, titles and statistics prefixes are the player's way to tell games apart: checked unique here.
GAMES: dict[str, TableFront] = unique((VAZHUSHAL, INDIAN13, INDIAN21, MARRIAGE), "name", "title", "stats_prefix")
