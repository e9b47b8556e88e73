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

from game.core.deal import deal, start_totals
from game.core.deal import default_seats as default_seats  # re-exported
from game.core.seats import Seat

from .deck import deck_ids
from .rules import RuleSet
from .state import DRAW, State


def new_deal(rules: RuleSet, rng: random.Random, seats: Sequence[Seat] | None = None,
             dealer: int | None = None, totals: Sequence[int] | None = None) -> State:
    """Shuffle and deal (T2).  ``dealer`` defaults to a random seat (T2.1); ``hand_size`` cards go
    one at a time, starting with the seat after the dealer, who plays first (T2.2, T2.5)."""
    n = rules.players
    dealt = deal(n, rng, seats, dealer, deck_ids(), rules.hand_size)
    rest = dealt.rest
    cut = rest.pop(0)  # T2.3: the next card, face up under the stock, out of play
    discard = [rest.pop(0)]  # T2.4: the open card
    stock = rest[::-1]  # bottom first
    return State(rules, dealt.seats, dealt.dealer, cut, stock, discard, dealt.hands, None, [None] * n, [False] * n,
                 None, dealt.first, DRAW, start_totals(totals, n))
