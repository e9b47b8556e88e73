"""Game formats (I12): points, pool 101/201 and a fixed number of deals.

A deal's result says what each seat is charged (``points``) and what the winner collects
(``gain``).  :func:`deal_scores` turns that into what each seat adds to its running total;
:class:`Series` plays deal after deal, deals among the seats still in (pool eliminations), and says
when the game is over and who won.

>>> import random
>>> from .rules import RuleSet
>>> m = Series.start(RuleSet(players=3, format="deals", deals=2))
>>> state = m.deal(random.Random(1))
>>> state.players, m.over
(3, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.core.seats import Seat

from .deal import default_seats, new_deal
from .rules import RuleSet
from .state import OVER, Result, State

POOL_LIMITS = {"pool101": 101, "pool201": 201}  # I12.2


def deal_scores(rules: RuleSet, result: Result) -> list[int]:
    """I12: what each seat adds to its running total for one finished deal.

    points: the winner +gain, every other seat minus its charge (net points; money is this times
    ``point_value``).  pool: every seat adds its charge, the winner 0.  deals: the winner adds its
    gain, the others 0."""
    n = len(result.points)
    if rules.format in POOL_LIMITS:
        return list(result.points)
    if rules.format == "deals":
        return [result.gain if s == result.winner else 0 for s in range(n)]
    return [result.gain if s == result.winner else -result.points[s] for s in range(n)]


def money(rules: RuleSet, result: Result) -> list[float]:
    """I12.1: the points game settled in money (net points times ``point_value``)."""
    if rules.format != "points":
        raise ValueError("money settles the points format only (I12.1)")
    return [score * rules.point_value for score in deal_scores(rules, result)]


@dataclass
class Series:
    """A game of several deals (I12).  ``rules.players`` counts every seat of the table."""

    rules: RuleSet
    seats: list[Seat]
    totals: list[int]
    eliminated: list[bool]
    deals_played: int = 0
    dealer: int | None = None
    seat_map: list[int] = field(default_factory=list)  # deal seat -> table seat, for the deal in play

    @classmethod
    def start(cls, rules: RuleSet, seats: Sequence[Seat] | None = None) -> Series:
        n = rules.players
        return cls(rules, list(seats) if seats else default_seats(n), [0] * n, [False] * n)

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.rules.players) if not self.eliminated[s]]

    @property
    def over(self) -> bool:
        """I12: points after one deal; pool with one seat left; deals after ``rules.deal_count``."""
        if self.rules.format == "points":
            return self.deals_played >= 1
        if self.rules.format in POOL_LIMITS:
            return len(self.active) <= 1
        return self.deals_played >= self.rules.deal_count

    def winners(self) -> list[int]:
        """The seats that won the game: the pool survivor (I12.2), else the highest total (ties are
        shared, I12.3)."""
        if self.rules.format in POOL_LIMITS:
            return self.active if self.over else []
        best = max(self.totals)
        return [s for s in range(self.rules.players) if self.totals[s] == best]

    def deal(self, rng: random.Random) -> State:
        """The next deal among the seats still in; the deal passes to the next of them (I2.1)."""
        if self.over:
            raise ValueError("the game is over (I12)")
        active = self.active
        if self.dealer is None:
            self.dealer = active[rng.randrange(len(active))]  # I2.1
        else:
            later = [s for s in active if s > self.dealer]
            self.dealer = later[0] if later else active[0]
        self.seat_map = active
        rules = replace(self.rules, players=len(active))
        return new_deal(rules, rng, [self.seats[s] for s in active], active.index(self.dealer),
                        [self.totals[s] for s in active])

    def record(self, state: State) -> None:
        """Add a finished deal to the totals (I12) and eliminate pool players at the limit (I12.2)."""
        if state.phase != OVER or state.result is None:
            raise ValueError("only a finished deal can be recorded")
        for deal_seat, score in enumerate(deal_scores(self.rules, state.result)):
            self.totals[self.seat_map[deal_seat]] += score
        self.deals_played += 1
        limit = POOL_LIMITS.get(self.rules.format)
        if limit is not None:
            reached = [s for s in self.active if self.totals[s] >= limit]
            if len(reached) == len(self.active):  # nobody left: the lowest totals stay (see docs)
                low = min(self.totals[s] for s in reached)
                reached = [s for s in reached if self.totals[s] > low]
            for s in reached:
                self.eliminated[s] = True
