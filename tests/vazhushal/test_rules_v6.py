"""V6 taking from the discard line ("wiping"), with the worked examples of 000 (Denexa) and 002
(Pagat), the first-meld ways in (V6.4), the dealt wild (V6.5, each ``first_wild`` option at play
time; the deal-time options are in test_rules_v6_5_deal.py) and the capped line (V6.6)."""

from __future__ import annotations

import pytest

from game.vazhushal import DRAW, PLAY, Action, apply, legal_draws, legal_takes, to_json
from tests.helpers import K, Ks, act, bag, expect_illegal, hand, make_state, table

# --- V6.1 / V6.2 ---------------------------------------------------------------------------------

def test_v6_1_line_kept_oldest_first():
    state = make_state(hands=["2C 5C 9D", "3C 6C"], line="3D", phase="play")
    s = act(state, Action.discard(0, K("9D")), Action.draw_stock(1), Action.discard(1, K("6C")))
    assert to_json(s)["line"] == ["3D", "9D", "6C"]


def test_v6_2_take_any_number_of_newest_cards():
    state = make_state(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH QD 4S")
    s = act(state, Action.take_line(0, 1, Ks("5S 6S 7S")))
    assert to_json(s)["line"] == ["9C"]
    assert hand(s, 0) == bag("2C KH QD 4S")  # every card discarded after the 7S comes along
    assert table(s, 0)[-1] == ["5S", "6S", "7S"]
    assert s.history == [{"player": 0, "type": "take_line", "index": 1, "meld": ["5S", "6S", "7S"]}]
    assert s.phase == PLAY


@pytest.mark.parametrize("index", [-1, 3, 99])
def test_v6_2_bad_line_index(index):
    state = make_state(hands=["5S 6S 2C"], line="9C 7S KH")
    expect_illegal(state, Action.take_line(0, index, Ks("5S 6S 7S")), "bad_line_index", "V6.2")


def test_v6_2_empty_line():
    state = make_state(hands=["5S 6S 2C"])
    expect_illegal(state, Action.take_line(0, 0, Ks("5S 6S 7S")), "bad_line_index", "V6.2")
    assert legal_takes(state) == []
    assert [o.steps[0].type for o in legal_draws(state)] == ["draw_stock"]


# --- V6.3 the deepest card starts a new meld --------------------------------------------------------

def test_v6_3_meld_required():
    state = make_state(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    expect_illegal(state, Action.take_line(0, 1), "meld_required", "V6.3")


def test_v6_3_deepest_card_must_be_in_the_meld():
    state = make_state(hands=["5S 6S 2C KD KC"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    expect_illegal(state, Action.take_line(0, 1, Ks("KD KC KH")), "deepest_card_not_in_meld", "V6.3")


def test_v6_3_meld_from_hand_and_taken_cards_only():
    state = make_state(hands=["5S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    expect_illegal(state, Action.take_line(0, 1, Ks("5S 6S 7S")), "cards_not_available", "V6.3")
    # a card below the one taken is not taken
    state = make_state(hands=["5S 2C"], melds=[["AD 2D 3D"]], line="6S 7S KH")
    expect_illegal(state, Action.take_line(0, 1, Ks("5S 6S 7S")), "cards_not_available", "V6.3")


def test_v6_3_laying_off_on_an_existing_meld_does_not_count():
    state = make_state(hands=["2C KD"], melds=[["5H 6H 7H"]], line="9C 8H")
    expect_illegal(state, Action.take_line(0, 1, Ks("5H 6H 7H 8H")), "cards_not_available", "V6.3")
    expect_illegal(state, Action.take_line(0, 1, Ks("8H")), "illegal_meld", "V4")
    assert legal_takes(state) == []


def test_v6_3_new_meld_must_not_be_identical_to_a_table_meld():
    state = make_state(players=4, hands=["5S 6S 2C"], melds=[["5S 6S 7S", "AD 2D 3D"]], line="9C 7S")
    expect_illegal(state, Action.take_line(0, 1, Ks("5S 6S 7S")), "identical_melds", "V4.5")
    assert legal_takes(state) == []


def test_v6_3_new_meld_may_come_entirely_from_the_line():
    state = make_state(hands=["2C KD"], melds=[["AD 2D 3D"]], line="9C 4S 5S 6S")
    s = act(state, Action.take_line(0, 1, Ks("4S 5S 6S")))
    assert table(s, 0)[-1] == ["4S", "5S", "6S"] and hand(s, 0) == bag("2C KD")
    # also before the first meld, when it is a pure sequence (002)
    state = make_state(hands=["2C KD"], line="9C 4S 5S 6S")
    s = act(state, Action.take_line(0, 1, Ks("4S 5S 6S")))
    assert table(s, 0) == [["4S", "5S", "6S"]]


def test_v6_3_other_taken_cards_go_to_hand_and_may_be_melded():
    state = make_state(hands=["5S 6S KD KC 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    s = act(state, Action.take_line(0, 1, Ks("5S 6S 7S")), Action.meld_(0, [Ks("KD KC KH")]))
    assert hand(s, 0) == bag("2C")


def test_v6_3_denexa_example():
    """000: line 7D-QD-3H-9S-10S-KD-10D, 8S in hand: take the 9S and 10S for 8-9-10 of spades,
    the KD and 10D go to the hand."""
    for melds in ([], ["AC 2C 3C"]):  # before or after the first meld: 8-9-10 is pure
        state = make_state(hands=["8S 5C 9D JD 6H QS 7C KH"], melds=[melds], line="7D QD 3H 9S 10S KD 10D")
        take = Action.take_line(0, 3, Ks("8S 9S 10S"))
        assert take.index in {t.index for t in legal_takes(state)}
        s = act(state, take)
        assert to_json(s)["line"] == ["7D", "QD", "3H"]
        assert hand(s, 0) == bag("5C 9D JD 6H QS 7C KH KD 10D")
        assert table(s, 0)[-1] == ["8S", "9S", "10S"]
        assert s.history[-1] == {"player": 0, "type": "take_line", "index": 3, "meld": ["8S", "9S", "10S"]}
        assert s.phase == PLAY and s.turn == 0
        # taking only the 10S is not enough for a meld; taking down to the 3H does not fit 8-9-10
        expect_illegal(state, Action.take_line(0, 2, Ks("8S 9S 10S")), "deepest_card_not_in_meld", "V6.3")


# --- V6.4 before the first meld ---------------------------------------------------------------------

PAGAT_LINE = "6C QC JH KS 9H"  # 002: 6-Q-J-K-9, oldest first
PAGAT_HAND = "8H 10H 6D 6S 2C 9D 3S AD KC 7S QS"


def pagat(melds=()):
    return make_state(hands=[PAGAT_HAND], melds=[list(melds)], line=PAGAT_LINE)


def test_v6_4a_pagat_take_the_9_for_8_9_10():
    state = pagat()
    s = act(state, Action.take_line(0, 4, Ks("8H 9H 10H")))
    assert table(s, 0) == [["8H", "9H", "10H"]]
    assert to_json(s)["line"] == ["6C", "QC", "JH", "KS"]
    assert hand(s, 0) == bag("6D 6S 2C 9D 3S AD KC 7S QS")


def test_v6_4a_pagat_take_down_to_the_jack_for_8_9_10_j():
    state = pagat()
    s = act(state, Action.take_line(0, 2, Ks("8H 9H 10H JH")))
    assert table(s, 0) == [["8H", "9H", "10H", "JH"]]
    assert to_json(s)["line"] == ["6C", "QC"]
    assert hand(s, 0) == bag("6D 6S 2C 9D 3S AD KC 7S QS KS")  # the K stays in hand


def test_v6_4a_pagat_may_not_take_down_to_the_6_for_a_set():
    state = pagat()
    exc = expect_illegal(state, Action.take_line(0, 0, Ks("6C 6D 6S")), "first_meld_not_pure", "V6.4a")
    assert "pure sequence" in exc.message
    # nor down to the 6 with the pure sequence: the 6 is not in it
    expect_illegal(state, Action.take_line(0, 0, Ks("8H 9H 10H JH")), "deepest_card_not_in_meld", "V6.3")
    assert sorted(t.index for t in legal_takes(state)) == [2, 4]


def test_v6_4a_pagat_a_seat_with_melds_may_take_down_to_the_6():
    state = pagat(melds=["JD QD KD"])
    assert 0 in {t.index for t in legal_takes(state)}
    s = act(state, Action.take_line(0, 0, Ks("6C 6D 6S")))
    assert table(s, 0)[0] == ["JD", "QD", "KD"] and sorted(table(s, 0)[1]) == ["6C", "6D", "6S"]
    assert s.melds[0][1].kind == "set"
    assert to_json(s)["line"] == []
    assert hand(s, 0) == bag("8H 10H 2C 9D 3S AD KC 7S QS QC JH KS 9H")
    assert s.line_first_dealt is False


def test_v6_4a_pure_sequence_only_no_wilds():
    state = make_state(hands=["8H JK 2C 5C"], line="3D 10H")
    expect_illegal(state, Action.take_line(0, 1, Ks("8H JK 10H")), "first_meld_not_pure", "V6.4a")
    assert legal_takes(state) == []


def test_v6_4a_wild_as_itself_in_the_pure_sequence():
    # indicator 8S: 8H is wild but stands as itself in 8-9-10 (V3.5)
    state = make_state(hands=["8H 10H 2C 5C"], line="3D 9H", indicator="8S")
    s = act(state, Action.take_line(0, 1, Ks("8H 9H 10H")))
    assert table(s, 0) == [["8H", "9H", "10H"]] and s.melds[0][0].is_pure_sequence


def _premeld_state(**kw):
    return make_state(hands=["3S 4S 5S 9D 9H 2C KD"], line="7C 9C", **kw)


def test_v6_4b_meld_before_drawing_then_take_for_any_meld():
    state = _premeld_state()
    # without the pure sequence laid down first, the 9C cannot start a set (V6.4a)
    expect_illegal(state, Action.take_line(0, 1, Ks("9C 9D 9H")), "first_meld_not_pure", "V6.4a")
    s = act(state, Action.meld_(0, [Ks("3S 4S 5S")]))
    assert s.phase == DRAW and s.turn == 0
    assert s.history == [{"player": 0, "type": "meld", "melds": [["3S", "4S", "5S"]]}]
    expect_illegal(s, Action.draw_stock(0), "must_take_line", "V6.4b")
    s = act(s, Action.take_line(0, 1, Ks("9C 9D 9H")))
    assert table(s, 0)[0] == ["3S", "4S", "5S"] and sorted(table(s, 0)[1]) == ["9C", "9D", "9H"]
    assert hand(s, 0) == bag("2C KD") and to_json(s)["line"] == ["7C"] and s.phase == PLAY


def test_v6_4b_premeld_detected_from_history():
    """Engine decision 3: a hand-written state in phase draw whose history shows this seat's meld
    this turn is a premeld: the seat must now take from the line."""
    state = make_state(hands=["9D 9H 2C KD"], melds=[["3S 4S 5S"]], line="7C 9C",
                       history=[{"player": 1, "type": "discard", "card": "9C"},
                                {"player": 0, "type": "meld", "melds": [["3S", "4S", "5S"]]}])
    expect_illegal(state, Action.draw_stock(0), "must_take_line", "V6.4b")
    assert all(o.steps[0].type == "take_line" for o in legal_draws(state))
    act(state, Action.take_line(0, 1, Ks("9C 9D 9H")))
    # the same table without that history entry: an ordinary turn
    state = make_state(hands=["9D 9H 2C KD"], melds=[["3S 4S 5S"]], line="7C 9C",
                       history=[{"player": 1, "type": "discard", "card": "9C"}])
    act(state, Action.draw_stock(0))


def test_v6_4b_second_meld_may_hold_wilds():
    state = make_state(hands=["3S 4S 5S 9D JK 2C KD"], line="7C 9C")
    s = act(state, Action.meld_(0, [Ks("3S 4S 5S")]), Action.take_line(0, 1, Ks("9C 9D JK")))
    assert len(s.melds[0]) == 2 and not s.melds[0][1].pure


def test_v6_4b_legal_draws_offers_the_premeld_and_take():
    state = _premeld_state()
    options = legal_draws(state)
    two_step = [o.steps for o in options if len(o.steps) == 2]
    assert two_step, options
    for steps in two_step:
        assert steps[0].type == "meld" and steps[1].type == "take_line"
    assert 1 in {steps[1].index for steps in two_step}
    for option in options:  # every witness applies
        s = state
        for step in option.steps:
            s = apply(s, step)


def test_v6_4b_premeld_must_be_pure():
    state = make_state(hands=["3S JK 5S 9D 9H 2C KD"], line="7C 9C")
    expect_illegal(state, Action.meld_(0, [Ks("3S JK 5S")]), "premeld_not_pure", "V6.4b")
    state = make_state(hands=["9S 9D 9H 2C KD 3H"], line="7C 9C")
    expect_illegal(state, Action.meld_(0, [Ks("9S 9D 9H")]), "premeld_not_pure", "V6.4b")


def test_v6_4b_premeld_only_to_take():
    state = make_state(hands=["3S 4S 5S 9D 2C KD"], line="7C QH")
    expect_illegal(state, Action.meld_(0, [Ks("3S 4S 5S")]), "premeld_without_take", "V6.4b")


def test_v6_4b_only_before_the_first_meld():
    state = make_state(hands=["3S 4S 5S 9D 9H 2C"], melds=[["AD 2D 3D"]], line="7C 9C")
    expect_illegal(state, Action.meld_(0, [Ks("3S 4S 5S")]), "meld_before_draw", "V6.4b")


# --- V6.5 the dealt wild ---------------------------------------------------------------------------

def test_v6_5a_dealt_wild_as_itself_in_a_pure_sequence():
    state = make_state(hands=["9H 10H 2C 5C KD"], line="8H 3D", indicator="8S", line_first_dealt=True)
    s = act(state, Action.take_line(0, 0, Ks("8H 9H 10H")))
    assert table(s, 0) == [["8H", "9H", "10H"]] and hand(s, 0) == bag("2C 5C KD 3D")
    assert s.line == [] and s.line_first_dealt is False


def test_v6_5a_dealt_joker_not_as_itself_is_refused():
    state = make_state(hands=["9H 10H 2C 5C KD"], line="JK 3D", line_first_dealt=True)
    expect_illegal(state, Action.take_line(0, 0, Ks("JK 9H 10H")), "first_meld_not_pure", "V6.5")
    expect_illegal(state, Action.take_line(0, 0), "first_wild_forbidden", "V6.5")
    assert legal_takes(state) == []


def test_v6_5b_pure_sequence_in_hand_takes_whole_line_without_meld():
    state = make_state(hands=["3S 4S 5S 2C KD"], line="JK 7C 2D", line_first_dealt=True)
    assert any(t.index == 0 and t.meld is None for t in legal_takes(state))
    s = act(state, Action.take_line(0, 0))
    assert hand(s, 0) == bag("3S 4S 5S 2C KD JK 7C 2D")
    assert s.line == [] and s.line_first_dealt is False and s.phase == PLAY
    assert s.history == [{"player": 0, "type": "take_line", "index": 0}]
    # the pure sequence must be laid down this turn (engine decision 4), the wild need not
    expect_illegal(s, Action.discard(0, K("KD")), "pure_sequence_required", "V6.5")
    s = act(s, Action.meld_(0, [Ks("3S 4S 5S")]), Action.discard(0, K("KD")))
    assert hand(s, 0)["JK"] == 1 and s.turn == 1


def test_v6_5b_pure_sequence_on_the_table():
    state = make_state(hands=["2C KD"], melds=[["3S 4S 5S"]], line="JK 7C", line_first_dealt=True)
    s = act(state, Action.take_line(0, 0), Action.discard(0, K("KD")))
    assert hand(s, 0) == bag("2C JK 7C")


def test_v6_5b_dealt_wild_rank_card_counts_too():
    # 8H wild (indicator 8S) dealt first: same rule as a printed joker
    state = make_state(hands=["3S 4S 5S 2C KD"], line="8H 7C", indicator="8S", line_first_dealt=True)
    act(state, Action.take_line(0, 0))
    state = make_state(hands=["3S 4S 2C KD"], line="8H 7C", indicator="8S", line_first_dealt=True)
    expect_illegal(state, Action.take_line(0, 0), "first_wild_forbidden", "V6.5")


def test_v6_5b_sequence_completed_from_the_line_does_not_count():
    state = make_state(hands=["3S 4S 2C KD"], line="JK 5S", line_first_dealt=True)
    expect_illegal(state, Action.take_line(0, 0), "first_wild_forbidden", "V6.5")
    expect_illegal(state, Action.take_line(0, 0, Ks("3S 4S 5S JK")), "first_meld_not_pure", "V6.5")
    assert [t.index for t in legal_takes(state)] == [1]


def test_v6_5b_with_premeld_then_take_whole_line():
    state = make_state(hands=["3S 4S 5S 2C KD"], line="JK 7C", line_first_dealt=True)
    s = act(state, Action.meld_(0, [Ks("3S 4S 5S")]), Action.take_line(0, 0), Action.discard(0, K("KD")))
    assert hand(s, 0) == bag("2C JK 7C")


def test_v6_5_only_the_dealt_card():
    # the joker is at the bottom of the line but was discarded, not dealt: V6.3 as usual
    state = make_state(hands=["3S 4S 5S 2C KD"], line="JK 7C", line_first_dealt=False)
    expect_illegal(state, Action.take_line(0, 0), "meld_required", "V6.3")
    # a wild discarded later is an ordinary deepest card
    state = make_state(hands=["3S 4S 5S 2C KD"], line="6H JK 7C", line_first_dealt=True)
    expect_illegal(state, Action.take_line(0, 1), "meld_required", "V6.3")


def test_v6_5_first_wild_must_meld():
    opts = dict(first_wild="must_meld", line_first_dealt=True)
    state = make_state(hands=["3S 4S 5S 7D 7H 2C KD"], line="JK 7C", **opts)
    expect_illegal(state, Action.take_line(0, 0), "meld_required", "V6.3")
    assert 0 not in {t.index for t in legal_takes(state)}
    # a pure sequence laid down first, then the joker into a second meld (002 optional rule 3)
    s = act(state, Action.meld_(0, [Ks("3S 4S 5S")]), Action.take_line(0, 0, Ks("JK 7D 7H")))
    assert len(s.melds[0]) == 2 and hand(s, 0) == bag("2C KD 7C")
    # or as itself in a pure sequence: a wild-rank card
    state = make_state(hands=["9H 10H 2C KD"], line="8H 3D", indicator="8S", **opts)
    act(state, Action.take_line(0, 0, Ks("8H 9H 10H")))


@pytest.mark.parametrize("option", ["return_to_deck", "first_player_takes"])
def test_v6_5_deal_time_options_play_like_standard_when_the_wild_stays(option):
    """return_to_deck and first_player_takes act at the deal; a dealt wild still in the line
    (e.g. because a hand held a pure sequence) follows the standard rule."""
    state = make_state(hands=["3S 4S 5S 2C KD"], line="JK 7C", line_first_dealt=True, first_wild=option)
    s = act(state, Action.take_line(0, 0))
    assert hand(s, 0)["JK"] == 1
    # the V6.5b duty holds as in the standard game: lay the pure sequence down before discarding
    expect_illegal(s, Action.discard(0, K("KD")), "pure_sequence_required", "V6.5")
    act(s, Action.meld_(0, [Ks("3S 4S 5S")]), Action.discard(0, K("KD")))


# --- V6.6 the line capped at 10 cards --------------------------------------------------------------

LINE10 = "2H 3H 5H 6H 7H 9H 10H JH QH KH"


def test_v6_6_one_deck_for_three_oldest_card_goes_above_the_indicator():
    state = make_state(players=3, one_deck_for_three=True, hands=["2C 5C 9D", "3C"], line=LINE10,
                       phase="play", stock_top="8C", line_first_dealt=True)
    assert state.rules.decks == 1 and len(state.all_cards()) == 54
    stock_before = to_json(state)["stock"]
    s = act(state, Action.discard(0, K("9D")))
    doc = to_json(s)
    assert doc["line"] == LINE10.split()[1:] + ["9D"]
    assert len(doc["line"]) == 10
    assert doc["stock"] == stock_before[:-1] + ["2H", "4C"]  # second from the bottom
    assert doc["stock"][-1] == doc["indicator"] == "4C"
    assert s.line_first_dealt is False


def test_v6_6_indicator_still_drawn_last():
    state = make_state(players=3, one_deck_for_three=True, hands=["2C 5C 9D", "3C"], line=LINE10,
                       phase="play", stock=["8C", "4C"], rest_to=2)
    s = act(state, Action.discard(0, K("9D")))
    assert to_json(s)["stock"] == ["8C", "2H", "4C"]


def test_v6_6_no_move_up_to_ten():
    state = make_state(players=3, one_deck_for_three=True, hands=["2C 5C 9D"], line=LINE10.split()[1:],
                       phase="play")
    s = act(state, Action.discard(0, K("9D")))
    assert len(s.line) == 10 and len(s.stock) == len(state.stock)


def test_v6_6_no_indicator_goes_to_the_bottom():
    state = make_state(players=3, one_deck_for_three=True, hands=["2C 5C 9D"], line=LINE10,
                       phase="play", indicator=None)
    s = act(state, Action.discard(0, K("9D")))
    assert to_json(s)["stock"][-1] == "2H"


@pytest.mark.parametrize("players", [2, 4])
def test_v6_6_option_without_effect_for_other_table_sizes(players):
    state = make_state(players=players, one_deck_for_three=True, hands=["2C 5C 9D"], line=LINE10,
                       phase="play")
    s = act(state, Action.discard(0, K("9D")))
    assert len(s.line) == 11 and len(s.stock) == len(state.stock)


def test_v6_6_standard_three_players_line_unbounded():
    state = make_state(players=3, hands=["2C 5C 9D"], line=LINE10, phase="play")
    s = act(state, Action.discard(0, K("9D")))
    assert len(s.line) == 11
