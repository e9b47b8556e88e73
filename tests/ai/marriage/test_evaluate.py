"""The Marriage evaluator's quick look (ai/marriage/evaluate.py): :func:`whole` against the full
packing search it stands in for, on random hands (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.marriage.evaluate import Evaluator, whole
from game.marriage.deck import NATURALS

EV = Evaluator()


@settings(max_examples=400, deadline=None)
@given(kinds=st.lists(st.integers(0, NATURALS - 1), min_size=0, max_size=14),
       jokers=st.integers(0, 4), groups=st.integers(0, 7), max_wilds=st.integers(1, 2),
       live=st.lists(st.integers(0, 3), min_size=NATURALS, max_size=NATURALS))
def test_m7_1_a_hand_is_whole_exactly_where_the_packing_search_prices_it_at_nothing(kinds, jokers, groups,
                                                                                     max_wilds, live):
    """The play-outs' quick look before the exact finish search (:func:`ai.marriage.heuristic.may_finish_w1`)
    asks :meth:`Evaluator.seen_whole`, which answers as the full search (:meth:`Evaluator.seen_pure`
    at 0), whatever the outs: M3's combinations (three copies, a pure sequence with the ace low or high,
    a set of three suits), a joker in the gap of one a card short but never with a pair (M3.5), and two
    jokers with a loose card where two wild cards a combination are allowed."""
    hand = sorted(kinds + [NATURALS] * jokers)  # the kind past the naturals stands for a joker
    wild = [False] * NATURALS + [True]
    full = EV.seen_pure(hand, wild, tuple(live) + (0,), groups, max_wilds) <= 1e-9
    assert EV.seen_whole(hand, wild, groups, max_wilds) == full


def test_m3_whole_combinations_and_what_is_not_one():
    h = lambda *ks: tuple(sorted(ks))  # noqa: E731
    assert whole(h(0, 1, 2), 0, 1, 1)  # A-2-3
    assert whole(h(0, 11, 12), 0, 1, 1)  # Q-K-A, the ace high
    assert not whole(h(11, 12, 13), 0, 1, 1)  # Q-K of one suit and the ace of the next: no sequence
    assert whole(h(4, 17, 30), 0, 1, 1)  # a 5 in three suits
    assert whole(h(4, 4, 4), 0, 1, 1)  # three copies (three decks)
    assert not whole(h(4, 4), 1, 1, 1)  # a pair and a joker is no combination (M3.5)
    assert whole(h(4, 6), 1, 1, 1)  # 5 _ 7 with a joker in the gap
    assert whole(h(4), 2, 1, 2) and not whole(h(4), 2, 1, 1)  # two jokers and a card: only where allowed
    assert not whole(h(0, 1, 2), 0, 2, 1)  # one combination is not two
