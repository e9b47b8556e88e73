"""How good a hand is: the heuristic's evaluation of a seat's cards.

Like :mod:`ai.solver` it finds the best arrangement of the hand and the seat's table melds, but it
scores what a hand is *worth keeping*, not what it scores now: meld value (V10) as in the stock-out
score, every card left in hand costs its value plus ``count_weight`` (each one stands between the
seat and going out, V8), and a *partial meld* (two cards one card short of a meld: a pair of one
rank, or two cards of a suit one or two apart) costs only ``partial`` of that, or, once
:meth:`Evaluator.set_live` says how many completing cards may still come, between ``partial``
(three or more) and all of it (none).
A wild card not needed in a meld is worth ``wild_hold``; a hand that cannot make a pure sequence
yet (V7.1) pays ``no_pure``.  Identical melds (V4.5) are
not checked: this is an estimate.

>>> from game.engine import parse_kind
>>> from game.engine.melds import wild_table
>>> ev = Evaluator(wild_table(False, None))
>>> cards = lambda text: [parse_kind(t) for t in text.split()]
>>> ev.value(cards("5H 6H 7H KS")) > ev.value(cards("5H 6H 9H KS"))
True
>>> ev.value(cards("8H KS"), [cards("5H 6H 7H")]) > ev.value(cards("9H KS"), [cards("5H 6H 7H")])
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from game.engine.cards import rank_value
from game.engine.melds import POSITION_KINDS, readings

from .solver import _POS_VALUE, BIT, KIND_AT, LOCAL, _use, splits

NEG = float("-inf")


class Evaluator:
    """Hand values for one wild table, memoised across calls (bounded)."""

    def __init__(self, wild: Sequence[bool], wild_value: int = 20, *, count_weight: float = 6.0,
                 value_weight: float = 1.0, meld_weight: float = 1.0, partial: float = 0.5,
                 no_pure: float = 20.0, wild_hold: float = 10.0, cache_limit: int = 400_000) -> None:
        self.wild = tuple(wild)
        self.meld_weight = meld_weight
        self.partial = partial
        self.no_pure = no_pure
        self.wild_hold = wild_hold
        self.cache_limit = cache_limit
        self.penalty = tuple(count_weight + value_weight * (wild_value if self.wild[k] else rank_value(k % 13 + 1))
                             for k in range(52))
        self._memo: dict = {}
        self._layer: dict = {}
        self._free_layer: dict = {}
        self._cost: Sequence[float] = _ZERO
        self.live: tuple[float, ...] | None = None
        self._shares: dict[tuple[int, int], float] = {}
        self._tables: dict[tuple, tuple[frozenset[int], bool]] = {}
        self._wild_kinds = [k for k in range(53) if self.wild[k]]

    def value(self, hand: Sequence[int], table: Sequence[Sequence[int]] = ()) -> float:
        """The worth of holding ``hand`` (kinds) with ``table`` (the kinds of each of the seat's
        melds) on the table.  The table stays as it is; hand cards that extend a table meld
        count as melded."""
        rest, table_pure = self._off_table(hand, table)
        best = NEG
        for nat, must, w, mw, _ in splits(rest, (), self.wild):
            v = self._g(nat, must, w, mw)
            if v > best:
                best = v
        return best - self._pure_cost(rest, table_pure)

    def after_discard(self, hand: Sequence[int], table: Sequence[Sequence[int]] = ()) -> float:
        """The worth of ``hand`` after its best discard (the best :meth:`value` of ``hand`` less
        one card), in one search."""
        return self.best_discard(hand, table)[0]

    def best_discard(self, hand: Sequence[int], table: Sequence[Sequence[int]] = (),
                     cost: Sequence[float] | None = None) -> tuple[float, int]:
        """The best discard from ``hand`` and the worth of the rest, each discard of kind ``k``
        costing ``cost[k]`` more (say, the danger of feeding the next player)."""
        rest, table_pure = self._off_table(hand, table)
        if not rest:  # every card extends a table meld: let the cheapest one go
            k = min(hand, key=lambda q: cost[q] if cost is not None else 0.0)
            return -(cost[k] if cost is not None else 0.0), k
        costs = list(cost) if cost is not None else None
        if not table_pure and _has_pure(rest):  # a discard that breaks the last pure sequence
            costs = costs or list(_ZERO)
            for k in set(rest):
                other = list(rest)
                other.remove(k)
                if not _has_pure(other):
                    costs[k] += self.no_pure
        if costs is None:  # no costs: the layer is the same for every call, keep it
            self._cost, self._layer = _ZERO, self._free_layer
        else:
            self._cost, self._layer = costs, {}
        best, kind = NEG, rest[0]
        for nat, must, w, mw, pool in splits(rest, (), self.wild):
            v, k = self._d(nat, must, w, mw)
            if v > best:
                best, kind = v, (pool[-1] if k == _WILD else k)
        if len(self._free_layer) >= self.cache_limit:
            self._free_layer.clear()
        return best - self._pure_cost(rest, table_pure), kind

    def _off_table(self, hand: Sequence[int], table: Sequence[Sequence[int]]) -> tuple[list[int], bool]:
        """The hand less the cards that extend a table meld, and whether the table holds a
        pure sequence."""
        if not table:
            return list(hand), False
        key = tuple(tuple(m) for m in table)
        found = self._tables.get(key)
        if found is None:
            if len(self._tables) > 1000:
                self._tables.clear()
            found = self._tables[key] = _table_facts(key, self.wild)
        layoff, table_pure = found
        rest = list(hand)
        for k in layoff:
            if k in rest:
                rest.remove(k)
        return rest, table_pure

    def set_live(self, live: Sequence[float] | None) -> None:
        """How many cards of each kind may still come to this seat (``None``: do not ask).  A
        partial meld whose completing cards are gone costs as much as two loose cards."""
        live = None if live is None else tuple(live)
        if live != self.live:
            self.live = live
            self._memo.clear()
            self._free_layer.clear()
            self._shares.clear()

    def _share(self, k: int, q: int) -> float:
        """Share of the cost of two loose cards that the partial meld ``k``, ``q`` pays."""
        found = self._shares.get((k, q))
        if found is None:
            if self.live is None:
                found = self.partial
            else:
                live = self.live
                outs = sum(live[c] for c in _completions(k, q)) + sum(live[c] for c in self._wild_kinds)
                found = 1.0 - (1.0 - self.partial) * min(1.0, outs / 3.0)
            self._shares[(k, q)] = found
        return found

    def _pure_cost(self, hand: Sequence[int], table_pure: bool) -> float:
        return 0.0 if table_pure or _has_pure(hand) else self.no_pure

    def _g(self, nat: int, must: int, w: int, mw: int) -> float:
        """Best worth of the remaining cards (memoised across calls)."""
        key = (nat, must, w, mw)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if not nat:
            result = NEG if mw else w * self.wild_hold
        else:
            shift = ((nat & -nat).bit_length() - 1) & ~1
            k = KIND_AT[shift >> 1]
            one = 1 << shift
            c, m = (nat >> shift) & 3, (must >> shift) & 3
            nat0, must0 = nat - one, must - one if m else must
            melds, partners = _eval_options(k, nat0, w)
            g = self._g
            best = NEG
            if c > m:  # a hand card: keep it loose or pair it
                pen = self.penalty[k]
                best = g(nat0, must, w, mw) - pen
                for q, bit in partners:
                    if (nat0 >> BIT[q]) & 3 > (must >> BIT[q]) & 3:
                        v = g(nat0 - bit, must, w, mw) - self._share(k, q) * (pen + self.penalty[q])
                        if v > best:
                            best = v
            for naturals, wilds, value in melds:
                n2, m2 = _use(nat0, must0, naturals)
                v = g(n2, m2, w - wilds, max(0, mw - wilds)) + self.meld_weight * value
                if v > best:
                    best = v
            result = best
        if len(self._memo) >= self.cache_limit:
            self._memo.clear()
        self._memo[key] = result
        return result

    def _d(self, nat: int, must: int, w: int, mw: int) -> tuple[float, int]:
        """Like :meth:`_g` with one hand card still to discard: (worth, kind discarded)."""
        key = (nat, must, w, mw)
        hit = self._layer.get(key)
        if hit is not None:
            return hit
        if not nat:
            result = (NEG, -1) if mw or w == mw else ((w - 1) * self.wild_hold - self._cost[52], _WILD)
        else:
            shift = ((nat & -nat).bit_length() - 1) & ~1
            k = KIND_AT[shift >> 1]
            one = 1 << shift
            c, m = (nat >> shift) & 3, (must >> shift) & 3
            nat0, must0 = nat - one, must - one if m else must
            melds, partners = _eval_options(k, nat0, w)
            d = self._d
            best, kind = NEG, -1
            if c > m:
                pen = self.penalty[k]
                best = self._g(nat0, must, w, mw) - self._cost[k]
                kind = k
                v, q_kind = d(nat0, must, w, mw)
                v -= pen
                if v > best:
                    best, kind = v, q_kind
                for q, bit in partners:
                    if (nat0 >> BIT[q]) & 3 > (must >> BIT[q]) & 3:
                        v, q_kind = d(nat0 - bit, must, w, mw)
                        v -= self._share(k, q) * (pen + self.penalty[q])
                        if v > best:
                            best, kind = v, q_kind
            for naturals, wilds, value in melds:
                n2, m2 = _use(nat0, must0, naturals)
                v, q_kind = d(n2, m2, w - wilds, max(0, mw - wilds))
                v += self.meld_weight * value
                if v > best:
                    best, kind = v, q_kind
            result = (best, kind)
        self._layer[key] = result
        return result


def _has_pure(kinds: Sequence[int]) -> bool:
    """Whether the kinds hold a pure sequence (V4.4; wild kinds count as themselves, V3.5)."""
    bits = [0, 0, 0, 0]
    for k in kinds:
        if k < 52:
            r = k % 13 + 1
            bits[k // 13] |= (1 << r) | ((1 << 14) if r == 1 else 0)
    return any(b & (b >> 1) & (b >> 2) for b in bits)


_ZERO = (0.0,) * 53
_WILD = -2
_CACHE: dict[tuple, tuple] = {}


def _eval_options(k: int, nat: int, w: int) -> tuple[tuple, tuple]:
    """Melds (naturals, wilds, value) and partial-meld partners (kind, bit) for the lowest
    kind ``k``, cached on which kinds of its suit and rank are present.  Wilds only complete melds
    of three (a partial meld and a wild, or a card and two wilds): the evaluation keeps any other
    wild as a held wild, and the search stays small."""
    suit, r = divmod(k, 13)
    present = (nat | (nat >> 1)) & LOCAL[k]
    key = (k, present, min(w, 2))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 200_000:
            _CACHE.clear()
        found = _CACHE[key] = (tuple(_melds(k, nat, min(w, 2))),
                               tuple((q, 1 << BIT[q]) for q in _partners(k, nat)))
    return found


def _melds(k: int, nat: int, w: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
    suit, r = divmod(k, 13)
    kinds = POSITION_KINDS[suit]

    def has(q: int) -> bool:
        return bool((nat >> BIT[q]) & 3)

    # sequences upward from k (an ace also downward from the top: Q-K-A)
    for p, step in (((1, 1), (14, -1)) if r == 0 else ((r + 1, 1),)):
        used: list[int] = []
        miss = 0
        value = _POS_VALUE[p]
        for length in range(2, 14):
            pos = p + step * (length - 1)
            if not 1 <= pos <= 14:
                break
            q = kinds[pos]
            value += _POS_VALUE[pos]
            if has(q):
                used.append(q)
            else:
                miss += 1
                if miss > w:
                    break
            if length == 3 or (length > 3 and not miss):  # wilds only in melds of three
                yield tuple(used), miss, value
            if length >= 3 and miss:
                break
    others = [s * 13 + r for s in range(suit + 1, 4) if has(s * 13 + r)]
    value = _POS_VALUE[r + 1]
    for n_nat in range(min(2, len(others)), -1, -1):
        if 2 - n_nat > w:
            break
        for chosen in combinations(others, n_nat):
            yield chosen, 2 - n_nat, 3 * value
    if len(others) == 3:
        yield tuple(others), 0, 4 * value


def _partners(k: int, nat: int) -> list[int]:
    """Natural kinds still in ``nat`` that make a partial meld with ``k``."""
    suit, r = divmod(k, 13)
    out = [s * 13 + r for s in range(suit + 1, 4) if (nat >> BIT[s * 13 + r]) & 3]
    base = suit * 13
    near = (1, 2, 11, 12) if r == 0 else (r + 1, r + 2)  # an ace goes with 2, 3 and with Q, K
    for q in near:
        if q < 13 and (nat >> BIT[base + q]) & 3:
            out.append(base + q)
    return out


def _completions(k: int, q: int) -> list[int]:
    """Kinds that turn the partial meld ``k``, ``q`` into a meld of three."""
    if k % 13 == q % 13:
        return [s * 13 + k % 13 for s in range(4) if s not in (k // 13, q // 13)]
    a, b = k % 13 + 1, q % 13 + 1
    if a == 1 and b >= 12:
        a = 14  # Q-A and K-A: the ace is high
    lo, hi = min(a, b), max(a, b)
    places = [lo + 1] if hi - lo == 2 else [p for p in (lo - 1, hi + 1) if 1 <= p <= 14]
    return [POSITION_KINDS[k // 13][p] for p in places]


def _table_facts(table: tuple[tuple[int, ...], ...], wild: Sequence[bool]) -> tuple[frozenset[int], bool]:
    """Natural kinds that extend one of the table melds (at an end of a sequence, or a missing
    suit of a set), and whether the table holds a pure sequence."""
    layoff: set[int] = set()
    pure = False
    for kinds in table:
        found = readings(_ids(kinds), wild)
        if not found:
            continue
        m = found[0]
        pure = pure or any(r.is_pure_sequence for r in found)
        if m.kind == "set":
            if len(m.cards) < 4:
                layoff.update(s * 13 + m.low - 1 for s in range(4) if not m.natural_suits >> s & 1)
        elif len(m.cards) < 13:
            for pos in (m.low - 1, m.high + 1):
                if 1 <= pos <= 14:
                    layoff.add(POSITION_KINDS[m.suit][pos])
    return frozenset(k for k in layoff if not wild[k]), pure


def _ids(kinds: Sequence[int]) -> list[int]:
    """Physical ids standing for the kinds of one meld (the readings need distinct cards)."""
    jokers = iter((52, 53, 106, 107))
    seen: set[int] = set()
    out = []
    for k in kinds:
        if k == 52:
            out.append(next(jokers))
        else:
            out.append(k + 54 if k in seen else k)
            seen.add(k)
    return out
