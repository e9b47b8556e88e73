"""V3 wild cards and V4 melds: readings, validity, purity, identity and the V4.6 preference."""

from __future__ import annotations

import pytest

from game.core.cards import JOKER, make_kind, rank_of, suit_of
from game.vazhushal import Action, readings
from game.vazhushal.melds import wild_table, written_reading
from tests.helpers import K, Ks, act, expect_illegal, ids, make_state, table

NO_WILDS_BUT_JOKERS = wild_table(True, K("JK"))
IND_4C = wild_table(True, K("4C"))  # 4H, 4D wild
IND_8S = wild_table(True, K("8S"))  # 8H, 8D wild


def best(text, wild=IND_4C):
    found = readings(ids(text), wild)
    return found[0] if found else None


def spans(text, wild=IND_4C):
    return [(m.kind, m.suit, m.low, m.high) for m in readings(ids(text), wild)]


# --- V3 wild cards -----------------------------------------------------------------------------

def test_v3_1_printed_jokers_always_wild():
    for indicator in [None, JOKER] + list(range(52)):
        assert wild_table(indicator is not None, indicator)[JOKER]
    assert wild_table(False, None)[JOKER]


def test_v3_2_indicator_makes_same_rank_opposite_colour_wild():
    for ind in range(52):
        wild = wild_table(True, ind)
        naturals = [k for k in range(52) if wild[k]]
        assert len(naturals) == 2
        red = suit_of(ind) in (1, 2)
        for k in naturals:
            assert rank_of(k) == rank_of(ind)
            assert (suit_of(k) in (1, 2)) != red
    wild = wild_table(True, K("AS"))
    assert wild[K("AH")] and wild[K("AD")] and not wild[K("AC")] and not wild[K("AS")]
    wild = wild_table(True, K("7D"))
    assert wild[K("7S")] and wild[K("7C")] and not wild[K("7H")]


def test_v3_3_joker_indicator_only_printed_jokers_wild():
    assert [k for k in range(53) if NO_WILDS_BUT_JOKERS[k]] == [JOKER]


def test_v3_4_negative_joker_off_only_printed_jokers_wild():
    assert [k for k in range(53) if wild_table(False, K("8S"))[k]] == [JOKER]
    state = make_state(indicator=None, hands=["8H 9H 10H 2C"], phase="play")
    assert state.indicator is None and sum(state.wild) == 1


def test_v3_5_wild_as_its_own_natural_identity_is_natural():
    m = [r for r in readings(ids("8H 9H 10H"), IND_8S) if r.low == 8][0]
    assert m.is_pure_sequence and m.text() == ["8H", "9H", "10H"]
    # a first meld (V7.1) may therefore be 8H-9H-10H with 8H wild (engine decision 1: the pure
    # reading is taken when the preferred 9-10-J reading would be illegal)
    state = make_state(hands=["8H 9H 10H 2C 5C"], indicator="8S", phase="play")
    after = act(state, Action.meld_(0, [Ks("8H 9H 10H")]))
    assert table(after, 0) == [["8H", "9H", "10H"]] and after.melds[0][0].is_pure_sequence


def test_v3_5_wild_as_itself_in_a_set_counts_as_natural():
    m = best("8H 8S 8C", IND_8S)  # 8H wild, used as itself
    assert m.kind == "set" and m.pure and m.natural_suits == 0b1011


# --- V4.1 sequences ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, low, high", [
    ("AS 2S 3S", 1, 3), ("QS KS AS", 12, 14), ("5C 6C 7C 8C", 5, 8),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1, 13),
    ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 2, 13), ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", 1, 13),
])
def test_v4_1_sequences(text, low, high):
    m = best(text, NO_WILDS_BUT_JOKERS)
    assert m.kind == "sequence" and (m.low, m.high) == (low, high) and m.pure


def test_v4_1_full_suit_reads_ace_low_or_high():
    # 13 cards of one suit: A-K and 2-A are both legal readings of equal value; the lower is preferred
    found = readings(ids("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), NO_WILDS_BUT_JOKERS)
    assert [(m.low, m.high, m.pure) for m in found] == [(1, 13, True), (2, 14, True)]


@pytest.mark.parametrize("text", [
    "KS AS 2S", "QS KS AS 2S", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    "5S 6S 8S", "5S 6H 7S", "5S 5S 6S 7S", "5S 6S",
])
def test_v4_1_ace_low_high_no_wrap(text):
    assert [r for r in readings(ids(text), NO_WILDS_BUT_JOKERS) if r.kind == "sequence"] == []


def test_v4_1_longest_sequence_13_cards():
    assert best("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS").value == 10 + sum(range(2, 10)) + 40
    assert readings(ids("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"), NO_WILDS_BUT_JOKERS) == []


def test_v4_1_wild_ace_positions():
    # KS AS with a joker: J-Q-K? no, the ace makes it Q-K-A; the joker cannot wrap to 2
    assert spans("KS AS JK", NO_WILDS_BUT_JOKERS) == [("sequence", 0, 12, 14)]
    assert spans("AS 2S JK", NO_WILDS_BUT_JOKERS) == [("sequence", 0, 1, 3)]


# --- V4.2 sets -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["7S 7H 7D", "7S 7H 7D 7C", "7S 7H JK", "7S JK JK", "7S 7H 7D JK"])
def test_v4_2_sets(text):
    assert any(r.kind == "set" and r.low == 7 for r in readings(ids(text), IND_4C))


@pytest.mark.parametrize("text", ["7S 7S 7H", "7S 7H 7D 7C JK", "7S 7H 8D", "7S 7H", "7S 7H 7D 7C 7S"])
def test_v4_2_bad_sets(text):
    assert not any(r.kind == "set" for r in readings(ids(text), IND_4C))


def test_v4_2_set_with_two_identical_cards_illegal_even_with_two_decks():
    state = make_state(players=4, hands=["7S 7S 7H 2C"], melds=[["AD 2D 3D"]], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("7S 7S 7H")]), "illegal_meld", "V4")


# --- V4.3 wilds ------------------------------------------------------------------------------

def test_v4_3_wilds_fill_gaps_any_number():
    m = best("5S JK JK 8S JK", NO_WILDS_BUT_JOKERS)
    assert m.kind == "sequence" and not m.pure and m.text()[0] == "5S"
    assert (m.low, m.high) == (5, 9)


def test_v4_3_no_meld_of_wilds_only():
    assert readings(ids("JK JK JK"), IND_4C) == []
    assert readings(ids("JK JK JK JK"), IND_4C) == []
    # a wild-rank card used as itself is natural (V3.5), so JK JK 4H is a meld
    assert readings(ids("JK JK 4H"), IND_4C)


def test_v4_3_meld_of_only_jokers_rejected_in_play():
    state = make_state(players=4, hands=["JK JK JK 2C"], melds=[["AD 2D 3D"]], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("JK JK JK")]), "illegal_meld", "V4")


# --- V4.4 purity ------------------------------------------------------------------------------

def test_v4_4_pure_sequence():
    assert best("5S 6S 7S").is_pure_sequence
    assert not best("5S JK 7S").is_pure_sequence
    assert not best("5S 5H 5D").is_pure_sequence  # a set is never a pure sequence


# --- V4.5 identical melds -------------------------------------------------------------------------

def test_v4_5_identical_sequences_same_suit_same_span():
    a = best("7S JK 9S")
    b = best("7S 8S 9S")
    assert a.key == b.key
    assert best("7S 8S 9S 10S").key != b.key
    assert best("7H 8H 9H").key != b.key


def test_v4_5_identical_sets_same_rank_size_natural_suits():
    assert best("7S 7H JK").key == best("7S 7H JK").key
    assert best("7S 7H JK").key != best("7S 7D JK").key
    assert best("7S 7H JK").key != best("7S 7H 7D").key
    assert best("7S 7H 7D").key != best("7S 7H 7D 7C").key


def test_v4_5_identical_melds_rejected():
    # the same span again, naturally (second deck) or with a joker
    state = make_state(players=4, hands=["7S 8S 9S 2C"], melds=[["7S 8S 9S"]], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("7S 8S 9S")]), "identical_melds", "V4.5")
    # 7S JK 9S can only be read as 7-8-9: identical to 7S-8S-9S
    state = make_state(players=4, hands=["7S JK 9S 2C"], melds=[["7S 8S 9S"]], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("7S JK 9S")]), "identical_melds", "V4.5")


def test_v4_5_identical_sets_rejected_in_one_action():
    state = make_state(players=4, hands=["7S 7H JK 7S 7H JK 2C"], melds=[["AD 2D 3D"]], phase="play")
    expect_illegal(state, Action.meld_(0, [Ks("7S 7H JK"), Ks("7S 7H JK")]), "identical_melds", "V4.5")
    state = make_state(players=4, hands=["7S 7H JK 7S 7D JK 2C"], melds=[["AD 2D 3D"]], phase="play")
    after = act(state, Action.meld_(0, [Ks("7S 7H JK"), Ks("7S 7D JK")]))
    assert len(after.melds[0]) == 3


def test_v4_5_identical_reading_avoided_by_next_reading():
    """Engine decision 1: when the preferred reading is identical to a table meld, the next one
    in preference order is taken (JK 7H JK: 7-8-9 is taken, so 6-7-8)."""
    state = make_state(players=4, hands=["JK 7H JK 2C"], melds=[["7H 8H 9H"]], phase="play")
    after = act(state, Action.meld_(0, [Ks("JK 7H JK")]))
    assert table(after, 0)[1] == ["JK", "7H", "JK"]
    m = after.melds[0][1]
    assert (m.kind, m.suit, m.low, m.high) == ("sequence", 1, 6, 8)


# --- V4.6 reading preference -------------------------------------------------------------------

def test_v4_6_example_jk_7h_jk_reads_as_7_8_9():
    found = readings(ids("JK 7H JK"), IND_4C)
    assert {(m.kind, m.low, m.high) for m in found} == {
        ("set", 7, 7), ("sequence", 5, 7), ("sequence", 6, 8), ("sequence", 7, 9)}
    assert (found[0].kind, found[0].low, found[0].high) == ("sequence", 7, 9)
    assert found[0].text() == ["7H", "JK", "JK"]
    assert found[0].value == 24


def test_v4_6_highest_value_first_then_sequence_then_lower():
    # JK QH JK: 10-J-Q, J-Q-K, Q-K-A and the set of queens are all worth 30
    found = readings(ids("JK QH JK"), IND_4C)
    assert all(m.value == 30 for m in found)
    assert [(m.kind, m.low) for m in found] == [("sequence", 10), ("sequence", 11), ("sequence", 12), ("set", 12)]
    # JK 5H JK: 5-6-7 (18) beats the set (15)
    assert (best("JK 5H JK").kind, best("JK 5H JK").low) == ("sequence", 5)
    # 5S 5H JK: only a set
    assert best("5S 5H JK").kind == "set"


def test_v4_6_engine_shows_the_reading_it_took():
    state = make_state(players=4, hands=["JK 7H JK 2C"], melds=[["AD 2D 3D"]], phase="play")
    after = act(state, Action.meld_(0, [Ks("JK JK 7H")]))
    assert table(after, 0)[1] == ["7H", "JK", "JK"]  # written low to high, each wild at its place
    assert after.history[-1]["melds"] == [["7H", "JK", "JK"]]


def test_v4_6_first_meld_takes_next_reading_when_preferred_is_not_pure():
    """Engine decision 1: 8H-9H-10H with 8H wild reads best as 9-10-J (29) but a first meld must be
    pure, so it is read as the pure 8-9-10; a seat with a pure sequence gets 9-10-J."""
    m = best("8H 9H 10H", IND_8S)
    assert (m.low, m.high, m.pure) == (9, 11, False)
    first = make_state(hands=["8H 9H 10H 2C"], indicator="8S", phase="play")
    assert table(act(first, Action.meld_(0, [Ks("8H 9H 10H")])), 0) == [["8H", "9H", "10H"]]
    later = make_state(hands=["8H 9H 10H 2C"], melds=[["AS 2S 3S"]], indicator="8S", phase="play")
    after = act(later, Action.meld_(0, [Ks("8H 9H 10H")]))
    assert table(after, 0)[1] == ["9H", "10H", "8H"]


def test_v4_6_written_reading_honoured():
    wild = IND_4C
    m = written_reading("sequence", ids("JK JK 7H"), wild)
    assert (m.low, m.high) == (5, 7)
    m = written_reading("sequence", ids("7H JK JK"), wild)
    assert (m.low, m.high) == (7, 9)
    m = written_reading("sequence", ids("JK 7H JK"), wild)
    assert (m.low, m.high) == (6, 8)
    assert written_reading("set", ids("JK 7H JK"), wild).kind == "set"
    assert written_reading("set", ids("7S 8S 9S"), wild) is None
    assert written_reading("sequence", ids("7S 7H 7D"), wild) is None


def test_v4_meld_value():
    assert best("QS KS AS").value == 30
    assert best("AS 2S 3S").value == 15
    assert best("5S JK 7S").value == 18  # the joker counts as the 6 (V10)
    assert best("9S 9H 9D 9C").value == 36


def test_v4_make_kind_sanity():
    assert make_kind(1, 0) == K("AS")
