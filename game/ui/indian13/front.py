"""13-card Indian Rummy at the desktop app: its entry of :mod:`game.ui.games`
(:class:`game.ui.front.TableFront`)."""

from __future__ import annotations

from ai.indian13 import FRONT as BOTS
from game.i18n import N_

from ..front import TableFront
from . import replay
from .match import Indian13Match
from .results import Results13Scene
from .rulebook import PAGES
from .setup import SETUP
from .smoke import smoke
from .table import Table13Scene
from .tutorial import Tutorial13, tutorial_match


def tutorial() -> tuple[str, tuple, dict]:
    """The guided first hand: the table on the tutorial's match, with its coach."""
    return "table13", (tutorial_match(),), {"tutorial": Tutorial13()}


FRONT = TableFront(
    bots=BOTS, title=N_("Indian Rummy"),
    blurb=N_("13-card Indian Rummy: a cut joker; declare with two sequences, one pure."),
    setup=SETUP, match=Indian13Match, scenes=(Table13Scene, Results13Scene), rulebook=tuple(PAGES), replay=replay,
    stats_prefix="Indian Rummy · ", smoke=smoke, tutorial=tutorial,
)
