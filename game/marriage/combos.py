"""Combinations of Indian Marriage (M3), on card kinds: exactly three cards, or a dublee of two.

A combination is a **tunnela** (three identical cards, M3.1), a **pure sequence** (three consecutive
cards of one suit, M3.2; the ace at either end, never in the middle, M1.2), a **triplet** (one rank,
three suits, M3.3), or, for a seat that has seen the tiplu, a **dirty** sequence or triplet: one or
two jokers stand in (at most ``max_wilds``), the other cards are themselves (M3.4).  A joker in its
own place is natural (M3.7), so ``4D 5D 6D`` is pure under a ``5D`` tiplu.  Two identical cards
plus a joker are never a combination (M3.5).  A **dublee** is two identical cards (M3.6).

Jokers are given by the tiplu's kind (``None`` for a seat that has not seen: every card natural).

>>> from game.core.cards import parse_kind
>>> def c(text, tiplu="5D"):
...     return combination([parse_kind(t) for t in text.split()], tiplu and parse_kind(tiplu), 2)
>>> c("8C 9C 5S"), c("8C 9C 5S", None), c("QS KS AS"), c("KS AS 2S"), c("10D 10D 5C")
('dirty_sequence', None, 'pure_sequence', None, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from game.core.cards import rank_of, suit_of

from .deck import jokers_of

TUNNELA, PURE_SEQUENCE, TRIPLET = "tunnela", "pure_sequence", "triplet"
DIRTY_SEQUENCE, DIRTY_TRIPLET = "dirty_sequence", "dirty_triplet"
PURE = (TUNNELA, PURE_SEQUENCE)  # M6.1a: what counts toward seeing the maal


def fits_sequence(kinds: Sequence[int]) -> bool:
    """Cards standing as themselves that fit one three-card window of one suit (M3.2, M1.2): ranks
    1..14 with the ace at 1 or 14, so A-2-3 and Q-K-A but never K-A-2."""
    if len({suit_of(k) for k in kinds}) != 1 or len(set(kinds)) != len(kinds):
        return False
    ranks = [rank_of(k) for k in kinds]
    for low in range(1, 13):
        window = range(low, low + 3)
        if all(r in window or (r == 1 and 14 in window) for r in ranks):
            return True
    return False


def fits_triplet(kinds: Sequence[int]) -> bool:
    """Cards standing as themselves of one rank, every suit different (M3.3)."""
    return len({rank_of(k) for k in kinds}) == 1 and len({suit_of(k) for k in kinds}) == len(kinds)


def combination(kinds: Sequence[int], tiplu: int | None, max_wilds: int = 2) -> str | None:
    """M3: what the group of ``kinds`` is as a combination for a seat that knows the jokers of
    ``tiplu`` (``None``: a seat that has not seen), or ``None`` when it is none."""
    if len(kinds) != 3:
        return None  # M3.5: never 4+ cards
    a, b, c = sorted(kinds)
    return sorted_combination(a, b, c, -1 if tiplu is None else tiplu, max_wilds)


@lru_cache(maxsize=1 << 16)
def sorted_combination(a: int, b: int, c: int, tiplu: int, max_wilds: int) -> str | None:
    """:func:`combination` of the kinds ``a <= b <= c`` with ``tiplu`` -1 for no jokers (cached: the
    searches' inner loop)."""
    if a == b == c:
        return TUNNELA  # M3.1 (identical jokers too: no joker stands in)
    trio = (a, b, c)
    wild = jokers_of(tiplu).wild if tiplu >= 0 else None
    if wild is not None and (a == b or b == c):
        odd = c if a == b else a
        if wild[odd]:
            return None  # M3.5: two identical cards plus a joker
    if fits_sequence(trio):
        return PURE_SEQUENCE  # M3.2, M3.7
    if fits_triplet(trio):
        return TRIPLET  # M3.3
    if wild is None:
        return None  # M3.7: no jokers for a seat that has not seen
    stand_ins = [i for i in range(3) if wild[trio[i]]]
    for size in range(1, min(max_wilds, 2) + 1):  # M3.4: one or two stand in, one card is itself
        for chosen in combinations(stand_ins, size):
            rest = [trio[i] for i in range(3) if i not in chosen]
            if fits_sequence(rest):
                return DIRTY_SEQUENCE
            if fits_triplet(rest):
                return DIRTY_TRIPLET
    return None


def is_pure(kinds: Sequence[int]) -> bool:
    """M6.1a: a pure combination (a pure sequence or a tunnela), every card natural."""
    return combination(kinds, None) in PURE


def is_tunnela(kinds: Sequence[int]) -> bool:
    """M3.1: three identical cards."""
    return len(kinds) == 3 and kinds[0] == kinds[1] == kinds[2]


def is_dublee(kinds: Sequence[int]) -> bool:
    """M3.6: two identical cards."""
    return len(kinds) == 2 and kinds[0] == kinds[1]
