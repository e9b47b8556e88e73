"""Game formats (M12): a fixed number of deals (the DEFAULT) or each deal alone.

A deal's result says what each seat nets (``net``, M11).  :func:`deal_scores` is what each seat
adds to its running total; :class:`Series` plays deal after deal, passes the deal on, and says when
the game is over and who won (the highest total; ties are shared).

>>> import random
>>> from .rules import RuleSet
>>> m = Series.start(RuleSet(players=3, deals=2))
>>> state = m.deal(random.Random(1))
>>> state.players, m.over
(3, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.series import NetSeries, net_money, net_scores

from .deal import new_deal
from .rules import RuleSet

deal_scores = net_scores  # M11, M12: what each seat adds to its running total for one finished deal: its net
money = net_money  # M12: a deal settled in money (net points times ``point_value``)


@dataclass
class Series(NetSeries):
    """A game of several deals (M12): ``deals`` deals (``rules.deal_count``), or one deal alone
    (``points``); the first dealer is random, then the deal passes to the next seat (M2.1); the
    winners are the seats with the highest total (ties are shared)."""

    rules: RuleSet

    RULE = "M12"
    new_deal = new_deal
