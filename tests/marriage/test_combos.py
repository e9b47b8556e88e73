"""M3 combinations (and M1.2, the ace at either end), checked by example and against a brute-force
reading: a group is a combination when it is three identical cards, or when replacing the jokers
that stand in by any cards gives a pure sequence or a triplet (M3.4, M3.5)."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.marriage.combos import (
    DIRTY_SEQUENCE,
    DIRTY_TRIPLET,
    PURE_SEQUENCE,
    TRIPLET,
    TUNNELA,
    combination,
    fits_sequence,
    fits_triplet,
    is_dublee,
    is_pure,
)
from game.marriage.deck import jokers_of

from .helpers import K, Ks

TIPLU = K("5D")


def combo(text: str, tiplu: int | None = TIPLU, wilds: int = 2) -> str | None:
    return combination(Ks(text), tiplu, wilds)


def test_m1_2_the_ace_is_at_either_end_of_a_sequence_never_in_the_middle():
    assert combo("AS 2S 3S") == combo("QS KS AS") == PURE_SEQUENCE
    assert combo("KS AS 2S") is None and combo("KS AS 2S", None) is None


def test_m3_1_tunnela_three_identical_cards_even_jokers():
    assert combo("6H 6H 6H") == TUNNELA
    assert combo("6D 6D 6D") == combo("5S 5S 5S") == TUNNELA  # poplu and ordinary jokers
    assert combo("6H 6H 6H", None) == TUNNELA


def test_m3_2_pure_sequence_three_consecutive_of_one_suit():
    assert combo("9C 10C JC") == PURE_SEQUENCE
    assert combo("9C 10C QC", None) is None and combo("9C 10D JC", None) is None


def test_m3_3_triplet_one_rank_three_suits():
    assert combo("KS KC KH") == TRIPLET
    assert combo("9S 9S 9C") is None  # M14.1: two spades


def test_m3_4_dirty_sequence_and_triplet_one_or_two_jokers_stand_in():
    assert combo("8C 9C 5S") == DIRTY_SEQUENCE  # 5S stands in for 10C (or 7C)
    assert combo("9S 9H 6D") == DIRTY_TRIPLET
    assert combo("JH 5S 4D") is not None  # two jokers: any card plus two jokers
    assert combo("JH 5S 4D", wilds=1) is None  # max_wilds_per_combo: 1
    assert combo("8C 9C 5S", wilds=1) == DIRTY_SEQUENCE


def test_m3_5_never_two_identical_plus_a_joker_four_cards_or_a_wrap():
    assert combo("10D 10D 5C") is None
    assert combo("9H 9H 5S") is None and combo("9H 9H 6D") is None
    assert combination(Ks("7H 8H 9H 10H"), TIPLU, 2) is None
    assert combo("KS AS 2S") is None
    assert combo("6D 6D 5S") is None  # the pair may be jokers themselves: still never with a joker


def test_m3_6_dublee_two_identical_cards():
    assert is_dublee(Ks("AH AH")) and is_dublee(Ks("6D 6D"))
    assert not is_dublee(Ks("AH AD")) and not is_dublee(Ks("AH AH AH"))


def test_m3_7_only_a_seat_that_has_seen_uses_jokers_and_a_joker_in_place_is_natural():
    assert combo("8C 9C 5S", None) is None  # M14.1: not a combination for a seat that has not seen
    assert combo("4D 5D 6D") == PURE_SEQUENCE  # jokers in their own places (M14.4)
    assert combo("5S 5H 5C") == TRIPLET  # ordinary jokers as themselves
    assert is_pure(Ks("AS 2S 3S")) and is_pure(Ks("6H 6H 6H")) and not is_pure(Ks("KS KC KH"))


def test_m14_1_legal_and_illegal_groups():
    for text in ("6H 6H 6H", "AS 2S 3S", "QS KS AS", "8C 9C 5S", "KS KC KH", "9S 9H 6D", "JH 5S 4D"):
        assert combo(text) is not None, text
    for text in ("KS AS 2S", "9S 9S 9C", "10D 10D 5C", "7H 8H 9H 10H"):
        assert combination(Ks(text), TIPLU, 2) is None, text
    assert combo("8C 9C 5S", None) is None


# --- against brute force -----------------------------------------------------------------------

def brute_pure(trio: tuple[int, ...]) -> bool:
    return fits_sequence(trio) or fits_triplet(trio)


def brute(kinds: list[int], tiplu: int | None, wilds: int) -> bool:
    """Any substitution of one or two stand-ins (jokers only) by any cards that gives a pure
    sequence or a triplet; or three identical cards; never two identical cards plus a joker."""
    if len(kinds) != 3:
        return False
    if kinds[0] == kinds[1] == kinds[2]:
        return True
    wild = jokers_of(tiplu).wild if tiplu is not None else [False] * 52
    for i in range(3):
        others = [kinds[j] for j in range(3) if j != i]
        if others[0] == others[1] and wild[kinds[i]]:
            return False
    if brute_pure(tuple(kinds)):
        return True
    jokers = [i for i in range(3) if wild[kinds[i]]]
    for size in range(1, min(wilds, 2) + 1):
        for chosen in combinations(jokers, size):
            for cards in product(range(52), repeat=size):
                trio = list(kinds)
                for pos, card in zip(chosen, cards):
                    trio[pos] = card
                if brute_pure(tuple(trio)):
                    return True
    return False


card = st.integers(0, 51)


@given(st.lists(card, min_size=3, max_size=3), st.one_of(st.none(), card), st.sampled_from([1, 2]))
def test_m3_combination_matches_brute_force(kinds, tiplu, wilds):
    assert (combination(kinds, tiplu, wilds) is not None) == brute(kinds, tiplu, wilds)


@given(st.sampled_from(range(52)), st.lists(st.integers(0, 5), min_size=3, max_size=3), st.sampled_from([1, 2]))
def test_m3_combination_matches_brute_force_near_the_jokers(tiplu, picks, wilds):
    """Groups drawn from the jokers and their neighbours, where the cases are."""
    j = jokers_of(tiplu)
    near = [j.tiplu, j.poplu, j.jhiplu, *j.ordinary[:2], (j.poplu + 1) % 52]
    kinds = [near[p] for p in picks]
    assert (combination(kinds, tiplu, wilds) is not None) == brute(kinds, tiplu, wilds)


@pytest.mark.parametrize("text", ["2S 3S 4S", "JH QH KH", "AC 2C 3C", "QD KD AD", "7H 7H 7H"])
def test_m6_1a_pure_combinations_are_pure_for_everyone(text):
    assert is_pure(Ks(text)) and combo(text) in (PURE_SEQUENCE, TUNNELA)
