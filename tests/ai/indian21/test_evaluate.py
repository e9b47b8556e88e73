"""The heuristic's evaluation of a 21-card (27-card) hand: every way to show is worth nothing left
to find, pure sequences and partial melds are worth keeping, the points at risk follow T10's
tiers, value cards are kept for their points (T11)."""

from __future__ import annotations

import random

import pytest

from ai.indian21.evaluate import Evaluator, Weights
from game.core.cards import parse_kind
from game.indian21 import RuleSet, lowest_count, new_deal, preset
from game.indian21.deck import KIND, jokers_of
from game.indian21.melds import MeldRules
from tests.ai.indian21.helpers import kinds


def _evaluator(cut: str = "7H", rules: RuleSet | None = None, **weights: float) -> tuple[Evaluator, MeldRules]:
    rules = rules or RuleSet()
    jokers = jokers_of(rules, parse_kind(cut))
    return Evaluator(rules, jokers, Weights(**weights)), MeldRules.of(rules, jokers)


@pytest.mark.parametrize("hand, route", [
    ("2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH KS", "melds"),  # T17.1
    ("4D 4D 4D 10S 10S 10S QH QH QH 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C", "tunnelas"),  # T17.3
    ("2C 2C 5H 5H 9S 9S JD JD KC KC 3D 3D AH AH JK JK 4S 7D 10C QS 6C", "dublees"),  # T17.4
    ("JK JK 7S 7D 7C 8H 6H 7H 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS", "jokers"),  # T17.5
])
def test_t7_2_every_way_to_show_leaves_nothing_to_find(hand, route):
    ev, _ = _evaluator()
    detail = ev.detail(kinds(hand))
    assert getattr(detail, route) == pytest.approx(0.0, abs=1e-9)
    assert detail.risk == 2  # T10.1: a valid show counts 2 as a loser


def test_t7_2a_two_pure_sequences_are_not_a_show():
    ev, _ = _evaluator()
    good = ev.detail(kinds("2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH KS"))
    short = ev.detail(kinds("2S 3S 4S 9D 10D JD QC JK AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH KS"))  # T17.2
    assert short.melds > good.melds + 0.5 and short.pure == 2


@pytest.mark.parametrize("hand", [
    "KS KS JS 9S 5S 3S QH QH 10H 4H 2H KD KD JD 9D 5D 3D QC 10C 4C 2C",  # T17.6a: 156, capped
    "9S 10S JS 9D 10D JD 5C 5D 5S KH KC KS QH 10H 4H 2H 9C JC 3D 8C 6C",  # T17.6b: 107
    "2S 3S 4S 9D 10D JD QC KC AC 5C 5D 5S KH 10H 4H 2H 9C 3D 8C 6C JS",  # T17.6c: 62
    "3C 3C 6D 6D 9S 9S QH QH KD KD AS AS 2H 4C 8D 10S JC 5H 4D 10C JD",  # T17.6d: six dublees, 2
])
def test_t10_the_points_at_risk_are_the_losers_count(hand):
    ev, rules = _evaluator()
    count = lowest_count(kinds(hand), rules).points
    assert ev.detail(kinds(hand)).risk == min(count, 120)


def test_t10_2_a_pure_sequence_lowers_the_points_at_risk():
    ev, rules = _evaluator()
    none = kinds("AS 3S 5S AH 3H 5H AD 3D 5D AC 3C 5C 3S 3H 5D 5C 7S 7D 7C JK 9S")  # every card counts
    one = kinds("AS 3S 5S AH 3H 5H AD 3D 5D AC 3C 5C 2S 3H 5D 5C 7S 7D 7C JK 9S")  # AS 2S 3S is pure
    for hand in (none, one):
        assert ev.detail(hand).risk == lowest_count(hand, rules).points
    assert ev.detail(none).pure == 0 and ev.detail(one).pure >= 1
    assert ev.detail(one).risk < ev.detail(none).risk


@pytest.mark.parametrize("base, kept, broken", [
    ("2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S KD KH KS", "4H 5H 10C", "4H 9H 10C"),
    ("2S 3S 4S 9D 10D JD QC KC AC 9C 9H 9S KD KH KS 2H 3H 7C", "5D 5S 5C", "5D 5S 10C"),
], ids=["a_partial_sequence_is_worth_more_than_two_loose_cards", "a_card_that_makes_a_set_is_worth_keeping"])
def test_the_hand_that_melds_is_worth_more(base, kept, broken):
    ev, _ = _evaluator()
    assert ev.value(kinds(f"{base} {kept}")) < ev.value(kinds(f"{base} {broken}"))


def test_t6_3_a_dublee_is_a_tunnela_one_card_short():
    ev, _ = _evaluator()
    base = "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C KD KH KS 2H 3H 7C 4C"
    assert ev.value(kinds(base + " 9C 9C")) < ev.value(kinds(base + " 9C 2D"))


def test_t11_value_cards_are_worth_their_points():
    """Under a 7H cut the value cards are 7H, 8H and 6H (T3.4); a marriage scores 100 (T11.2)."""
    ev, _ = _evaluator()
    base = "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H KD KH"
    married = ev.detail(kinds(base + " 7H 8H 6H"))
    plain = ev.detail(kinds(base + " 7S 7D 7C"))
    assert married.worth == 100 and plain.worth == 0
    assert married.value < plain.value


def test_wild_cards_go_last_and_value_cards_after_the_other_wild_cards():
    ev, _ = _evaluator()
    hand = kinds("2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H KD KH 7H 7S JK")
    ranked = [k for _, k in ev.discard_values(hand)]
    wild = [k for k in ranked if ev.wild[k]]
    assert ranked[-len(wild):] == wild
    assert ranked[-1] == parse_kind("7H")  # the value card goes last


def test_t3_6_a_wild_card_as_itself_makes_a_pure_sequence():
    """Under a 7H cut every 7 is wild; 6S 7S 8S is still a pure sequence (T3.6)."""
    ev, _ = _evaluator()
    hand = kinds("6S 7S 8S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H 4H KD KH KS")
    detail = ev.detail(hand)
    assert detail.pure >= 3 and detail.melds <= Weights().own + 1e-9  # the 7S is a joker less


def test_27_card_rummy_needs_four_pure_sequences():
    rules = preset("27-card", 2)
    ev, _ = _evaluator("7H", rules)
    three = "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S KD KH KS 2C 2D 2H 10C 10D 10H"
    four = "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S KD KH KS 2C 3C 4C 10C 10D 10H"
    assert ev.detail(kinds(four + " 5H")).melds == pytest.approx(0.0, abs=1e-9)
    assert ev.detail(kinds(three + " 5H")).melds > 0.5


def test_the_evaluation_is_memoised_and_the_same_for_the_same_cards():
    state = new_deal(RuleSet(players=2), random.Random(3))
    ev = Evaluator(state.rules, state.jokers)
    hand = [KIND[c] for c in state.hands[0]]
    first = ev.detail(hand)
    assert ev.detail(list(reversed(hand))) == first
    fresh = Evaluator(state.rules, state.jokers)
    assert fresh.detail(hand) == first
