"""A game of several deals where every seat plays every deal: each deal settled alone (format
``points``: the game is one deal) or a fixed number of deals added up (``deals``).  What the games
that settle a deal by each seat's ``net`` share; a game's own :class:`Series` names its rule and
its dealer.

A deal's result says what each seat nets (``result.net``, summing to 0); :func:`net_scores` is what
a seat adds to its running total, :func:`net_money` the deal in money.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .deal import default_seats
from .seats import Seat


def net_scores(rules: Any, result: Any) -> list[int]:
    """What each seat adds to its running total for one finished deal: its net."""
    return list(result.net)


def net_money(rules: Any, result: Any) -> list[float]:
    """A deal settled in money: each seat's net times ``rules.point_value``."""
    return [score * rules.point_value for score in result.net]


@dataclass
class NetSeries:
    """A game of one deal (``points``) or of ``rules.deal_count`` deals (``deals``).

    A game's subclass sets ``RULE`` (the rule of its formats, for messages) and ``new_deal`` (its
    dealer: ``new_deal(rules, rng, seats, dealer, totals)``)."""

    rules: Any
    seats: list[Seat]
    totals: list[int]
    deals_played: int = 0
    dealer: int | None = None

    RULE: ClassVar[str] = ""
    new_deal: ClassVar[Callable[..., Any]]

    @classmethod
    def start(cls, rules: Any, seats: Sequence[Seat] | None = None) -> Any:
        n = rules.players
        return cls(rules, list(seats) if seats else default_seats(n), [0] * n)

    @property
    def over(self) -> bool:
        """``points`` after one deal; ``deals`` after ``rules.deal_count``."""
        if self.rules.format == "points":
            return self.deals_played >= 1
        return self.deals_played >= self.rules.deal_count

    def winners(self) -> list[int]:
        """The seats with the highest total (ties are shared)."""
        best = max(self.totals)
        return [s for s in range(self.rules.players) if self.totals[s] == best]

    def deal(self, rng: random.Random) -> Any:
        """The next deal; the first dealer is random, then the deal passes to the next seat."""
        if self.over:
            raise ValueError(f"the game is over ({self.RULE})")
        n = self.rules.players
        self.dealer = rng.randrange(n) if self.dealer is None else (self.dealer + 1) % n
        self.dealing()
        return type(self).new_deal(self.rules, rng, self.seats, self.dealer, self.totals)

    def dealing(self) -> None:
        """Called as each deal begins (nothing here)."""

    def table_seat(self, deal_seat: int) -> int:
        """The seat of the table a seat of the deal sits in (every seat plays every deal)."""
        return deal_seat

    def record(self, state: Any) -> None:
        """Add a finished deal to the totals."""
        if state.phase != "over" or state.result is None:
            raise ValueError("only a finished deal can be recorded")
        for seat, score in enumerate(net_scores(self.rules, state.result)):
            self.totals[self.table_seat(seat)] += score
        self.deals_played += 1
