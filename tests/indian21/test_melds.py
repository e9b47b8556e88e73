"""T6 (groups) and T7.2 (the four valid shows), read on card kinds; cut joker ``7H`` unless stated:
wild are every 7, ``6H``, ``8H`` and ``JK``."""

from __future__ import annotations

import pytest

from game.indian21.melds import problem_a, read_group, show_problem, show_way

from .helpers import Ks, groups, meld_rules

MR = meld_rules("7H")
ONE = meld_rules("7H", max_jokers_per_meld=1)


def reading(text: str, mr=MR):
    return read_group(Ks(text), mr)


# --- T6.1 sequences --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["2S 3S 4S", "9D 10D JD QD", "QC KC AC", "AH 2H 3H", "10S JS QS KS AS",
                                  "5H 6H 7H", "6H 7H 8H", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"])
def test_t6_1_pure_sequences(text):
    r = reading(text)
    assert r.sequence and r.pure and r.meld


@pytest.mark.parametrize("text", ["2H 3H 7C", "9S JK JS", "2C JK 4C 5C", "QD KD JK", "JK 4S 5S", "4S JK JK",
                                  "3D 7S 7D", "9C 6H JC"])
def test_t6_1_impure_sequences(text):
    r = reading(text)
    assert r.sequence and not r.pure and r.meld


@pytest.mark.parametrize("text", ["2S 3S", "2S 3S 5S", "2S 3H 4S", "KS AS 2S", "5C 5C 6C", "JK JK JK JK",
                                  "4S 5S 6S 8S 9S"])
def test_t6_1_not_sequences(text):
    assert not reading(text).sequence


# --- T6.2 sets ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["5D 5S 5C", "KD KH KS KC", "9C 9H JK", "9C JK JK", "QS 7C QD", "7S 7D 7C"])
def test_t6_2_sets(text):
    assert reading(text).set and reading(text).meld


@pytest.mark.parametrize("text", ["5D 5D 5C", "5D 5S", "5D 5S 5C 5H 5D", "5D 5S 6C", "KH KH JK"])
def test_t6_2_not_sets(text):
    assert not reading(text).set


# --- T6.3 / T6.4 tunnelas and dublees ------------------------------------------------------------------

def test_t6_3_tunnela_three_identical_cards_counts_as_a_pure_sequence():
    for text in ("4D 4D 4D", "JK JK JK", "7S 7S 7S", "8H 8H 8H"):
        r = reading(text)
        assert r.tunnela and r.pure and r.meld
    for text in ("4D 4D JK", "4D 4D 4C", "7S 7S JK", "4D 4D 4D 4D"):
        assert not reading(text).tunnela


def test_t6_4_dublee_two_identical_cards():
    for text in ("2C 2C", "JK JK", "7H 7H"):
        assert reading(text).dublee and not reading(text).meld
    for text in ("2C JK", "2C 2H", "2C 2C 2C"):
        assert not reading(text).dublee


# --- T6.5 jokers per meld --------------------------------------------------------------------------------

def test_t6_5_any_number_of_jokers_but_one_natural_card():
    assert reading("9C JK JK").meld and reading("2C JK JK 5C").meld and reading("JK 7S 8H 4C").meld
    assert not reading("JK JK JK JK").meld  # no natural card (and not a tunnela)


def test_t6_5_max_jokers_per_meld_1():
    assert reading("9C 9H JK", ONE).set and not reading("9C JK JK", ONE).meld
    assert reading("2H 3H 7C", ONE).sequence and not reading("2C JK JK 5C", ONE).meld
    assert reading("6H 7H 8H 9H", ONE).pure  # wild cards in their own places are no stand-ins
    assert reading("5H 6H 7H JK", ONE).sequence and not reading("5H 7S 7D 8H", ONE).sequence


def test_t6_5_identical_wild_cards_make_a_tunnela_a_stand_in_never_does():
    assert reading("7S 7S 7S").tunnela and reading("7S 7S 7S").pure
    assert not reading("7S 7S 8H").tunnela


# --- T6.6 joker group -------------------------------------------------------------------------------------

def test_t6_6_one_joker_group_of_spare_jokers_in_a_show():
    base = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | KD KH KS"
    assert problem_a(groups(base + " | 2H 3H 7C"), MR) is None
    assert problem_a(groups(base + " | 2H 3H 4H | 7C"), MR) is None  # one spare joker: a group of 1
    assert problem_a(groups(base + " | 2H 3H 4H | 7C JK"), MR) is None
    assert problem_a(groups("2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 4H | 7C | JK"),
                     MR) == "T6.6: only one group of spare jokers is allowed"


# --- T7.2 the four ways ----------------------------------------------------------------------------------

T17_1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"


def test_t7_2a_melds_and_three_pure_sequences():
    assert show_way(groups(T17_1), MR) == "a"
    two_pure = T17_1.replace("QC KC AC", "QC JK AC")
    assert show_problem(groups(two_pure), MR) == "T7.2a: a show needs 3 pure sequences (tunnelas count), not 2"
    assert show_way(groups(two_pure), meld_rules(show_pure_sequences=2)) == "a"
    assert show_way(groups(T17_1), meld_rules(show_pure_sequences=0)) is None  # that way is off
    not_a_meld = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH 2D"
    assert show_problem(groups(not_a_meld), MR) == "T7.2a: KD-KH-2D is not a meld (T6)"


def test_t7_2a_tunnelas_count_as_pure_sequences():
    hand = "4D 4D 4D | 10S JS QS | 2H 3H 4H | 5D 5S 5C | 9C 9H 9S | 2C 3C 7C | KD KH KS"
    assert show_way(groups(hand), meld_rules(show_tunnelas=0)) == "a"


def test_t7_2b_three_tunnelas_other_cards_unchecked():
    hand = "4D 4D 4D | 10S 10S 10S | QH QH QH | 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C"
    assert show_way(groups(hand), MR) == "b"
    assert show_way(groups(hand), meld_rules(show_tunnelas=4)) is None
    assert show_way(groups("4D 4D 4D 10S | 10S 10S QH | QH QH 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C"), MR) is None


def test_t7_2c_eight_dublees_exactly_two_cards_a_group():
    hand = "2C 2C | 5H 5H | 9S 9S | JD JD | KC KC | 3D 3D | AH AH | JK JK | 4S 7D 10C QS 6C"
    assert show_way(groups(hand), MR) == "c"
    assert show_way(groups(hand), meld_rules(show_dublees=9)) is None
    assert show_way(groups(hand), meld_rules(show_dublees=0)) is None
    three = "2C 2C 2C | 5H 5H | 9S 9S | JD JD | KC KC | 3D 3D | AH AH | JK JK | 4S 7D 10C QS"
    assert show_way(groups(three), MR) is None  # a group of three identical cards is no dublee


def test_t7_2d_eight_jokers_in_one_group():
    hand = "JK JK 7S 7D 7C 8H 6H 7H | 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS"
    assert show_way(groups(hand), MR) == "d"
    assert show_way(groups(hand), meld_rules(show_jokers=9)) is None
    split = "JK JK 7S 7D | 7C 8H 6H 7H | 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS"
    assert show_way(groups(split), MR) is None
    assert show_way(groups(split), meld_rules(show_jokers=4)) == "d"
