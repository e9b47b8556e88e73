"""The exact arrangement solver: the grouping of a hand with the fewest points (I10.3), and a valid
declaration when one exists (I7.2).

A depth-first search over the hand's natural (non-wild) cards, lowest kind first: each card is
either loose or in one meld holding it (every sequence window and set through it, each other
position filled by a natural card, by a wild card standing as itself (I3.4), or by a joker).
Jokers are counted, not placed: any wild card not standing as itself can fill any joker slot, so
the search keeps one number, ``free``, of wild cards left over.  Results are memoised on what is
left of the hand, so the search is exact and fast on 13 and 14 cards.

>>> from game.core.cards import parse_kind as k
>>> from .deck import wild_table, points_table
>>> w = wild_table("cut", "aces_wild", k("5D"))
>>> hand = [k(t) for t in "2S 3S 4S 9H 5C JH KS KD QC 8D 7S AH 3D".split()]
>>> arrange(hand, MeldRules(w), points_table(w)).points  # I14.9
58
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from game.core.cards import JOKER, make_kind, rank_of, suit_of
from game.core.groups import read_path

from .melds import MeldRules

INF = 10**9
_LIFE_DONE = (2, 2, True)  # the life summary of a search that does not need life

# A meld found by the search: (cards standing as themselves, joker slots, is a sequence, pure, size)
_Meld = tuple[tuple[int, ...], int, bool, bool, int]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into ``melds`` and ``loose`` cards, and what it counts (I10.3)."""

    melds: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...]
    points: int  # loose cards' points with life, else every card's
    life: bool  # the melds hold two sequences, one pure (I7.2c-d, I7.3)

    @property
    def groups(self) -> list[tuple[int, ...]]:
        """The melds, then the loose cards as one group (when there are any)."""
        return list(self.melds) + ([self.loose] if self.loose else [])


class _Search:
    """One search over one hand (see the module docstring)."""

    def __init__(self, kinds: Sequence[int], rules: MeldRules, points: Sequence[int], *,
                 need_life: bool, allow_loose: bool) -> None:
        self.rules = rules
        self.wild = rules.wild
        self.points = points
        self.need_life = need_life
        self.allow_loose = allow_loose
        self.own_rank = rules.wild_rank
        own = [0, 0, 0, 0]
        jokers = 0
        for k in kinds:
            if k == JOKER:
                jokers += 1
            elif self.wild[k]:
                own[suit_of(k)] += 1
        self.printed = jokers
        self.own_start = tuple(own)
        self.naturals = tuple(sorted(k for k in kinds if not self.wild[k]))
        self.start = (self.naturals, self.own_start, jokers + sum(own), (0, 0, False) if need_life else _LIFE_DONE)
        self.memo: dict[tuple, tuple[int, tuple]] = {}

    # --- the search ---------------------------------------------------------------------------

    def cost(self, key: tuple) -> int:
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        rest, own, free, life = key
        if not rest:
            extra = self._finish_life(own, free, life)
            best: tuple[int, tuple] = (INF, ()) if extra is None else (0, ("leaf", extra))
        else:
            best = (INF, ())
            seen: set[tuple] = set()
            for meld, child in self._melds(rest, own, free, life):
                if child in seen:
                    continue
                seen.add(child)
                c = self.cost(child)
                if c < best[0]:
                    best = (c, ("meld", meld, child))
                    if c == 0:
                        break
            if self.allow_loose and best[0] > 0:
                child = (rest[1:], own, free, life)
                c = self.points[rest[0]] + self.cost(child)
                if c < best[0]:
                    best = (c, ("loose", rest[0], child))
        self.memo[key] = best
        return best[0]

    def _life(self, life: tuple[int, int, bool], meld: _Meld) -> tuple[int, int, bool]:
        if not self.need_life or not meld[2]:
            return life
        pure, seqs, four = life
        return (min(2, pure + meld[3]), min(2, seqs + 1), four or meld[4] >= 4)

    def _done(self, life: tuple[int, int, bool]) -> bool:
        pure, seqs, four = life
        return pure >= 1 and seqs >= 2 and (four or not self.rules.four_card_life)

    def _finish_life(self, own: tuple[int, ...], free: int, life: tuple[int, int, bool],
                     depth: int = 2) -> tuple[_Meld, ...] | None:
        """At a leaf: life as it is, or completed with melds of wild cards alone (a trio of one
        wild kind, I6.6; with unlimited jokers, a wild card as itself and jokers, I6.5)."""
        if self._done(life):
            return ()
        if depth == 0:
            return None
        for suit in range(4):
            options: list[tuple[_Meld, int, int]] = []
            kind = make_kind(self.own_rank, suit) if self.own_rank else -1
            if self.rules.trios and own[suit] >= 3 and free >= 3:
                options.append((((kind, kind, kind), 0, True, True, 3), 3, 3))
            if self.rules.joker_cap is None and own[suit] >= 1:
                for size in (3, 4):
                    if free >= size:
                        options.append((((kind,), size - 1, True, False, size), 1, size))
            for meld, used_own, used_free in options:
                own2 = tuple(o - used_own if s == suit else o for s, o in enumerate(own))
                rest = self._finish_life(own2, free - used_free, self._life(life, meld), depth - 1)
                if rest is not None:
                    return (meld, *rest)
        return None

    def _melds(self, rest: tuple[int, ...], own: tuple[int, ...], free: int,
               life: tuple[int, int, bool]) -> Iterator[tuple[_Meld, tuple]]:
        """Every meld holding ``rest[0]`` and the search key after it."""
        k = rest[0]
        avail = Counter(rest[1:])
        cap = self.rules.joker_cap
        suit, rank = suit_of(k), rank_of(k)
        # I6.6: a trio
        if self.rules.trios and avail[k] >= 2:
            meld: _Meld = ((k, k, k), 0, True, True, 3)
            yield meld, (_without(rest, (k, k, k)), own, free, self._life(life, meld))
        # I6.4: sets of this rank, one card a suit, jokers for missing suits
        others = [make_kind(rank, s) for s in range(4) if s != suit and avail[make_kind(rank, s)]]
        for mask in range(1 << len(others)):
            chosen = (k,) + tuple(o for i, o in enumerate(others) if mask >> i & 1)
            for size in (3, 4):
                jokers = size - len(chosen)
                if 0 <= jokers <= free and (cap is None or jokers <= cap):
                    meld = (chosen, jokers, False, False, size)
                    yield meld, (_without(rest, chosen), own, free - jokers, life)
        # I6.1-I6.3: sequences of this suit through this card
        limit = free if cap is None else min(free, cap)
        for pos in ((1, 14) if rank == 1 else (rank,)):
            yield from self._sequences(k, suit, pos, limit, rest, avail, own, free, life)

    def _slot(self, suit: int, p: int, avail: Counter, own: tuple[int, ...]) -> tuple[int, ...]:
        """Kinds that may fill sequence position ``p`` (-1: a joker)."""
        kind = make_kind(1 if p == 14 else p, suit)
        if self.wild[kind]:
            return (kind, -1) if own[suit] else (-1,)
        return (kind, -1) if avail[kind] else (-1,)

    def _sequences(self, k: int, suit: int, pos: int, limit: int, rest: tuple[int, ...], avail: Counter,
                   own: tuple[int, ...], free: int, life: tuple[int, int, bool]) -> Iterator[tuple[_Meld, tuple]]:
        """Windows [low, high] through ``pos`` whose empty positions need at most ``limit`` jokers."""
        cap = self.rules.joker_cap
        below: list[tuple[int, ...]] = []
        forced_below = 0
        for low in range(pos, max(0, pos - 13), -1):
            if low < pos:
                slot = self._slot(suit, low, avail, own)
                below.insert(0, slot)
                forced_below += len(slot) == 1
                if forced_below > limit:
                    break
            above: list[tuple[int, ...]] = []
            forced = forced_below
            for high in range(pos, min(14, low + 12) + 1):
                if high > pos:
                    slot = self._slot(suit, high, avail, own)
                    above.append(slot)
                    forced += len(slot) == 1
                    if forced > limit:
                        break
                size = high - low + 1
                if size < 3:
                    continue
                for choice in product(*below, *above):
                    jokers = choice.count(-1)
                    if cap is not None and jokers > cap:
                        continue
                    own_used = sum(1 for c in choice if c >= 0 and self.wild[c])
                    if jokers + own_used > free:
                        continue
                    naturals = tuple(c for c in choice if c >= 0 and not self.wild[c])
                    selves = tuple(c for c in choice if c >= 0)
                    meld: _Meld = ((k, *selves), jokers, True, jokers == 0, size)
                    own2 = tuple(o - own_used if s == suit else o for s, o in enumerate(own)) if own_used else own
                    child = (_without(rest, (k, *naturals)), own2, free - jokers - own_used, self._life(life, meld))
                    yield meld, child

    # --- reading the answer back ------------------------------------------------------------------

    def arrangement(self) -> tuple[int, list[tuple[int, ...]], list[int]] | None:
        """(cost, melds, loose cards) of the best grouping, or ``None`` when none is allowed."""
        key = self.start
        total = self.cost(key)
        if total >= INF:
            return None
        found, loose = read_path(self.memo, key, 1)
        return total, self._place_jokers(found, loose), loose

    def _place_jokers(self, melds: list[_Meld], loose: list[int]) -> list[tuple[int, ...]]:
        """Fill joker slots with wild cards not standing as themselves: printed jokers first."""
        pool = [JOKER] * self.printed
        used_own = Counter(c for m in melds for c in m[0] if self.wild[c])
        for suit, n in enumerate(self.own_start):
            kind = make_kind(self.own_rank, suit) if self.own_rank else -1
            pool += [kind] * (n - used_own[kind])
        out = []
        for selves, jokers, *_ in melds:
            out.append(tuple(selves) + tuple(pool[:jokers]))
            pool = pool[jokers:]
        loose.extend(pool)
        return out


def _without(rest: tuple[int, ...], used: Sequence[int]) -> tuple[int, ...]:
    """``rest`` (sorted) less one copy of each card of ``used``."""
    out = list(rest)
    for c in used:
        out.remove(c)
    return tuple(out)


def _search(kinds: Sequence[int], rules: MeldRules, points: Sequence[int], *, need_life: bool,
            allow_loose: bool) -> tuple[int, list[tuple[int, ...]], list[int]] | None:
    return _Search(kinds, rules, points, need_life=need_life, allow_loose=allow_loose).arrangement()


def arrange(kinds: Sequence[int], rules: MeldRules, points: Sequence[int], *, need_life: bool = True) -> Arrangement:
    """I10.3: the grouping of ``kinds`` with the fewest points.

    With life (two sequences, one pure; I7.3 too when on) only loose cards count; a hand that
    cannot have life counts every card, and is shown with its best melds anyway.  With
    ``need_life=False`` only loose cards count whatever the melds (I7.6's first-turn relief)."""
    total = sum(points[k] for k in kinds)
    if need_life:
        found = _search(kinds, rules, points, need_life=True, allow_loose=True)
        if found is not None:
            return Arrangement(tuple(found[1]), tuple(found[2]), found[0], True)
    found = _search(kinds, rules, points, need_life=False, allow_loose=True)
    assert found is not None  # every card may be loose
    return Arrangement(tuple(found[1]), tuple(found[2]), total if need_life else found[0], False)


def find_declaration(kinds: Sequence[int], rules: MeldRules) -> list[tuple[int, ...]] | None:
    """I7.2: a valid declaration of these cards (every natural card in a meld, life, unused
    jokers in one joker group), or ``None`` when there is none."""
    if loners(kinds, rules) != []:
        return None
    zeros = [0] * 53
    found = _search(kinds, rules, zeros, need_life=True, allow_loose=False)
    if found is None:
        return None
    melds, jokers = found[1], found[2]
    return melds + ([tuple(jokers)] if jokers else [])


def loners(kinds: Sequence[int], rules: MeldRules) -> list[int] | None:
    """A quick look before :func:`find_declaration`: ``None`` when no pure sequence can be formed
    (I7.2d), else the natural cards that cannot be in any meld of these cards (no card of their
    suit within two ranks, none of their rank in another suit, no trio, and too few jokers to
    carry them alone).  Taking cards away never gives a loner a partner."""
    wild = rules.wild
    counts = Counter(kinds)
    bits = [0, 0, 0, 0]
    for k in counts:
        if k != JOKER:
            r = rank_of(k)
            bits[suit_of(k)] |= (1 << r) | ((1 << 14) if r == 1 else 0)
    pure = any(b & (b >> 1) & (b >> 2) for b in bits) or (rules.trios and any(
        n >= 3 and k != JOKER for k, n in counts.items()))
    if not pure:
        return None
    jokers = sum(n for k, n in counts.items() if wild[k])
    if rules.joker_cap is None and jokers >= 2:
        return []
    out = []
    for k, n in counts.items():
        if wild[k] or (rules.trios and n >= 3):
            continue
        suit, rank = suit_of(k), rank_of(k)
        if bits[suit] & _NEAR[rank] or any(counts[make_kind(rank, s)] for s in range(4) if s != suit):
            continue
        out += [k] * n
    return out


def _near(rank: int) -> int:
    """Bits of the sequence positions within two of ``rank`` (both places of an ace), itself excluded."""
    bits = 0
    for p in ((1, 14) if rank == 1 else (rank,)):
        for d in (-2, -1, 1, 2):
            if 1 <= p + d <= 14 and not (rank == 1 and p + d in (1, 14)):
                bits |= 1 << (p + d)
    return bits


_NEAR = (0,) + tuple(_near(r) for r in range(1, 14))
