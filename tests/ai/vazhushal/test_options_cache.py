"""The meld options of the searches are cached on the kinds they read (``ai.vazhushal.options.read_mask``):
two hands that agree on those kinds must get the same options, or a cached answer would be wrong.
Also the partner groups of ``ai.vazhushal.options.short`` and ``alone``, against a direct count."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.vazhushal.evaluate import PARTNER_BITS, _melds, _partners
from ai.vazhushal.options import BIT, LOCAL, _options, alone, read_mask, short


def _hands(seed: int) -> tuple[int, int, int, int]:
    """A lowest kind ``k``, wilds, and two hands (two bits of count a kind) that hold ``k`` and
    agree on the kinds ``read_mask`` names for the evaluator (a superset of the solver's), the
    other kinds chosen independently."""
    rng = random.Random(seed)
    k = rng.randrange(52)
    w = rng.choice([0, 0, 1, 2, 3])
    nat = sum(rng.choice([1, 2]) << BIT[q] for q in range(52) if q != k and rng.random() < rng.random())
    nat |= 1 << BIT[k]
    present = (nat | nat >> 1) & LOCAL[k]
    read = read_mask(k, present, w) | PARTNER_BITS[k]
    other = 1 << BIT[k]
    for q in range(52):
        bit = 1 << BIT[q]
        if read & bit:
            other |= (nat >> BIT[q] & 3) << BIT[q]
        elif q != k and rng.random() < 0.5:
            other |= rng.choice([1, 2]) << BIT[q]
    return k, w, nat, other


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**9))
def test_hands_that_agree_on_the_kinds_read_get_the_same_melds(seed):
    k, w, nat, other = _hands(seed)
    for substitutes in (True, False):
        assert tuple(_options(k, nat, w, substitutes)) == tuple(_options(k, other, w, substitutes))
    assert list(_melds(k, nat, min(w, 2))) == list(_melds(k, other, min(w, 2)))
    assert _partners(k, nat) == _partners(k, other)


def _partner_count(kinds: set[int], k: int) -> tuple[bool, bool]:
    """(has a partner, has two partners for a meld of three) by the definitions."""
    suit, rank = divmod(k, 13)
    pos = {rank + 1} | ({14} if rank == 0 else set())

    def has(s: int, p: int) -> bool:
        return 1 <= p <= 14 and (s * 13 + (p - 1) % 13) in kinds

    one = any(has(suit, p + d) for p in pos for d in (-2, -1, 1, 2)) or \
        sum(s * 13 + rank in kinds for s in range(4) if s != suit) >= 1
    two = any(has(suit, p + a) and has(suit, p + b) for p in pos for a, b in ((-2, -1), (-1, 1), (1, 2))) or \
        sum(s * 13 + rank in kinds for s in range(4) if s != suit) >= 2
    return one, two


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 51), max_size=20))
def test_short_and_alone_match_the_definitions(kinds):
    present = sum(1 << BIT[k] for k in kinds)
    few, lone = short(present), alone(present)
    for k in kinds:
        one, two = _partner_count(kinds, k)
        assert bool(lone >> BIT[k] & 1) == (not one)
        assert bool(few >> BIT[k] & 1) == (not two)
