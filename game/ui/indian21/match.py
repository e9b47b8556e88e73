"""A 21-card Indian Rummy game at the table: the series of deals (T14), who sits where, the deal in
play, the deals so far, the autosave.

No pygame here.  Every change of a deal is an engine action (:func:`game.indian21.apply`); the
series (one deal settled alone, or a number of deals added up) is the engine's
:class:`game.indian21.Series`, whose dealer passes to the next seat each deal (T2.1).

The save is the shared ``vazhushal-save`` document with ``"game": "indian21"``; the deal in play is
the CONTRACT.md ``indian21-state`` document.  Every number is read with the bounds it is written
with, and what the save says twice must agree (the totals before the deal in play and after it, the
dealer, one record a deal played, the records adding up to the totals), so what loads can be saved
and played on.  Every deal is recorded as it is played (:class:`game.replay.Recorder`).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import game.indian21 as engine
from ai.indian21 import FRONT as BOTS
from game.indian21.legal import legal_actions
from game.indian21.state import OVER, REASONS

from ..inhand.match import DealRecord, DealsMatch
from .setup import engine_rules


@dataclass(frozen=True)
class Deal21(DealRecord):
    """One finished deal: who won and how, what each seat paid (T8-T10), its value points (T11)
    and its net (T12), which the deal added to its total."""

    COLUMNS = ("points", "value", "net")
    PAID = ("points", "value")
    REASONS = REASONS

    points: list[int]
    value: list[int]
    net: list[int]


class Indian21Match(DealsMatch):
    """A 21-card Indian Rummy game in progress (T14: ties of the highest total are shared).
    ``levels[i]`` is ``Human`` or the bot level of seat ``i`` (every seat plays every deal)."""

    game = "indian21"
    scene = "table21"  # the table scene that plays it (game.ui.catalog)
    bots = BOTS
    engine = SimpleNamespace(Series=engine.Series, RuleSet=engine.RuleSet, RulesError=engine.RulesError,
                             apply=engine.apply, from_json=engine.from_json, to_json=engine.to_json,
                             deal_scores=engine.deal_scores, OVER=OVER)
    record = Deal21

    @classmethod
    def engine_rules(cls, rules: Any) -> engine.RuleSet:
        return engine_rules(rules)

    def deal_record(self, number: int, result: Any, before: list[int]) -> Deal21:
        return Deal21(number, result.winner, result.reason, list(result.points), list(result.value),
                      list(engine.deal_scores(self.rules, result)))

    @classmethod
    def make_series(cls, rules: Any, seats: list, totals: list[int], played: int, dealer: int) -> engine.Series:
        return engine.Series(rules, seats, totals, played, dealer, list(range(rules.players)))

    @classmethod
    def can_go_on(cls, state: engine.State) -> bool:
        return bool(legal_actions(state, declarations=False))
