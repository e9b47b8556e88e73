"""T17: every worked example of INDIAN_21.md, with its exact numbers, played through the engine
(DEFAULT rules; cut joker ``7H`` unless stated)."""

from __future__ import annotations

import pytest

from game.indian21 import Action, State, lowest_count, value_points
from game.indian21.deck import jokers_of
from game.indian21.melds import read_group, show_way
from game.indian21.rules import RuleSet, preset

from .helpers import K, Ks, act, expect_illegal, flat, groups, hand_of, kinds_text, make_state, meld_rules, toks

EX1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
EX2 = "2S 3S 4S | 9D 10D JD | QC JK AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
EX3 = "4D 4D 4D | 10S 10S 10S | QH QH QH | 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C"
EX4 = "2C 2C | 5H 5H | 9S 9S | JD JD | KC KC | 3D 3D | AH AH | JK JK | 4S 7D 10C QS 6C"
EX4_SEVEN = "2C 2C | 5H 5H | 9S 9S | JD JD | KC KC | 3D 3D | AH 2H | JK JK | 4S 7D 10C QS 6C"
EX5 = "JK JK 7S 7D 7C 8H 6H 7H | 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS"
EX6A = "KS KS JS 9S 5S 3S QH QH 10H 4H 2H KD KD JD 9D 5D 3D QC 10C 4C 2C"
EX6B = "9S 10S JS | 9D 10D JD | 5C 5D 5S | KH KC KS | QH 10H 4H 2H 9C JC 3D 8C 6C"
EX6C = "2S 3S 4S | 9D 10D JD | QC KC AC | 5C 5D 5S | KH 10H 4H 2H 9C 3D 8C 6C JS"
EX6D = "3C 3C 6D 6D 9S 9S QH QH KD KD AS AS 2H 4C 8D 10S JC 5H 4D 10C JD"
EX6E = "JK JK JK 7S 7D 7C 8H 2C 4D 9S JD KC 3D 10C 2D 5C QS 4S 9C KD 6C"


def declaring(example: str, finish: str, players: int = 2, hands: list | None = None, **kwargs: object
              ) -> tuple[State, Action]:
    """Seat 0 holds the example's 21 cards and ``finish`` after drawing; the show action."""
    state = make_state(players, hands=[hand_of(example, finish), *(hands or [])], phase="discard", **kwargs)
    return state, Action.declare(0, K(finish), groups(example))


def assert_valid(after: State) -> None:
    assert after.phase == "over" and after.result.reason == "declared" and after.result.winner == 0
    assert after.result.points[0] == 0  # T7.3: the declarer wins with count 0
    assert after.finish is not None and len(after.hands[0]) == 21


def assert_invalid_play_goes_on(after: State) -> None:
    assert after.out[0] == "invalid_declaration" and len(after.hands[0]) == 22 and after.finish is None
    assert after.phase == "draw" and after.turn == 1 and after.result is None


# --- the shows ------------------------------------------------------------------------------------

def test_t17_1_three_pure_sequences_valid_count_0_value_0():
    mr = meld_rules()
    assert not read_group(Ks("2H 3H 7C"), mr).pure and read_group(Ks("2H 3H 7C"), mr).sequence  # 7C for 4H
    after = act(*declaring(EX1, "4C"))
    assert_valid(after)
    assert after.result.value[0] == 0 and show_way(groups(EX1), mr) == "a"


def test_t17_2_two_pure_sequences_invalid_charged_120_and_play_goes_on():
    after = act(*declaring(EX2, "4C", players=3))
    assert_invalid_play_goes_on(after)
    after = act(after, Action.drop(1))  # seat 1 drops (it has played before: 70); seat 2 is left
    r = after.result
    assert r.reason == "all_dropped" and r.winner == 2 and r.points == (120, 70, 0) and r.gain == 190


def test_t17_3_three_tunnelas_valid_and_invalid_without_that_way():
    assert_valid(act(*declaring(EX3, "KD")))
    assert show_way(groups(EX3), meld_rules()) == "b"
    after = act(*declaring(EX3, "KD", players=3, show_tunnelas=0))
    assert_invalid_play_goes_on(after)  # 3 pure sequences, but the rest is not melded


def test_t17_4_eight_dublees_valid_seven_invalid():
    assert show_way(groups(EX4), meld_rules()) == "c"  # JK JK is a dublee
    assert_valid(act(*declaring(EX4, "9D")))
    assert_invalid_play_goes_on(act(*declaring(EX4_SEVEN, "9D", players=3)))


def test_t17_5_eight_jokers_valid_value_100():
    assert show_way(groups(EX5), meld_rules()) == "d"
    after = act(*declaring(EX5, "QD"))
    assert_valid(after)
    assert after.result.value[0] == 100  # one marriage: 7H 8H 6H


# --- the losers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, count, capped", [
    (EX6A, 156, 120),  # T17.6a: no pure sequence, all 21 count: 47 + 36 + 47 + 26
    (EX6B, 107, 107),  # T17.6b: P = 2, sets count too: 15 + 30 + 62
    (EX6C, 62, 62),  # T17.6c: P = 3, only the deadwood: 10+10+4+2+9+3+8+6+10
    (EX6D, 2, 2),  # T17.6d: six dublees
    (EX6E, 2, 2),  # T17.6e: 7 jokers
])
def test_t17_6_loser_counts(hand, count, capped):
    assert len(flat(hand)) == 21
    assert lowest_count(flat(hand), meld_rules()).points == count
    # the same loser in a deal: A shows hand 1, this hand loses and pays after the cap
    state, action = declaring(EX1, "4C", hands=[hand_of(hand)])
    assert act(state, action).result.points[1] == capped


def test_t17_6e_seven_jokers_value_10():
    state, action = declaring(EX1, "4C", hands=[hand_of(EX6E)])
    assert act(state, action).result.value[1] == 10  # 8H alone: one upper joker


# --- settlements ------------------------------------------------------------------------------------

def test_t17_7_settlement_with_a_drop():
    state, action = declaring(EX5, "QD", players=4, hands=[hand_of(EX6B), 21, hand_of(EX6C)],
                              out=[None, None, "first_drop", None], has_drawn=[True, True, False, True], discard="6D")
    r = act(state, action).result
    assert r.points == (0, 107, 30, 62) and r.gain == 199
    assert r.value == (100, 0, 0, 0)
    assert r.net == (399, -207, -30, -162) and sum(r.net) == 0


@pytest.mark.parametrize("rounding, b_pays", [("down", 53), ("up", 54)])
def test_t17_8_half_rule(rounding, b_pays):
    state, action = declaring(EX5, "QD", players=3, hands=[hand_of(EX6B), hand_of(EX6A)],
                              has_drawn=[True, False, False], half_rounding=rounding)
    r = act(state, action).result
    assert r.points == (0, b_pays, 60)  # C: 120 after the cap, halved
    assert r.net == (b_pays + 60 + 200, -b_pays - 100, -160)


def test_t17_9_marriage_then_value_cards():
    kinds = Ks("7H 7H 8H 8H 8H 6H")
    values = jokers_of(RuleSet(), K("7H")).value_kinds
    assert value_points(kinds, values, (10, 30, 50), (100, 300, 500)) == 140
    assert value_points(kinds, values, (10, 30, 50), (0, 0, 0)) == 90  # without the marriage


def test_t17_10_printed_joker_cut():
    jokers = jokers_of(RuleSet(), K("JK"))
    assert kinds_text(k for k in range(53) if jokers.wild[k]) == ["AS", "2S", "KS", "AH", "AD", "AC", "JK"]
    mr = meld_rules("JK")
    assert read_group(Ks("QH KH AH"), mr).pure
    assert read_group(Ks("QD KD AH"), mr).sequence and not read_group(Ks("QD KD AH"), mr).pure
    hand = Ks("AS AS KS 2S")
    assert value_points(hand, jokers.value_kinds, (10, 30, 50), (100, 300, 500)) == 30
    trio = jokers_of(RuleSet(pj_cut_value="spade_trio"), K("JK")).value_kinds
    assert value_points(hand, trio, (10, 30, 50), (100, 300, 500)) == 110


def test_t17_11_twenty_seven_cards_marriage_of_five():
    rules = preset("27-card")
    jokers = jokers_of(rules, K("5S"))
    assert kinds_text(k for k in range(53) if jokers.wild[k]) == ["3S", "4S", "5S", "6S", "7S", "5H", "5D", "5C",
                                                                   "JK"]
    assert value_points(Ks("3S 4S 5S 6S 7S 7S"), jokers.value_kinds, rules.value_table, rules.marriage_table) == 110


def test_t17_12_empty_stock_reshuffles_and_the_joker_on_top_stays():
    state = make_state(2, hands=[("7D", 22)], discard="9H 2C", stock=[], phase="discard")
    under = sorted(state_tokens(state.discard))
    after = act(state, Action.discard(0, K("7D")))
    assert after.phase == "draw" and after.turn == 1
    assert state_tokens(after.discard) == ["7D"]  # T13: the top card stays face up
    assert sorted(state_tokens(after.stock)) == under  # everything under it is the new stock
    expect_illegal(after, Action.take_discard(1), "joker_on_discard_pile", "T4.2")


def state_tokens(cards) -> list[str]:
    return toks(cards)
