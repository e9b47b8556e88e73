"""How far a hand of 13-card Indian Rummy is from a valid declaration: the heuristic's evaluation.

The exact solver (:func:`game.indian13.arrange`) says what a hand *counts now*; a bot also needs
to know what it is *worth keeping*.  :class:`Evaluator` splits the hand the way the solver does
(the lowest natural card first, each card loose or in one group) but also allows *partial melds*:
two natural cards one card short of a meld (a pair of one rank in two suits, or two cards of a
suit one or two apart).  The value is a cost in "cards still to find", lower is better:

* a card in a complete meld (I6, with at most ``joker_cap`` jokers) costs nothing;
* a partial meld costs ``adjacent`` (two open ends), ``gap`` (one card completes it: an inside
  gap, or a pair at the end of the ranks) or ``pair`` (a set of two);
* a loose card costs ``loose``;
* a hand with no pure sequence, complete or partial, pays ``no_pure``, and each sequence short
  of the two of I7.2c pays ``no_sequence``;
* every card outside a complete meld also costs ``point_weight`` times its points (I10.1), the
  risk of holding it when another seat declares; the bot raises this weight as the deal goes on.

Wild cards are counted, not placed (as in the solver): any of them fills a joker slot.  A wild
card standing as itself (I3.4) is not modelled, nor the four-card life (I7.3): the value is an
estimate, kept small to be fast; whether a hand may declare is always asked of the engine.
Values are memoised per point weight for the life of the evaluator (one deal's wild cards).

>>> from game.core.cards import parse_kind
>>> from game.indian13.deck import points_table, wild_table
>>> w = wild_table("cut", "aces_wild", parse_kind("5D"))
>>> ev = Evaluator(w, points_table(w))
>>> cards = lambda text: [parse_kind(t) for t in text.split()]
>>> ev.value(cards("2H 3H 4H 6S 6C 6D 8D 9D 10D 2C 2D 2S 9C 9S 9H"))  # four melds and a set: nothing missing
0.0
>>> good, worse = "2S 3S 4S 9H 10H JH KS KD QC 8D 7S AH 3D", "2S 3S 7S 9H 10H JH KS KD QC 8D 7S AH 3D"
>>> ev.value(cards(good)) < ev.value(cards(worse))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core.cards import JOKER, make_kind, rank_of, suit_of

_SAME_RANK = tuple(tuple(make_kind(rank_of(k), s) for s in range(4) if s != suit_of(k)) for k in range(52))


def _position_kind(suit: int, pos: int) -> int:
    """The kind at sequence position ``pos`` (1..14, both aces) of ``suit``."""
    return make_kind(1 if pos == 14 else pos, suit)


# kinds up the suit from each kind (positions rank+1 .. 14; none above a high ace), and down
# from a high ace (positions 13 .. 2)
_UP = tuple(tuple(_position_kind(suit_of(k), p) for p in range(rank_of(k) + 1, 15 if rank_of(k) > 1 else 14))
            for k in range(52))
def _near(k: int) -> tuple[int, ...]:
    """The kinds that make a partial meld with ``k``: its rank in another suit, or its suit
    within two positions (K-A-2 wraps, so it is not)."""
    suit, rank = suit_of(k), rank_of(k)
    around = {p + d for p in ((1, 14) if rank == 1 else (rank,)) for d in (-2, -1, 1, 2)}
    return _SAME_RANK[k] + tuple(sorted({_position_kind(suit, p) for p in around if 1 <= p <= 14} - {k}))


NEAR = tuple(_near(k) for k in range(52))
_DOWN_FROM_ACE = tuple(tuple(make_kind(p, s) for p in range(13, 1, -1)) for s in range(4))
_ONE = tuple(1 << (2 * k) for k in range(52))  # one card of kind k in a packed hand
_BELOW = tuple(make_kind(rank_of(k) - 1, suit_of(k)) if rank_of(k) > 1 else -1 for k in range(52))


@dataclass(frozen=True, slots=True)
class Weights:
    """The costs of :class:`Evaluator` (see the module docstring), tuned with the arena."""

    loose: float = 1.0
    adjacent: float = 0.55
    gap: float = 0.75
    pair: float = 0.7
    no_pure: float = 1.5
    no_sequence: float = 0.7
    point_weight: float = 0.03
    partial_points: float = 0.5  # share of a partial meld's points that counts
    crowd: float = 0.0  # each group past the four a hand can hold (0: groups are not counted)
    full: float = 0.5  # with live outs (Evaluator.set_live): a partial meld with four outs or more
    dead: float = 1.6  # ... and one whose completing cards are all seen
    joker_share: float = 0.5  # ... an unseen wild card counts this much of an out for each partial


# what a group does for life (I7.2c-d): nothing (a set), a pure sequence, an impure one, or a
# partial pure sequence (it will be pure when the missing card comes)
_SET, _PURE, _SEQ, _PART = 0, 1, 2, 3


def _life_after(state: int, group: int, count_groups: bool) -> int:
    """A search state is ``life + 9 * groups``: ``life`` is ``3 * pure + sequences`` (pure: 0
    none, 1 partial, 2 complete; sequences capped at 2), ``groups`` the groups placed so far
    (capped at 5; always 0 when not counted)."""
    groups, life = divmod(state, 9)
    pure, seqs = divmod(life, 3)
    if group != _SET:
        seqs = min(2, seqs + 1)
        if group == _PURE:
            pure = 2
        elif group == _PART:
            pure = max(pure, 1)
    if count_groups:
        groups = min(5, groups + 1)
    return 9 * groups + 3 * pure + seqs


_STATES = 54
_AFTER = {flag: tuple(tuple(_life_after(state, g, flag) for g in range(4)) for state in range(_STATES))
          for flag in (False, True)}
_INF = float("inf")


class Evaluator:
    """Hand values for one deal's wild cards and meld rules (memoised)."""

    def __init__(self, wild: Sequence[bool], points: Sequence[int], joker_cap: int | None = 1,
                 trios: bool = False, weights: Weights | None = None, cache_limit: int = 400_000) -> None:
        self.wild = tuple(wild)
        self.points = tuple(points)
        self.joker_cap = joker_cap
        self.trios = trios
        self.weights = weights or Weights()
        self.cache_limit = cache_limit
        self._after = _AFTER[self.weights.crowd > 0]
        self._memos: dict[tuple, tuple[dict, dict, dict]] = {}
        self._live: tuple[float, ...] | None = None
        self._live_key: tuple[float, ...] | None = None
        self._joker_outs = 0.0
        self.point_weight = -1.0
        self.set_point_weight(self.weights.point_weight)

    def set_point_weight(self, weight: float) -> None:
        """Weigh each point of a card outside a complete meld this much (the risk of holding it)."""
        weight = round(weight, 3)
        if weight == self.point_weight:
            return
        self.point_weight = weight
        w = self.weights
        self._loose = tuple(w.loose + weight * p for p in self.points)
        self._half = tuple(weight * w.partial_points * p for p in self.points)
        self._select_memo()

    def set_live(self, live: Sequence[float] | None) -> None:
        """Price each partial meld by its *outs*: ``live[k]`` cards of kind ``k`` may still come
        (``None``: fixed prices).  A partial with four outs or more costs ``full``, one with none
        ``dead``, in between in proportion; an unseen wild card counts ``joker_share`` of an
        out for every partial."""
        key = None if live is None else tuple(live)
        if key == self._live_key:
            return
        self._live_key = key
        self._live = key
        if key is not None:
            self._joker_outs = self.weights.joker_share * sum(n for k, n in enumerate(key) if self.wild[k])
        self._select_memo()

    @property
    def live(self) -> tuple[float, ...] | None:
        """The live cards set by :meth:`set_live` (``None``: fixed prices)."""
        return self._live

    def _select_memo(self) -> None:
        """Values depend on the point weight and the live cards: one memo set for each, the
        older ones dropped when a new deal position changes the live cards."""
        key = (self.point_weight, self._live_key)
        if key not in self._memos and len(self._memos) >= 4:
            self._memos = {k: v for k, v in self._memos.items() if k[1] is None}
        # values, best discards, and (rest, joker limit) -> the groups holding rest[0]
        self._memo, self._memo_d, self._groups = self._memos.setdefault(key, ({}, {}, {}))

    def _price(self, fixed: float, outs: Iterable[int]) -> float:
        """What a partial meld costs: ``fixed``, or by its live outs (see :meth:`set_live`)."""
        live = self._live
        if live is None:
            return fixed
        w = self.weights
        count = self._joker_outs + sum(live[o] for o in outs if o >= 0)
        return w.dead - (w.dead - w.full) * min(1.0, count / 4.0)

    # --- public ----------------------------------------------------------------------------------

    def value(self, kinds: Iterable[int]) -> float:
        """The cost of holding ``kinds`` (see the module docstring); lower is better."""
        naturals, jokers = self._split(kinds)
        return self._cost(naturals, jokers, 0)

    def best_discard(self, kinds: Iterable[int]) -> tuple[float, int]:
        """The natural card whose discard leaves the lowest value, and that value, in one search
        (a wild card only when the hand holds nothing else)."""
        naturals, jokers = self._split(kinds)
        if not naturals:
            return self._cost(0, jokers - 1, 0), JOKER
        return self._cost_d(naturals, jokers, 0)

    def discard_values(self, kinds: Sequence[int]) -> list[tuple[float, int]]:
        """Every kind of ``kinds`` with the value of the rest after discarding it (best first;
        wild cards last unless nothing else is held)."""
        out = []
        for k in sorted(set(kinds)):
            rest = list(kinds)
            rest.remove(k)
            out.append((self.value(rest), k))
        out.sort(key=lambda vk: (self.wild[vk[1]], vk[0], -self.points[vk[1]], vk[1]))
        return out

    def near_count(self, kinds: Iterable[int]) -> int:
        """How many natural cards of ``kinds`` have a partner: a card of their rank in another
        suit, or of their suit within two ranks (an ace is next to the king too)."""
        present = {k for k in kinds if not self.wild[k]}
        return sum(1 for k in present if any(o in present for o in NEAR[k]))

    def joins(self, kind: int, kinds: Iterable[int]) -> bool:
        """Whether natural ``kind`` makes a partial meld with a card of ``kinds`` (or a trio)."""
        near = NEAR[kind]
        return any(k in near or (self.trios and k == kind) for k in kinds)

    def _split(self, kinds: Iterable[int]) -> tuple[int, int]:
        """The natural cards packed in one number (2 bits a kind: how many copies), and the
        number of wild cards."""
        wild = self.wild
        packed = 0
        jokers = 0
        for k in kinds:
            if wild[k]:
                jokers += 1
            else:
                packed += _ONE[k]
        if len(self._memo) + len(self._memo_d) + len(self._groups) > self.cache_limit:
            self._memos.clear()  # every memo set goes: their total stays within a few limits
            self._select_memo()
        return packed, jokers

    # --- the search --------------------------------------------------------------------------------

    def _cost(self, rest: int, jokers: int, life: int) -> float:
        """Lowest cost of ``rest`` (packed naturals) with ``jokers`` wild cards."""
        key = (rest << 10) | (jokers << 6) | life
        memo = self._memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if not rest:
            best = self._life_cost(life)
        else:
            cost = self._cost
            k = ((rest & -rest).bit_length() - 1) >> 1
            best = self._loose[k] + cost(rest - _ONE[k], jokers, life)
            after = self._after[life]
            for extra, child, used, group in self._groups_of(rest, jokers):
                v = extra + cost(child, jokers - used, after[group])
                if v < best:
                    best = v
        memo[key] = best
        return best

    def _cost_d(self, rest: int, jokers: int, life: int) -> tuple[float, int]:
        """Lowest cost of ``rest`` less one of its cards (discarded), and that card."""
        key = (rest << 10) | (jokers << 6) | life
        memo = self._memo_d
        hit = memo.get(key)
        if hit is not None:
            return hit
        k = ((rest & -rest).bit_length() - 1) >> 1
        r = rest - _ONE[k]
        best = (self._cost(r, jokers, life), k)
        if r:
            cost_d = self._cost_d
            v, d = cost_d(r, jokers, life)
            v += self._loose[k]
            if v < best[0]:
                best = (v, d)
            after = self._after[life]
            for extra, child, used, group in self._groups_of(rest, jokers):
                if child:
                    v, d = cost_d(child, jokers - used, after[group])
                    v += extra
                    if v < best[0]:
                        best = (v, d)
        memo[key] = best
        return best

    def _groups_of(self, rest: int, jokers: int) -> list[tuple[float, int, int, int]]:
        """Every group holding the lowest card of ``rest`` other than leaving it loose: (cost,
        the rest without the group, jokers used, what it does for life)."""
        cap = self.joker_cap
        limit = jokers if cap is None or jokers < cap else cap
        key = (rest << 4) | limit
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = self._make_groups(rest, limit)
        return found

    def _make_groups(self, rest: int, limit: int) -> list[tuple[float, int, int, int]]:
        w = self.weights
        half = self._half
        k = ((rest & -rest).bit_length() - 1) >> 1
        r = rest - _ONE[k]
        out: list[tuple[float, int, int, int]] = []
        # I6.4: sets of this rank; a pair is a partial set
        others_all = _SAME_RANK[k]
        others = [o for o in others_all if r >> (2 * o) & 3]
        for i, o in enumerate(others):
            r1 = r - _ONE[o]
            out.append((self._price(w.pair, [x for x in others_all if x != o]) + half[k] + half[o], r1, 0, _SET))
            if limit:
                out.append((0.0, r1, 1, _SET))
            for o2 in others[i + 1:]:
                out.append((0.0, r1 - _ONE[o2], 0, _SET))
        if len(others) == 3:
            out.append((0.0, r - _ONE[others[0]] - _ONE[others[1]] - _ONE[others[2]], 0, _SET))
        # I6.6: a trio is a pure sequence
        if self.trios and (r >> (2 * k) & 3) >= 2:
            out.append((0.0, r - 2 * _ONE[k], 0, _PURE))
        # I6.1-I6.3: sequences up from this card, and down from a high ace
        walks = (_UP[k], _DOWN_FROM_ACE[k // 13]) if k % 13 == 0 else (_UP[k],)
        for walk in walks:
            up = walk is _UP[k]
            if len(walk) > 1 and r >> (2 * walk[1]) & 3:  # a partial with an inside gap
                out.append((self._price(w.gap, walk[:1]) + half[k] + half[walk[1]], r - _ONE[walk[1]], 0, _PART))
            child = r
            naturals = 1
            gaps = 0
            for q in walk:
                if r >> (2 * q) & 3:
                    child -= _ONE[q]
                    naturals += 1
                    if naturals + gaps >= 3:
                        out.append((0.0, child, gaps, _PURE if gaps == 0 else _SEQ))
                    else:  # two neighbours: a partial sequence (one open end at an ace), or a joker completes it
                        price = w.gap if (k % 13 == 0 or q % 13 == 0) else w.adjacent
                        outs = ((_BELOW[k],) if up else ()) + walk[1:2]
                        out.append((self._price(price, outs) + half[k] + half[q], child, 0, _PART))
                        if limit:
                            out.append((0.0, child, 1, _SEQ))
                else:
                    gaps += 1
                    if gaps > limit:
                        break
        return out

    def _life_cost(self, state: int) -> float:
        """I7.2c-d: what a hand still lacks for life once every card is placed, and the cost of
        more groups than 13 cards can hold (four: a fifth partial meld cannot be completed)."""
        w = self.weights
        groups, life = divmod(state, 9)
        pure, seqs = divmod(life, 3)
        crowd = max(0, groups - 4) * w.crowd
        if pure == 0:
            return crowd + w.no_pure + max(0, 1 - seqs) * w.no_sequence
        return crowd + max(0, 2 - seqs) * w.no_sequence
