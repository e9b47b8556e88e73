"""Every scene by name: the one place that knows them all.

Scenes never import each other upward (a scene never imports the scene that opened it): they
change scenes by name through the app (``app.open("menu", table)``, ``app.make("title")``), and
the app finds the factory here.
"""

from __future__ import annotations

from collections.abc import Callable

from .indian13.results import Results13Scene
from .indian13.table import Table13Scene
from .replay import ReplayScene
from .scenes.coach import CoachScene
from .scenes.confirm import ConfirmScene
from .scenes.handover import HandOverScene, MatchOverScene
from .scenes.howto import HowToScene
from .scenes.menu import MenuScene
from .scenes.newgame import NewGameScene
from .scenes.passdevice import PassScene
from .scenes.review import ReviewScene
from .scenes.scoresheet import ScoreSheetScene
from .scenes.settings import SettingsScene
from .scenes.stats import StatsScene
from .scenes.title import TitleScene
from .table import TableScene

SCENES: dict[str, Callable] = {
    scene.name: scene
    for scene in (TitleScene, NewGameScene, TableScene, MenuScene, HandOverScene, MatchOverScene, PassScene,
                  HowToScene, SettingsScene, StatsScene, ConfirmScene, ScoreSheetScene,
                  CoachScene, Table13Scene, Results13Scene, ReplayScene, ReviewScene)
}
