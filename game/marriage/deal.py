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

from game.core.deal import deal, start_totals
from game.core.deal import default_seats as default_seats  # re-exported
from game.core.seats import Seat

from .deck import HAND_SIZE, deck_ids
from .rules import RuleSet
from .state import EXPOSE, State


def new_deal(rules: RuleSet, rng: random.Random, seats: Sequence[Seat] | None = None,
             dealer: int | None = None, totals: Sequence[int] | None = None) -> State:
    """Shuffle and deal (M2).  ``dealer`` defaults to a random seat (M2.1); the cards go one at a
    time, starting with the seat after the dealer, who plays first (M2.1, M2.4)."""
    n = rules.players
    dealt = deal(n, rng, seats, dealer, deck_ids(), HAND_SIZE)
    discard = [dealt.rest.pop(0)]  # M2.2: the open card
    stock = dealt.rest[::-1]  # bottom first
    return State(rules, dealt.seats, dealt.dealer, stock, discard, dealt.hands, [[] for _ in range(n)],
                 [[] for _ in range(n)], [None] * n, None, None, [None] * n, None, dealt.first, EXPOSE,
                 start_totals(totals, n))
