"""How far a Marriage hand is from seeing and finishing, in *missing cards* weighted by their outs.

A hand is priced route by route (M6, M7); lower is better, 0 is a hand that finishes now:

* **pure route** (three pure combinations to see, then four more combinations to finish, M6.1a,
  M7.1): the hand is packed into the combinations it still needs, each complete (0), one card
  short (``1 + outs_weight / (1 + outs)``, ``outs`` the copies of the cards that complete it the
  seat cannot see), a single card (``single``) or nothing yet (``empty``).  Before seeing, only
  pure combinations (pure sequences, tunnelas) and their parts count, and the price of the first
  ``need`` of them (the bottleneck: no joker helps there) counts again times ``see_weight``;
  the jokers a seat will learn of when it sees are hoped for (``joker_hope``).  After seeing the
  seat knows its jokers: triplets count too, and each joker fills one missing card (at most
  ``max_wilds_per_combo`` a combination, never a combination of jokers alone).
* **dublee route** (seven dublees to see, an eighth to finish, M6.1b, M7.2): each missing dublee
  costs what completing the single with the most outs costs (``dublee_factor`` times).

Before seeing the hand is worth its better route.  The maal (M10) of a seat that has seen is a
bonus (``maal_weight`` a point).

The pure route packs one suit at a time (sequences and tunnelas live in one suit; before seeing,
triplets do not count) with a memoised search per suit, so a new card re-prices one suit only;
after seeing (13 cards or fewer) the whole hand is searched with triplets and jokers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.marriage.deck import NATURALS

INF = float("inf")
GMAX = 7  # combinations a hand may still need (M7.1: seven in all)


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluator's prices (missing-card units)."""

    outs_weight: float = 1.0  # a combination one card short costs 1 + outs_weight / (1 + outs)
    single: float = 2.1  # a combination of which one card is held
    empty: float = 3.0  # a combination of which nothing is held
    see_weight: float = 0.6  # the first pure combinations (to see) count again this much
    joker_hope: float = 2.0  # missing cards the jokers learnt at seeing are hoped to fill
    dublee_factor: float = 1.5  # a missing dublee against a missing card of the pure route
    wild_partial: float = 1.1  # a single card with one joker: any of many cards completes it
    maal_weight: float = 0.08  # a maal point (M10) of a seat that has seen, in missing cards


def partial_cost(outs: int, weight: float) -> float:
    return 1.0 + weight / (1.0 + outs)


# --- the pure route, suit by suit -----------------------------------------------------------------

def _add(vec: list[float], g: int, cost: float, sub: tuple[float, ...]) -> None:
    """vec[g + i] = min(vec[g + i], cost + sub[i])."""
    top = len(vec) - 1
    for i, c in enumerate(sub):
        j = g + i
        if j > top:
            break
        v = cost + c
        if v < vec[j]:
            vec[j] = v


@lru_cache(maxsize=1 << 17)
def suit_vector(counts: tuple[int, ...], live: tuple[int, ...], ow: float, single: float) -> tuple[float, ...]:
    """Pure packings of one suit: entry g is the least price of exactly g combinations (pure
    sequences, tunnelas, their parts, single cards) from ``counts`` (13 ranks, ace first); cards
    left out are free.  ``live``: unseen copies of each rank."""
    r = next((i for i, c in enumerate(counts) if c), -1)
    if r < 0:
        return (0.0,) + (INF,) * GMAX
    c = list(counts)

    def without(*ranks: int) -> tuple[int, ...]:
        d = c[:]
        for x in ranks:
            d[x] -= 1
        return tuple(d)

    def has(*ranks: int) -> bool:
        need = Counter(ranks)
        return all(c[x] >= n for x, n in need.items())

    def lv(x: int) -> int:
        return live[x] if 0 <= x < 13 else 0

    vec = [INF] * (GMAX + 1)
    _add(vec, 0, 0.0, suit_vector(without(r), live, ow, single))  # r left loose
    _add(vec, 1, single, suit_vector(without(r), live, ow, single))
    if c[r] >= 3:
        _add(vec, 1, 0.0, suit_vector(without(r, r, r), live, ow, single))
    if c[r] >= 2:
        _add(vec, 1, partial_cost(lv(r), ow), suit_vector(without(r, r), live, ow, single))
    # sequences with r lowest (r is a rank index 0..12, ace = 0)
    if r + 2 <= 12 and has(r, r + 1, r + 2):
        _add(vec, 1, 0.0, suit_vector(without(r, r + 1, r + 2), live, ow, single))
    if r + 1 <= 12 and has(r, r + 1):
        outs = lv(r + 2) if r + 2 <= 12 else lv(0)  # Q-K waits for a J or an A
        if r >= 1:
            outs += lv(r - 1)
        _add(vec, 1, partial_cost(outs, ow), suit_vector(without(r, r + 1), live, ow, single))
    if r + 2 <= 12 and has(r, r + 2):
        _add(vec, 1, partial_cost(lv(r + 1), ow), suit_vector(without(r, r + 2), live, ow, single))
    if r == 0:  # the ace high: Q-K-A, K-A (waits for a Q), Q-A (waits for a K)
        if has(0, 11, 12):
            _add(vec, 1, 0.0, suit_vector(without(0, 11, 12), live, ow, single))
        if has(0, 12):
            _add(vec, 1, partial_cost(lv(11), ow), suit_vector(without(0, 12), live, ow, single))
        if has(0, 11):
            _add(vec, 1, partial_cost(lv(12), ow), suit_vector(without(0, 11), live, ow, single))
    return tuple(vec)


def min_plus(a: Sequence[float], b: Sequence[float]) -> list[float]:
    out = [INF] * (GMAX + 1)
    for i, x in enumerate(a):
        if x == INF:
            continue
        for j in range(GMAX + 1 - i):
            v = x + b[j]
            if v < out[i + j]:
                out[i + j] = v
    return out


# --- after seeing: the whole hand, with triplets and jokers ---------------------------------------

def _seq_tables() -> tuple[list, list]:
    """For a lowest card of rank index r (ace 0): the two partners of each pure sequence it starts
    (the ace also ends Q-K-A), and each partner of a sequence one card short with the rank
    indexes that would complete it."""
    full: list[list] = [[] for _ in range(13)]
    parts: list[list] = [[] for _ in range(13)]
    for r in range(13):
        if r + 2 <= 12:
            full[r].append((r + 1, r + 2))
        if r + 1 <= 12:  # adjacent: waits below (never below an ace) or above (A after K)
            outs = ([r - 1] if r >= 1 else []) + ([r + 2] if r + 2 <= 12 else [0] if r + 2 == 13 else [])
            parts[r].append((r + 1, tuple(outs)))
        if r + 2 <= 12:  # a gap
            parts[r].append((r + 2, (r + 1,)))
    full[0].append((11, 12))  # Q-K-A
    parts[0].append((12, (11,)))  # K-A waits for a Q
    parts[0].append((11, (12,)))  # Q-A waits for a K
    return full, parts


_SEQ_PARTNERS, _SEQ_PARTS = _seq_tables()


def _pad(jokers: int, max_wilds: int, single: float, wild_partial: float, gmax: int) -> tuple[float, ...]:
    """Entry g: g combinations of a loose card each (the hand has loose cards to spare) and up to
    ``jokers`` wild cards: two jokers complete one (``max_wilds`` 2), one leaves it one card short
    of many outs, none leaves it a single card."""
    out = []
    for g in range(gmax + 1):
        left, cost = jokers, 0.0
        for _ in range(g):
            if left >= 2 and max_wilds >= 2:
                left -= 2
            elif left >= 1:
                left -= 1
                cost += wild_partial
            else:
                cost += single
        out.append(cost)
    return tuple(out)


_CONTEXTS: dict[tuple, dict] = {}  # memo tables of :func:`_seen_vector`, one a pricing context


def _seen_vector(kinds: tuple[int, ...], jokers: int, live: tuple[int, ...], max_wilds: int,
                 ow: float, single: float, wild_partial: float, gmax: int) -> tuple[float, ...]:
    """Entry g (up to ``gmax``): the least price of g combinations from the natural ``kinds``
    (sorted) and ``jokers`` wild cards (cards left out are free; single cards, with the jokers
    left, make up the rest: :func:`_pad`).  Memoised a context (the outs and the prices)."""
    context = (live, max_wilds, ow, single, wild_partial, gmax)
    memo = _CONTEXTS.get(context)
    if memo is None:
        if len(_CONTEXTS) >= 8:
            _CONTEXTS.clear()
        memo = _CONTEXTS[context] = {}
    elif len(memo) > 30_000:
        memo.clear()
    pads = [_pad(j, max_wilds, single, wild_partial, gmax) for j in range(jokers + 1)]

    def rec(kinds: tuple[int, ...], jokers: int) -> tuple[float, ...]:
        key = (kinds, jokers)
        found = memo.get(key)
        if found is not None:
            return found
        if not kinds:
            memo[key] = pads[jokers]
            return pads[jokers]
        first, rest = kinds[0], kinds[1:]
        vec = list(rec(rest, jokers))  # first left loose
        suit, rank = divmod(first, 13)

        def sub(removed: Sequence[int], j: int) -> tuple[float, ...]:
            left = list(rest)
            for k in removed:
                left.remove(k)
            return rec(tuple(left), jokers - j)

        def group(removed: Sequence[int], short: int, outs: int, wild_ok: bool = True) -> None:
            """A combination of ``first`` and ``removed``, ``short`` cards short with ``outs`` (a
            joker may fill the gap unless ``wild_ok`` is false: M3.5, never a pair and a joker)."""
            if short == 0:
                _add(vec, 1, 0.0, sub(removed, 0))
                return
            _add(vec, 1, partial_cost(outs, ow), sub(removed, 0))
            if jokers >= 1 and wild_ok:
                _add(vec, 1, 0.0, sub(removed, 1))

        n = rest.count(first)
        if n >= 2:
            group((first, first), 0, 0)
        if n >= 1:
            group((first,), 1, live[first], False)  # a pair waits for its third copy (M3.5)
        # sequences and their parts with ``first`` lowest (ace low), or the ace high (Q-K-A)
        base = suit * 13
        for a, b in _SEQ_PARTNERS[rank]:
            ka, kb = base + a, base + b
            if ka in rest and kb in rest:
                group((ka, kb), 0, 0)
        for a, outs_at in _SEQ_PARTS[rank]:
            ka = base + a
            if ka in rest:
                group((ka,), 1, sum(live[base + x] for x in outs_at))
        same = [s * 13 + rank for s in range(4) if s != suit and s * 13 + rank in rest]
        for i in range(len(same)):
            for j in range(i + 1, len(same)):
                group((same[i], same[j]), 0, 0)
        for s2 in same:
            outs = sum(live[s * 13 + rank] for s in range(4) if s * 13 + rank not in (first, s2))
            group((s2,), 1, outs)
        found = tuple(vec)
        memo[key] = found
        return found

    return rec(kinds, jokers)


@lru_cache(maxsize=1 << 16)  # as the engine's finish search (game.marriage.solver)
def whole(kinds: tuple[int, ...], jokers: int, need: int, max_wilds: int) -> bool:
    """Whether ``need`` combinations can be made from the natural ``kinds`` (sorted) and ``jokers``
    wild cards with no card missing, cards left out free: where :func:`_seen_vector` prices ``need``
    combinations at 0 whatever the outs (every other price is positive).  The same choices as its
    search, only those that cost nothing: a set or pure sequence, one card short with a joker in the
    gap (never a pair and a joker, M3.5), two jokers with a loose card (``max_wilds`` 2)."""
    if need <= 0 or (max_wilds >= 2 and 2 * need <= jokers):
        return True
    if not kinds:
        return False
    first, rest = kinds[0], kinds[1:]
    if whole(rest, jokers, need, max_wilds):  # first left loose
        return True
    if len(rest) >= 2 and rest[1] == first and whole(rest[2:], jokers, need - 1, max_wilds):
        return True  # three copies (the pair waits for its third: no joker, M3.5)
    suit, rank = divmod(first, 13)
    base = suit * 13
    for a, b in _SEQ_PARTNERS[rank]:
        ka, kb = base + a, base + b
        if ka in rest and kb in rest and whole(_less(rest, ka, kb), jokers, need - 1, max_wilds):
            return True
    same = [s * 13 + rank for s in range(4) if s != suit and s * 13 + rank in rest]
    for i in range(len(same)):
        for j in range(i + 1, len(same)):
            if whole(_less(rest, same[i], same[j]), jokers, need - 1, max_wilds):
                return True
    if jokers >= 1:  # one card short, a joker in the gap
        for a, _outs in _SEQ_PARTS[rank]:
            ka = base + a
            if ka in rest and whole(_less(rest, ka), jokers - 1, need - 1, max_wilds):
                return True
        for s2 in same:
            if whole(_less(rest, s2), jokers - 1, need - 1, max_wilds):
                return True
    return False


def _less(kinds: tuple[int, ...], *removed: int) -> tuple[int, ...]:
    """The sorted ``kinds`` less one copy of each of ``removed`` (still sorted)."""
    for k in removed:
        i = kinds.index(k)
        kinds = kinds[:i] + kinds[i + 1:]
    return kinds


# --- the evaluator ---------------------------------------------------------------------------------

class Evaluator:
    """Prices of hands for one seat; ``live[k]`` is how many cards of kind ``k`` may still come
    (the copies the seat cannot see)."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.w = weights or Weights()

    # pure route, before seeing
    def pure_vector(self, counts: Sequence[int], live: Sequence[int]) -> list[float]:
        w = self.w
        vec = suit_vector(tuple(counts[0:13]), tuple(live[0:13]), w.outs_weight, w.single)
        for s in (1, 2, 3):
            lo = 13 * s
            vec = min_plus(vec, suit_vector(tuple(counts[lo:lo + 13]), tuple(live[lo:lo + 13]), w.outs_weight,
                                            w.single))
        return list(vec)

    def need_price(self, vec: Sequence[float], groups: int) -> float:
        """The price of ``groups`` combinations from a packing vector (empty ones filling up)."""
        return min(vec[g] + self.w.empty * (groups - g) for g in range(groups + 1))

    def pure_unseen(self, counts: Sequence[int], live: Sequence[int], exposed: int) -> float:
        """The pure route of a seat that has not seen, with ``exposed`` tunnelas laid at the deal."""
        w = self.w
        need = max(0, 3 - exposed)
        total = max(0, 7 - exposed)
        vec = self.pure_vector(counts, live)
        to_see = self.need_price(vec, need)
        all_of = self.need_price(vec, total)
        after = max(0.0, all_of - to_see - w.joker_hope)
        return to_see * (1.0 + w.see_weight) + after

    def dublees(self, counts: Sequence[int], live: Sequence[int], wanted: int) -> float:
        """The dublee route: ``wanted`` dublees in all (8 before seeing, 1 after)."""
        have = sum(1 for c in counts if c >= 2)
        short = wanted - have
        if short <= 0:
            return 0.0
        w = self.w
        singles = sorted((live[k] for k in range(NATURALS) if counts[k] == 1), reverse=True)
        price = sum(partial_cost(o, w.outs_weight) for o in singles[:short])
        price += max(0, short - len(singles)) * w.single
        return price * w.dublee_factor

    def seen_pure(self, kinds: Sequence[int], wild: Sequence[bool], live: Sequence[int], groups: int,
                  max_wilds: int) -> float:
        """The pure route of a seat that has seen: ``groups`` combinations still to make."""
        if groups <= 0:
            return 0.0
        w = self.w
        naturals = tuple(sorted(k for k in kinds if not wild[k]))
        jokers = len(kinds) - len(naturals)
        gmax = min(groups, GMAX)
        vec = _seen_vector(naturals, jokers, tuple(live), max_wilds, w.outs_weight, w.single, w.wild_partial, gmax)
        return min(vec[g] + w.empty * (gmax - g) for g in range(gmax + 1))

    def seen_whole(self, kinds: Sequence[int], wild: Sequence[bool], groups: int, max_wilds: int) -> bool:
        """Whether :meth:`seen_pure` is 0 whatever the outs: ``groups`` combinations whole (:func:`whole`;
        its prices are all positive, so only a packing of whole combinations costs nothing)."""
        naturals = tuple(sorted(k for k in kinds if not wild[k]))
        return whole(naturals, len(kinds) - len(naturals), min(groups, GMAX), max_wilds)

    def seen_dublee(self, counts: Sequence[int], live: Sequence[int]) -> float:
        """A seat that saw by dublees: one more dublee finishes; any single may pair."""
        if any(c >= 2 for c in counts):
            return 0.0
        outs = sum(live[k] for k in range(NATURALS) if counts[k])
        return partial_cost(outs, self.w.outs_weight)


def counts_of(kinds: Iterable[int]) -> list[int]:
    counts = [0] * NATURALS
    for k in kinds:
        counts[k] += 1
    return counts
