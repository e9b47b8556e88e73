"""21-card Indian Rummy at the desktop app: its entry of :mod:`game.ui.games`
(:class:`game.ui.front.TableFront`)."""

from __future__ import annotations

from ai.indian21 import FRONT as BOTS
from game.i18n import N_

from ..front import TableFront
from . import replay
from .match import Indian21Match
from .results import Results21Scene
from .rulebook import PAGES
from .setup import SETUP
from .smoke import smoke
from .table import Table21Scene
from .tutorial import Tutorial21, tutorial_match


def tutorial() -> tuple[str, tuple, dict]:
    """The guided first hand: the table on the tutorial's match, with its coach."""
    return "table21", (tutorial_match(),), {"tutorial": Tutorial21()}


FRONT = TableFront(
    bots=BOTS, title=N_("21 Cards"),
    blurb=N_("21-card Indian Rummy (27 cards as a preset): show with 3 pure sequences, 3 tunnelas, 8 dublees or 8 "
             "jokers; value cards score."),
    setup=SETUP, match=Indian21Match, scenes=(Table21Scene, Results21Scene), rulebook=tuple(PAGES), replay=replay,
    stats_prefix="21 Cards · ", smoke=smoke, tutorial=tutorial,
)
