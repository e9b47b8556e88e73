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

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.seats import Seat

from .deal import default_seats, new_deal
from .rules import RuleSet
from .state import OVER, Result, State


def deal_scores(rules: RuleSet, result: Result) -> list[int]:
    """M11, M12: what each seat adds to its running total for one finished deal: its net."""
    return list(result.net)


def money(rules: RuleSet, result: Result) -> list[float]:
    """M12: a deal settled in money (net points times ``point_value``)."""
    return [score * rules.point_value for score in deal_scores(rules, result)]


@dataclass
class Series:
    """A game of several deals (M12)."""

    rules: RuleSet
    seats: list[Seat]
    totals: list[int]
    deals_played: int = 0
    dealer: int | None = None

    @classmethod
    def start(cls, rules: RuleSet, seats: Sequence[Seat] | None = None) -> Series:
        n = rules.players
        return cls(rules, list(seats) if seats else default_seats(n), [0] * n)

    @property
    def over(self) -> bool:
        """M12: ``points`` after one deal; ``deals`` after ``rules.deal_count`` deals."""
        if self.rules.format == "points":
            return self.deals_played >= 1
        return self.deals_played >= self.rules.deal_count

    def winners(self) -> list[int]:
        """M12: the seats with the highest total (ties are shared)."""
        best = max(self.totals)
        return [s for s in range(self.rules.players) if self.totals[s] == best]

    def deal(self, rng: random.Random) -> State:
        """The next deal; the deal passes to the next seat (M2.1)."""
        if self.over:
            raise ValueError("the game is over (M12)")
        n = self.rules.players
        self.dealer = rng.randrange(n) if self.dealer is None else (self.dealer + 1) % n
        return new_deal(self.rules, rng, self.seats, self.dealer, self.totals)

    def record(self, state: State) -> None:
        """Add a finished deal to the totals (M12)."""
        if state.phase != OVER or state.result is None:
            raise ValueError("only a finished deal can be recorded")
        for seat, score in enumerate(deal_scores(self.rules, state.result)):
            self.totals[seat] += score
        self.deals_played += 1
