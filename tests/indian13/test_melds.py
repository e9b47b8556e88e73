"""I3.4, I6 (melds) and the declaration check of I7.2/I7.3, on groups of cards."""

from __future__ import annotations

import pytest

from game.indian13.deck import wild_table
from game.indian13.melds import MeldRules, has_life, problem, read_group

from .helpers import Ks, groups


def rules(cut: str = "7D", cap: int | None = 1, trios: bool = False, four: bool = False,
          pj_cut: str = "aces_wild") -> MeldRules:
    cut_kind = 52 if cut == "PJ" else Ks(cut)[0]
    return MeldRules(wild_table("cut", pj_cut, cut_kind), cap, trios, four)


def read(text: str, **kw: object):
    return read_group(Ks(text.replace("PJ", "JK")), rules(**kw))  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["3H 4H 5H", "9S 10S JS QS KS", "AD 2D 3D", "QC KC AC",
                                  "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"])
def test_i6_1_pure_sequences(text):
    r = read(text)
    assert r.sequence and r.pure and r.meld


@pytest.mark.parametrize("text", ["3H 4H", "3H 4H 6H", "3H 4S 5H", "3H 3H 4H 5H", "JK JK 5H", "5H 5H 5H"])
def test_i6_1_not_sequences(text):
    assert not read(text).sequence


def test_i6_1_joker_stands_for_a_missing_card():
    r = read("3H PJ 5H")
    assert r.sequence and not r.pure


@pytest.mark.parametrize("text, ok", [
    ("AS 2S 3S", True), ("QS KS AS", True), ("KS AS 2S", False), ("KS AS 2S 3S", False),
    ("JS QS KS AS", True), ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True),
])
def test_i6_2_ace_low_or_high_never_wrapping(text, ok):
    assert read(text, cut="5D").sequence is ok  # wild 5s are not in these groups


def test_i6_3_pure_or_impure():
    assert read("4C 5C 6C 7C", cut="6D").pure  # I3.4: the wild 6C used as itself
    assert not read("4C 5C 6H 7C", cut="6D").pure and read("4C 5C 6H 7C", cut="6D").sequence
    assert not read("9S 7C JS QS").pure and read("9S 7C JS QS").sequence  # I14.2


@pytest.mark.parametrize("text, ok", [
    ("8C 8D 8S", True), ("KH KC KD KS", True), ("7H 7H 7C", False), ("6H 6H 6C", False), ("8C 8D", False),
    ("8C 8D PJ", True), ("8C 8D 8S PJ", True), ("8C 8D 8S 8H PJ", False), ("8C 8D 9S", False),
    ("8C 8D 8S 8C", False),
])
def test_i6_4_sets_of_different_suits_at_most_four(text, ok):
    assert read(text, cut="JD").set is ok


def test_i6_4_wild_rank_cards_can_be_a_set_of_their_own_rank():
    assert read("7H 7S 7C").set and read("7H 7H 7C").set  # I3.4: 7H, 7C natural, the second 7H a joker


def test_i6_5_one_joker_a_meld_by_default():
    assert not read("2C PJ PJ 5C").meld
    assert read("2C PJ PJ 5C", cap=None).sequence
    assert not read("8C PJ PJ").set and read("8C PJ PJ", cap=None).set
    assert not read("PJ PJ PJ", cap=None).meld  # at least one natural card
    assert read("7S PJ PJ", cap=None).sequence  # the wild 7S stands as itself (I3.4)


def test_i6_6_trio_is_a_pure_sequence_only_with_three_decks():
    assert not read("9H 9H 9H").meld
    trio = read("9H 9H 9H", trios=True)
    assert trio.pure and trio.sequence
    assert not read("PJ PJ PJ", trios=True).meld
    assert not read("9H 9H 9H 9H", trios=True).meld


def test_i6_6_trio_serves_as_the_first_life():
    assert problem(groups("9H 9H 9H | 2S 3S PJ | 5C 5D 5H | KS KD KC KH"), rules(trios=True)) is None
    assert problem(groups("9H 9H 9H | 2S 3S PJ | 5C 5D 5H | KS KD KC KH"), rules()) is not None


def test_i6_7_one_joker_group_of_any_size():
    base = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S"
    assert problem(groups(base + " | PJ 7C 7H"), rules()) is None
    assert problem(groups("3H 4H 5H | 9S 10S JS | 8C 8D 8S | KH KC KD | PJ"), rules()) is None  # size 1
    assert "I6.7" in problem(groups(base + " | PJ 7C | 7H"), rules())


def test_i7_2_b_every_group_a_meld():
    assert problem(groups("3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC 2D"), rules()).startswith("I7.2b")


def test_i7_2_c_two_sequences_needed():
    assert problem(groups("3H 4H 5H | 9S 9D 9C | 8C 8D 8S | KH KC KD KS"), rules()).startswith("I7.2c")


def test_i7_2_d_a_pure_sequence_needed():
    assert problem(groups("3H PJ 5H | 9S 7C JS | 8C 8D 8S | KH KC KD KS"), rules()).startswith("I7.2d")


def test_i7_3_four_card_life():
    text = "8H 9H 10H | 2C 3C 4C | 5D 5S 5H | QD QH QC KS"
    assert problem(groups(text), rules(cut="KD")) is None
    assert problem(groups(text), rules(cut="KD", four=True)).startswith("I7.3")
    longer = "8H 9H 10H JH | 2C 3C 4C | 5D 5S 5H | QD QC KS"
    assert problem(groups(longer), rules(cut="KD", four=True)) is None


def test_has_life_needs_two_different_groups():
    pure = read("3H 4H 5H")
    impure = read("3H PJ 5H")
    assert has_life([pure, impure], False) and has_life([pure, pure], False)
    assert not has_life([pure], False) and not has_life([impure, impure], False)
    assert not has_life([pure, impure], True) and has_life([read("3H 4H 5H 6H"), impure], True)


def test_i1_4_the_ace_is_high_or_low():
    assert read("AS 2S 3S", cut="5D").pure and read("QS KS AS", cut="5D").pure
    assert not read("KS AS 2S", cut="5D").sequence


def test_i3_2_every_suit_of_the_cut_rank_is_wild():
    for seven in ("7S", "7H", "7D", "7C"):
        r = read(f"9S {seven} JS")
        assert r.sequence and not r.pure  # the seven stands for 10S


def test_i3_4_a_wild_card_in_its_own_place_is_natural():
    assert read("6S 7S 8S").pure  # sevens are wild, 7S stands as itself
    assert not read("6S 7H 8S").pure


def test_i3_6_joker_means_printed_and_wild_jokers_alike():
    assert not read("9S PJ 7C QS").meld  # one printed and one wild joker: two jokers (I6.5)
    assert read("9S PJ 7C QS", cap=None).sequence
