"""What a deal charges and pays (T10-T12), settled through the engine, and the losers' own
groupings when the engine does not group for them (T10 with ``auto_arrange_losers: false``)."""

from __future__ import annotations

import pytest

from game.indian21 import Action, legal_actions, money

from .helpers import K, act, expect_illegal, flat, groups, hand_of, make_state

EX1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
EX6A = "KS KS JS 9S 5S 3S QH QH 10H 4H 2H KD KD JD 9D 5D 3D QC 10C 4C 2C"
EX6B = "9S 10S JS | 9D 10D JD | 5C 5D 5S | KH KC KS | QH 10H 4H 2H 9C JC 3D 8C 6C"
EX6C = "2S 3S 4S | 9D 10D JD | QC KC AC | 5C 5D 5S | KH 10H 4H 2H 9C 3D 8C 6C JS"
EX6D = "3C 3C 6D 6D 9S 9S QH QH KD KD AS AS 2H 4C 8D 10S JC 5H 4D 10C JD"
# a loser holding a marriage (7H 8H 6H: V 100) and nothing that melds much
MARRIED = "7H 8H 6H 2S 5S 9S QS 3D 6D 10D KD 2C 4C 8C JC 3H 5H 10H QH AD AC"


def show_ex1(players: int, others: list, finish: str = "4C", **kwargs):
    state = make_state(players, hands=[hand_of(EX1, finish), *others], phase="discard", **kwargs)
    return act(state, Action.declare(0, K(finish), groups(EX1)))


# --- T10 ------------------------------------------------------------------------------------------------

def test_t10_3_cap_option():
    assert show_ex1(2, [EX6A]).result.points == (0, 120)
    assert show_ex1(2, [EX6A], cap=None).result.points == (0, 156)
    assert show_ex1(2, [EX6A], cap=100).result.points == (0, 100)


def test_t10_4_half_rule_off():
    assert show_ex1(2, [hand_of(EX6B)], has_drawn=[True, False], half_rule=False).result.points == (0, 107)
    assert show_ex1(2, [hand_of(EX6B)], has_drawn=[True, False]).result.points == (0, 53)


def test_t10_4_half_rule_halves_the_count_not_the_value_points():
    r = show_ex1(2, [MARRIED], has_drawn=[True, False]).result
    full = show_ex1(2, [MARRIED]).result
    assert r.points[1] == full.points[1] // 2 and r.value == full.value == (0, 100)
    assert r.net[1] == -r.points[1] + 100  # m = 2: 2 * 100 - 100


def test_t10_1_near_show_points_option():
    assert show_ex1(2, [EX6D]).result.points == (0, 2)
    assert show_ex1(2, [EX6D], near_show_points=5).result.points == (0, 5)
    off = show_ex1(2, [EX6D], near_show_points=0).result.points[1]
    assert off == 120  # T10.1 off: no pure sequence, every card counts (capped)
    assert show_ex1(2, [EX6D], near_dublees=7).result.points[1] == 120


def test_t10_1_a_loser_whose_cards_make_a_valid_show_pays_2():
    loser = hand_of(EX1.replace("2S 3S 4S", "2C 3C 4C").replace("9D 10D JD", "6D 7D 8D"))
    assert show_ex1(2, [loser]).result.points == (0, 2)


# --- T11 ------------------------------------------------------------------------------------------------

def test_t11_1_the_winners_finish_card_scores_no_value_points():
    assert show_ex1(2, [EX6A], finish="8H").result.value == (0, 0)
    assert show_ex1(2, [EX6A], finish="4C").result.value == (0, 0)


def test_t11_1_seats_out_score_no_value_points_and_pay_none():
    state = make_state(3, hands=[hand_of(EX1, "4C"), MARRIED, hand_of(EX6C)], phase="discard",
                       out=[None, "middle_drop", None], discard="6D")
    r = act(state, Action.declare(0, K("4C"), groups(EX1))).result
    assert r.value == (0, 0, 0) and r.points[1] == 70 and r.net[1] == -70


def test_t11_2_value_cards_false():
    r = show_ex1(2, [MARRIED], value_cards=False).result
    assert r.value == (0, 0) and sum(r.net) == 0 and r.net[0] == r.points[1]


def test_t11_2_tables_are_options():
    r = show_ex1(2, [MARRIED], marriage_table=[40, 80, 120]).result
    assert r.value == (0, 40)
    r = show_ex1(2, [MARRIED], marriage_table=[0, 0, 0], value_table=[5, 15, 25]).result
    assert r.value == (0, 15)  # three single value cards beat an empty marriage


def test_t11_3_each_seat_in_collects_its_value_from_every_other_seat_in():
    r = show_ex1(3, [MARRIED, hand_of(EX6C)], discard="6D").result
    assert r.value == (0, 100, 0)
    assert r.net == (r.points[1] + r.points[2] - 100, -r.points[1] + 200, -r.points[2] - 100)


def test_t11_3_a_seat_left_alone_scores_its_value_with_net_value_0():
    state = make_state(2, hands=[21, MARRIED], turn=0)
    r = act(state, Action.drop(0)).result
    assert r.reason == "all_dropped" and r.winner == 1 and r.value == (0, 100)
    assert r.net == (-70, 70) and r.groups == (None, None)


# --- T12 ------------------------------------------------------------------------------------------------

def test_t12_the_deal_sums_to_0_and_money_is_points_times_point_value():
    r = show_ex1(4, [MARRIED, hand_of(EX6C), 21], out=[None, None, None, "first_drop"],
                 has_drawn=[True, True, True, False], discard="6D", point_value=0.5).result
    assert sum(r.net) == 0 and r.points[3] == 30 and r.gain == sum(r.points)
    from game.indian21 import RuleSet
    assert money(RuleSet(players=4, point_value=0.5), r) == [x * 0.5 for x in r.net]


# --- T10 with auto_arrange_losers false: the losers show -------------------------------------------------

def test_t10_losers_show_their_groups_in_turn():
    state = make_state(3, hands=[hand_of(EX1, "4C"), hand_of(EX6C), EX6D], phase="discard",
                       auto_arrange_losers=False, discard="6D")
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    assert after.phase == "show" and after.turn == 1 and after.result is None
    expect_illegal(after, Action.draw_stock(1), "wrong_phase", "T10")
    expect_illegal(after, Action.show(1, groups(EX6C)[:-1]), "show_cards_mismatch", "T10")
    assert [a.type for a in legal_actions(after)] == ["show"]
    after = act(after, Action.show(1, [flat(EX6C)]))  # all in one group: no pure sequence shown
    assert after.phase == "show" and after.turn == 2
    after = act(after, Action.show(2, [flat(EX6D)]))  # six dublees: T10.1 looks at the cards
    r = after.result
    assert after.phase == "over" and after.turn == 0 and r.winner == 0
    assert r.points == (0, 120, 2)  # 145 capped; six dublees
    assert r.groups[1] == (tuple(flat(EX6C)),)


def test_t10_shown_groups_counted_by_the_tiers():
    state = make_state(2, hands=[hand_of(EX1, "4C"), hand_of(EX6C)], phase="discard", auto_arrange_losers=False)
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    assert act(after, Action.show(1, groups(EX6C))).result.points == (0, 62)
    two_pure = groups(EX6C)[:2] + [[k for g in groups(EX6C)[2:] for k in g]]
    assert act(after, Action.show(1, two_pure)).result.points == (0, 107)  # P = 2: 145 - 9 - 29


def test_t10_shown_groups_with_fewer_pure_sequences_count_the_rest():
    state = make_state(2, hands=[hand_of(EX1, "4C"), hand_of(EX6B)], phase="discard", auto_arrange_losers=False)
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    assert act(after, Action.show(1, groups(EX6B))).result.points == (0, 107)


def test_t10_not_show_time():
    expect_illegal(make_state(2), Action.show(0, []), "not_show_time", "T10")


@pytest.mark.parametrize("players", [3, 4])
def test_t10_show_phase_with_a_seat_out(players):
    out = [None] * players
    out[1] = "first_drop"
    has_drawn = [True] * players
    has_drawn[1] = False
    state = make_state(players, hands=[hand_of(EX1, "4C")], phase="discard", auto_arrange_losers=False, out=out,
                       has_drawn=has_drawn)
    after = act(state, Action.declare(0, K("4C"), groups(EX1)))
    assert after.phase == "show" and after.turn == 2
    for _ in range(2, players):
        after = act(after, legal_actions(after)[0])
    assert after.phase == "over" and after.result.points[1] == 30 and after.result.groups[1] is None
