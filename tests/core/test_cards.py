"""Cards as text (CONTRACT.md) and the physical decks (V1)."""

from __future__ import annotations

import pytest

from game.core.cards import (
    CARDS_PER_DECK,
    JOKER,
    KIND_OF,
    CardError,
    count_kinds,
    full_deck,
    kind_pretty,
    kind_text,
    make_kind,
    parse_kind,
    rank_of,
    rank_value,
    suit_of,
)
from game.vazhushal.rules import deck_count


def test_kind_numbering_suit_times_13_plus_rank():
    assert parse_kind("AS") == 0
    assert parse_kind("KS") == 12
    assert parse_kind("AH") == 13
    assert parse_kind("10D") == 2 * 13 + 9
    assert parse_kind("KC") == 51
    assert parse_kind("JK") == JOKER == 52
    for suit in range(4):
        for rank in range(1, 14):
            k = make_kind(rank, suit)
            assert rank_of(k) == rank and suit_of(k) == suit


@pytest.mark.parametrize("token, canonical", [
    ("as", "AS"), ("10h", "10H"), ("TH", "10H"), ("th", "10H"), ("qd", "QD"), ("Kc", "KC"),
    ("jk", "JK"), ("JK", "JK"), ("A♠", "AS"), ("10♥", "10H"), ("q♦", "QD"), ("7♣", "7C"), (" 9s ", "9S"),
])
def test_card_text_input_forms(token, canonical):
    assert kind_text(parse_kind(token)) == canonical


def test_card_text_round_trip_every_kind():
    for k in range(53):
        assert parse_kind(kind_text(k)) == k
        assert parse_kind(kind_pretty(k)) == k


@pytest.mark.parametrize("token", ["", "1H", "11S", "10", "H", "XS", "JOKER", "AX", "10HH", "♠A", "0S",
                                   7, None, ["AS"]])
def test_bad_card_tokens_raise(token):
    with pytest.raises(CardError):
        parse_kind(token)


def test_v1_decks_by_players():
    assert deck_count(2, False) == 1
    assert deck_count(2, True) == 1
    for players in (3, 4, 5, 6):
        assert deck_count(players, False) == 2
    assert deck_count(3, True) == 1
    assert deck_count(4, True) == 2


def test_v1_deck_contents_54_cards_with_two_jokers():
    one = count_kinds(full_deck(1))
    assert len(full_deck(1)) == CARDS_PER_DECK == 54
    assert one[:52] == [1] * 52 and one[JOKER] == 2
    two = count_kinds(full_deck(2))
    assert len(full_deck(2)) == 108
    assert two[:52] == [2] * 52 and two[JOKER] == 4
    assert [i for i in range(108) if KIND_OF[i] == JOKER] == [52, 53, 106, 107]
    assert all(KIND_OF[i] == KIND_OF[i + 54] for i in range(54))


def test_v1_card_values():
    assert [rank_value(r) for r in range(1, 15)] == [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10]
