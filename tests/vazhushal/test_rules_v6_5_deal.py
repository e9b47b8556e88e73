"""V6.5 first_wild options that act at the deal: return_to_deck and first_player_takes
(engine decision 5), compared with the standard deal of the same seed."""

from __future__ import annotations

import random

import pytest

from game.core.cards import JOKER, KIND_OF
from game.vazhushal import DRAW, PLAY, Action, RuleSet, legal_actions, new_hand, to_json
from game.vazhushal.deal import has_pure_sequence
from game.vazhushal.legal import pure_sequences_in
from tests.helpers import act, check_invariants, expect_illegal


def find_seed(players, want, limit=5000):
    """A seed whose standard deal turns a first line card matching ``want`` with no pure sequence
    in any hand."""
    rules = RuleSet(players=players)
    for seed in range(limit):
        state = new_hand(rules, random.Random(seed))
        if any(has_pure_sequence(h) for h in state.hands):
            continue
        if want(state, KIND_OF[state.line[0]]):
            return seed, state
    raise AssertionError("no such seed")


def is_joker(state, kind):
    return kind == JOKER


def is_wild_rank(state, kind):
    return kind != JOKER and state.wild[kind]


def is_any_wild(state, kind):
    return state.wild[kind]


def deal(players, seed, option):
    return new_hand(RuleSet(players=players, first_wild=option), random.Random(seed))


@pytest.mark.parametrize("players", [2, 4])
def test_v6_5_return_to_deck_puts_the_dealt_joker_back(players):
    seed, standard = find_seed(players, is_joker)
    state = deal(players, seed, "return_to_deck")
    check_invariants(state)
    assert state.hands == standard.hands and state.dealer == standard.dealer
    assert state.indicator == standard.indicator and state.stock[0] == standard.stock[0]
    assert KIND_OF[state.line[0]] != JOKER and len(state.line) == 1 and state.line_first_dealt
    assert standard.line[0] in state.stock[1:]  # the joker is back in the stock, above the indicator
    assert len(state.stock) == len(standard.stock)
    assert state.phase == DRAW and state.history == []


def test_v6_5_return_to_deck_only_for_a_printed_joker():
    seed, standard = find_seed(2, is_wild_rank)
    state = deal(2, seed, "return_to_deck")
    assert to_json(state)["line"] == to_json(standard)["line"]
    assert to_json(state)["stock"] == to_json(standard)["stock"]


def test_v6_5_return_to_deck_not_when_a_hand_holds_a_pure_sequence():
    rules = RuleSet(players=2)
    for seed in range(5000):
        standard = new_hand(rules, random.Random(seed))
        if KIND_OF[standard.line[0]] == JOKER and any(has_pure_sequence(h) for h in standard.hands):
            break
    else:
        raise AssertionError("no such seed")
    state = deal(2, seed, "return_to_deck")
    assert to_json(state)["line"] == ["JK"] and to_json(state)["stock"] == to_json(standard)["stock"]


def test_v6_5_return_to_deck_never_leaves_a_dealt_joker_without_a_pure_sequence():
    rules = RuleSet(players=3, first_wild="return_to_deck")
    for seed in range(300):
        state = new_hand(rules, random.Random(seed))
        if KIND_OF[state.line[0]] == JOKER:
            assert any(has_pure_sequence(h) for h in state.hands)


@pytest.mark.parametrize("want", [is_joker, is_wild_rank])
def test_v6_5_first_player_takes_the_dealt_wild(want):
    seed, standard = find_seed(2, want)
    state = deal(2, seed, "first_player_takes")
    first = (state.dealer + 1) % 2
    assert state.turn == first and state.phase == PLAY
    assert state.line == [] and state.line_first_dealt is False
    assert sorted(state.hands[first]) == sorted(standard.hands[first] + standard.line)
    assert state.history == [{"player": first, "type": "take_line", "index": 0}]
    check_invariants(state)


def test_v6_5_first_player_takes_then_discards():
    """002 optional rule 5: the first player takes the wild into the hand *and discards* to restart
    the line.  The first player holds no pure sequence (that is when the option applies), so the
    discard must be legal without melding."""
    seed, _ = find_seed(2, is_any_wild)
    state = deal(2, seed, "first_player_takes")
    first = state.turn
    assert legal_actions(state), "the first player has no legal action after taking the dealt wild"
    card = KIND_OF[state.hands[first][0]]
    after = act(state, Action.discard(first, card))
    assert after.turn == 1 - first and after.phase == DRAW
    assert [KIND_OF[c] for c in after.line] == [card]


def test_v6_5_first_player_takes_not_when_a_hand_holds_a_pure_sequence():
    rules = RuleSet(players=2)
    for seed in range(5000):
        standard = new_hand(rules, random.Random(seed))
        if standard.wild[KIND_OF[standard.line[0]]] and any(has_pure_sequence(h) for h in standard.hands):
            break
    else:
        raise AssertionError("no such seed")
    assert to_json(deal(2, seed, "first_player_takes"))["line"] == to_json(standard)["line"]


@pytest.mark.parametrize("option", ["standard", "must_meld"])
def test_v6_5_play_time_options_leave_the_deal_alone(option):
    seed, standard = find_seed(2, is_joker)
    a, b = to_json(deal(2, seed, option)), to_json(standard)
    del a["rules"], b["rules"]
    assert a == b


def test_v6_5b_duty_under_first_player_takes_when_the_option_does_not_fire():
    """first_player_takes does not fire when a hand holds a pure sequence; if the first player holds
    one and takes the dealt wild without a meld (V6.5b) as the first action of the hand, the pure
    sequence must still be laid down before the discard (engine decision 4)."""
    rules = RuleSet(players=2, first_wild="first_player_takes")
    for seed in range(5000):
        state = new_hand(rules, random.Random(seed))
        first = state.turn
        if state.line_first_dealt and state.wild[KIND_OF[state.line[0]]] and has_pure_sequence(state.hands[first]):
            break
    else:
        raise AssertionError("no such seed")
    assert state.history == [] and state.phase == DRAW
    s = act(state, Action.take_line(first, 0))
    seq = pure_sequences_in(s.hands[first])[0]
    spare = next(KIND_OF[c] for c in s.hands[first] if KIND_OF[c] not in seq)
    expect_illegal(s, Action.discard(first, spare), "pure_sequence_required", "V6.5")
    act(s, Action.meld_(first, [seq]))
