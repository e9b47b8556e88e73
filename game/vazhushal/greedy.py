"""A quick greedy arrangement: what a simple player would lay down (used by the benchmark, the
text demo and as a fallback).  Not optimal; the bots' solver is exact.

:func:`greedy_arrangement` returns the kinds of a whole new table arrangement for the seat to move
(an ``arrange`` action) or ``None`` when it finds nothing to add.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.cards import JOKER, KIND_OF, rank_of, suit_of
from game.core.errors import IllegalAction

from .actions import ARRANGE, Action
from .deal import SEQUENCE_BITS, has_pure_sequence
from .melds import Meld, readings
from .state import FINAL, State
from .turn import MAX_READING_COMBOS, settle


def _runs(cards: list[int], wild: tuple[bool, ...], natural_wilds: bool) -> list[list[int]]:
    """Maximal runs (3+) of one suit among the cards (wild-rank cards as themselves if allowed)."""
    if natural_wilds:
        usable = cards
        if not has_pure_sequence(usable):
            return []  # no three cards of a suit in a row
    else:
        bits = _natural_bits(cards, wild)
        if not bits & bits >> 1 & bits >> 2:
            return []  # no three natural cards of a suit in a row
        usable = [c for c in cards if not wild[KIND_OF[c]]]
    by_pos: list[list[int]] = [[-1] * 16 for _ in range(4)]
    for c in usable:
        k = KIND_OF[c]
        if k == JOKER:
            continue
        row, r = by_pos[k // 13], k % 13 + 1
        if row[r] < 0:
            row[r] = c
            if r == 1:
                row[14] = c
    runs = []
    for row in by_pos:
        pos = 1
        while pos <= 14:
            if row[pos] < 0:
                pos += 1
                continue
            start = pos
            while pos <= 14 and row[pos] >= 0:
                pos += 1
            run = row[start:pos]
            if start == 1 and pos == 15:
                run = run[:13]  # the whole suit: the ace only once (V4.1)
            if len(run) >= 3:
                runs.append(run)
    runs.sort(key=len, reverse=True)
    return runs


def _natural_bits(cards: list[int], wild: tuple[bool, ...]) -> int:
    """Lane s, bit r: the cards hold a natural (not wild) card of position r in suit s (as
    :data:`SEQUENCE_BITS`)."""
    bits = 0
    for c in cards:
        if not wild[KIND_OF[c]]:
            bits |= SEQUENCE_BITS[c]
    return bits


def _three_suits(bits: int) -> int:
    """Non-zero when some rank is in three suits of :func:`_natural_bits`."""
    s, h, d, c = bits & 0xFFFF, bits >> 16 & 0xFFFF, bits >> 32 & 0xFFFF, bits >> 48
    return (s & h & (d | c)) | (d & c & (s | h))


def _sets(cards: list[int], wild: tuple[bool, ...]) -> list[list[int]]:
    if not _three_suits(_natural_bits(cards, wild)):
        return []  # no rank in three suits
    by_rank: dict[int, dict[int, int]] = {}
    for c in cards:
        k = KIND_OF[c]
        if wild[k]:
            continue
        suits = by_rank.get(k % 13)
        if suits is None:
            by_rank[k % 13] = {k // 13: c}
        elif k // 13 not in suits:
            suits[k // 13] = c
    return [list(suits.values()) for suits in by_rank.values() if len(suits) >= 3]


def greedy_arrangement(state: State) -> Action | None:
    """An ``arrange`` action for the seat to move (phase play or final), or ``None``."""
    p = state.turn
    wild = state.wild
    hand = list(state.hands[p])
    keys: set = set()  # V4.5: identities on the table (filled at the first new group)
    keep = 0 if state.phase == FINAL else 1
    new: list[list[int]] = []
    has_pure = False
    for m in state.melds[p]:
        if m.is_pure_sequence:
            has_pure = True
            break

    def room(n: int) -> bool:
        return len(hand) - n >= keep

    def add(group: list[int]) -> bool:
        found = readings(group, wild)
        if found and not keys:
            keys.update([m.key for m in state.melds[p]])
        for m in found:
            if m.key not in keys:
                keys.add(m.key)
                new.append(group)
                for c in group:
                    hand.remove(c)
                return True
        return False

    if not has_pure:  # V7.1: a pure sequence first
        for run in _runs(hand, wild, natural_wilds=True):
            take = run if room(len(run)) else run[: len(hand) - keep]
            if len(take) >= 3 and add(take):
                has_pure = True
                break
        if not has_pure:
            return None
    changed = bool(new)
    bits = _natural_bits(hand, wild)  # a quick, sound "no run" and "no set" (the hand only shrinks)
    if bits & bits >> 1 & bits >> 2:
        for run in _runs(hand, wild, natural_wilds=False):
            if room(len(run)) and all(c in hand for c in run):
                changed |= add(run)
    if _three_suits(bits):
        for group in _sets(hand, wild):
            if room(len(group)) and all(c in hand for c in group):
                changed |= add(group)
    # pairs completed with a wild
    wilds = [c for c in hand if wild[KIND_OF[c]]]
    naturals = sorted((c for c in hand if not wild[KIND_OF[c]]), key=KIND_OF.__getitem__) if wilds else []
    for i, a in enumerate(naturals):
        if not wilds or not room(3):
            break  # (neither comes back: the hand only shrinks)
        close = _CLOSE[KIND_OF[a]]
        for b in naturals[i + 1:]:
            if close >> KIND_OF[b] & 1 and wilds and room(3) and a in hand and b in hand and add([a, b, wilds[-1]]):
                wilds.pop()
                changed = True
    # lay off naturals (and, when the hand is ending, wilds) on the melds
    groups: list[Sequence[int]] = [m.cards for m in state.melds[p]] + new  # replaced, never changed, on a lay-off
    shapes = list(state.melds[p]) + [_reading(g, wild) for g in new]
    fit_any: set[int] = set()  # natural kinds that could extend some group
    for shape in shapes:
        if shape is not None:
            fit_any |= _fitting(shape)
    undo: tuple[list[Sequence[int]], list[int]] | None = None  # groups and hand before the first lay-off
    for c in list(hand):
        k = KIND_OF[c]
        if not (wild[k] or k in fit_any) or (wild[k] and keep) or not room(1):
            continue
        for gi, g in enumerate(groups):
            shape = shapes[gi]
            if shape is None or not (wild[k] or _fits(shape, k)):
                continue
            longer = [*g, c]
            found = readings(longer, wild)
            if found:
                if undo is None:
                    undo = groups[:], hand[:]
                groups[gi] = longer
                hand.remove(c)
                shapes[gi] = found[0]
                fit_any |= _fitting(found[0])
                break
    if undo is not None and not _surely_legal(shapes, groups, wild) and not _legal(state, groups, state.melds[p]):
        (groups, hand), undo = undo, None
    if not changed and undo is None:
        return None
    return Action(p, ARRANGE, melds=tuple([_kinds_of(g) for g in groups]))


def _kinds_of(group: Sequence[int]) -> tuple[int, ...]:
    """The kinds of a group's cards (remembered for a table meld's cards, which come back turn after turn)."""
    if type(group) is not tuple:
        return tuple(map(KIND_OF.__getitem__, group))
    found = _KINDS_OF.get(group)
    if found is None:
        if len(_KINDS_OF) >= 50_000:
            _KINDS_OF.clear()
        found = _KINDS_OF[group] = tuple(map(KIND_OF.__getitem__, group))
    return found


_KINDS_OF: dict[tuple[int, ...], tuple[int, ...]] = {}


def _surely_legal(shapes: list[Meld | None], groups: list[Sequence[int]], wild: tuple[bool, ...]) -> bool:
    """Whether the table read as ``shapes`` (one legal reading of each group) is legal, so that
    :func:`settle` surely finds a legal reading too: no two identical melds (V4.5), a pure
    sequence (V7.2), and few enough readings for its search to reach every combination (a group
    of fewer than 13 cards, none of wild rank, has one reading).  ``False``: ask :func:`_legal`."""
    keys = set()
    pure = False
    for shape in shapes:
        if shape is None:
            return False
        keys.add(shape.key)
        pure = pure or shape.is_pure_sequence
    if not pure or len(keys) != len(shapes):
        return False
    combos = 1
    for g in groups:
        if len(g) < 13:
            for c in g:
                if wild[KIND_OF[c]]:
                    break
            else:
                continue  # one reading
        combos *= len(readings(g, wild))
    return combos <= MAX_READING_COMBOS


def _legal(state: State, groups: list[Sequence[int]], table: list[Meld]) -> bool:
    try:
        settle(state, groups, (), first_meld=False, hints=table)
    except IllegalAction:
        return False
    return True


def _fits(shape: Meld, k: int) -> bool:
    """Whether natural kind ``k`` could extend the meld read as ``shape``."""
    if shape.kind == "set":
        return rank_of(k) == shape.low and len(shape.cards) < 4
    if suit_of(k) != shape.suit:
        return False
    r = rank_of(k)
    return shape.low - 1 <= r <= shape.high + 1 or (r == 1 and shape.high >= 13)


def _fitting(shape: Meld) -> frozenset[int]:
    """Every natural kind ``k`` with ``_fits(shape, k)`` (cached by the meld's identity, which
    fixes its suit and span, or its rank and size)."""
    key = shape.key
    found = _FITTING.get(key)
    if found is None:
        if shape.kind == "set":
            kinds = [s * 13 + shape.low - 1 for s in range(4)] if len(shape.cards) < 4 else []
        else:
            ranks = range(max(1, shape.low - 1), min(13, shape.high + 1) + 1)
            kinds = [shape.suit * 13 + r - 1 for r in ranks] + ([shape.suit * 13] if shape.high >= 13 else [])
        found = _FITTING[key] = frozenset(kinds)
    return found


_FITTING: dict[tuple, frozenset[int]] = {}


def _close(ka: int, kb: int) -> bool:
    """Two natural kinds a wild card completes to a meld: same suit and at most two ranks apart,
    or the same rank in two suits."""
    return (suit_of(ka) == suit_of(kb) and 0 < abs(rank_of(ka) - rank_of(kb)) <= 2) or (
        rank_of(ka) == rank_of(kb) and suit_of(ka) != suit_of(kb))


_CLOSE = tuple(sum(1 << kb for kb in range(52) if _close(ka, kb)) for ka in range(52))  # bit kb: _close


def _reading(group: list[int], wild: tuple[bool, ...]) -> Meld | None:
    found = readings(group, wild)
    return found[0] if found else None
