"""I1.3, I2 (the deal) and I3 (which cards are wild)."""

from __future__ import annotations

import random

import pytest

from game.indian13 import Action, RuleSet, apply, from_json, new_deal, to_json
from game.indian13.deck import KIND, deck_ids, wild_table

from .helpers import K, check_invariants


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("table", ["004", "catsatcards"])
def test_i1_3_every_physical_card_once_after_the_deal(players, table):
    state = new_deal(RuleSet(players=players, deck_table=table), random.Random(players))
    assert sorted(state.all_cards()) == deck_ids(state.rules)
    check_invariants(state)


def test_i2_1_dealer_is_random_and_seeded():
    rules = RuleSet(players=4)
    assert to_json(new_deal(rules, random.Random(9))) == to_json(new_deal(rules, random.Random(9)))
    assert {new_deal(rules, random.Random(s)).dealer for s in range(40)} == {0, 1, 2, 3}


def test_i2_3_thirteen_cards_one_at_a_time_from_the_seat_after_the_dealer():
    rules = RuleSet(players=3)
    state = new_deal(rules, random.Random(5), dealer=1)
    deck = deck_ids(rules)
    rng = random.Random(5)
    rng.shuffle(deck)
    assert state.hands[2] == deck[0:39:3] and state.hands[0] == deck[1:39:3] and state.hands[1] == deck[2:39:3]
    assert state.discard == [deck[39]]  # I2.4: the open card is the next card
    assert state.cut_joker == deck[40]  # I2.5: the cut joker the one after it
    assert state.stock[::-1] == deck[41:]  # the stock, top first


def test_i2_5_the_cut_joker_is_out_of_play_and_makes_its_rank_wild():
    state = new_deal(RuleSet(players=2), random.Random(11))
    cut = KIND[state.cut_joker]
    assert state.cut_joker not in state.stock + state.discard + [c for h in state.hands for c in h]
    assert state.wild == wild_table("cut", "aces_wild", cut)


def test_i2_6_first_turn_to_the_seat_after_the_dealer():
    for seed in range(10):
        state = new_deal(RuleSet(players=5), random.Random(seed))
        assert state.turn == (state.dealer + 1) % 5 and state.phase == "draw"
        assert state.out == [None] * 5 and state.has_drawn == [False] * 5 and state.finish is None


@pytest.mark.parametrize("jokers", ["printed_only", "none"])
def test_i3_5_no_cut_joker_without_the_cut_option(jokers):
    state = new_deal(RuleSet(players=3, jokers=jokers), random.Random(2))
    assert state.cut_joker is None and to_json(state)["cut_joker"] is None
    assert [k for k in range(53) if state.wild[k]] == ([52] if jokers == "printed_only" else [52])
    assert len(state.all_cards()) == (108 if jokers == "printed_only" else 104)
    assert from_json(to_json(state)).cut_joker is None


def test_i3_1_i3_2_printed_jokers_and_every_card_of_the_cut_rank_are_wild():
    wild = wild_table("cut", "aces_wild", K("6D"))
    assert [k for k in range(53) if wild[k]] == sorted([K("6S"), K("6H"), K("6D"), K("6C"), 52])


def test_i3_3_printed_joker_cut_aces_wild_by_default():
    wild = wild_table("cut", "aces_wild", 52)
    assert [k for k in range(53) if wild[k]] == sorted([K("AS"), K("AH"), K("AD"), K("AC"), 52])
    only = wild_table("cut", "printed_only", 52)
    assert [k for k in range(53) if only[k]] == [52]


def test_i3_3_cut_printed_joker_reported_by_the_state():
    seeds = [s for s in range(400) if KIND[new_deal(RuleSet(), random.Random(s)).cut_joker] == 52]
    assert seeds, "some deal cuts a printed joker"
    state = new_deal(RuleSet(), random.Random(seeds[0]))
    assert state.cut_is_printed_joker and state.wild[K("AH")]


def test_i2_4_the_open_card_starts_the_discard_pile():
    state = new_deal(RuleSet(players=6), random.Random(4))
    assert len(state.discard) == 1 and len(state.stock) == 162 - 78 - 2


def test_i2_2_turns_follow_seat_order():
    state = new_deal(RuleSet(players=3), random.Random(1), dealer=2)
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        state = apply(state, Action.draw_stock(state.turn))
        state = apply(state, Action.discard(state.turn, KIND[state.hands[state.turn][0]]))
    assert seen == [0, 1, 2, 0]
