"""Cards as bits, and the melds the lowest card can start: the shared core of :mod:`ai.vazhushal.solver`
and :mod:`ai.vazhushal.evaluate`.

Both searches take the lowest kind still in play and either leave it in hand or start a meld with
it from higher kinds and wilds (every lower kind is used up by then).  Cards are counted two bits
a kind in rank-major order (all aces, all twos, ...): in this order both a set (same rank) and a
sequence (the ranks just above) use cards close ahead, which keeps the memos small.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import TypeVar

from game.core.cards import JOKER, rank_value
from game.vazhushal.melds import POSITION_KINDS

BIT = tuple(2 * ((k % 13) * 4 + k // 13) for k in range(52))
KIND_AT = tuple((i % 4) * 13 + i // 4 for i in range(52))
ONE = tuple(1 << b for b in BIT) + (0,)  # one card of each kind as a count; nothing for a joker
# LOCAL[k]: the low bit of every kind of k's suit or rank (what the meld options of k look at)
LOCAL = tuple(sum(1 << BIT[q] for q in range(52) if q // 13 == k // 13 or q % 13 == k % 13) for k in range(52))
POS_VALUE = (0,) + tuple(rank_value(p) for p in range(1, 15))  # V10 value of sequence positions 1..14
Kinds = tuple[int, ...]
Key = tuple[str, int, int, int]
T = TypeVar("T")

LOW_BITS = sum(1 << (2 * i) for i in range(52))  # the low bit of every kind's two-bit count
ACES = sum(1 << (2 * s) for s in range(4))
SUIT0 = sum(1 << (8 * r) for r in range(14))  # suit 0 of every rank, the ace also high (rank 14)
SPREAD = 1 | 1 << 2 | 1 << 4 | 1 << 6  # times this copies a suit-0 bit to the four suits
SHORT: dict[int, int] = {}  # cache of short()
ALONE: dict[int, int] = {}  # cache of alone()


def short(present: int) -> int:
    """Of the kinds ``present`` (the low bit of each kind's count), those without two natural
    partners for a meld of three (two suit-mates within two ranks, the ace also above the king, or
    two other suits of its rank): each of them needs a wild to be melded (cached in ``SHORT``)."""
    ext = present | (present & ACES) << 104  # the aces again above the kings
    up1, up2, down1, down2 = ext >> 8, ext >> 16, ext << 8, ext << 16
    a, b, c, d = (ext & SUIT0, (ext >> 2) & SUIT0, (ext >> 4) & SUIT0, (ext >> 6) & SUIT0)
    two = (up1 & up2) | (down1 & up1) | (down1 & down2) | ((a & b & (c | d)) | (c & d & (a | b))) * SPREAD
    found = present & ~(two | (two >> 104) & ACES)
    if len(SHORT) > 200_000:
        SHORT.clear()
    SHORT[present] = found
    return found


def alone(present: int) -> int:
    """Of the kinds ``present``, those without any natural partner (a suit-mate within two ranks
    or another suit of its rank): each needs two wilds to be melded, and makes no partial meld
    (cached in ``ALONE``)."""
    ext = present | (present & ACES) << 104
    a, b, c, d = (ext & SUIT0, (ext >> 2) & SUIT0, (ext >> 4) & SUIT0, (ext >> 6) & SUIT0)
    one = ext >> 8 | ext >> 16 | ext << 8 | ext << 16 | ((a | b) & (c | d) | (a & b) | (c & d)) * SPREAD
    found = present & ~(one | (one >> 104) & ACES)
    if len(ALONE) > 200_000:
        ALONE.clear()
    ALONE[present] = found
    return found

# A meld option for the lowest kind, as a plain tuple (the garbage collector stops tracking plain
# tuples of plain values, and the cache holds many): (naturals: the natural kinds used besides the
# lowest kind, wilds, value, pure, key: the V4.5 identity, places: for a sequence the kind, or -1
# for a wild, at each position low..high; for a set ()).
Option = tuple[Kinds, int, int, bool, Key, tuple[int, ...]]


def splits(hand: Sequence[int], table: Sequence[int], wild: Sequence[bool]
           ) -> Iterator[tuple[int, int, int, int, Kinds]]:
    """(naturals, must, wilds, must_wilds, wild pool) for every split of the wild-kind cards into
    cards used as themselves and cards used as wilds.  ``naturals`` and ``must`` hold two bits of
    count per kind (``must``: cards on the table, which stay melded, V7.3); the pool lists the
    kinds used as wilds, the ones that must stay on the table first."""
    for k in hand:
        if wild[k]:
            break
    else:
        for k in table:
            if wild[k]:
                break
        else:  # no wild-kind card: the one split, counted straight into the bits
            nat = mst = 0
            for k in hand:
                nat += ONE[k]
            for k in table:
                nat += ONE[k]
                mst += ONE[k]
            yield nat, mst, 0, 0, ()
            return
    counts, must = [0] * 53, [0] * 53
    for k in hand:
        counts[k] += 1
    for k in table:
        counts[k] += 1
        must[k] += 1
    nat = mst = 0
    choices = []
    for k in sorted({*hand, *table}):
        if k == JOKER:
            continue
        if wild[k]:
            c, t = counts[k], must[k]
            choices.append([(k, g, mg) for g in range(c + 1)
                            for mg in range(max(0, t - (c - g)), min(g, t) + 1)])
        else:
            nat += counts[k] << BIT[k]
            mst += must[k] << BIT[k]
    for combo in product(*choices):
        n, m = nat, mst
        on_table = [JOKER] * must[JOKER]
        in_hand = [JOKER] * (counts[JOKER] - must[JOKER])
        for k, g, mg in combo:
            n += (counts[k] - g) << BIT[k]
            m += (must[k] - mg) << BIT[k]
            on_table += [k] * mg
            in_hand += [k] * (g - mg)
        yield n, m, len(on_table) + len(in_hand), len(on_table), tuple(on_table + in_hand)


def use(nat: int, must: int, kinds: Kinds) -> tuple[int, int]:
    """Take one card of each kind out of the naturals (and out of the must-stay counts)."""
    for q in kinds:
        bit = 1 << BIT[q]
        nat -= bit
        if (must >> BIT[q]) & 3:
            must -= bit
    return nat, must


_OPTIONS: dict[tuple, tuple[Option, ...]] = {}
_READ: dict[tuple, tuple[Option, ...]] = {}


def meld_options(k: int, nat: int, w: int, substitutes: bool = True) -> tuple[Option, ...]:
    """:func:`_options`, cached on the cards that matter: which kinds of ``k``'s suit and of its
    rank are present (not how many), and the number of wilds; behind that, on the kinds it reads
    (:func:`read_mask`), which many more hands share."""
    present = (nat | (nat >> 1)) & LOCAL[k]
    key = (k, present, w, substitutes)
    found = _OPTIONS.get(key)
    if found is None:
        found = fill(_OPTIONS, key, _READ, (k, present & read_mask(k, present, w), w, substitutes),
                     lambda: tuple(_options(k, nat, w, substitutes)))
    return found


def fill(cache: dict, key: object, by_read: dict, read: object, build: Callable[[], T]) -> T:
    """On a miss of ``cache[key]``: the answer cached on ``read`` (the part of the key the answer
    depends on, see :func:`read_mask`) or ``build()``, stored under both keys (each cache
    cleared when it outgrows 200,000 entries)."""
    found = by_read.get(read)
    if found is None:
        if len(by_read) > 200_000:
            by_read.clear()
        found = by_read[read] = build()
    if len(cache) > 200_000:
        cache.clear()
    cache[key] = found
    return found


_SAME_RANK_ABOVE = tuple(sum(1 << BIT[s * 13 + k % 13] for s in range(k // 13 + 1, 4)) for k in range(52))


def read_mask(k: int, present: int, w: int) -> int:
    """The kinds whose presence :func:`_options` reads for ``k`` (the lowest kind) with ``w``
    wilds, one bit each: its suit down from it and up from it, each way as far as the
    ``w + 1``-th kind missing from ``present`` (an ace both ways from each of its places), and
    its rank in the suits after its own.  Hands that agree on these kinds get the same melds."""
    suit, rank = divmod(k, 13)
    rank += 1
    kinds = POSITION_KINDS[suit]
    mask = _SAME_RANK_ABOVE[k]
    for p in ((1, 14) if rank == 1 else (rank,)):
        for positions in (range(p - 1, max(0, p - 13), -1), range(p + 1, min(14, p + 12) + 1)):
            miss = 0
            for pos in positions:
                bit = 1 << BIT[kinds[pos]]
                mask |= bit
                if not present & bit:
                    miss += 1
                    if miss > w:
                        break
    return mask


def _options(k: int, nat: int, w: int, substitutes: bool = True) -> Iterator[Option]:
    """Every meld holding one card of kind ``k`` (as itself), other natural kinds still in
    ``nat`` and at most ``w`` wilds.  With ``substitutes`` a natural card may also be left out
    in favour of a wild (the exact solver needs this; an estimate does not)."""
    suit, rank = divmod(k, 13)
    rank += 1
    kinds = POSITION_KINDS[suit]
    for p in ((1, 14) if rank == 1 else (rank,)):
        miss_low = 0
        low_nat: list[int] = []
        for lo in range(p, max(0, p - 13), -1):
            if lo < p:
                q = kinds[lo]
                if (nat >> BIT[q]) & 3:
                    low_nat.append(q)
                else:
                    miss_low += 1
                    if miss_low > w:
                        break
            miss = miss_low
            nats = list(low_nat)
            value = sum(POS_VALUE[lo:p + 1])
            for hi in range(p, min(14, lo + 12) + 1):
                if hi > p:
                    q = kinds[hi]
                    value += POS_VALUE[hi]
                    if (nat >> BIT[q]) & 3:
                        nats.append(q)
                    else:
                        miss += 1
                        if miss > w:
                            break
                if hi - lo < 2:
                    continue
                key = ("sequence", suit, lo, hi)
                for dropped in _droppable(nats, w - miss if substitutes else 0):
                    used = tuple(q for q in nats if q not in dropped) if dropped else tuple(nats)
                    wilds = miss + len(dropped)
                    places = tuple(kinds[pos] if pos == p or kinds[pos] in used else -1 for pos in range(lo, hi + 1))
                    yield used, wilds, value, wilds == 0, key, places
    others = [make for make in (s * 13 + rank - 1 for s in range(suit + 1, 4)) if (nat >> BIT[make]) & 3]
    for size in (3, 4):
        for n_nat in range(min(size - 1, len(others)), -1, -1):
            wilds = size - 1 - n_nat
            if wilds > w:
                break
            for chosen in combinations(others, n_nat):
                mask = (1 << suit) | sum(1 << (q // 13) for q in chosen)
                yield chosen, wilds, size * POS_VALUE[rank], False, ("set", rank, size, mask), ()


def _droppable(nats: list[int], spare: int) -> Iterator[tuple[int, ...]]:
    yield ()
    for n in range(1, min(spare, len(nats)) + 1):
        yield from combinations(nats, n)
