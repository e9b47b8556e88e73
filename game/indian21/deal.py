"""Dealing a deal of 21-card Indian Rummy (T2).

Every random choice draws from the ``random.Random`` passed in, so ``(seed, actions)`` replays a
deal exactly.

>>> import random
>>> from .rules import RuleSet
>>> s = new_deal(RuleSet(players=3), random.Random(7))
>>> [len(h) for h in s.hands], len(s.discard), len(s.stock), s.turn == (s.dealer + 1) % 3
([21, 21, 21], 1, 94, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.seats import Seat

from .deck import deck_ids
from .rules import RuleSet
from .state import DRAW, State


def default_seats(players: int) -> list[Seat]:
    return [Seat(f"Player {i + 1}") for i in range(players)]


def new_deal(rules: RuleSet, rng: random.Random, seats: Sequence[Seat] | None = None,
             dealer: int | None = None, totals: Sequence[int] | None = None) -> State:
    """Shuffle and deal (T2).  ``dealer`` defaults to a random seat (T2.1)."""
    n = rules.players
    seats = list(seats) if seats is not None else default_seats(n)
    if len(seats) != n:
        raise ValueError(f"{n} players need {n} seats, not {len(seats)}")
    if dealer is None:
        dealer = rng.randrange(n)  # T2.1
    first = (dealer + 1) % n  # T2.2, T2.5: the seat after the dealer
    deck = deck_ids()
    rng.shuffle(deck)  # deck[0] is the top card
    size = rules.hand_size
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(size * n):  # T2.2: one at a time, starting with the seat after the dealer
        hands[(first + i) % n].append(deck[i])
    rest = deck[size * n:]
    cut = rest.pop(0)  # T2.3: the next card, face up under the stock, out of play
    discard = [rest.pop(0)]  # T2.4: the open card
    stock = rest[::-1]  # bottom first
    return State(rules, seats, dealer, cut, stock, discard, hands, None, [None] * n, [False] * n, None,
                 first, DRAW, list(totals) if totals is not None else [0] * n)
