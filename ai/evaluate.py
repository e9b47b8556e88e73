"""How good a hand is: the heuristic's evaluation of a seat's cards.

Like :mod:`ai.solver` it finds the best arrangement of the hand and the seat's table melds, but it
scores what a hand is *worth keeping*, not what it scores now: meld value (V10) as in the stock-out
score, every card left in hand costs its value plus ``count_weight`` (each one stands between the
seat and going out, V8), and a *partial meld* (two cards one card short of a meld: a pair of one
rank, two cards of a suit one or two apart, or a card with a wild) costs only ``partial`` of that.
A hand that cannot make a pure sequence yet (V7.1) pays ``no_pure``.  Identical melds (V4.5) are
not checked: this is an estimate.

>>> from game.engine import parse_kind
>>> from game.engine.melds import wild_table
>>> ev = Evaluator(wild_table(False, None))
>>> cards = lambda text: [parse_kind(t) for t in text.split()]
>>> ev.value(cards("5H 6H 7H KS")) > ev.value(cards("5H 6H 9H KS"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import rank_value

from .solver import _options, _use, splits

NEG = float("-inf")


class Evaluator:
    """Hand values for one wild table, memoised across calls (bounded)."""

    def __init__(self, wild: Sequence[bool], wild_value: int = 20, *, count_weight: float = 6.0,
                 partial: float = 0.5, no_pure: float = 20.0, cache_limit: int = 400_000) -> None:
        self.wild = tuple(wild)
        self.count_weight = count_weight
        self.partial = partial
        self.no_pure = no_pure
        self.cache_limit = cache_limit
        self.penalty = tuple((wild_value if self.wild[k] else rank_value(k % 13 + 1)) + count_weight
                             for k in range(52))
        self.wild_penalty = wild_value + count_weight
        self._memo: dict = {}

    def value(self, hand: Sequence[int], table: Sequence[int] = ()) -> float:
        """The worth of holding ``hand`` with ``table`` (the seat's melded kinds) on the table."""
        best = NEG
        for nat, must, w, mw, _ in splits(hand, table, self.wild):
            v = max(self._g(nat, must, w, mw, True), self._g(nat, must, w, mw, False) - self.no_pure)
            if v > best:
                best = v
        return best

    def _g(self, nat: int, must: int, w: int, mw: int, need: bool) -> float:
        key = (nat, must, w, mw, need)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if not nat:
            result = NEG if (mw or need) else -w * self.wild_penalty
        else:
            shift = ((nat & -nat).bit_length() - 1) & ~1
            k = shift >> 1
            one = 1 << shift
            c, m = (nat >> shift) & 3, (must >> shift) & 3
            nat0, must0 = nat - one, must - one if m else must
            best = NEG
            if c > m:
                pen = self.penalty[k]
                best = self._g(nat0, must, w, mw, need) - pen
                for q in _partners(k, nat0):
                    if not (must >> (2 * q)) & 3 or (nat0 >> (2 * q)) & 3 > (must >> (2 * q)) & 3:
                        v = self._g(nat0 - (1 << (2 * q)), must, w, mw, need) - self.partial * (pen + self.penalty[q])
                        if v > best:
                            best = v
                if w > mw:
                    v = self._g(nat0, must, w - 1, mw, need) - self.partial * pen
                    if v > best:
                        best = v
            for opt in _options(k, nat0, w):
                n2, m2 = _use(nat0, must0, opt.naturals)
                v = self._g(n2, m2, w - opt.wilds, max(0, mw - opt.wilds), need and not opt.pure) + opt.value
                if v > best:
                    best = v
            result = best
        if len(self._memo) >= self.cache_limit:
            self._memo.clear()
        self._memo[key] = result
        return result


def _partners(k: int, nat: int) -> list[int]:
    """Natural kinds still in ``nat`` that make a partial meld with ``k``."""
    suit, r = divmod(k, 13)
    out = [s * 13 + r for s in range(suit + 1, 4) if (nat >> (2 * (s * 13 + r))) & 3]
    base = suit * 13
    near = (1, 2, 11, 12) if r == 0 else (r + 1, r + 2)  # an ace goes with 2, 3 and with Q, K
    for q in near:
        if q < 13 and (nat >> (2 * (base + q))) & 3:
            out.append(base + q)
    return out
