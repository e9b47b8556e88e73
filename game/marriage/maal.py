"""Maal points (M10, 003's table): what a seat's 21 kept cards score.

1. Each tunnela exposed at the deal (M2.3): 5 for ordinary cards, 10 for ordinary jokers, 20 for
   poplu or jhiplu; its cards score nothing else.
2. The other maal cards: t tiplu (at most 2), p poplu, j jhiplu.  Tiplu score 3 or 7 for 1 or 2,
   poplu and jhiplu each 2, 5, 10 for 1, 2, 3.  k marriages (one of each kind) score 0, 10 and the
   double marriage (``double_marriage_points``, 20) for k = 0, 1, 2; a card scores once, and the
   engine takes the k that scores best (:func:`best_marriages`).

>>> best_marriages(1, 1, 1, 20), best_marriages(1, 3, 3, 20), best_marriages(2, 2, 2, 20)
((10, 1), (23, 0), (20, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .deck import JHIPLU, ORDINARY, POPLU, TIPLU, Jokers

TIPLU_POINTS = (0, 3, 7)  # M10.2: 1 -> 3, 2 -> 7
SIDE_POINTS = (0, 2, 5, 10)  # M10.2: poplu or jhiplu, 1 -> 2, 2 -> 5, 3 -> 10
SINGLE_MARRIAGE = 10  # M10.2
TUNNELA_POINTS = {None: 5, ORDINARY: 10, POPLU: 20, JHIPLU: 20, TIPLU: 20}  # M10.1 (a tiplu tunnela cannot occur)


def marriage_points(k: int, double: int) -> int:
    """M10.2: k marriages score 0, 10, ``double``."""
    return (0, SINGLE_MARRIAGE, double)[k]


def best_marriages(t: int, p: int, j: int, double: int) -> tuple[int, int]:
    """M10.2: the best score of t tiplu, p poplu and j jhiplu, and the number of marriages k it
    takes (the smallest such k when two score the same)."""
    best = (-1, 0)
    for k in range(min(t, p, j, 2) + 1):
        points = marriage_points(k, double) + TIPLU_POINTS[t - k] + SIDE_POINTS[p - k] + SIDE_POINTS[j - k]
        if points > best[0]:
            best = (points, k)
    return best


def tunnela_points(kind: int, jokers: Jokers) -> int:
    """M10.1: an exposed tunnela of ``kind``."""
    return TUNNELA_POINTS[jokers.role[kind]]


def maal_points(kept: Iterable[int], exposed: Sequence[Sequence[int]], jokers: Jokers, double: int) -> int:
    """M10: the maal of a seat: its exposed tunnelas (kinds), and ``kept``, its other kept cards
    (hand and shown groups, not a winner's finish card)."""
    total = sum(tunnela_points(group[0], jokers) for group in exposed)
    t = p = j = 0
    for k in kept:
        if k == jokers.tiplu:
            t += 1
        elif k == jokers.poplu:
            p += 1
        elif k == jokers.jhiplu:
            j += 1
    return total + best_marriages(min(t, 2), p, j, double)[0]
