"""M1-M2: the cards and the deal: 3 decks without printed jokers, the dealer, 21 cards one at a
time, the open card, the expose phase and the first turn."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.marriage import Action, RuleSet, legal_actions, new_deal
from game.marriage.deck import DECK_IDS, KIND, deck_ids

from .helpers import K, act, expect_illegal, make_state, toks


def test_m1_1_three_decks_without_printed_jokers_156_cards():
    ids = deck_ids()
    assert len(ids) == 156 and len(set(ids)) == 156
    counts = Counter(KIND[c] for c in ids)
    assert set(counts) == set(range(52)) and set(counts.values()) == {3}
    for n in (2, 3, 4, 5):
        state = new_deal(RuleSet(players=n), random.Random(n))
        assert sorted(state.all_cards()) == sorted(DECK_IDS)


def test_m2_1_dealer_random_from_the_seed_and_21_cards_one_at_a_time():
    dealers = {new_deal(RuleSet(players=4), random.Random(seed)).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    for seed in range(5):
        rng = random.Random(seed)
        state = new_deal(RuleSet(players=3), random.Random(seed))
        assert state.dealer == rng.randrange(3)
        deck = deck_ids()
        rng.shuffle(deck)
        first = (state.dealer + 1) % 3
        for i in range(63):  # one at a time from the seat after the dealer
            assert state.hands[(first + i) % 3][i // 3] == deck[i]
        assert [len(h) for h in state.hands] == [21, 21, 21]
        assert state.discard == [deck[63]]  # M2.2: the next card is the open card
        assert state.stock[::-1] == deck[64:]  # the rest is the stock, top first


def test_m2_1_the_same_seed_deals_the_same_deal():
    a = new_deal(RuleSet(players=5), random.Random(9))
    b = new_deal(RuleSet(players=5), random.Random(9))
    assert a.hands == b.hands and a.stock == b.stock and a.dealer == b.dealer


def test_m2_2_no_joker_is_known_after_the_deal():
    state = new_deal(RuleSet(players=2), random.Random(1))
    assert state.tiplu is None and state.jokers is None and state.seen == [None, None]
    assert len(state.stock) == 156 - 42 - 1


def test_m2_3_each_seat_exposes_once_in_turn_from_the_seat_after_the_dealer():
    state = new_deal(RuleSet(players=3), random.Random(4))
    order = []
    while state.phase == "expose":
        order.append(state.turn)
        assert legal_actions(state)[0] == Action.expose(state.turn, [])
        state = act(state, Action.expose(state.turn, []))
    first = (state.dealer + 1) % 3
    assert order == [first, (first + 1) % 3, state.dealer]
    assert state.phase == "draw" and state.turn == first  # M2.4: the seat after the dealer plays first


def test_m2_3_dealt_tunnelas_are_laid_face_up():
    state = make_state(3, hands=["6H 6H 6H KS KS KS"], phase="expose", turn=0, dealer=2)
    listed = [a.groups for a in legal_actions(state)]
    six, kings = (K("6H"),) * 3, (K("KS"),) * 3
    assert listed[0] == () and {(six,), (kings,), (kings, six)} <= set(listed)
    after = act(state, Action.expose(0, [[K("6H")] * 3]))
    assert [toks(g) for g in after.exposed[0]] == [["6H", "6H", "6H"]]
    assert len(after.hands[0]) == 18 and after.held(0) == 21 and after.turn == 1


def test_m2_3_only_tunnelas_and_only_before_the_first_draw():
    state = make_state(3, hands=["6H 6H 6H 7H 8H 9H"], phase="expose", turn=0, dealer=2)
    expect_illegal(state, Action.expose(0, [[K("7H"), K("8H"), K("9H")]]), "not_a_tunnela", "M2.3")
    expect_illegal(state, Action.expose(0, [[K("6H")] * 3, [K("6H")] * 3]), "cards_not_in_hand", "M2.3")
    expect_illegal(state, Action.expose(0, [[K("QC")] * 3]), "cards_not_in_hand", "M2.3")
    expect_illegal(state, Action.draw_stock(0), "expose_first", "M2.3")
    expect_illegal(state, Action.expose(1, []), "not_your_turn", "M2.3")
    later = make_state(3, hands=["6H 6H 6H"])
    expect_illegal(later, Action.expose(0, [[K("6H")] * 3]), "not_expose_time", "M2.3")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_m2_4_the_seat_after_the_dealer_plays_first(players):
    state = new_deal(RuleSet(players=players), random.Random(players))
    assert state.turn == (state.dealer + 1) % players and state.phase == "expose"
    while state.phase == "expose":
        state = act(state, Action.expose(state.turn, []))
    assert state.turn == (state.dealer + 1) % players
