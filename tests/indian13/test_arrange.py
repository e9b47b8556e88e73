"""The arrangement solver (I10.3, I7.2) against a brute-force points minimiser on small hands.

The oracle tries every split of the hand into groups, reads each group with ``melds.read_group``
and scores it with the rules' own words: melds hold two sequences, one pure, so only the other
cards count; otherwise every card counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import make_kind
from game.indian13.arrange import arrange, find_declaration
from game.indian13.deck import points_table, wild_table
from game.indian13.melds import MeldRules, has_life, problem, read_group, scoring_melds

from .helpers import Ks


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield part[:i] + [[first, *part[i]]] + part[i + 1:]


def brute(kinds: list[int], rules: MeldRules, points: tuple[int, ...]) -> tuple[int | None, int]:
    """(fewest loose points with life or None, fewest loose points without the life rule)."""
    with_life, without = None, None
    for part in partitions(kinds):
        readings = [read_group(g, rules) for g in part]
        loose = sum(points[k] for g, r in zip(part, readings) if not r.meld for k in g)
        without = loose if without is None else min(without, loose)
        if has_life([r for r in readings if r.meld], rules.four_card_life) and (with_life is None or loose < with_life):
            with_life = loose
    assert without is not None
    return with_life, without


@st.composite
def hands(draw: st.DrawFn, low: int = 5, high: int = 7) -> tuple[list[int], MeldRules]:
    """A small hand from a narrow window of ranks and suits (so melds are likely), and meld rules."""
    decks = draw(st.sampled_from([2, 3]))
    cut = draw(st.integers(0, 52))
    wild = wild_table("cut", draw(st.sampled_from(["aces_wild", "printed_only"])), cut)
    rules = MeldRules(wild, draw(st.sampled_from([1, None])), decks == 3, draw(st.booleans()))
    first = draw(st.integers(1, 10))
    suits = draw(st.integers(1, 4))
    pool = [make_kind(r, s) for r in range(first, first + 5) for s in range(suits) for _ in range(decks)
            if r <= 13] + [52] * (2 * decks)
    if first >= 10:  # let a high ace join
        pool += [make_kind(1, s) for s in range(suits)]
    n = draw(st.integers(low, high))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=n, max_size=n, unique=True))
    return [pool[i] for i in picks], rules


@settings(max_examples=150)
@given(hands())
def test_arrange_has_the_fewest_points(case):
    kinds, rules = case
    points = points_table(rules.wild)
    with_life, without = brute(kinds, rules, points)
    best = arrange(kinds, rules, points)
    assert best.life == (with_life is not None)
    assert best.points == (with_life if with_life is not None else sum(points[k] for k in kinds))
    assert arrange(kinds, rules, points, need_life=False).points == without


@settings(max_examples=150)
@given(hands())
def test_arrangement_is_a_split_of_the_hand_that_scores_as_claimed(case):
    kinds, rules = case
    points = points_table(rules.wild)
    best = arrange(kinds, rules, points)
    assert Counter(k for g in best.groups for k in g) == Counter(kinds)
    assert all(read_group(m, rules).meld for m in best.melds)
    is_meld, life = scoring_melds(best.groups, rules)
    assert life == best.life
    if life:
        assert best.points == sum(points[k] for g, m in zip(best.groups, is_meld) if not m for k in g)


@settings(max_examples=100)
@given(hands(6, 8))
def test_find_declaration_agrees_with_brute_force(case):
    kinds, rules = case
    found = find_declaration(kinds, rules)
    exists = any(problem(part, rules) is None for part in partitions(kinds))
    assert (found is not None) == exists
    if found is not None:
        assert problem(found, rules) is None
        assert Counter(k for g in found for k in g) == Counter(kinds)


def test_declaration_needs_every_natural_card_melded():
    wild = wild_table("cut", "aces_wild", Ks("7D")[0])
    rules = MeldRules(wild)
    hand = Ks("3H 4H 5H 9S 10S JS QS 8C 8D 8S KH KC KD")
    found = find_declaration(hand, rules)
    assert found is not None and problem(found, rules) is None
    assert find_declaration(Ks("3H 4H 5H 9S 10S JS QS 8C 8D 8S KH KC 2D"), rules) is None
    with_jokers = Ks("3H 4H 5H 9S 10S JS QS 8C 8D 8S JK 7C 7H")
    found = find_declaration(with_jokers, rules)
    assert found is not None and problem(found, rules) is None
    assert Counter(k for g in found for k in g) == Counter(with_jokers)


def test_thirteen_card_hands_against_the_examples():
    wild = wild_table("cut", "aces_wild", Ks("5D")[0])
    rules, points = MeldRules(wild), points_table(wild)
    assert arrange(Ks("2S 3S 4S 9H 5C JH KS KD QC 8D 7S AH 3D"), rules, points).points == 58  # I14.9
    best = arrange(Ks("2S 3S 4S QS QD QC 6H 8C 9D 2H 3C 4D 7H"), rules, points)  # I14.10
    assert best.points == 78 and not best.life and len(best.melds) == 2
