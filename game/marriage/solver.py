"""The searches a hand needs, on card kinds: seeing the maal (M6) and finishing (M7).

- :func:`see_choices`: the ways to lay ``need`` pure combinations (pure sequences or tunnelas,
  every card natural, M6.1a) from a hand; :func:`dublee_kinds` the dublees it holds (M6.1b, M7.2).
- :func:`partition`: the cards split into 3-card combinations (M3) for a seat that knows the jokers
  (M7.1), or ``None``; :func:`finishes`: for every finish card, one such split of the rest.

The partition is an exact depth-first search: the lowest card goes into one combination with two
of the others, every way, and the rest is split the same way; results are memoised on what is left,
so a 13-card hand is solved in well under a millisecond.

>>> from game.core.cards import parse_kind, kind_text
>>> hand = [parse_kind(t) for t in "7S 8S 5S KS KC KH 9H 9S 6D 4D 5D 6D QS".split()]
>>> fin = finishes(hand, None, parse_kind("5D"), 2)
>>> [[kind_text(k) for k in g] for g in fin[parse_kind("QS")]][:2]
[['5S', '7S', '8S'], ['9S', '9H', '4D']]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from game.core.cards import make_kind

from .combos import sorted_combination

Group = tuple[int, ...]


def puresorted_combinations(kinds: Iterable[int]) -> list[Group]:
    """M6.1a: every distinct pure combination the cards hold: tunnelas, then pure sequences (A-2-3
    up to Q-K-A, M1.2), each as sorted kinds."""
    counts = Counter(kinds)
    out: list[Group] = [(k, k, k) for k in sorted(counts) if counts[k] >= 3]
    for suit in range(4):
        for low in range(1, 13):
            trio = tuple(sorted(make_kind(r if r <= 13 else 1, suit) for r in range(low, low + 3)))
            if all(counts[k] for k in trio):
                out.append(trio)
    return out


def see_choices(kinds: Iterable[int], need: int, limit: int | None = None) -> list[list[Group]]:
    """M6.1a: the distinct ways to lay ``need`` disjoint pure combinations from ``kinds`` (at most
    ``limit`` of them), each a list of groups.  ``need`` 0 has one way: lay nothing."""
    counts = Counter(kinds)
    combos = puresorted_combinations(counts.elements())
    found: list[list[Group]] = []

    def search(start: int, chosen: list[Group]) -> bool:
        if len(chosen) == need:
            found.append(list(chosen))
            return limit is not None and len(found) >= limit
        for i in range(start, len(combos)):
            combo = combos[i]
            use = Counter(combo)
            if all(counts[k] >= n for k, n in use.items()):
                counts.subtract(use)
                chosen.append(combo)
                stop = search(i, chosen)  # i again: two copies of one sequence may both be laid
                chosen.pop()
                counts.update(use)
                if stop:
                    return True
        return False

    search(0, [])
    return found


def find_pure_see(kinds: Iterable[int], need: int) -> list[Group] | None:
    """M6.1a: one way to lay ``need`` pure combinations, or ``None``."""
    found = see_choices(kinds, need, limit=1)
    return found[0] if found else None


def dublee_kinds(kinds: Iterable[int]) -> list[int]:
    """M3.6: the kinds the cards hold at least twice (each one dublee: no kind has four copies)."""
    counts = Counter(kinds)
    return sorted(k for k, n in counts.items() if n >= 2)


def find_dublee_see(kinds: Iterable[int], count: int = 7) -> list[Group] | None:
    """M6.1b: ``count`` dublees from the cards (the lowest kinds), or ``None``."""
    pairs = dublee_kinds(kinds)
    return [(k, k) for k in pairs[:count]] if len(pairs) >= count else None


def partition(kinds: Iterable[int], tiplu: int | None, max_wilds: int) -> tuple[Group, ...] | None:
    """M7.1: the cards split into 3-card combinations (M3) for a seat that knows the jokers of
    ``tiplu`` (``None``: no jokers), or ``None`` when no split exists."""
    return _partition(tuple(sorted(kinds)), -1 if tiplu is None else tiplu, max_wilds)


@lru_cache(maxsize=1 << 16)
def _partition(kinds: tuple[int, ...], tiplu: int, max_wilds: int) -> tuple[Group, ...] | None:
    n = len(kinds)
    if n == 0:
        return ()
    if n % 3:
        return None
    first = kinds[0]
    for i in range(1, n - 1):
        b = kinds[i]
        if i > 1 and b == kinds[i - 1]:
            continue  # the same second card again
        for j in range(i + 1, n):
            c = kinds[j]
            if j > i + 1 and c == kinds[j - 1]:
                continue
            if sorted_combination(first, b, c, tiplu, max_wilds) is None:
                continue
            sub = _partition(kinds[1:i] + kinds[i + 1:j] + kinds[j + 1:], tiplu, max_wilds)
            if sub is not None:
                return ((first, b, c),) + sub
    return None


def finishes(kinds: Sequence[int], banned: int | None, tiplu: int | None,
             max_wilds: int) -> dict[int, tuple[Group, ...]]:
    """M7.1: for every finish card (not ``banned``, M5.2) that leaves the other cards split into
    combinations, one such split."""
    out: dict[int, tuple[Group, ...]] = {}
    if len(kinds) % 3 != 1:
        return out
    for finish in sorted(set(kinds) - {banned}):
        rest = list(kinds)
        rest.remove(finish)
        groups = partition(rest, tiplu, max_wilds)
        if groups is not None:
            out[finish] = groups
    return out
