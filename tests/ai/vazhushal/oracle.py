"""A brute-force best arrangement, to check :mod:`ai.vazhushal.solver` against (small hands only)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from game.core.cards import JOKER, rank_value
from game.vazhushal.melds import readings

NONE = None


def physical(kinds: Sequence[int]) -> list[int]:
    """Distinct physical ids for a multiset of kinds (two decks at most)."""
    used: dict[int, int] = {}
    out = []
    for k in kinds:
        j = used.get(k, 0)
        used[k] = j + 1
        if k == JOKER:
            out.append((52, 53, 106, 107)[j])
        else:
            out.append(k + 54 * j)
    return out


def oracle(hand: Sequence[int], table: Sequence[int], wild: Sequence[bool], wild_value: int = 20
           ) -> tuple[int | None, int | None, int | None]:
    """Best score with exactly 0, 1 and 2+ cards left in hand, by trying every grouping."""
    ids = physical(list(table) + list(hand))
    must = set(ids[:len(table)])

    def penalty(c: int) -> int:
        from game.core.cards import KIND_OF
        k = KIND_OF[c]
        return wild_value if wild[k] else rank_value(k % 13 + 1)

    best: list[int | None] = [None, None, None]

    def groups(rest: list[int], chosen: list[list], left: list[int]) -> None:
        if not rest:
            finish(chosen, left)
            return
        first, others = rest[0], rest[1:]
        if first not in must:
            groups(others, chosen, left + [first])
        for size in range(2, min(12, len(others)) + 1):
            for combo in combinations(range(len(others)), size):
                group = [first] + [others[i] for i in combo]
                found = readings(group, wild)
                if not found:
                    continue
                remaining = [c for i, c in enumerate(others) if i not in combo]
                groups(remaining, chosen + [found], left)

    def finish(chosen: list[list], left: list[int]) -> None:
        cls = min(len(left), 2)
        pen = sum(penalty(c) for c in left)
        if not chosen:
            if not must:
                _better(cls, -pen)
            return
        for combo in product(*chosen):
            keys = [m.key for m in combo]
            if len(set(keys)) != len(keys) or not any(m.is_pure_sequence for m in combo):
                continue
            _better(cls, sum(m.value for m in combo) - pen)

    def _better(cls: int, score: int) -> None:
        if best[cls] is None or score > best[cls]:
            best[cls] = score

    groups(ids, [], [])
    return best[0], best[1], best[2]
