"""Vazhushal at the desktop app: its entry of :mod:`game.ui.games` (:class:`game.ui.front.TableFront`)."""

from __future__ import annotations

from ai.vazhushal import FRONT as BOTS
from game.i18n import N_

from ..front import TableFront
from . import replay
from .handover import HandOverScene, MatchOverScene
from .match import VazhushalMatch
from .rulebook import PAGES
from .scoresheet import ScoreSheetScene
from .setup import SETUP
from .smoke import smoke
from .table import TableScene
from .tutorial import Tutorial, tutorial_match


def tutorial() -> tuple[str, tuple, dict]:
    """The guided first hand: the table on the tutorial's match, with its coach."""
    return "table", (tutorial_match(),), {"tutorial": Tutorial()}


FRONT = TableFront(
    bots=BOTS, title="Vazhushal",  # the game's name, the same in every language (as the app's)
    blurb=N_("The Chennai game: wipe cards off the discard line into new melds."),
    setup=SETUP, match=VazhushalMatch, scenes=(TableScene, HandOverScene, MatchOverScene, ScoreSheetScene),
    rulebook=tuple(PAGES), replay=replay, stats_prefix="", smoke=smoke, tutorial=tutorial,
)
