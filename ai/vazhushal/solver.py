"""The exact best arrangement of a seat's cards (RULES.md V4, V7, V10).

Given the kinds in a hand, the kinds on the seat's table (all of which must stay melded, V7.3,
though they may be rearranged) and the wild table, :class:`Solver` finds the arrangement with the
highest stock-out score (V10: meld value minus the value of the cards left in hand, a wild left in
hand counting ``wild_value``) that respects V7: at least one pure sequence whenever anything is
melded, and no two identical melds (V4.5).  It also says whether the hand can go out (V8: meld all
but exactly one card).

The search (:mod:`ai.vazhushal.options`): the lowest kind still in play is either left in hand or starts a
meld made of higher kinds and wild fillers (every lower kind is already used up).  Sub-results are
memoised on the remaining cards, so the many hands a bot asks about in one game share most of
their work.  Each sub-result is a triple: the best score with 0, 1 or 2+ cards left in hand.  The
memo key also carries the identities of the melds made so far that a later meld could still
repeat (V4.5): usually none, so sharing is not lost.  Going out is a smaller search of its own:
every card but one must be melded, so the lowest card has no choice but to join a meld, and a
quick necessary condition (:func:`may_go_out`) rules most hands out before any search.

>>> from game.vazhushal import parse_kind
>>> from game.vazhushal.melds import wild_table
>>> solver = Solver(wild_table(False, None))
>>> hand = [parse_kind(t) for t in "5H 6H 7H 9S 9D 9C KS".split()]
>>> best = solver.best(hand)
>>> [len(m) for m in best.melds], best.score
([3, 3], 35)
>>> solver.going_out(hand) is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.core.cards import JOKER, rank_value
from game.vazhushal.melds import POSITION_KINDS

from .options import (
    ACES,
    ALONE,
    BIT,
    KIND_AT,
    LOCAL,
    LOW_BITS,
    SHORT,
    Key,
    Kinds,
    Option,
    alone,
    fill,
    meld_options,
    read_mask,
    short,
    splits,
    use,
)

NEG = -(10**9)
_LOW = NEG // 2
_NONE = (NEG, NEG, NEG)


class Arrangement(NamedTuple):
    """A whole table arrangement (kinds of each meld, sequences written low to high with each wild
    at the place it stands for) and the kinds left in hand."""

    melds: tuple[Kinds, ...]
    leftover: Kinds
    score: int  # V10: meld value minus hand value


class Solver:
    """Best arrangements for one wild table.  Keeps a memo across calls (bounded)."""

    def __init__(self, wild: Sequence[bool], wild_value: int = 20, cache_limit: int = 400_000) -> None:
        self.wild = tuple(wild)
        self.wild_value = wild_value
        self.cache_limit = cache_limit
        self.penalty = tuple(wild_value if self.wild[k] else rank_value(k % 13 + 1) for k in range(52))
        self._memo: dict = {}
        self._feasible_memo: dict = {}

    # --- public ------------------------------------------------------------------------------

    def scores(self, hand: Sequence[int], table: Sequence[int] = ()) -> tuple[int, int, int]:
        """Best score with 0, 1 and 2+ cards left in hand (``NEG`` where impossible); the
        unmelded hand counts when the table is empty."""
        best = list(self._empty(hand, table))
        for start in splits(hand, table, self.wild):
            r = self._f(*start[:4], True, _EMPTY)
            best = [max(a, b) for a, b in zip(best, r)]
        return best[0], best[1], best[2]

    def best(self, hand: Sequence[int], table: Sequence[int] = (), keep: int = 1) -> Arrangement:
        """The highest-scoring arrangement leaving at least ``keep`` cards in hand (1 in phase
        play, 0 in phase final).  With no legal meld: the table as it is."""
        classes = (0, 1, 2)[keep:] if keep < 2 else (2,)
        return self._arrange(hand, table, classes)

    def going_out(self, hand: Sequence[int], table: Sequence[int] = ()) -> Arrangement | None:
        """An arrangement that melds every card but one, the card to discard (V8), or ``None``.
        Going out wins the hand whatever the score, so this is the first one found, not the
        highest-scoring."""
        if len(hand) == 1 and not table:  # nothing to meld: the last card is the discard
            return Arrangement((), tuple(hand), self._empty(hand, ())[1])
        if not may_go_out(hand, table, self.wild):
            return None
        for nat, must, w, mw, pool in splits(hand, table, self.wild):
            if self._feasible(nat, must, w, mw, True, True, _EMPTY):
                return self._walk_out([nat, must, w, mw, True, True, _EMPTY], list(pool))
        return None

    def clear(self) -> None:
        self._memo.clear()
        self._feasible_memo.clear()

    # --- search ------------------------------------------------------------------------------

    def _empty(self, hand: Sequence[int], table: Sequence[int]) -> tuple[int, int, int]:
        if table:
            return _NONE
        score = -sum(self.wild_value if k == JOKER else self.penalty[k] for k in hand)
        return _place(min(len(hand), 2), score)

    def _f(self, nat: int, must: int, w: int, mw: int, need: bool, keys: Keys) -> tuple[int, int, int]:
        """Best (0, 1, 2+ left in hand) score of the remaining cards.  ``need``: a pure sequence
        is still missing (V7.2); ``keys``: identities of melds made so far that a later meld could
        still repeat (V4.5), usually none."""
        memo_key = (nat, must, w, mw, need, keys)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit
        if not nat:
            if mw or need:
                result = _NONE
            else:
                result = _place(min(w, 2), -w * self.wild_value)
        else:
            shift = ((nat & -nat).bit_length() - 1) & ~1
            k = KIND_AT[shift >> 1]
            one = 1 << shift
            c, m = (nat >> shift) & 3, (must >> shift) & 3
            b0 = b1 = b2 = NEG
            if c > m:  # leave one card of this kind in hand
                a0, a1, a2 = self._f(nat - one, must, w, mw, need, keys)
                p = self.penalty[k]
                b1, b2 = a0 - p, max(a1, a2) - p
            nat0, must0 = nat - one, must - one if m else must
            for naturals, wilds, v, pure, ident, _ in meld_options(k, nat0, w):
                if keys and ident in keys:
                    continue
                n2, m2 = use(nat0, must0, naturals)
                r0, r1, r2 = self._f(n2, m2, w - wilds, max(0, mw - wilds), need and not pure,
                                     _next_keys(keys, ident, n2))
                if r0 + v > b0:
                    b0 = r0 + v
                if r1 + v > b1:
                    b1 = r1 + v
                if r2 + v > b2:
                    b2 = r2 + v
            result = (b0 if b0 > _LOW else NEG, b1 if b1 > _LOW else NEG, b2 if b2 > _LOW else NEG)
        if len(self._memo) >= self.cache_limit:
            self._memo.clear()
        self._memo[memo_key] = result
        return result

    def _feasible(self, nat: int, must: int, w: int, mw: int, spare: bool, need: bool, keys: Keys,
                  alive: bool = False) -> bool:
        """Whether all the remaining cards can be melded but one hand card (``spare``: the card
        to discard is still to be chosen), with a pure sequence (``need``) and no identical
        melds.  The lowest card must go into a meld unless it is the spare, so this search stays
        small.  ``alive``: the caller has already found these cards not :func:`_dead`."""
        key = (nat, must, w, mw, spare, need, keys)
        memo = self._feasible_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if not nat:
            result = not mw and not need and w == (1 if spare else 0)
        elif not alive and _dead(nat, w, spare, need):
            result = False
        else:
            shift = ((nat & -nat).bit_length() - 1) & ~1
            one = 1 << shift
            c, m = (nat >> shift) & 3, (must >> shift) & 3
            nat0, must0 = nat - one, must - one if m else must
            result = spare and c > m and self._feasible(nat0, must, w, mw, False, need, keys)
            if not result:
                feasible = self._feasible
                must_bits = (must0 | (must0 >> 1)) & LOW_BITS  # kinds with a card that must stay melded
                for drop, wilds, pure, ident, live_mask, every in _feasible_options(shift >> 1, nat0, w):
                    n2 = nat0 - drop
                    if n2 and _dead(n2, w - wilds, spare, need and not pure):
                        continue  # most options end here: no recursive call, no memo entry
                    if keys:
                        if ident in keys:
                            continue
                        keys2 = _next_keys(keys, ident, n2)
                    elif (((n2 | (n2 >> 1)) & live_mask == live_mask) if every else n2 & live_mask):
                        keys2 = (ident,)  # V4.5: a later meld could still repeat this one
                    else:
                        keys2 = _EMPTY
                    if feasible(n2, must0 - (drop & must_bits), w - wilds, mw - wilds if mw > wilds else 0,
                                spare, need and not pure, keys2, True):
                        result = True
                        break
        if len(memo) >= self.cache_limit:
            memo.clear()
        memo[key] = result
        return result

    def _walk_out(self, walk: list, pool: list[int]) -> Arrangement:
        """Rebuild the going-out arrangement behind a feasible state."""
        melds: list[Kinds] = []
        leftover: list[int] = []
        value = 0
        while walk[0]:
            nat, must, w, mw, spare, need, keys = walk
            shift = ((nat & -nat).bit_length() - 1) & ~1
            k = KIND_AT[shift >> 1]
            one = 1 << shift
            c, m = (nat >> shift) & 3, (must >> shift) & 3
            nat0, must0 = nat - one, must - one if m else must
            if spare and c > m and self._feasible(nat0, must, w, mw, False, need, keys):
                leftover.append(k)
                walk[0], walk[4] = nat0, False
                continue
            for opt in meld_options(k, nat0, w):
                naturals, wilds, _, pure, ident, _ = opt
                if keys and ident in keys:
                    continue
                n2, m2 = use(nat0, must0, naturals)
                step = [n2, m2, w - wilds, max(0, mw - wilds), spare, need and not pure,
                        _next_keys(keys, ident, n2)]
                if self._feasible(*step):
                    melds.append(_write(k, opt, pool[:wilds]))
                    del pool[:wilds]
                    value += opt[2]
                    walk[:] = step
                    break
            else:
                raise AssertionError("solver: the way out was lost")
        leftover += pool
        penalty = sum(self.wild_value if k == JOKER else self.penalty[k] for k in leftover)
        return Arrangement(tuple(melds), tuple(leftover), value - penalty)

    # --- reconstruction ----------------------------------------------------------------------

    def _arrange(self, hand: Sequence[int], table: Sequence[int], classes: Sequence[int]) -> Arrangement:
        best_score, best_start, best_class = NEG, None, -1
        empty = self._empty(hand, table)
        for cls in classes:
            if empty[cls] > best_score:
                best_score, best_class = empty[cls], cls
        for start in splits(hand, table, self.wild):
            r = self._f(*start[:4], True, _EMPTY)
            for cls in classes:
                if r[cls] > best_score:
                    best_score, best_start, best_class = r[cls], start, cls
        if best_score <= _LOW:  # nothing keeps enough cards in hand: leave everything as it is
            return Arrangement((), tuple(hand), self._empty(hand, ())[min(len(hand), 2)])
        if best_start is None:
            return Arrangement((), tuple(sorted(hand)), best_score)
        nat, must, w, mw, pool = best_start
        walk = [nat, must, w, mw, True, _EMPTY]
        pool_left = list(pool)
        melds: list[Kinds] = []
        leftover: list[int] = []
        cls, target = best_class, best_score
        while walk[0]:
            cls, target = self._step(walk, cls, target, pool_left, melds, leftover)
        return Arrangement(tuple(melds), tuple(leftover + pool_left), best_score)

    def _step(self, walk: list, cls: int, target: int, pool: list[int], melds: list[Kinds],
              leftover: list[int]) -> tuple[int, int]:
        """One step of the walk that rebuilds the arrangement behind a memoised score."""
        nat, must, w, mw, need, keys = walk
        shift = ((nat & -nat).bit_length() - 1) & ~1
        k = KIND_AT[shift >> 1]
        one = 1 << shift
        c, m = (nat >> shift) & 3, (must >> shift) & 3
        if c > m and cls > 0:
            sub = self._f(nat - one, must, w, mw, need, keys)
            p = self.penalty[k]
            for sub_cls in ((0,) if cls == 1 else (1, 2)):
                if sub[sub_cls] - p == target:
                    leftover.append(k)
                    walk[0] = nat - one
                    return sub_cls, target + p
        nat0, must0 = nat - one, must - one if m else must
        for opt in meld_options(k, nat0, w):
            naturals, wilds, value, pure, ident, _ = opt
            if keys and ident in keys:
                continue
            n2, m2 = use(nat0, must0, naturals)
            need2 = need and not pure
            keys2 = _next_keys(keys, ident, n2)
            w2, mw2 = w - wilds, max(0, mw - wilds)
            if self._f(n2, m2, w2, mw2, need2, keys2)[cls] + value == target:
                melds.append(_write(k, opt, pool[:wilds]))
                del pool[:wilds]
                walk[:] = [n2, m2, w2, mw2, need2, keys2]
                return cls, target - value
        raise AssertionError("solver: the arrangement behind a score was not found")


# --- meld options -----------------------------------------------------------------------------

# Identities of melds made so far that a later meld could repeat (V4.5), as a sorted tuple: a
# tuple of plain values, unlike a frozenset, lets the garbage collector stop tracking memo keys.
Keys = tuple[Key, ...]
_EMPTY: Keys = ()
_LIVE: dict[Key, tuple[int, bool]] = {}


def _live(key: Key, nat: int) -> bool:
    """Whether the remaining naturals could still make another meld with this identity: a
    sequence needs a natural card in its span, a set every natural suit of its identity."""
    found = _LIVE.get(key)
    if found is None:
        if key[0] == "set":
            rank = key[1]
            mask = sum(1 << BIT[s * 13 + rank - 1] for s in range(4) if key[3] >> s & 1)
            found = _LIVE[key] = (mask, True)
        else:
            _, suit, lo, hi = key
            found = _LIVE[key] = (sum(3 << BIT[POSITION_KINDS[suit][p]] for p in range(lo, hi + 1)), False)
    mask, every = found
    if every:
        return (nat | (nat >> 1)) & mask == mask
    return bool(nat & mask)


def _next_keys(keys: Keys, key: Key, nat: int) -> Keys:
    if not keys:
        return (key,) if _live(key, nat) else _EMPTY
    return tuple(sorted(q for q in set(keys) | {key} if _live(q, nat)))


# (drop: the bits of the natural cards taken besides the lowest, wilds, pure, identity, live mask,
# live test: every kind of the mask or any) for each meld option of the lowest kind, in the order of
# :func:`ai.vazhushal.options.meld_options`, cached on the same key.
_FEASIBLE_OPTIONS: dict[tuple[int, int, int], tuple[tuple[int, int, bool, Key, int, bool], ...]] = {}
_FEASIBLE_READ: dict[tuple[int, int, int], tuple[tuple[int, int, bool, Key, int, bool], ...]] = {}  # on the kinds read


def _feasible_options(index: int, nat: int, w: int) -> tuple[tuple[int, int, bool, Key, int, bool], ...]:
    """The meld options of the kind at rank-major ``index`` (the lowest in ``nat``, already taken
    out of it) in the form the going-out search uses."""
    k = KIND_AT[index]
    present = (nat | (nat >> 1)) & LOCAL[k]
    cache_key = (index, present, w)
    found = _FEASIBLE_OPTIONS.get(cache_key)
    if found is None:
        found = fill(_FEASIBLE_OPTIONS, cache_key, _FEASIBLE_READ, (index, present & read_mask(k, present, w), w),
                     lambda: tuple(_feasible_form(opt) for opt in meld_options(k, nat, w)))
    return found


def _feasible_form(option: Option) -> tuple[int, int, bool, Key, int, bool]:
    """A meld option in the going-out search's form (see :data:`_FEASIBLE_OPTIONS`)."""
    naturals, wilds, _, pure, ident, _ = option
    _live(ident, 0)  # fills _LIVE
    live_mask, every = _LIVE[ident]
    return sum(1 << BIT[q] for q in naturals), wilds, pure, ident, live_mask, every


def _dead(nat: int, w: int, spare: bool, need: bool) -> bool:
    """A quick proof that the natural cards in ``nat`` (all but a ``spare``) cannot all be melded
    with ``w`` wilds, in bit-parallel form.  A card with no natural partner for a meld of three
    (no suit-mate within two ranks, no other suit of its rank) needs a wild of its own at least
    (two if alone; ``k`` such cards sharing a meld need ``2(k-1)``); with no wild every card needs
    two natural partners.  With ``need``, a pure sequence (V4.4) is still missing and must come
    from three consecutive cards of one suit, the ace also above the king."""
    present = (nat | (nat >> 1)) & LOW_BITS
    if need:  # the cheaper test first
        ext = present | (present & ACES) << 104
        if not ext & (ext >> 8) & (ext >> 16):
            return True
    if w:
        lone = ALONE.get(present)
        if lone is None:
            lone = alone(present)
    else:
        lone = SHORT.get(present)
        if lone is None:
            lone = short(present)
    return lone.bit_count() - spare > w


def may_go_out(hand: Sequence[int], table: Sequence[int], wild: Sequence[bool]) -> bool:
    """A quick necessary condition for going out (V8), from what each hand card needs to be in
    some meld of three: nothing (two natural partners), one wild (one partner), or two (none).
    A card needing two wilds shares them with at most one other such card, so each of them but the
    discard takes a wild of its own; and the cards needing a wild (but the discard) lie in at most
    as many melds as there are wilds, each meld of one suit or one rank."""
    wilds = 0
    present = 0  # one bit a kind (rank-major, :data:`ai.vazhushal.options.BIT`)
    for cards in (hand, table):
        for k in cards:
            if wild[k]:
                wilds += 1
            if k != JOKER:
                present |= 1 << BIT[k]
    few = SHORT.get(present)
    if few is None:
        few = short(present)
    lone = ALONE.get(present)
    if lone is None:
        lone = alone(present)
    needy: list[int] = []  # hand cards needing a wild
    loose = 0
    for k in hand:
        if wild[k]:
            continue
        bit = 1 << BIT[k]
        if few & bit:  # a meld of three with k needs one wild, or two
            needy.append(k)
            loose += bool(lone & bit)
    if len(needy) <= 1:
        return True
    if wilds == 0 or loose > wilds + 1:
        return False
    # the cards needing a wild lie in at most ``wilds`` melds, each of one suit or one rank
    cover = _cover(needy)
    if cover <= wilds:
        return True
    return cover - 1 <= wilds and any(_cover(needy[:i] + needy[i + 1:]) <= wilds for i in range(len(needy)))


def _cover(kinds: list[int]) -> int:
    """The fewest suits and ranks that hold all ``kinds``: a maximum matching between suits and
    ranks, one edge a card (König's theorem)."""
    match: dict[int, int] = {}  # rank -> suit
    return sum(_augment(kinds, match, suit, set()) for suit in {k // 13 for k in kinds})


def _augment(kinds: list[int], match: dict[int, int], suit: int, seen: set[int]) -> bool:
    """One augmenting path of :func:`_cover` from ``suit`` (a module function, not a closure: a
    recursive closure is a reference cycle, garbage only the cyclic collector frees)."""
    for k in kinds:
        if k // 13 == suit and k % 13 not in seen:
            rank = k % 13
            seen.add(rank)
            if rank not in match or _augment(kinds, match, match[rank], seen):
                match[rank] = suit
                return True
    return False


def _place(cls: int, score: int) -> tuple[int, int, int]:
    return (score, NEG, NEG) if cls == 0 else (NEG, score, NEG) if cls == 1 else (NEG, NEG, score)


def _write(k: int, opt: Option, fill: list[int]) -> Kinds:
    """The kinds of a meld, a sequence in written order with each wild at its place."""
    wilds = iter(fill)
    naturals, places = opt[0], opt[5]
    if places:
        return tuple(q if q >= 0 else next(wilds) for q in places)
    return (k,) + naturals + tuple(wilds)
