"""How good a hand is: the heuristic's evaluation of a seat's cards.

It arranges the hand the way :mod:`ai.vazhushal.solver` does (the lowest card first), but scores what a hand
is *worth keeping*, not what it scores now: meld value (V10) counts ``meld_weight``; every card
left loose costs ``count_weight`` (each one stands between the seat and going out, V8) plus
``value_weight`` times its value; a *partial meld* (two cards one card short of a meld: a pair of
one rank, or two cards of a suit one or two apart) costs only ``partial`` of that, or, once
:meth:`Evaluator.set_live` says how many completing cards may still come, between ``partial``
(three or more) and all of it (none); a wild card not needed in a meld is worth ``wild_hold``;
a hand that cannot make a pure sequence yet (V7.1) pays ``no_pure``.  The seat's table melds stay
as they are, and a hand card that extends one may be laid off there for free or kept for a meld
of the hand.  Wilds only complete melds of three, and identical melds (V4.5) are not checked:
this is an estimate, kept small to be fast.

>>> from game.vazhushal import parse_kind
>>> from game.vazhushal.melds import wild_table
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

from game.core.cards import rank_value
from game.vazhushal.melds import POSITION_KINDS, readings

from .options import ALONE, BIT, KIND_AT, LOCAL, ONE, POS_VALUE, SHORT, alone, fill, read_mask, short, splits

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
        self._pen = self.penalty
        self._stores: dict[frozenset[int], tuple[tuple[float, ...], dict, dict, int]] = {}
        self._memo: dict = {}
        self._layer: dict = {}
        self._opts: dict = {}  # nodes of every free set (see _node), as long as the shares stay
        self._partial_costs: dict = {}  # their partial melds, shared by nodes of the same partners
        self._free_mask = 0  # both count bits of every free kind of the current set
        self._base: tuple = ()
        self.live: tuple[float, ...] | None = None
        self._shares: dict[tuple[int, int], float] = {}
        self._signature: object = None
        self._tables: dict[tuple, tuple[frozenset[int], bool]] = {}
        self._wild_kinds = [k for k in range(53) if self.wild[k]]
        # discard_bound needs every cost it counts or leaves out to be a cost (not a gain), and no
        # worth in melds; with other weights it gives no bound
        self._bounded = meld_weight == 0 and 0.0 <= partial and no_pure >= 0.0 and min(self.penalty) >= 0.0
        self._partial_floor = min(partial, 1.0)  # no partial meld pays a smaller share (_share)

    def value(self, hand: Sequence[int], table: Sequence[Sequence[int]] = ()) -> float:
        """The worth of holding ``hand`` (kinds) with ``table`` (the kinds of each of the seat's
        melds) on the table.  The table stays as it is; a hand card that extends a table meld
        may be laid off there (it costs nothing left over) or used in a meld of the hand."""
        return self._best_split(*self._off_table(hand, table))

    def after_discard(self, hand: Sequence[int], table: Sequence[Sequence[int]] = ()) -> float:
        """The worth of ``hand`` after its best discard (the best :meth:`value` of ``hand`` less
        one card), in one search."""
        return self.best_discard(hand, table)[0]

    def best_discard(self, hand: Sequence[int], table: Sequence[Sequence[int]] = (),
                     cost: Sequence[float] | None = None) -> tuple[float, int]:
        """The best discard from ``hand`` and the worth of the rest, each discard of kind ``k``
        costing ``cost[k]`` more (say, the danger of feeding the next player).

        One search finds the best discard ignoring costs; since no other discard leaves a better
        rest, only the ones that cost less than it can still win, and only those are tried."""
        rest, table_pure = self._off_table(hand, table)
        if cost is not None:
            found = self._costed_discard(rest, table_pure, cost)
            if found is not None:
                return found
        price = (lambda k: cost[k]) if cost is not None else (lambda k: 0.0)  # noqa: E731
        bound, first = NEG, rest[0]
        for nat, _, w, _, pool in splits(rest, (), self.wild):
            v, k = self._d(nat, w)
            if v > bound:
                bound, first = v, (pool[-1] if k == _WILD else k)
        if len(self._layer) >= self.cache_limit:
            self._layer.clear()
        if cost is None and (table_pure or _has_pure(_without(rest, first))):
            return bound, first  # the search's own answer is exact
        bound -= 0.0 if table_pure else min(self._pure_cost(_without(rest, k), False) for k in set(rest))
        best_kind = first
        best = self._rest_value(rest, first, table_pure) - price(first)
        for k in sorted(set(rest), key=price):
            if bound - price(k) <= best:
                break
            if k != first:
                value = self._rest_value(rest, k, table_pure) - price(k)
                if value > best:
                    best, best_kind = value, k
        return best, best_kind

    def discard_bound(self, hand: Sequence[int], table: Sequence[Sequence[int]] = ()) -> float:
        """An upper bound of :meth:`best_discard`'s worth (with any costs, which are never
        negative), in a few bit operations, or ``inf`` when there is none to give (weights that
        make a card worth keeping alone).

        A natural card with two natural partners for a meld may cost nothing.  Any other is loose,
        in a partial meld (at least the smallest share of its penalty), or in one of the melds of
        three that use the wilds (each at most two natural cards): the search's own rules.  One
        with no partner at all makes no partial meld and costs all of its penalty if loose.  So
        the bound charges each card of the second kind, gives back the dearest two for each wild
        melded (a wild not melded is worth ``wild_hold``), and the dearest once more: the best
        discard saves at most that (taking a card out only removes partners of the others)."""
        wild = self.wild
        wilds = present = 0
        for k in hand:
            if wild[k]:
                wilds += 1
            present |= ONE[k]
        if not self._bounded:
            return _INF
        hold = self.wild_hold if self.wild_hold > 0.0 else 0.0
        few = SHORT.get(present)
        if few is None:
            few = short(present)
        if not few:
            return wilds * hold
        lone = ALONE.get(present)
        if lone is None:
            lone = alone(present)
        self._off_table(hand, table)  # the free kinds: a card laid off on the table costs nothing
        pen = self._pen
        floor = self._partial_floor
        costs = [pen[k] if lone & ONE[k] else floor * pen[k] for k in hand if few & ONE[k] and not wild[k]]
        if not costs:
            return wilds * hold
        costs.sort(reverse=True)
        back = max(sum(costs[:2 * used]) + (wilds - used) * hold for used in range(wilds + 1))
        return back + costs[0] - sum(costs)

    def _costed_discard(self, rest: list[int], table_pure: bool, cost: Sequence[float]) -> tuple[float, int] | None:
        """:meth:`best_discard` with costs, in one search that charges each discard its cost
        (:meth:`_dc_key`), or ``None`` in the one case that search cannot settle: the best
        discard breaks the only pure sequence of a hand whose table has none (then every
        discard is tried)."""
        best, kind = NEG, rest[0]
        for nat, _, w, _, pool in splits(rest, (), self.wild):
            thrown = min(reversed(pool), key=cost.__getitem__) if w else -1  # the wild to throw
            v, k = self._dc_key(nat << 4 | w, cost, cost[thrown] if w else 0.0, {})
            if v > best:
                best, kind = v, (thrown if k == _WILD else k)
        if len(self._layer) >= self.cache_limit:
            self._layer.clear()
        if table_pure:
            return best, kind
        if not _has_pure(rest):  # no discard leaves a pure sequence: each pays the same
            return best - self.no_pure, kind
        if _has_pure(_without(rest, kind)):
            return best, kind
        return None

    def _dc_key(self, key: int, cost: Sequence[float], wild_cost: float, layer: dict) -> tuple[float, int]:
        """Like :meth:`_g_key` with one card still to discard, each discard of kind ``k``
        costing ``cost[k]`` (a wild one ``wild_cost``): (worth, kind discarded, or ``_WILD``),
        memoised in ``layer``: the evaluator's own for no costs (:meth:`_d_key`), else one for
        the call (the costs change from turn to turn).  The worths of what is kept come from the
        shared memo of :meth:`_g_key`."""
        hit = layer.get(key)
        if hit is not None:
            return hit
        nat = key >> 4
        w = key & 15
        free = self._free_mask
        if not nat:
            result = (NEG, -1) if not w else ((w - 1) * self.wild_hold - wild_cost, _WILD)
        elif free and not nat & free and layer is self._layer:
            result = self._plain(key, True)  # type: ignore[assignment]
        else:
            key0, k, pen, partners, melds = self._lowest(key, nat, w, free)
            get, d = layer.get, self._dc_key
            v = self._memo.get(key0)
            best, kind = (self._g_key(key0) if v is None else v) - cost[k], k  # k is the discard
            v, q_kind = get(key0) or d(key0, cost, wild_cost, layer)
            if v - pen > best:
                best, kind = v - pen, q_kind
            for lost, c in partners:
                sub = key0 - lost
                v, q_kind = get(sub) or d(sub, cost, wild_cost, layer)
                v -= c
                if v > best:
                    best, kind = v, q_kind
            for lost, worth in melds:
                sub = key0 - lost
                v, q_kind = get(sub) or d(sub, cost, wild_cost, layer)
                v += worth
                if v > best:
                    best, kind = v, q_kind
            result = (best, kind)
        layer[key] = result
        return result

    def _rest_value(self, rest: list[int], k: int, table_pure: bool) -> float:
        return self._best_split(_without(rest, k), table_pure)

    def _best_split(self, hand: list[int], table_pure: bool) -> float:
        """:meth:`value` of ``hand``, the cards left off the table (``table_pure``: the table holds
        a pure sequence): the best worth over every split of its wild-kind cards (as themselves, or
        as wilds)."""
        best = NEG
        for nat, _, w, _, _ in splits(hand, (), self.wild):
            v = self._g(nat, w)
            if v > best:
                best = v
        return best - self._pure_cost(hand, table_pure)

    def _off_table(self, hand: Sequence[int], table: Sequence[Sequence[int]]) -> tuple[list[int], bool]:
        """The hand (as a list), and whether the table holds a pure sequence; makes the kinds
        that extend a table meld free to leave loose (they can be laid off) in the searches."""
        if not table:
            self._use_free(frozenset())
            return list(hand), False
        key = tuple(tuple(m) for m in table)
        found = self._tables.get(key)
        if found is None:
            if len(self._tables) > 1000:
                self._tables.clear()
            found = self._tables[key] = _table_facts(key, self.wild)
        layoff, table_pure = found
        self._use_free(layoff)
        return list(hand), table_pure

    def _use_free(self, free: frozenset[int]) -> None:
        """Switch the searches to a set of free kinds (each set keeps its own memos).  Cards with
        no free kind among them are worth the same whatever the free set: the searches hand them
        to the memos of the empty set (:meth:`_plain`)."""
        store = self._store(free)
        self._base = self._store(frozenset()) if free else store
        self._pen, self._memo, self._layer, self._free_mask = store

    def _store(self, free: frozenset[int]) -> tuple:
        store = self._stores.get(free)
        if store is None:
            if len(self._stores) > 64:
                self._stores.clear()
            pen = tuple(0.0 if k in free else p for k, p in enumerate(self.penalty)) if free else self.penalty
            store = self._stores[free] = (pen, {}, {}, sum(3 << BIT[k] for k in free))
        return store

    def _plain(self, key: int, layer: bool) -> object:
        """:meth:`_g_key` (or with ``layer`` :meth:`_d_key`) of cards holding no free kind, in the
        memos of the empty free set."""
        store = self._pen, self._memo, self._layer, self._free_mask
        self._pen, self._memo, self._layer, self._free_mask = self._base
        try:
            return self._d_key(key) if layer else self._g_key(key)
        finally:
            self._pen, self._memo, self._layer, self._free_mask = store

    def set_live(self, live: Sequence[float] | None) -> None:
        """How many cards of each kind may still come to this seat (``None``: do not ask).  A
        partial meld whose completing cards are gone costs as much as two loose cards."""
        live = None if live is None else tuple(live)
        if live == self.live:
            return
        self.live = live
        signature = self._live_signature(live)
        if signature != self._signature:  # the shares may change: every memo depends on them
            self._signature = signature
            self._stores.clear()
            self._opts.clear()
            self._partial_costs.clear()
            self._shares.clear()
        self._use_free(frozenset())

    def _live_signature(self, live: tuple[float, ...] | None) -> object:
        """What the shares of :meth:`_share` depend on.  When the wilds alone may still bring
        three cards (and no count is negative), every partial meld has its three outs and pays
        the same share whatever else changes, so the memos stay valid from turn to turn."""
        if live is None:
            return None
        if min(live) >= 0.0 and sum(live[c] for c in self._wild_kinds) >= 3.0:
            return _SATURATED
        return live

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

    def _node(self, k: int, nat0: int, w: int, node_key: int) -> tuple:
        """For the lowest kind ``k`` (``nat0``: the cards above it): the cost of leaving it loose,
        its partial melds (the partner's bits shifted into a memo key, cost) and its melds (the
        bits of the naturals taken shifted, plus the wilds: what a memo key loses; worth),
        cached on ``node_key``: which kinds of its suit and rank are present and which are free
        (the costs depend on nothing else), and the wilds."""
        melds, worthless, partners = _eval_options(k, nat0, w)
        pen = self._pen[k]
        if len(self._opts) >= self.cache_limit:
            self._opts.clear()
            self._partial_costs.clear()
        weight = self.meld_weight
        if weight != 1.0:  # the shared tuples serve the common weights without a copy
            melds = worthless if weight == 0.0 else tuple((lost, weight * value) for lost, value in melds)
        # the partial melds' costs depend on which partners are present and which kinds are free
        key = ((self._free_mask & LOCAL[k]) << 112 | (nat0 | (nat0 >> 1)) & PARTNER_BITS[k]) << 6 | k
        costs = self._partial_costs.get(key)
        if costs is None:
            costs = self._partial_costs[key] = tuple(
                (bit << 4, self._share(k, q) * (pen + self._pen[q])) for q, bit in partners)
        found = self._opts[node_key] = (pen, costs, melds)
        return found

    def _lowest(self, key: int, nat: int, w: int, free: int) -> tuple[int, int, float, tuple, tuple]:
        """The packed memo key ``key`` (naturals ``nat``, ``w`` wilds) without its lowest natural
        card, that card's kind, and its node (:meth:`_node`: the penalty of leaving it loose, its
        partners and its melds)."""
        shift = ((nat & -nat).bit_length() - 1) & ~1
        key0 = key - (1 << (shift + 4))
        k = KIND_AT[shift >> 1]
        nat0 = key0 >> 4
        local = LOCAL[k]
        node_key = (((free & local) << 112 | (nat0 | (nat0 >> 1)) & local) << 8
                    | k << 2 | (w if w < 2 else 2))
        node = self._opts.get(node_key)
        pen, partners, melds = node if node is not None else self._node(k, nat0, w, node_key)
        return key0, k, pen, partners, melds

    def _g(self, nat: int, w: int) -> float:
        """Best worth of the remaining hand cards (``nat``, two bits a kind) and ``w`` wilds,
        memoised across calls."""
        return self._g_key(nat << 4 | w)  # w < 16: at most 8 wilds

    def _g_key(self, key: int) -> float:
        """:meth:`_g` of the packed memo key ``nat << 4 | w``."""
        memo = self._memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        nat = key >> 4
        free = self._free_mask
        if not nat:
            result = (key & 15) * self.wild_hold
        elif free and not nat & free:
            result = self._plain(key, False)  # type: ignore[assignment]
        else:
            key0, _, pen, partners, melds = self._lowest(key, nat, key & 15, free)
            get, g = memo.get, self._g_key
            v = get(key0)
            best = (g(key0) if v is None else v) - pen  # the lowest card stays loose
            for lost, cost in partners:  # it makes a partial meld with a partner
                sub = key0 - lost
                v = get(sub)
                v = (g(sub) if v is None else v) - cost
                if v > best:
                    best = v
            for lost, worth in melds:
                sub = key0 - lost
                v = get(sub)
                v = (g(sub) if v is None else v) + worth
                if v > best:
                    best = v
            result = best
        if len(memo) >= self.cache_limit:
            memo.clear()
        memo[key] = result
        return result

    def _d(self, nat: int, w: int) -> tuple[float, int]:
        """Like :meth:`_g` with one card still to discard: (worth, kind discarded, or ``_WILD``)."""
        return self._d_key(nat << 4 | w)

    def _d_key(self, key: int) -> tuple[float, int]:
        """:meth:`_d` of the packed memo key ``nat << 4 | w``."""
        found = self._layer.get(key)
        return found if found is not None else self._dc_key(key, _NO_COST, 0.0, self._layer)


def _without(kinds: list[int], k: int) -> list[int]:
    rest = list(kinds)
    rest.remove(k)
    return rest


def _has_pure(kinds: Sequence[int]) -> bool:
    """Whether the kinds hold a pure sequence (V4.4; wild kinds count as themselves, V3.5)."""
    bits = [0, 0, 0, 0]
    for k in kinds:
        if k < 52:
            r = k % 13 + 1
            bits[k // 13] |= (1 << r) | ((1 << 14) if r == 1 else 0)
    return any(b & (b >> 1) & (b >> 2) for b in bits)


_WILD = -2
_INF = float("inf")
_NO_COST = (0.0,) * 53
_SATURATED = "saturated"
_CACHE: dict[tuple, tuple] = {}
_CACHE_READ: dict[tuple, tuple] = {}  # the same on the kinds they read


def _eval_options(k: int, nat: int, w: int) -> tuple[tuple, tuple, tuple]:
    """Melds (what a memo key loses: the bits of the natural cards they take shifted, plus the
    wilds; value), the same melds worth nothing, and partial-meld partners (kind, bit) for the
    lowest kind ``k``, cached on which kinds of its suit and rank are present.  Wilds only complete melds
    of three (a partial meld and a wild, or a card and two wilds): the evaluation keeps any other
    wild as a held wild, and the search stays small."""
    present = (nat | (nat >> 1)) & LOCAL[k]
    w = min(w, 2)
    key = (k, present, w)
    found = _CACHE.get(key)
    if found is None:
        found = fill(_CACHE, key, _CACHE_READ, (k, present & (read_mask(k, present, w) | PARTNER_BITS[k]), w),
                     lambda: _build_options(k, nat, w))
    return found


def _build_options(k: int, nat: int, w: int) -> tuple[tuple, tuple, tuple]:
    """:func:`_eval_options` built (melds as a memo key's loss and value, worthless copies, partners)."""
    melds = tuple((sum(1 << BIT[q] for q in naturals) << 4 | wilds, value)
                  for naturals, wilds, value in _melds(k, nat, w))
    return melds, tuple((lost, 0.0) for lost, _ in melds), tuple((q, 1 << BIT[q]) for q in _partners(k, nat))


def _melds(k: int, nat: int, w: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
    suit, r = divmod(k, 13)
    kinds = POSITION_KINDS[suit]

    def has(q: int) -> bool:
        return bool((nat >> BIT[q]) & 3)

    # sequences upward from k (an ace also downward from the top: Q-K-A)
    for p, step in (((1, 1), (14, -1)) if r == 0 else ((r + 1, 1),)):
        used: list[int] = []
        miss = 0
        value = POS_VALUE[p]
        for length in range(2, 14):
            pos = p + step * (length - 1)
            if not 1 <= pos <= 14:
                break
            q = kinds[pos]
            value += POS_VALUE[pos]
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
    value = POS_VALUE[r + 1]
    for n_nat in range(min(2, len(others)), -1, -1):
        if 2 - n_nat > w:
            break
        for chosen in combinations(others, n_nat):
            yield chosen, 2 - n_nat, 3 * value
    if len(others) == 3:
        yield tuple(others), 0, 4 * value


def _partner_kinds(k: int) -> list[int]:
    """Every natural kind that makes a partial meld with ``k`` as the lower card (see :func:`_partners`)."""
    return _partners(k, sum(3 << BIT[q] for q in range(52)))


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


# the partners of each kind as one bit each (what a node's partial-meld costs depend on)
PARTNER_BITS = tuple(sum(1 << BIT[q] for q in _partner_kinds(k)) for k in range(52))


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
