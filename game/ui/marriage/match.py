"""A Marriage game at the table: the series of deals (M12), who sits where, the deal in play, the
deals so far, the autosave.

No pygame here.  Every change of a deal is an engine action (:func:`game.marriage.apply`); the
series (a number of deals, or one deal alone) is the engine's :class:`game.marriage.Series`, whose
dealer passes to the next seat each deal (M2.1).

The save is the shared ``vazhushal-save`` document with ``"game": "marriage"``; the deal in play is
the CONTRACT.md ``marriage-state`` document.  Every number is read with the bounds it is written
with, and what the save says twice must agree (the totals before the deal in play and after it, the
dealer, one record a deal played), so what loads can be saved and played on.  Every deal is
recorded as it is played (:class:`game.replay.Recorder`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import game.marriage as engine
from ai.marriage import FRONT as BOTS
from game.marriage.formats import deal_scores
from game.marriage.state import OVER, REASONS

from ..inhand.match import DealRecord, DealsMatch


@dataclass(frozen=True)
class DealM(DealRecord):
    """One finished deal: who won and how, each seat's maal, game points and net (M10, M11); the
    net is what the deal added to each total (M12)."""

    COLUMNS = ("maal", "game_points", "net")
    REASONS = REASONS
    ZERO_SUM = True

    maal: list[int]
    game_points: list[int]
    net: list[int]


class MarriageMatch(DealsMatch):
    """A Marriage game in progress (M12: ties of the highest total are shared).  ``levels[i]`` is
    ``Human`` or the bot level of seat ``i``."""

    game = "marriage"
    scene = "marriage_table"  # the table scene that plays it (game.ui.catalog)
    bots = BOTS
    engine = SimpleNamespace(Series=engine.Series, RuleSet=engine.RuleSet, RulesError=engine.RulesError,
                             apply=engine.apply, from_json=engine.from_json, to_json=engine.to_json,
                             deal_scores=deal_scores, OVER=OVER)
    record = DealM
    ZERO_SUM_TOTALS = True

    def deal_record(self, number: int, result: Any, before: list[int]) -> DealM:
        return DealM(number, result.winner, result.reason, list(result.maal), list(result.game_points),
                     list(result.net))

    @classmethod
    def can_go_on(cls, state: engine.State) -> bool:
        return bool(engine.legal_actions(state, searches=False))
