"""Match formats (T14): each deal settled alone (``points``), or a fixed number of deals added up
(``deals``).

A deal's result says what each seat gets (``net``, T12, summing to 0).  :func:`deal_scores` is what
a seat adds to its running total; :class:`Series` plays deal after deal and says when the game is
over and who won.

>>> from random import Random
>>> from game.indian21.rules import RuleSet
>>> series = Series.start(RuleSet(players=4, format="deals", deals=2))
>>> series.deal(Random(1)).players, series.over, series.deals_played
(4, False, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.series import NetSeries, net_money, net_scores

from .deal import new_deal
from .rules import RuleSet

deal_scores = net_scores  # T12, T14: what each seat adds to its running total for one finished deal: its settlement
money = net_money  # T12: a deal settled in money (points times ``point_value``)


@dataclass
class Series(NetSeries):
    """A game of one deal (``points``) or of ``rules.deal_count`` deals (``deals``), T14: the first
    dealer is random, then the deal passes to the next seat (T2.1); the winners are the seats with
    the highest total (ties are shared)."""

    rules: RuleSet
    seat_map: list[int] = field(default_factory=list)  # deal seat -> table seat (all seats play every deal)

    RULE = "T14"
    new_deal = new_deal

    def dealing(self) -> None:
        self.seat_map = list(range(self.rules.players))

    def table_seat(self, deal_seat: int) -> int:
        return self.seat_map[deal_seat]
