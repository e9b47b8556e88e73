"""The heuristic's evaluation of a 13-card Indian Rummy hand: what a valid declaration is worth,
what a partial meld is worth, and the one-search best discard."""

from __future__ import annotations

import random

import pytest

from ai.indian13.evaluate import Evaluator, Weights
from game.core.cards import JOKER, parse_kind
from game.indian13 import RuleSet, new_deal
from game.indian13.deck import KIND, points_table, wild_table
from tests.ai.indian13.helpers import kinds


def _evaluator(cut: str, **weights: float) -> Evaluator:
    wild = wild_table("cut", "aces_wild", parse_kind(cut))
    return Evaluator(wild, points_table(wild), weights=Weights(**weights))


@pytest.mark.parametrize("hand", [
    "3H 4H 5H 9S 10S JS QS 8C 8D 8S KH KC KD",  # I14.1
    "3H 4H 5H 9S 7C JS QS 8C 8D 8S KH KC KD",  # I14.2: 7C stands for 10S
    "QH KH AH 2S 3S 4S 5C 6C 7S 8D 8S 8C 8H",  # a high ace; 7S stands for 7C
])
def test_i7_2_a_hand_that_can_declare_costs_nothing(hand):
    assert _evaluator("7D").value(kinds(hand)) == 0.0


def test_i7_2_a_hand_without_a_pure_sequence_pays_for_it():
    ev = _evaluator("7D")
    pure = ev.value(kinds("3H 4H 5H 9S 7C JS QS 8C 8D 8S KH KC KD"))
    impure = ev.value(kinds("3H 7S 5H 9S 7C JS QS 8C 8D 8S KH KC KD"))
    assert impure > pure + Weights().no_pure / 2


def test_a_partial_meld_is_worth_more_than_two_loose_cards():
    ev = _evaluator("7D")
    base = "2S 3S 4S 9H 10H JH KS KD KC"
    assert ev.value(kinds(base + " 5D 6D 2C QH")) < ev.value(kinds(base + " 5D 9D 2C QH"))
    assert ev.value(kinds(base + " 5D 6D 2C QH")) < ev.value(kinds(base + " 5D 8D 2C QH"))  # open ends
    assert ev.value(kinds(base + " 5D 5C 2C QH")) < ev.value(kinds(base + " 5D 9C 2C QH"))  # a pair


def test_i6_2_no_sequence_wraps_round_the_ace():
    ev = _evaluator("7D")
    assert ev.value(kinds("KS AS 2S 3H 4H 5H 9C 9D 9H JD JC JH 6C")) > 0
    assert ev.value(kinds("QS KS AS 3H 4H 5H 9C 9D 9H JD JC JH 6C")) < ev.value(
        kinds("KS AS 2S 3H 4H 5H 9C 9D 9H JD JC JH 6C"))


def test_best_discard_is_the_best_of_every_discard():
    rng = random.Random(3)
    for _ in range(30):
        state = new_deal(RuleSet(players=2), rng)
        ev = Evaluator(state.wild, state.points)
        hand = [KIND[c] for c in state.hands[0]] + [KIND[state.stock[-1]]]
        value, kind = ev.best_discard(hand)
        ranked = ev.discard_values(hand)
        assert value == pytest.approx(ranked[0][0])
        rest = list(hand)
        rest.remove(kind)
        assert ev.value(rest) == pytest.approx(value)
        assert not state.wild[kind] or all(state.wild[k] for k in hand)


def test_i3_wild_cards_are_kept():
    ev = _evaluator("7D")
    hand = kinds("7S 2S 3S 4S 9H 10H KS KD QC 8D 3C AH 3D JK")
    assert ev.best_discard(hand)[1] not in (parse_kind("7S"), JOKER)
    assert [k for _, k in ev.discard_values(hand)][-2:] in ([parse_kind("7S"), JOKER], [JOKER, parse_kind("7S")])


def test_crowd_prices_a_fifth_group():
    plain, crowded = _evaluator("AD"), _evaluator("AD", crowd=1.0)
    five = kinds("2S 3S 5H 6H 9C 10C JD QD KS KH 7S 4C 8D")  # five partial melds, three loose
    four = kinds("2S 3S 5H 6H 9C 10C JD QD 7S 4C 8D KH")  # four partial melds fit
    assert crowded.value(five) - plain.value(five) == pytest.approx(1.0)
    assert crowded.value(four) == pytest.approx(plain.value(four))


def test_point_weight_makes_high_cards_cost_more():
    ev = _evaluator("7D")
    hand = kinds("2S 3S 4S 9H 10H JH KS KD KC 5D 6D 2C QH")
    low = ev.value(hand)
    ev.set_point_weight(0.2)
    assert ev.value(hand) > low


def test_wild_table_is_per_deal():
    wild = wild_table("cut", "aces_wild", JOKER)
    ev = Evaluator(wild, points_table(wild))
    assert ev.value(kinds("AS AH 2S 3S 4S 9H 10H JH KS KD KC 5D 6D")) == 0.0  # aces are wild (I3.3)
