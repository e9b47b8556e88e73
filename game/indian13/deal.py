"""Dealing a deal of 13-card Indian Rummy (I2).

Every random choice draws from the ``random.Random`` passed in, so ``(seed, actions)`` replays a
deal exactly.

>>> import random
>>> from .rules import RuleSet
>>> s = new_deal(RuleSet(players=3), random.Random(7))
>>> [len(h) for h in s.hands], len(s.discard), s.cut_joker is not None, s.turn == (s.dealer + 1) % 3
([13, 13, 13], 1, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.deal import deal, start_totals
from game.core.deal import default_seats as default_seats  # re-exported
from game.core.seats import Seat

from .deck import HAND_SIZE, deck_ids
from .rules import RuleSet
from .state import DRAW, State


def new_deal(rules: RuleSet, rng: random.Random, seats: Sequence[Seat] | None = None,
             dealer: int | None = None, totals: Sequence[int] | None = None) -> State:
    """Shuffle and deal (I2).  ``dealer`` defaults to a random seat (I2.1); the cards go one at a
    time, starting with the seat after the dealer, who plays first (I2.3, I2.6)."""
    n = rules.players
    dealt = deal(n, rng, seats, dealer, deck_ids(rules), HAND_SIZE)
    rest = dealt.rest
    discard = [rest.pop(0)]  # I2.4: the open card
    cut = rest.pop(0) if rules.jokers == "cut" else None  # I2.5, I3.5
    stock = rest[::-1]  # bottom first
    return State(rules, dealt.seats, dealt.dealer, cut, stock, discard, dealt.hands, None, [None] * n, [False] * n,
                 None, dealt.first, DRAW, start_totals(totals, n))
