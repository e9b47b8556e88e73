"""T1-T3: the cards, the deal, and what the cut joker makes wild and worth value points."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.cards import JOKER
from game.indian21 import RuleSet, new_deal, preset
from game.indian21.deck import DECK_COUNTS, DECK_IDS, KIND, jokers_of
from game.indian21.melds import read_group

from .helpers import K, Ks, check_invariants, kinds_text, meld_rules


def wild_text(rules: RuleSet, cut: str) -> list[str]:
    return kinds_text(k for k in range(53) if jokers_of(rules, K(cut)).wild[k])


def values_text(rules: RuleSet, cut: str) -> list[str]:
    return kinds_text(jokers_of(rules, K(cut)).value_kinds)


# --- T1 --------------------------------------------------------------------------------------------

def test_t1_1_three_decks_and_three_printed_jokers_159_cards():
    assert len(DECK_IDS) == 159 == len(set(DECK_IDS))
    assert DECK_COUNTS == tuple([3] * 53)
    assert Counter(KIND[c] for c in DECK_IDS)[JOKER] == 3


def test_t1_2_identical_cards_are_tracked_one_by_one():
    state = new_deal(RuleSet(players=6), random.Random(4))
    assert sorted(state.all_cards()) == list(DECK_IDS)
    assert len({KIND[c] for c in DECK_IDS}) == 53  # three physical cards of every kind


def test_t1_3_ace_high_or_low_never_both():
    mr = meld_rules("7H")
    assert read_group(Ks("AS 2S 3S"), mr).pure and read_group(Ks("QS KS AS"), mr).pure
    assert not read_group(Ks("KS AS 2S"), mr).meld
    assert not read_group(Ks("QS KS AS 2S"), mr).meld


# --- T2 --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_t2_2_twenty_one_cards_each(players):
    state = new_deal(RuleSet(players=players), random.Random(players))
    assert [len(h) for h in state.hands] == [21] * players
    assert len(state.stock) == 159 - 21 * players - 2 and len(state.discard) == 1
    check_invariants(state)


@pytest.mark.parametrize("players", [2, 5])
def test_t16_twenty_seven_cards_each(players):
    state = new_deal(preset("27-card", players), random.Random(players))
    assert [len(h) for h in state.hands] == [27] * players
    check_invariants(state)


def test_t2_1_the_dealer_is_random_and_seeded():
    dealers = {new_deal(RuleSet(players=5), random.Random(seed)).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    a = new_deal(RuleSet(players=4), random.Random(9))
    b = new_deal(RuleSet(players=4), random.Random(9))
    assert a.dealer == b.dealer and a.hands == b.hands and a.stock == b.stock and a.cut_joker == b.cut_joker


def test_t2_2_dealt_one_at_a_time_from_the_seat_after_the_dealer():
    class Fixed(random.Random):
        def shuffle(self, x):  # keep the deck in id order: deck[i] is card i
            pass

    rng = Fixed(0)
    state = new_deal(RuleSet(players=3), rng, dealer=1)
    assert state.hands[2][:3] == [0, 3, 6] and state.hands[0][:3] == [1, 4, 7] and state.hands[1][:2] == [2, 5]
    deck = list(DECK_IDS)
    assert state.cut_joker == deck[63]  # T2.3: the next card after the deal
    assert state.discard == [deck[64]]  # T2.4: then the open card
    assert state.stock[-1] == deck[65] and state.stock[0] == deck[-1]  # the stock's top card comes next


def test_t2_3_the_cut_joker_is_out_of_play():
    state = new_deal(RuleSet(players=2), random.Random(1))
    assert state.cut_joker not in state.stock + state.discard + state.hands[0] + state.hands[1]


def test_t2_5_the_seat_after_the_dealer_plays_first():
    for seed in range(10):
        state = new_deal(RuleSet(players=4), random.Random(seed))
        assert state.turn == (state.dealer + 1) % 4 and state.phase == "draw"
        assert state.has_drawn == [False] * 4 and state.out == [None] * 4


# --- T3 --------------------------------------------------------------------------------------------

def test_t3_1_printed_jokers_are_always_wild():
    for cut in ("7H", "AS", "KC", "JK"):
        assert jokers_of(RuleSet(), K(cut)).wild[JOKER]


def test_t3_2_the_cut_rank_is_wild_in_every_suit():
    assert wild_text(RuleSet(), "7H") == ["7S", "6H", "7H", "8H", "7D", "7C", "JK"]


def test_t3_2_same_suit_only():
    assert wild_text(RuleSet(wild_rank="same_suit_only"), "7H") == ["6H", "7H", "8H", "JK"]


@pytest.mark.parametrize("cut, wild, values", [
    ("AD", ["AS", "AH", "AD", "2D", "KD", "AC", "JK"], ["AD", "2D", "KD"]),  # upper 2, lower K
    ("2D", ["2S", "2H", "AD", "2D", "3D", "2C", "JK"], ["2D", "3D", "AD"]),  # lower A
    ("KD", ["KS", "KH", "AD", "QD", "KD", "KC", "JK"], ["KD", "AD", "QD"]),  # upper A
])
def test_t3_3_upper_and_lower_jokers_wrap(cut, wild, values):
    assert wild_text(RuleSet(), cut) == wild and values_text(RuleSet(), cut) == values


def test_t3_4_value_cards_are_the_cut_cards_copies_and_the_upper_and_lower_jokers():
    assert values_text(RuleSet(), "7H") == ["7H", "8H", "6H"]
    assert values_text(preset("27-card"), "7H") == ["7H", "8H", "9H", "6H", "5H"]


def test_t3_5_printed_joker_cut():
    assert wild_text(RuleSet(), "JK") == ["AS", "2S", "KS", "AH", "AD", "AC", "JK"]
    assert values_text(RuleSet(), "JK") == ["AS"]
    assert values_text(RuleSet(pj_cut_value="spade_trio"), "JK") == ["AS", "2S", "KS"]
    assert wild_text(RuleSet(wild_rank="same_suit_only"), "JK") == ["AS", "2S", "KS", "AH", "AD", "AC", "JK"]


def test_t16_printed_joker_cut_with_27_cards():
    rules = preset("27-card")
    assert wild_text(rules, "JK") == ["AS", "2S", "3S", "QS", "KS", "AH", "AD", "AC", "JK"]
    assert values_text(rules, "JK") == ["AS"]
    assert values_text(rules.with_options({"pj_cut_value": "spade_trio"}), "JK") == ["AS", "2S", "3S", "KS", "QS"]


def test_t3_6_a_wild_card_in_its_own_place_is_natural():
    mr = meld_rules("7H")
    assert read_group(Ks("6H 7H 8H"), mr).pure  # all three wild, each in its own place
    assert read_group(Ks("5H 6H 7H 8H 9H"), mr).pure
    assert not read_group(Ks("5H 7S 7H"), mr).pure and read_group(Ks("5H 7S 7H"), mr).sequence  # 7S for 6H


def test_t10_every_wild_card_counts_0():
    jokers = jokers_of(RuleSet(), K("7H"))
    assert [jokers.points[k] for k in Ks("7S 6H 8H JK 7C")] == [0] * 5
    assert [jokers.points[k] for k in Ks("AS KD 10C 9H 2S 6S 8C")] == [10, 10, 10, 9, 2, 6, 8]


def test_t2_4_the_open_card_starts_the_discard_pile_and_may_be_taken_even_a_joker():
    from game.indian21 import Action, apply, legal_actions

    for seed in range(60):
        state = new_deal(RuleSet(players=3), random.Random(seed))
        assert len(state.discard) == 1 and state.discard[0] not in state.stock
        if state.wild[KIND[state.discard[0]]]:  # a joker as the open card: still taken (T4.2)
            assert "take_discard" in [a.type for a in legal_actions(state)]
            after = apply(state, Action.take_discard(state.turn))
            assert after.hands[state.turn][-1] == state.discard[0]
            break
    else:
        raise AssertionError("no joker turned as the open card in 60 deals")
