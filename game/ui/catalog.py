"""Every scene by name: the shared scenes, then each game's (its front's ``scenes``).

Scenes never import each other upward (a scene never imports the scene that opened them): they
change scenes by name through the app (``app.open("menu", table)``, ``app.make("title")``), and
the app finds the factory here.
"""

from __future__ import annotations

from collections.abc import Callable

from .games import GAMES
from .lobby.scenes import HostScene, JoinScene, LobbyScene
from .replay import ReplayScene
from .replay.samecards import SameCardsScene
from .scenes.coach import CoachScene
from .scenes.confirm import ConfirmScene
from .scenes.howto import HowToScene
from .scenes.menu import MenuScene
from .scenes.newgame import NewGameScene
from .scenes.passdevice import PassScene
from .scenes.review import ReviewScene
from .scenes.settings import SettingsScene
from .scenes.stats import StatsScene
from .scenes.title import TitleScene

SHARED = (TitleScene, NewGameScene, MenuScene, PassScene, HowToScene, SettingsScene, StatsScene, ConfirmScene,
          CoachScene, ReplayScene, ReviewScene, SameCardsScene, HostScene, JoinScene, LobbyScene)
SCENES: dict[str, Callable] = {scene.name: scene for scene in (*SHARED, *(s for g in GAMES.values() for s in g.scenes))}
