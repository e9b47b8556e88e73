"""Match formats (T14): each deal settled alone (``points``), or a fixed number of deals added up
(``deals``).

A deal's result says what each seat gets (``net``, T12, summing to 0).  :func:`deal_scores` is what
a seat adds to its running total; :class:`Series` plays deal after deal and says when the game is
over and who won.

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
from dataclasses import dataclass, field

from game.core.seats import Seat

from .deal import default_seats, new_deal
from .rules import RuleSet
from .state import OVER, Result, State


def deal_scores(rules: RuleSet, result: Result) -> list[int]:
    """T12, T14: what each seat adds to its running total for one finished deal: its settlement."""
    return list(result.net)


def money(rules: RuleSet, result: Result) -> list[float]:
    """T12: a deal settled in money (points times ``point_value``)."""
    return [score * rules.point_value for score in deal_scores(rules, result)]


@dataclass
class Series:
    """A game of one deal (``points``) or of ``rules.deal_count`` deals (``deals``), T14."""

    rules: RuleSet
    seats: list[Seat]
    totals: list[int]
    deals_played: int = 0
    dealer: int | None = None
    seat_map: list[int] = field(default_factory=list)  # deal seat -> table seat (all seats play every deal)

    @classmethod
    def start(cls, rules: RuleSet, seats: Sequence[Seat] | None = None) -> Series:
        n = rules.players
        return cls(rules, list(seats) if seats else default_seats(n), [0] * n)

    @property
    def over(self) -> bool:
        """T14: points after one deal; deals after ``rules.deal_count``."""
        if self.rules.format == "points":
            return self.deals_played >= 1
        return self.deals_played >= self.rules.deal_count

    def winners(self) -> list[int]:
        """The seats with the highest total (ties are shared, T14)."""
        best = max(self.totals)
        return [s for s in range(self.rules.players) if self.totals[s] == best]

    def deal(self, rng: random.Random) -> State:
        """The next deal; the first dealer is random, then the deal passes to the next seat (T2.1)."""
        if self.over:
            raise ValueError("the game is over (T14)")
        n = self.rules.players
        self.dealer = rng.randrange(n) if self.dealer is None else (self.dealer + 1) % n
        self.seat_map = list(range(n))
        return new_deal(self.rules, rng, self.seats, self.dealer, self.totals)

    def record(self, state: State) -> None:
        """Add a finished deal to the totals (T14)."""
        if state.phase != OVER or state.result is None:
            raise ValueError("only a finished deal can be recorded")
        for seat, score in enumerate(deal_scores(self.rules, state.result)):
            self.totals[self.seat_map[seat]] += score
        self.deals_played += 1
