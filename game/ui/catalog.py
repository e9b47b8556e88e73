"""Every scene by name: the shared scenes, then each game's (its front's ``scenes``).

Scenes never import each other upward (a scene never imports the scene that opened them): they
change scenes by name through the app (``app.open("menu", table)``, ``app.make("title")``), and
the app finds the factory here.

The network scenes (host, join, the lobby) are imported when one is first opened, never at the
app's start: they bring the network stack (``game.net``, websockets, asyncio, ssl, zeroconf), which
a player who never plays over the network need not load (docs/packaging.md).
"""

from __future__ import annotations

from collections.abc import Callable

from game.games import unique

from .games import GAMES
from .replay import ReplayScene
from .replay.samecards import SameCardsScene
from .scenes.coach import CoachScene
from .scenes.confirm import ConfirmScene
from .scenes.howto import HowToScene
from .scenes.insights import InsightsScene
from .scenes.menu import MenuScene
from .scenes.newgame import NewGameScene
from .scenes.passdevice import PassScene
from .scenes.puzzles import PuzzlesScene
from .scenes.review import ReviewScene
from .scenes.settings import SettingsScene
from .scenes.stats import StatsScene
from .scenes.title import TitleScene


def _network(cls: str) -> Callable:
    """A factory of the network scene class ``cls`` of :mod:`game.ui.lobby.scenes`, imported on first use
    (a static import, so that PyInstaller still bundles it)."""

    def make(app, *args, **kwargs):
        from .lobby import scenes

        return getattr(scenes, cls)(app, *args, **kwargs)

    make.__qualname__ = make.__name__ = cls
    return make


SHARED = (TitleScene, NewGameScene, MenuScene, PassScene, HowToScene, SettingsScene, StatsScene, ConfirmScene,
          CoachScene, ReplayScene, ReviewScene, SameCardsScene, PuzzlesScene, InsightsScene)
NETWORK: dict[str, Callable] = {"host": _network("HostScene"), "join": _network("JoinScene"),
                                "lobby": _network("LobbyScene")}  # tests/ui/test_lazy_start.py checks the names
SCENES: dict[str, Callable] = unique((*SHARED, *(s for g in GAMES.values() for s in g.scenes)), "name", what="scenes")
if taken := sorted(SCENES.keys() & NETWORK.keys()):
    raise ValueError(f"two scenes have the name {taken[0]!r}: each must have its own")
SCENES.update(NETWORK)
