"""V1 players and cards, V2 the deal, the RuleSet options and the presets."""

from __future__ import annotations

import logging
import random
from collections import Counter

import pytest

from game.core.cards import JOKER, KIND_OF
from game.vazhushal import DRAW, PRESETS, Action, RuleSet, State, new_hand, next_hand, preset, to_json
from game.vazhushal.deal import count_doubles
from game.vazhushal.rules import RulesError
from tests.helpers import act, check_invariants, ids


class OrderedRng(random.Random):
    """A 'shuffle' that leaves the deck in id order (deck[0] on top): the deal becomes visible."""

    def shuffle(self, x):  # noqa: D401
        return None


class ReversedRng(random.Random):
    def shuffle(self, x):
        x.reverse()


# --- RuleSet and presets -----------------------------------------------------------------------

def test_ruleset_defaults_are_the_standard_preset():
    r = RuleSet()
    assert (r.players, r.negative_joker, r.first_wild, r.one_deck_for_three, r.redeal_on_three_doubles,
            r.wild_in_hand_value, r.target_wins) == (2, True, "standard", False, True, 20, 5)
    assert PRESETS["Standard"] == r


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_v1_two_to_six_players(players):
    assert RuleSet(players=players).players == players


@pytest.mark.parametrize("bad", [
    {"players": 1}, {"players": 7}, {"players": True}, {"players": "2"},
    {"negative_joker": 1}, {"first_wild": "sometimes"}, {"one_deck_for_three": "yes"},
    {"redeal_on_three_doubles": None}, {"wild_in_hand_value": -1}, {"wild_in_hand_value": 2.5},
    {"target_wins": -1}, {"target_wins": True},
])
def test_ruleset_rejects_bad_options(bad):
    with pytest.raises(RulesError):
        RuleSet(**bad)


def test_ruleset_json_round_trip_and_key_checks():
    r = RuleSet(players=4, negative_joker=False, first_wild="must_meld", wild_in_hand_value=10, target_wins=0)
    assert RuleSet.from_json(r.to_json()) == r
    doc = r.to_json()
    with pytest.raises(RulesError):
        RuleSet.from_json({**doc, "extra": 1})
    del doc["target_wins"]
    with pytest.raises(RulesError):
        RuleSet.from_json(doc)


def test_presets():
    assert set(PRESETS) == {"Standard", "Two-player classic", "Easy wilds", "Printed jokers only",
                            "Three with one deck"}
    assert preset("Two-player classic") == RuleSet(players=2)
    assert preset("Easy wilds").negative_joker and preset("Easy wilds").first_wild == "first_player_takes"
    assert preset("Printed jokers only").negative_joker is False
    three = preset("Three with one deck")
    assert three.players == 3 and three.one_deck_for_three and three.decks == 1 and three.line_cap == 10
    assert preset("Standard", 5).players == 5
    with pytest.raises(RulesError):
        preset("Nope")


# --- V1 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, decks", [(2, 1), (3, 2), (4, 2), (5, 2), (6, 2)])
def test_v1_card_count_per_table(players, decks):
    state = new_hand(RuleSet(players=players), random.Random(players))
    assert sorted(state.all_cards()) == list(range(54 * decks))
    counts = state.kind_counts()
    assert counts[JOKER] == 2 * decks
    assert all(c == decks for c in counts[:52])


def test_v1_one_deck_for_three_uses_54_cards():
    state = new_hand(RuleSet(players=3, one_deck_for_three=True), random.Random(1))
    assert sorted(state.all_cards()) == list(range(54))
    assert len(state.stock) == 54 - 39 - 1


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_v1_one_deck_for_three_has_no_effect_for_other_table_sizes(players):
    on = RuleSet(players=players, one_deck_for_three=True)
    off = RuleSet(players=players)
    assert on.decks == off.decks and on.line_cap is None
    a = to_json(new_hand(on, random.Random(5)))
    b = to_json(new_hand(off, random.Random(5)))
    del a["rules"], b["rules"]
    assert a == b


# --- V2 the deal ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_v2_fresh_deal_shape(players):
    rules = RuleSet(players=players)
    for seed in range(5):
        state = new_hand(rules, random.Random(seed))
        check_invariants(state)
        assert all(len(h) == 13 for h in state.hands)
        assert len(state.line) == 1 and state.line_first_dealt
        assert len(state.stock) == 54 * rules.decks - 13 * players - 1
        assert state.phase == DRAW and state.history == []
        assert state.turn == (state.dealer + 1) % players  # V2.6
        assert state.melds == [[] for _ in range(players)] and state.wins == [0] * players
        assert state.indicator == KIND_OF[state.stock[0]]  # V2.4: the bottom card


def test_v2_1_first_dealer_random_but_seeded():
    rules = RuleSet(players=4)
    dealers = {new_hand(rules, random.Random(seed)).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert to_json(new_hand(rules, random.Random(7))) == to_json(new_hand(rules, random.Random(7)))
    assert new_hand(rules, random.Random(7), dealer=2).dealer == 2


@pytest.mark.parametrize("players, dealer", [(2, 0), (2, 1), (3, 2), (6, 4)])
def test_v2_2_deal_one_at_a_time_starting_left_of_dealer(players, dealer):
    # (an unshuffled two-deck deal holds many doubles: switch the redeal off, V2.3 is tested below)
    state = new_hand(RuleSet(players=players, redeal_on_three_doubles=False), OrderedRng(0), dealer=dealer)
    first = (dealer + 1) % players
    for i in range(13 * players):
        seat = (first + i) % players
        assert state.hands[seat][i // players] == i  # deck[i] (top first) went to that seat
    # V2.5: the top card of the stub starts the line; V2.4: the bottom card is the indicator
    assert state.line == [13 * players]
    total = 54 * state.rules.decks
    assert state.stock[0] == total - 1 and state.indicator == KIND_OF[total - 1] == JOKER
    assert state.stock[-1] == 13 * players + 1  # the next card to draw
    assert state.turn == first  # V2.6


def test_v2_5_top_card_of_the_stock_starts_the_line():
    state = new_hand(RuleSet(players=2), OrderedRng(0), dealer=1)
    assert state.line == [26] and state.line_first_dealt  # deck[26]: the card after the 26 dealt
    assert to_json(state)["line"] == ["AD"]
    assert to_json(state)["stock"][0] == "2D"  # the next card is the new top of the stock


@pytest.mark.parametrize("players", [2, 3, 6])
def test_v2_6_left_of_dealer_plays_first_then_to_the_left(players):
    for dealer in range(players):
        state = new_hand(RuleSet(players=players), random.Random(dealer), dealer=dealer)
        assert state.turn == (dealer + 1) % players
    order = []
    for _ in range(players + 1):
        order.append(state.turn)
        seat = state.turn
        state = act(state, Action.draw_stock(seat), Action.discard(seat, KIND_OF[state.hands[seat][0]]))
    first = (state.dealer + 1) % players
    assert order == [(first + i) % players for i in range(players + 1)]


def test_v2_4_indicator_is_bottom_and_drawn_last():
    state = new_hand(RuleSet(players=2), ReversedRng(0), dealer=0)
    # reversed ids: deck[0] is id 53 (a joker) ... the bottom card is id 0, the AS
    assert state.indicator == 0 and state.stock[0] == 0
    assert to_json(state)["stock"][-1] == "AS" and to_json(state)["indicator"] == "AS"


def test_v2_4_no_indicator_when_negative_joker_off():
    state = new_hand(RuleSet(players=2, negative_joker=False), random.Random(3))
    assert state.indicator is None
    assert to_json(state)["indicator"] is None
    assert [k for k in range(53) if state.wild[k]] == [JOKER]


def _find_three_doubles_seed(players=6):
    rules_off = RuleSet(players=players, redeal_on_three_doubles=False)
    for seed in range(2000):
        state = new_hand(rules_off, random.Random(seed))
        if any(count_doubles(h) >= 3 for h in state.hands):
            return seed, state
    raise AssertionError("no seed deals three doubles")


def test_v2_3_count_doubles():
    assert count_doubles(ids("2H 2H 5C 5C JD JD 7S")) == 3
    assert count_doubles(ids("JK JK 5C 5C")) == 1  # a pair of printed jokers is not a double
    assert count_doubles(ids("AS AH AD AC")) == 0


def test_v2_3_three_doubles_redeal_same_dealer(caplog):
    seed, thrown_in = _find_three_doubles_seed()
    with caplog.at_level(logging.INFO, logger="game.vazhushal.deal"):
        state = new_hand(RuleSet(players=6), random.Random(seed))
    assert state.dealer == thrown_in.dealer  # the same dealer deals again
    assert state.hands != thrown_in.hands
    assert all(count_doubles(h) < 3 for h in state.hands)
    assert any("V2.3" in r.getMessage() for r in caplog.records)  # detected and logged
    check_invariants(state)


def test_v2_3_three_doubles_never_survive_the_deal():
    for players in (3, 6):
        rules = RuleSet(players=players)
        for seed in range(60):
            state = new_hand(rules, random.Random(seed))
            assert all(count_doubles(h) < 3 for h in state.hands)


def test_v2_3_redeal_option_off_keeps_three_doubles():
    seed, state = _find_three_doubles_seed()
    assert any(count_doubles(h) >= 3 for h in state.hands)
    check_invariants(state)


# --- V11 the next hand ---------------------------------------------------------------------------

def test_v11_next_hand_deal_passes_left_and_wins_carry_over():
    rules = RuleSet(players=3)
    state = new_hand(rules, random.Random(1), dealer=2)
    state.wins = [1, 0, 2]
    nxt = next_hand(state, random.Random(2))
    assert nxt.dealer == 0 and nxt.turn == 1
    assert nxt.wins == [1, 0, 2]
    assert nxt.wins is not state.wins
    assert nxt.phase == DRAW and nxt.history == [] and nxt.result is None
    check_invariants(nxt)


def test_v2_deal_is_deterministic_for_a_seed():
    for preset_name in PRESETS:
        for players in (2, 3, 5):
            rules = preset(preset_name, players)
            assert to_json(new_hand(rules, random.Random(11))) == to_json(new_hand(rules, random.Random(11)))


def test_fresh_deal_hands_are_dealt_physical_cards_once():
    state = new_hand(RuleSet(players=6), random.Random(0))
    counts = Counter(state.all_cards())
    assert max(counts.values()) == 1
    assert isinstance(state, State)
