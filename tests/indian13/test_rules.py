"""The RuleSet and presets (CONTRACT.md options table, INDIAN_RUMMY.md "Presets"), I1."""

from __future__ import annotations

import doctest
import importlib

import pytest

from game.indian13 import PRESETS, RulesError, RuleSet, preset
from game.indian13.deck import deck_ids, deck_kind_counts
from game.indian13.rules import OPTION_NAMES

CONTRACT_DEFAULTS = {
    "deck_table": "004", "jokers": "cut", "pj_cut": "aces_wild", "pj_cut_double_score": False,
    "joker_from_discard": "refused", "max_jokers_per_meld": 1, "four_card_life": False,
    "auto_arrange_declarer": False, "auto_arrange_losers": True, "first_turn_bonus": False,
    "invalid_declare_penalty": 80, "invalid_declare_ends_deal": False, "first_drop": 10, "middle_drop": 30,
    "full_count": "capped", "count_melded_cards": False, "cap": 80, "stock_out": "reshuffle", "format": "points",
    "point_value": 1, "deals": None,
}


def test_every_contract_option_with_its_default():
    assert RuleSet(players=4).to_json() == {"players": 4, **CONTRACT_DEFAULTS}
    assert set(OPTION_NAMES) == set(CONTRACT_DEFAULTS)


def test_missing_options_take_defaults_and_json_round_trips():
    assert RuleSet.from_json({"players": 3}) == RuleSet(players=3)
    rules = RuleSet(players=5, cap=None, deals=4, point_value=0.5, max_jokers_per_meld="unlimited")
    assert RuleSet.from_json(rules.to_json()) == rules


@pytest.mark.parametrize("data", [
    {}, {"deck_table": "004"}, {"players": 2, "colour": "red"}, [], "x",
])
def test_bad_rules_objects(data):
    with pytest.raises(RulesError):
        RuleSet.from_json(data)


@pytest.mark.parametrize("option, value", [
    ("players", 1), ("players", 7), ("players", "2"), ("players", True),
    ("deck_table", "003"), ("jokers", "all"), ("pj_cut", "kings"), ("joker_from_discard", True),
    ("max_jokers_per_meld", 2), ("max_jokers_per_meld", True), ("max_jokers_per_meld", 1.0),
    ("max_jokers_per_meld", "none"), ("four_card_life", 1), ("auto_arrange_losers", "false"),
    ("invalid_declare_penalty", -1), ("first_drop", 10.0), ("middle_drop", None), ("full_count", "cap"),
    ("cap", -5), ("cap", "none"), ("cap", 80.5), ("stock_out", "block"), ("format", "pool"),
    ("point_value", -1), ("point_value", "1"), ("point_value", float("nan")), ("point_value", float("inf")),
    ("point_value", True), ("deals", 0), ("deals", 2.0), ("count_melded_cards", None),
])
def test_values_outside_their_list_are_refused(option, value):
    with pytest.raises(RulesError) as exc:
        RuleSet.from_json({"players": 3, option: value})
    assert option in str(exc.value)


def test_presets_are_named_exactly_as_the_rules_write_them():
    assert list(PRESETS) == ["Standard points", "CatsAtCards classic", "Strict online (004)", "Pool 101",
                             "Pool 201", "Deals"]
    assert preset("Standard points", 4) == RuleSet(players=4)
    assert preset("CatsAtCards classic", 3) == RuleSet(
        players=3, deck_table="catsatcards", pj_cut="printed_only", middle_drop=40, count_melded_cards=True,
        cap=None, stock_out="void", joker_from_discard="allowed")
    assert preset("Strict online (004)") == RuleSet(four_card_life=True, auto_arrange_losers=False)
    assert [preset(n).format for n in ("Pool 101", "Pool 201", "Deals")] == ["pool101", "pool201", "deals"]
    with pytest.raises(RulesError):
        preset("Standard")


def test_options_on_top_of_a_preset():
    rules = preset("CatsAtCards classic", 4).with_options({"cap": 60, "players": 5})
    assert rules.cap == 60 and rules.players == 5 and rules.deck_table == "catsatcards"
    with pytest.raises(RulesError):
        RuleSet().with_options({"caps": 60})
    with pytest.raises(RulesError):
        RuleSet().with_options({"cap": "high"})


def test_i1_1_two_to_six_players():
    for n in range(2, 7):
        assert RuleSet(players=n).players == n
    for n in (0, 1, 7, 12):
        with pytest.raises(RulesError):
            RuleSet(players=n)


@pytest.mark.parametrize("players, table, size, printed", [
    (2, "004", 108, 4), (3, "004", 108, 4), (4, "004", 108, 4), (5, "004", 162, 6), (6, "004", 162, 6),
    (2, "catsatcards", 53, 1), (3, "catsatcards", 53, 1), (4, "catsatcards", 106, 2), (5, "catsatcards", 106, 2),
    (6, "catsatcards", 106, 2),
])
def test_i1_2_deck_table(players, table, size, printed):
    rules = RuleSet(players=players, deck_table=table)
    ids = deck_ids(rules)
    assert len(ids) == len(set(ids)) == size == rules.cards_in_deck
    counts = deck_kind_counts(rules)
    assert counts[52] == printed and set(counts[:52]) == {rules.decks}


def test_i1_2_jokers_none_removes_printed_jokers():
    counts = deck_kind_counts(RuleSet(players=5, jokers="none"))
    assert counts[52] == 0 and sum(counts) == 156


def test_i6_6_three_decks_only_with_five_or_six_on_the_004_table():
    assert [RuleSet(players=n).trios for n in range(2, 7)] == [False, False, False, True, True]
    assert not RuleSet(players=6, deck_table="catsatcards").trios


@pytest.mark.parametrize("module", ["rules", "deck", "melds", "arrange", "actions", "deal", "legal", "formats"])
def test_module_doctests(module):
    result = doctest.testmod(importlib.import_module(f"game.indian13.{module}"))
    assert result.failed == 0 and result.attempted > 0
