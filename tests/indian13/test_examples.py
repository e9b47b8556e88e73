"""I14: every worked example of INDIAN_RUMMY.md, played through the engine."""

from __future__ import annotations

import pytest

from game.core.cards import kind_text
from game.indian13 import Action, State
from game.indian13.scoring import loser_count

from .helpers import K, act, groups, make_state

# Each example: (cut joker, groups); "wild 7" is a cut joker of rank 7, "PJ cut" a printed joker.
EX1 = ("7D", "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD")
EX2 = ("7D", "3H 4H 5H | 9S 7C JS QS | 8C 8D 8S | KH KC KD")
EX3 = ("7D", "7H 8H 9H | 2C 3C PJ 5C | AS AD AC | QH QS QD")
EX3_VARIANT = ("7D", "7H 8H 9H | 2C PJ PJ 5C | AS AD AC | QH QS QD")
EX4 = ("JK", "4C 5C 6C | 8D AS 10D JD | 2H 2S 2C 2D | AD PJ")
EX5 = ("7D", "3H PJ 5H | 9S 7C JS | 8C 8D 8S | KH KC KD KS")
EX6 = ("JD", "2D 3D 4D | 5S 6S 7S 8S | 6H 6H 6C | QS QH QC")
EX7 = ("8D", "KC AC 2C | 4H 5H 6H | 9D 10D JD QD | 3S 3H 3C")
EX8 = ("KD", "8H 9H 10H | 2C 3C 4C | 5D 5S 5H | QD QH QC KS")
FINISH = "2S"  # a card none of the examples uses twice too often


def declaring(example: tuple[str, str], players: int = 2, finish: str = FINISH,
              **options: object) -> tuple[State, Action]:
    """Seat 0 holds the example's 13 cards and ``finish`` after drawing; the declaration action."""
    cut, text = example
    grouped = groups(text)
    hand = [kind_text(k) for g in grouped for k in g] + [finish]
    state = make_state(players, hands=[hand], cut=cut, phase="discard", **options)
    return state, Action.declare(0, K(finish), grouped)


def declare(example: tuple[str, str], players: int = 2, **options: object) -> State:
    state, action = declaring(example, players, **options)
    return act(state, action)


def assert_valid(after: State) -> None:
    assert after.phase == "over" and after.result.reason == "declared" and after.result.winner == 0
    assert after.result.points[0] == 0  # I7.5, I10.2: the declarer scores 0
    assert after.finish is not None and len(after.hands[0]) == 13


def assert_invalid(after: State, players: int = 2) -> None:
    assert after.out[0] == "invalid_declaration" and len(after.hands[0]) == 14 and after.finish is None
    if players == 2:  # I8.2 with I9.5: one seat left wins and collects the 80
        assert after.result.reason == "all_dropped" and after.result.winner == 1
        assert after.result.points == (80, 0) and after.result.gain == 80
    else:  # I8.2: play continues with the next seat
        assert after.phase == "draw" and after.turn == 1


def test_i14_1_two_pure_sequences_valid():
    assert_valid(declare(EX1))


def test_i14_2_wild_seven_stands_for_ten_valid():
    assert_valid(declare(EX2))


def test_i14_3_wild_used_as_itself_is_pure_valid():
    assert_valid(declare(EX3))


def test_i14_3_variant_two_jokers_in_a_meld_invalid_by_default():
    assert_invalid(declare(EX3_VARIANT, players=3), players=3)


def test_i14_3_variant_two_jokers_valid_with_unlimited():
    assert_valid(declare(EX3_VARIANT, max_jokers_per_meld="unlimited"))


def test_i14_4_printed_joker_cut_makes_aces_wild_valid():
    assert_valid(declare(EX4))


def test_i14_4_printed_only_cut_is_invalid_and_charged_80():
    assert_invalid(declare(EX4, pj_cut="printed_only"))


def test_i14_5_no_pure_sequence_invalid_and_play_continues():
    assert_invalid(declare(EX5, players=3), players=3)


def test_i14_6_set_repeating_a_suit_invalid():
    assert_invalid(declare(EX6))


def test_i14_7_wrapping_sequence_invalid():
    assert_invalid(declare(EX7))


def test_i14_8_valid_by_default():
    assert_valid(declare(EX8))


def test_i14_8_invalid_with_four_card_life():
    assert_invalid(declare(EX8, four_card_life=True))


EX9 = "2S 3S 4S 9H 5C JH KS KD QC 8D 7S AH 3D"
EX10 = "2S 3S 4S QS QD QC 6H 8C 9D 2H 3C 4D 7H"
EX10_K = EX10.replace("6H", "KH")


@pytest.mark.parametrize("hand, count", [(EX9, 58), (EX10, 78), (EX10_K, 80)])
def test_i14_9_10_loser_counts(hand, count):
    """I14.9 (two sequences: 7 loose cards count), I14.10 (no second sequence: all 13; capped)."""
    state = make_state(2, hands=[13, hand], cut="5D", discard="9C")
    assert loser_count(state, 1)[0] == count


def test_i14_10_winner_collects_246():
    """An invalid declarer (80), a middle drop (30) and the losers of I14.9 and I14.10: 246."""
    winner = groups("AH 2H 3H | 6S 7S 8S 9S | 10C JC QC | KD KH KC")
    hand0 = [kind_text(k) for g in winner for k in g] + ["QS"]
    state = make_state(5, hands=[hand0, 14, 13, EX9, EX10], cut="5D", discard="9C", phase="discard",
                       out=[None, "invalid_declaration", "middle_drop", None, None])
    after = act(state, Action.declare(0, K("QS"), winner))
    assert after.result.reason == "declared" and after.result.winner == 0
    assert after.result.points == (0, 80, 30, 58, 78)
    assert after.result.gain == 246
