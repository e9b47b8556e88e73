"""The solvers a hand needs (seeing the maal, finishing), checked against brute force on small
hands, and what ``legal_actions`` lists from them."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from game.marriage import Action, apply, combination, legal_actions
from game.marriage.combos import is_pure
from game.marriage.solver import dublee_kinds, find_dublee_see, find_pure_see, finishes, partition, see_choices

from .helpers import K, Ks, flat, groups, make_state

card = st.integers(0, 51)
NEAR_5D = Ks("5D 6D 4D 5S 5H 3D 7D 6C 6S 4S 4C 7S")


def brute_partition(kinds: list[int], tiplu: int | None, wilds: int) -> bool:
    if not kinds:
        return True
    first, rest = kinds[0], kinds[1:]
    for i, j in combinations(range(len(rest)), 2):
        if combination([first, rest[i], rest[j]], tiplu, wilds) is not None:
            if brute_partition([k for x, k in enumerate(rest) if x not in (i, j)], tiplu, wilds):
                return True
    return False


def _valid_hand(kinds: list[int]) -> bool:
    return all(n <= 3 for n in Counter(kinds).values())


@given(st.lists(st.sampled_from(NEAR_5D), min_size=6, max_size=6) | st.lists(card, min_size=6, max_size=6),
       st.one_of(st.none(), st.just(K("5D"))), st.sampled_from([1, 2]))
def test_m7_1_partition_matches_brute_force(kinds, tiplu, wilds):
    if not _valid_hand(kinds):
        return
    found = partition(kinds, tiplu, wilds)
    assert (found is not None) == brute_partition(kinds, tiplu, wilds)
    if found is not None:
        assert Counter(k for g in found for k in g) == Counter(kinds)
        assert all(combination(g, tiplu, wilds) is not None for g in found)


@given(st.lists(st.sampled_from(NEAR_5D + Ks("KH QH JH 10H")), min_size=9, max_size=9))
def test_m7_1_partition_of_nine_matches_brute_force(kinds):
    if _valid_hand(kinds):
        assert (partition(kinds, K("5D"), 2) is not None) == brute_partition(kinds, K("5D"), 2)


@given(st.lists(st.sampled_from(NEAR_5D), min_size=7, max_size=7), st.sampled_from([None, K("6D")]))
def test_m7_1_finishes_lists_every_finish_card_that_works(kinds, banned):
    if not _valid_hand(kinds):
        return
    found = finishes(kinds, banned, K("5D"), 2)
    for finish in set(kinds) - {banned}:
        rest = list(kinds)
        rest.remove(finish)
        assert (finish in found) == brute_partition(rest, K("5D"), 2)
    assert banned not in found


def brute_see(kinds: list[int], need: int) -> bool:
    """Any ``need`` disjoint 3-card subsets that are pure combinations."""
    if need == 0:
        return True
    for trio in combinations(range(len(kinds)), 3):
        if is_pure([kinds[i] for i in trio]):
            rest = [k for i, k in enumerate(kinds) if i not in trio]
            if brute_see(rest, need - 1):
                return True
    return False


SPADES_AND_HEARTS = Ks("AS 2S 3S 4S 5S QS KS AH 2H 3H 9H")


@given(st.lists(st.sampled_from(SPADES_AND_HEARTS), min_size=7, max_size=10), st.integers(0, 3))
def test_m6_1a_see_solver_matches_brute_force(kinds, need):
    if not _valid_hand(kinds):
        return
    found = find_pure_see(kinds, need)
    assert (found is not None) == brute_see(kinds, need)
    if found is not None:
        assert len(found) == need and all(is_pure(g) for g in found)
        assert not Counter(k for g in found for k in g) - Counter(kinds)
    for choice in see_choices(kinds, need, limit=20):
        assert not Counter(k for g in choice for k in g) - Counter(kinds)


@given(st.lists(st.sampled_from(Ks("AS 2S 3S 4S KH KH QD")), min_size=4, max_size=14))
def test_m6_1b_dublee_solver(kinds):
    if not _valid_hand(kinds):
        return
    pairs = dublee_kinds(kinds)
    assert pairs == sorted(k for k, n in Counter(kinds).items() if n >= 2)
    assert (find_dublee_see(kinds, 3) is not None) == (len(pairs) >= 3)


def test_m7_legal_finishes_are_all_valid_and_listed_for_every_finish_card():
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"
    state = make_state(2, hands=[flat(hand) + ["5C"]], seen=["pure", None],
                       shown=["AS 2S 3S | 9C 10C JC | 4S 5S 6S"], tiplu="5D", phase="discard")
    declares = [a for a in legal_actions(state) if a.type == "declare"]
    assert K("5C") in {a.card for a in declares}  # 5C is an ordinary joker: it can finish or stand in
    for a in declares:
        assert apply(state, a).result.reason == "declared"


def test_m6_legal_sights_apply():
    state = make_state(2, hands=[flat("AS 2S 3S | 9C 10C JC | 4H 5H 6H | AS 2S 3S 9C 10C JC 4H")],
                       phase="discard")
    sights = [a for a in legal_actions(state) if a.type == "see_maal"]
    assert {len(a.groups) for a in sights} == {3, 7}
    for a in sights:
        assert apply(state, a).seen[0] == ("pure" if len(a.groups) == 3 else "dublee")
    assert groups("AS 2S 3S")[0] == Ks("AS 2S 3S")
    assert Action.see_maal(0, []).groups == ()
