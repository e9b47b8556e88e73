"""Finding a meld that makes a take from the discard line legal (RULES.md V6).

The core question: given a pool of cards (the hand plus the cards taken) and the deepest card
taken, is there a new meld holding that card, and which?  This module answers it by counting
kinds, without building readings, so the legal-move source can ask it for every position of the
line on every turn.  :func:`game.vazhushal.turn.apply` re-checks every answer the full way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

from game.core.cards import JOKER, KINDS, make_kind, rank_of, suit_of

from .melds import POSITION_KINDS

Kinds = tuple[int, ...]
Key = tuple[str, int, int, int]


def _positions(kind: int) -> tuple[int, ...]:
    r = rank_of(kind)
    return (1, 14) if r == 1 else (r,)


# KIND_BITS[kind]: the kind's sequence positions (1..14, an ace at 1 and 14) in the 16-bit lane of
# its suit (bits 0 and 15 of a lane stay clear); 0 for a printed joker.
KIND_BITS = tuple((1 << (k % 13 + 1) | (1 << 14 if k % 13 == 0 else 0)) << (16 * (k // 13)) for k in range(52)) + (0,)


def _window_starts(kind: int) -> int:
    """Lane bits of the first position of every three-card window holding the natural ``kind``."""
    suit, rank = divmod(kind, 13)
    rank += 1
    bits = 0
    for pos in (1, 14) if rank == 1 else (rank,):
        for low in range(max(1, pos - 2), min(pos, 12) + 1):
            bits |= 1 << (16 * suit + low)
    return bits


WINDOW_STARTS = tuple(_window_starts(k) for k in range(52))
# SAME_RANK[kind]: the KIND_BITS position 1..13 of the kind's rank in the lanes of the other suits
SAME_RANK = tuple(sum(1 << (16 * t + k % 13 + 1) for t in range(4) if t != k // 13) for k in range(52))
_WILD_KINDS: dict[tuple[bool, ...], list[int]] = {}
# the wild table last asked (held here, so no other object takes its identity) and its wild kinds
_LAST_WILD: list[tuple] = [(None, None)]


class Pool:
    """Kind counts of a pool of cards, with the wild cards among them."""

    __slots__ = ("counts", "wild", "wild_total", "wild_kinds", "present")

    def __init__(self, kinds: Iterable[int], wild: Sequence[bool]) -> None:
        self.counts = [0] * KINDS
        self.wild = wild
        last, found = _LAST_WILD[0]  # (one read: another thread may swap it)
        if last is not wild or type(wild) is not tuple:  # not the last pool's table (a hand keeps one)
            table = wild if type(wild) is tuple else tuple(wild)
            found = _WILD_KINDS.get(table)
            if found is None:
                found = _WILD_KINDS[table] = [JOKER] + [k for k in range(52) if wild[k]]
            _LAST_WILD[0] = table, found
        self.wild_kinds = found
        counts = self.counts
        present = wilds = 0
        for k in kinds:
            counts[k] += 1
            present |= KIND_BITS[k]
            if wild[k]:
                wilds += 1
        self.present = present  # KIND_BITS of every kind in the pool
        self.wild_total = wilds

    def add(self, kind: int) -> None:
        self.counts[kind] += 1
        self.present |= KIND_BITS[kind]
        if self.wild[kind]:
            self.wild_total += 1

    def take_wilds(self, n: int, used: Sequence[int]) -> Kinds | None:
        """``n`` wild kinds from the pool, after the cards in ``used`` are set aside."""
        if n == 0:
            return ()
        if n > self.wild_total:
            return None
        out: list[int] = []
        for k in self.wild_kinds:
            avail = self.counts[k] - used.count(k)
            while avail > 0 and len(out) < n:
                avail -= 1
                out.append(k)
        return tuple(out) if len(out) == n else None


def find_meld(card: int, pool: Pool, max_size: int, pure_only: bool,
              blocked: frozenset[Key] | set[Key] = frozenset()) -> Kinds | None:
    """Kinds of a legal meld (V4) drawn from ``pool`` that holds one card of kind ``card``, has at
    most ``max_size`` cards and an identity not in ``blocked`` (V4.5).  With ``pure_only`` only a
    pure sequence counts (V6.4a).  ``pool`` includes ``card`` itself.  ``None`` when none exists.

    Whenever a longer meld exists, a meld of three cards does too (take the three cards around the
    card, or around the gap it fills), so longer melds are searched only when every three-card
    meld found is identical to one on the table."""
    if max_size < 3 or hopeless(card, pool, pure_only):
        return None
    blocked_any = False
    for kinds, key in _candidates(card, pool, 3, pure_only):
        if key not in blocked:
            return kinds
        blocked_any = True
    if blocked_any and max_size > 3:
        for kinds, key in _candidates(card, pool, max_size, pure_only, shortest=4):
            if key not in blocked:
                return kinds
    return None


def hopeless(card: int, pool: Pool, pure_only: bool) -> bool:
    """A quick, sound "no": a natural card with fewer than two wilds beside it and no three-card
    window or set within reach.  (Most cards of the line fail here.)"""
    if pool.wild[card]:
        return False
    fillers = 0 if pure_only else pool.wild_total
    if fillers >= 2:
        return False
    # a three-card window around the card with at most ``fillers`` gaps (bit-parallel over windows)
    b = pool.present
    b1, b2 = b >> 1, b >> 2
    windows = b & b1 & b2 if fillers == 0 else (b & b1) | (b & b2) | (b1 & b2)
    if windows & WINDOW_STARTS[card]:
        return False
    if pure_only:
        return True
    return (b & SAME_RANK[card]).bit_count() + fillers < 2  # a set: the other suits of its rank


def _candidates(card: int, pool: Pool, max_size: int, pure_only: bool,
                shortest: int = 3) -> Iterator[tuple[Kinds, Key]]:
    longest = min(13, max_size)
    if card != JOKER:
        suit = suit_of(card)
        # the card as itself in a sequence, shortest windows first
        for length in range(shortest, longest + 1):
            for pos in _positions(card):
                for low in range(max(1, pos - length + 1), min(pos, 15 - length) + 1):
                    found = _sequence(card, suit, low, low + length - 1, pool, pure_only, False)
                    if found is not None:
                        yield found
        if not pure_only:
            yield from _sets_with(card, rank_of(card), pool, max_size, False)
    if not pure_only and pool.wild[card]:
        # the wild card standing in for another: any set, or a sequence with a gap
        for rank in range(1, 14):
            yield from _sets_with(card, rank, pool, max_size, True)
        for suit in range(4):
            for length in range(shortest, longest + 1):
                for low in range(1, 16 - length):
                    found = _sequence(card, suit, low, low + length - 1, pool, False, True)
                    if found is not None:
                        yield found


def _sequence(card: int, suit: int, low: int, high: int, pool: Pool, pure_only: bool,
              filler: bool) -> tuple[Kinds, Key] | None:
    """The sequence ``suit`` ``low``..``high`` from the pool, naturals where the pool has them and
    wilds in the gaps; ``card`` as itself, or (``filler``) in one of the gaps.  ``None``: none."""
    counts = pool.counts
    used: list[int] = []
    missing = 0
    kinds = POSITION_KINDS[suit]
    for pos in range(low, high + 1):
        k = kinds[pos]
        if counts[k] > 0:
            used.append(k)
        else:
            missing += 1
    key = ("sequence", suit, low, high)
    if filler:
        if (card in used and counts[card] < 2) or missing == 0 or not used:
            return None  # read as itself (found above), no gap to fill, or no natural card (V4.3)
        used.append(card)
        missing -= 1
    elif card not in used:
        return None
    if pure_only:
        return (tuple(used), key) if missing == 0 else None
    wilds = pool.take_wilds(missing, used)
    return None if wilds is None else (tuple(used) + wilds, key)


def _sets_with(card: int, rank: int, pool: Pool, max_size: int,
               filler: bool) -> Iterator[tuple[Kinds, Key]]:
    """Sets of ``rank`` holding ``card``: as the natural card of its suit, or as a filler."""
    if filler:
        if card != JOKER and rank_of(card) == rank:
            return  # a wild of this rank reads as itself (found above)
        own: list[int] = []
        own_suit = -1
    else:
        own = [card]
        own_suit = suit_of(card)
    others = [s for s in range(4) if s != own_suit and pool.counts[make_kind(rank, s)] > 0]
    for size in (3, 4):
        if size > max_size:
            break
        slots = size - 1  # cards besides ``card``
        for n_nat in range(min(slots, len(others)), -1, -1):
            if filler and n_nat == 0:
                break  # V4.3: a natural card is needed
            for suits in combinations(others, n_nat):
                naturals = [make_kind(rank, s) for s in suits]
                used = own + naturals + ([card] if filler else [])
                wilds = pool.take_wilds(slots - n_nat, used)
                if wilds is None:
                    continue
                mask = sum(1 << suit_of(k) for k in own + naturals)
                yield tuple(used) + wilds, ("set", rank, size, mask)
