"""Reading one group of cards as a meld, for games whose wild cards are any set of kinds.

A *wild* kind may stand in for any card (a *stand-in*), or be used as itself in its own place, where
it is natural: under a ``7H`` cut in 21-card Indian Rummy, ``6H 7H 8H`` is a pure sequence although
all three are wild (T3.6; Marriage's M3.7 says the same).  A printed joker is always a stand-in.
Sequence positions run 1..14: 1 is a low ace, 14 a high ace; a sequence never holds both (no
K-A-2).  ``cap`` is the most stand-ins a meld may hold (``None``: any number); a sequence or set
always keeps at least one natural card.

>>> from game.core.cards import JOKER, parse_kind
>>> wild = [False] * 53
>>> for t in ("6H", "7H", "8H", "7S", "7D", "7C"):
...     wild[parse_kind(t)] = True
>>> wild[JOKER] = True
>>> k = lambda text: [parse_kind(t) for t in text.split()]
>>> sequence_standins(k("6H 7H 8H"), wild), sequence_standins(k("2H 3H 7C"), wild)
(0, 1)
>>> sequence_standins(k("KS AS 2S"), wild) is None, set_standins(k("5D 5S 5C"), wild)
(True, 0)
>>> is_tunnela(k("7S 7S 7S")), is_tunnela(k("7S 7S JK")), is_dublee(k("JK JK"))
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import JOKER, rank_of, suit_of

MAX_SEQUENCE = 13  # A..K or 2..A


def place(rank: int, low: int, high: int) -> int:
    """The position of a card of ``rank`` in the sequence window ``[low, high]`` (1..14), or 0."""
    if low <= rank <= high:
        return rank
    if rank == 1 and high == 14:
        return 14
    return 0


def sequence_standins(kinds: Sequence[int], wild: Sequence[bool], cap: int | None = None) -> int | None:
    """The fewest stand-ins with which ``kinds`` read as a sequence (3+ cards of one suit in
    consecutive places; ``0`` is a pure sequence), or ``None`` when they never do.

    Every card that is not wild stands as itself; a wild card of a natural kind stands as itself
    when its place is in the window and free (the more do, the fewer stand-ins)."""
    n = len(kinds)
    if not 3 <= n <= MAX_SEQUENCE:
        return None
    fixed = [k for k in kinds if not wild[k]]
    if len(set(fixed)) != len(fixed):
        return None
    suits = {suit_of(k) for k in fixed}
    if len(suits) > 1:
        return None
    optional = {k for k in kinds if wild[k] and k != JOKER}
    ranks = [rank_of(k) for k in fixed]
    best: int | None = None
    for suit in suits or {suit_of(k) for k in optional}:
        extra = [rank_of(k) for k in optional if suit_of(k) == suit]
        for low in range(1, 16 - n):
            high = low + n - 1
            taken = set()
            for r in ranks:
                p = place(r, low, high)
                if not p:
                    break
                taken.add(p)
            else:
                for r in extra:
                    p = place(r, low, high)
                    if p:
                        taken.add(p)
                standins = n - len(taken)
                if taken and (cap is None or standins <= cap) and (best is None or standins < best):
                    best = standins
    return best


def set_standins(kinds: Sequence[int], wild: Sequence[bool], cap: int | None = None) -> int | None:
    """The fewest stand-ins with which ``kinds`` read as a set (3 or 4 cards of one rank, the
    natural cards all of different suits), or ``None`` when they never do."""
    n = len(kinds)
    if not 3 <= n <= 4:
        return None
    fixed = [k for k in kinds if not wild[k]]
    if fixed:
        if len({rank_of(k) for k in fixed}) != 1 or len({suit_of(k) for k in fixed}) != len(fixed):
            return None
        ranks = {rank_of(fixed[0])}
    else:
        ranks = {rank_of(k) for k in kinds if k != JOKER}
    best: int | None = None
    for rank in ranks:
        suits = {suit_of(k) for k in fixed} | {suit_of(k) for k in kinds if wild[k] and k != JOKER
                                               and rank_of(k) == rank}
        standins = n - len(suits)
        if suits and (cap is None or standins <= cap) and (best is None or standins < best):
            best = standins
    return best


def is_tunnela(kinds: Sequence[int]) -> bool:
    """Three identical cards (three printed jokers too); no stand-in ever completes one."""
    return len(kinds) == 3 and kinds[0] == kinds[1] == kinds[2]


def is_dublee(kinds: Sequence[int]) -> bool:
    """Two identical cards (two printed jokers too); no stand-in ever completes one."""
    return len(kinds) == 2 and kinds[0] == kinds[1]


def read_path(memo: dict, key: Any, slot: int) -> tuple[list, list[int]]:
    """The melds and loose cards of a solved grouping search, read back from its ``memo``: from
    ``key``, each entry's ``slot`` holds the step taken (``("leaf", melds)``, ``("loose", card,
    next key)`` or ``(kind, meld, next key)``)."""
    found: list = []
    loose: list[int] = []
    while True:
        step = memo[key][slot]
        if step[0] == "leaf":
            found.extend(step[1])
            return found, loose
        if step[0] == "loose":
            loose.append(step[1])
        else:
            found.append(step[1])
        key = step[2]
