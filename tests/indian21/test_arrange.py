"""The exact solvers (T7.2, T10, T11.2) against brute-force oracles on small hands, and their
answers checked by the group readers on full 21- and 27-card hands.

The oracle tries every split of a hand into groups (set partitions), so hands stay at 8 cards; the
pure sequences needed (``show_pure_sequences``) are 1 to 3 so that small hands reach every tier."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import JOKER, make_kind
from game.indian21 import lowest_count, preset, value_points
from game.indian21.arrange import arrange, find_show, near_show, show_a_groups
from game.indian21.deck import DECK_IDS, KIND, jokers_of
from game.indian21.melds import MeldRules, dublees_held, jokers_held, problem_a, read_group, show_way, tunnelas_held
from game.indian21.rules import RuleSet
from game.indian21.scoring import shown_count

from .helpers import Ks, meld_rules

CUTS = [JOKER] + [make_kind(r, s) for r in (1, 2, 6, 7, 12, 13) for s in range(4)]


def partitions(items: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first]] + part
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]


def oracle(kinds: list[int], mr: MeldRules) -> tuple[int, bool]:
    """(the lowest T10.2 count over every split, whether some split is a T7.2a show)."""
    @cache
    def read(group: tuple[int, ...]):
        return read_group(group, mr)

    points = mr.points
    total = sum(points[k] for k in kinds)
    best, show_a = total, False
    for part in partitions(sorted(kinds)):
        readings = [read(tuple(g)) for g in part]
        pure = sum(r.pure for r in readings)
        if pure == 0:
            count = total
        elif pure < mr.pure_needed:
            count = total - sum(points[k] for g, r in zip(part, readings) if r.pure for k in g)
        else:
            count = total - sum(points[k] for g, r in zip(part, readings) if r.meld for k in g)
        best = min(best, count)
        if not show_a and mr.show_pure_sequences:
            show_a = problem_a(part, mr) is None
    return best, show_a


@st.composite
def small_hands(draw, max_cards: int = 8):
    """A cut, options and a hand of 3..max_cards cards drawn from a few suits, a window of ranks, some
    wild kinds and printed jokers, so that melds of every kind come up."""
    options = draw(st.fixed_dictionaries({
        "max_jokers_per_meld": st.sampled_from(["unlimited", 1]),
        "wild_rank": st.sampled_from(["all_suits", "same_suit_only"]),
        "pj_cut_value": st.sampled_from(["ace_of_spades", "spade_trio"]),
        "value_offsets": st.sampled_from([1, 2]),
        "show_pure_sequences": st.integers(1, 3),
    }))
    rules = RuleSet(**options)
    cut = draw(st.sampled_from(CUTS))
    jokers = jokers_of(rules, cut)
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(1, 11))
    pool = [make_kind(r if r <= 13 else 1, s) for s in suits for r in range(low, low + 4)]
    wilds = [k for k in range(52) if jokers.wild[k]]
    pool += draw(st.lists(st.sampled_from(wilds), max_size=3)) + [JOKER] * draw(st.integers(0, 2))
    size = draw(st.integers(3, max_cards))
    hand: list[int] = []
    for k in draw(st.lists(st.sampled_from(pool), min_size=size * 2, max_size=size * 2)):
        if len(hand) < size and hand.count(k) < (2 if k == cut else 3):
            hand.append(k)
    mr = replace(MeldRules.of(rules, jokers), near_show_points=0)
    return hand, mr, jokers, rules


@settings(max_examples=250)
@given(small_hands())
def test_t10_2_lowest_count_is_the_brute_force_minimum(case):
    hand, mr, _, _ = case
    got, (want, _) = lowest_count(hand, mr), oracle(hand, mr)
    assert got.points == want
    assert sorted(k for g in got.groups for k in g) == sorted(hand)
    assert shown_count(hand, got.groups, mr) == got.points  # the groups shown give that count


@settings(max_examples=250)
@given(small_hands())
def test_t7_2a_show_finder_agrees_with_brute_force(case):
    hand, mr = case[:2]
    found = show_a_groups(hand, mr)
    assert (found is not None) == oracle(hand, mr)[1]
    if found is not None:
        assert problem_a(found, mr) is None and sorted(k for g in found for k in g) == sorted(hand)


@settings(max_examples=150)
@given(small_hands(), st.integers(0, 3), st.integers(0, 4), st.integers(0, 5), st.integers(0, 3), st.integers(0, 4))
def test_t10_1_near_show_is_the_brute_force_rule(case, tunnelas, dublees, jokers, near_dublees, near_jokers):
    hand, mr, _, _ = case
    mr = replace(mr, show_tunnelas=tunnelas, show_dublees=dublees, show_jokers=jokers, near_dublees=near_dublees,
                 near_jokers=near_jokers, near_show_points=2)
    tier, show_a = oracle(hand, mr)
    near = (show_a or bool(tunnelas) and tunnelas_held(hand) >= tunnelas
            or bool(dublees) and dublees_held(hand) >= dublees or bool(jokers) and jokers_held(hand, mr) >= jokers
            or bool(near_dublees) and dublees_held(hand) >= near_dublees
            or bool(near_jokers) and jokers_held(hand, mr) >= near_jokers)
    assert (near_show(hand, mr) is not None) == near
    assert lowest_count(hand, mr).points == (2 if near else tier)
    found = find_show(hand, mr)
    assert (found is not None) == (show_a or bool(tunnelas) and tunnelas_held(hand) >= tunnelas
                                   or bool(dublees) and dublees_held(hand) >= dublees
                                   or bool(jokers) and jokers_held(hand, mr) >= jokers)
    if found is not None:
        assert show_way(found[1], mr) is not None and sorted(k for g in found[1] for k in g) == sorted(hand)


def marriage_oracle(kinds, value_kinds, value_table, marriage_table) -> int:
    """T11.2 by brute force: every subset of the value cards that makes whole marriages (one card of
    each type, so equal counts), the rest scored by type; the best."""
    cards = [k for k in kinds if k in value_kinds]
    best = 0
    for mask in range(1 << len(cards)):
        chosen = [c for i, c in enumerate(cards) if mask >> i & 1]
        counts = {v: chosen.count(v) for v in value_kinds}
        k = counts[value_kinds[0]]
        if len(value_kinds) < 2 and chosen or any(c != k for c in counts.values()) or k > len(marriage_table):
            continue
        score = marriage_table[k - 1] if k else 0
        rest = [c for i, c in enumerate(cards) if not mask >> i & 1]
        score += sum(value_table[rest.count(v) - 1] for v in value_kinds if rest.count(v))
        best = max(best, score)
    return best


@settings(max_examples=200)
@given(st.sampled_from(CUTS), st.sampled_from([1, 2]), st.sampled_from(["ace_of_spades", "spade_trio"]),
       st.lists(st.integers(0, 60), min_size=3, max_size=3), st.lists(st.integers(0, 600), min_size=3, max_size=3),
       st.data())
def test_t11_2_best_marriage_split_is_the_brute_force_best(cut, offsets, pj, table, marriages, data):
    rules = RuleSet(value_offsets=offsets, pj_cut_value=pj)
    values = jokers_of(rules, cut).value_kinds
    limits = {v: (2 if v == cut else 3) for v in values}
    hand = []
    for v in values:
        hand += [v] * data.draw(st.integers(0, limits[v]))
    hand += [k for k in data.draw(st.lists(st.sampled_from(Ks("2C 9D QS JK")), max_size=3)) if k not in values]
    assert value_points(hand, values, table, marriages) == marriage_oracle(hand, values, table, marriages)


# --- full hands: the solvers' answers read back ------------------------------------------------------

def random_hands(name: str, count: int, seed: int):
    rules = preset(name)
    rng = random.Random(seed)
    for _ in range(count):
        deck = list(DECK_IDS)
        rng.shuffle(deck)
        mr = MeldRules.of(rules, jokers_of(rules, KIND[deck[0]]))
        yield [KIND[c] for c in deck[1:1 + rules.hand_size]], mr


def test_t10_full_hands_the_groups_give_the_count():
    for name in ("21-card standard", "27-card"):
        for hand, mr in random_hands(name, 120, 11):
            count = lowest_count(hand, mr)
            assert sorted(k for g in count.groups for k in g) == sorted(hand)
            if count.tier != "near":
                assert shown_count(hand, count.groups, mr) == count.points
            pure = arrange(hand, mr, pure_only=True)
            assert count.points <= pure.points <= sum(mr.points[k] for k in hand)


def test_t7_2_full_hands_with_many_jokers_the_show_found_is_valid():
    rng = random.Random(5)
    found = 0
    for hand, mr in random_hands("21-card standard", 150, 12):
        wilds = [k for k in range(53) if mr.wild[k]]
        hand = hand[:16] + [rng.choice(wilds) for _ in range(5)]  # more jokers than a deal gives
        show = find_show(hand, mr)
        if show is not None:
            found += 1
            assert show_way(show[1], mr) == show[0] and sorted(k for g in show[1] for k in g) == sorted(hand)
    assert found > 5


def test_t10_2_tiers_named():
    mr = meld_rules()
    assert lowest_count(Ks("KS KS JS 9S 5S 3S QH QH 10H 4H 2H KD KD JD 9D 5D 3D QC 10C 4C 2C"), mr).tier == "all"
    assert lowest_count(Ks("9S 10S JS 9D 10D JD 5C 5D 5S KH KC KS QH 10H 4H 2H 9C JC 3D 8C 6C"), mr).tier == "pure"
    assert lowest_count(Ks("2S 3S 4S 9D 10D JD QC KC AC 5C 5D 5S KH 10H 4H 2H 9C 3D 8C 6C JS"), mr).tier == "melds"
