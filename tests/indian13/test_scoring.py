"""I10 (card points and a loser's count), I3.3's doubling and I12 (game formats)."""

from __future__ import annotations

import random

import pytest

from game.indian13 import Action, RuleSet, Series, deal_scores, money
from game.indian13.deck import NATURAL_POINTS, points_table, wild_table
from game.indian13.scoring import loser_count
from game.indian13.state import Result

from .helpers import K, act, groups, make_state, random_action

EX9 = "2S 3S 4S 9H 5C JH KS KD QC 8D 7S AH 3D"  # 58 with wild 5 (I14.9)
EX10 = "2S 3S 4S QS QD QC 6H 8C 9D 2H 3C 4D 7H"  # 78 with wild 5 (I14.10)
EX10_K = EX10.replace("6H", "KH")  # 82


def count(hand: str, cut: str = "5D", **options: object) -> int:
    return loser_count(make_state(2, hands=[13, hand], cut=cut, discard="9C", **options), 1)[0]


def test_i10_1_card_points():
    assert [NATURAL_POINTS[K(t)] for t in "AS KH QD JC 10S 9H 5D 2C".split()] == [10, 10, 10, 10, 10, 9, 5, 2]
    points = points_table(wild_table("cut", "aces_wild", K("5D")))
    assert points[52] == 0 and points[K("5H")] == 0 and points[K("6H")] == 6  # I10.1: wild jokers 0


def test_i10_3_loose_cards_only_with_two_sequences_one_pure():
    assert count(EX9) == 58 and count(EX10) == 78


def test_i10_3_four_card_life_counts_all_without_a_long_sequence():
    assert count(EX9, four_card_life=True) == 80  # 2+3+4+9+0+10+10+10+10+8+7+10+3 = 86, capped


def test_i10_4_capped_at_80_or_flat():
    assert count(EX10_K) == 80
    assert count(EX10, full_count="flat") == 80  # all 13 count: a flat 80 whatever the sum
    assert count(EX9, full_count="flat") == 58  # only loose cards count: no flat charge
    assert count(EX10, cap=50) == 50 and count(EX10_K, cap=None) == 82
    assert count(EX10, cap=None, full_count="flat") == 80


def test_i10_5_count_melded_cards():
    assert count(EX9, count_melded_cards=True, cap=None) == 86
    assert count(EX10_K, count_melded_cards=True, cap=None) == 82


def test_i3_3_double_score_when_a_printed_joker_is_cut():
    hand = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD"
    cards = hand.replace("|", " ").split() + ["2D"]
    loser = "2S 3S 4S QS QD QC 6H 8C 9D 2H 3C 4D 6C"  # one sequence: all 13 count, 77
    for cut, expected in (("JK", (0, 60, 20, 154)), ("7D", (0, 30, 10, 77))):
        state = make_state(4, hands=[cards, 13, 13, loser], cut=cut, phase="discard",
                           out=[None, "middle_drop", "first_drop", None], pj_cut_double_score=True,
                           pj_cut="printed_only")
        after = act(state, Action.declare(0, K("2D"), groups(hand)))
        assert after.result.points == expected and after.result.gain == sum(expected)


def test_i12_1_points_gain_and_money():
    result = Result(0, "declared", (0, 58, 30), 88, (None, None, None))
    rules = RuleSet(players=3, point_value=0.5)
    assert deal_scores(rules, result) == [88, -58, -30]
    assert money(rules, result) == [44.0, -29.0, -15.0]
    with pytest.raises(ValueError):
        money(RuleSet(players=3, format="deals"), result)


def test_i12_2_pool_eliminates_at_the_limit():
    match = Series.start(RuleSet(players=3, format="pool101"))
    match.deal(random.Random(1))
    match.record(_over(match, winner=0, points=(0, 80, 60)))
    assert match.totals == [0, 80, 60] and not match.over
    state = match.deal(random.Random(2))
    assert state.players == 3 and state.totals == [0, 80, 60]
    match.record(_over(match, winner=2, points=(30, 21, 0)))
    assert match.totals == [30, 101, 60] and match.eliminated == [False, True, False]
    state = match.deal(random.Random(3))
    assert state.players == 2 and [s.name for s in state.seats] == ["Player 1", "Player 3"]
    assert state.totals == [30, 60]
    match.record(_over(match, winner=0, points=(0, 80)))
    assert match.over and match.winners() == [0] and match.totals == [30, 101, 140]
    with pytest.raises(ValueError):
        match.deal(random.Random(4))


def test_i12_2_pool_201_limit():
    match = Series.start(RuleSet(players=2, format="pool201"))
    match.deal(random.Random(1))
    match.record(_over(match, winner=0, points=(0, 150)))
    assert not match.over
    match.deal(random.Random(1))
    match.record(_over(match, winner=0, points=(0, 51)))
    assert match.over and match.winners() == [0]


def test_i12_3_deals_format_players_times_one_and_shared_ties():
    match = Series.start(RuleSet(players=2, format="deals"))
    dealers = []
    for winner, gain in ((0, 40), (1, 40)):
        dealers.append(match.deal(random.Random(winner)).dealer)
        match.record(_over(match, winner=winner, points=(0, gain) if winner == 0 else (gain, 0)))
    assert match.over and match.totals == [40, 40] and match.winners() == [0, 1]
    assert dealers[0] != dealers[1]  # I2.1: the deal passes on
    longer = Series.start(RuleSet(players=2, format="deals", deals=3))
    for _ in range(2):
        longer.deal(random.Random(0))
        longer.record(_over(longer, winner=0, points=(0, 10)))
    assert not longer.over


def test_i12_points_game_is_one_deal_played_out():
    match = Series.start(RuleSet(players=3))
    rng = random.Random(8)
    state = match.deal(rng)
    while state.phase != "over":
        state = act(state, random_action(state, rng, drop=0.2))
    match.record(state)
    assert match.over and match.deals_played == 1
    assert sum(match.totals) == 0  # net points: the winner's gain is what the others pay


def _over(match: Series, winner: int, points: tuple[int, ...]):
    """A finished deal of ``match`` with the given charges (as if played out)."""
    n = len(match.seat_map)
    state = make_state(n, out=[None] * n)
    state.phase = "over"
    state.result = Result(winner, "declared", points, sum(points), (None,) * n)
    return state


def test_i3_3_doubling_comes_after_the_cap():
    hand = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD"
    cards = hand.replace("|", " ").split() + ["2D"]
    state = make_state(2, hands=[cards, EX10_K], cut="JK", phase="discard", pj_cut_double_score=True,
                       pj_cut="printed_only")
    after = act(state, Action.declare(0, K("2D"), groups(hand)))
    assert after.result.points == (0, 160)  # 82, capped at 80, doubled


def test_i12_4_the_format_option_picks_the_settlement():
    result = Result(1, "declared", (30, 0, 58), 88, (None, None, None))
    formats = ("points", "pool101", "pool201", "deals")
    by_format = {f: deal_scores(RuleSet(players=3, format=f), result) for f in formats}
    assert by_format == {"points": [-30, 88, -58], "pool101": [30, 0, 58], "pool201": [30, 0, 58], "deals": [0, 88, 0]}
