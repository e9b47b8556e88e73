"""Indian Marriage at the desktop app: its entry of :mod:`game.ui.games`
(:class:`game.ui.front.TableFront`)."""

from __future__ import annotations

from ai.marriage import FRONT as BOTS
from game.i18n import N_

from ..front import TableFront
from . import replay
from .expose import ExposeScene
from .match import MarriageMatch
from .results import MarriageResultsScene
from .rulebook import PAGES
from .setup import SETUP
from .smoke import smoke
from .table import MarriageTableScene
from .tutorial import TutorialMarriage, tutorial_match


def tutorial() -> tuple[str, tuple, dict]:
    """The guided first hand: the table on the tutorial's match, with its coach."""
    return "marriage_table", (tutorial_match(),), {"tutorial": TutorialMarriage()}


FRONT = TableFront(
    bots=BOTS, title=N_("Marriage"),
    blurb=N_("Indian Marriage: 21 cards from three decks; see the maal, then finish."),
    setup=SETUP, match=MarriageMatch, scenes=(MarriageTableScene, MarriageResultsScene, ExposeScene),
    rulebook=tuple(PAGES), replay=replay, stats_prefix="Marriage · ", smoke=smoke, tutorial=tutorial,
)
