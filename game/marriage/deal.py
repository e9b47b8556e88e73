"""Dealing a deal of Indian Marriage (M2).

Every random choice draws from the ``random.Random`` passed in, so ``(seed, actions)`` replays a
deal exactly.  The deal starts in phase ``expose`` (M2.3) with the seat after the dealer; no joker
is known yet (the tiplu is set when the first seat sees, M4.1).

>>> import random
>>> from .rules import RuleSet
>>> s = new_deal(RuleSet(players=3), random.Random(7))
>>> [len(h) for h in s.hands], len(s.discard), len(s.stock), s.tiplu, s.phase, s.turn == (s.dealer + 1) % 3
([21, 21, 21], 1, 92, None, 'expose', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.seats import Seat

from .deck import HAND_SIZE, deck_ids
from .rules import RuleSet
from .state import EXPOSE, State


def default_seats(players: int) -> list[Seat]:
    return [Seat(f"Player {i + 1}") for i in range(players)]


def new_deal(rules: RuleSet, rng: random.Random, seats: Sequence[Seat] | None = None,
             dealer: int | None = None, totals: Sequence[int] | None = None) -> State:
    """Shuffle and deal (M2).  ``dealer`` defaults to a random seat (M2.1)."""
    n = rules.players
    seats = list(seats) if seats is not None else default_seats(n)
    if len(seats) != n:
        raise ValueError(f"{n} players need {n} seats, not {len(seats)}")
    if dealer is None:
        dealer = rng.randrange(n)  # M2.1
    first = (dealer + 1) % n  # M2.1, M2.4: the seat after the dealer
    deck = deck_ids()
    rng.shuffle(deck)  # deck[0] is the top card
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):  # M2.1: one at a time, starting with the seat after the dealer
        hands[(first + i) % n].append(deck[i])
    rest = deck[HAND_SIZE * n:]
    discard = [rest.pop(0)]  # M2.2: the open card
    stock = rest[::-1]  # bottom first
    return State(rules, seats, dealer, stock, discard, hands, [[] for _ in range(n)], [[] for _ in range(n)],
                 [None] * n, None, None, [None] * n, None, first, EXPOSE,
                 list(totals) if totals is not None else [0] * n)
