"""The M options table and the presets of INDIAN_21.md, with their exact JSON spellings."""

from __future__ import annotations

import doctest
import importlib

import pytest

from game.core.errors import RulesError
from game.marriage import DEFAULT_PRESET, GAME, PRESETS, RuleSet, preset

DEFAULTS = {
    "players": 2, "dublee_route": True, "finish_same_turn": True, "dublee_finish_without_show": False,
    "max_wilds_per_combo": 2, "unseen_maal": "counted", "double_marriage_points": 20, "seen_game_points": 3,
    "unseen_game_points": 10, "dublee_bonus": 5, "invalid_finish_penalty": 10, "stock_out": "reshuffle",
    "format": "deals", "point_value": 1, "deals": None,
}


def test_m_options_every_option_with_its_default():
    assert RuleSet().to_json() == DEFAULTS


def test_m_options_presets_have_exactly_their_names():
    assert list(PRESETS) == ["Marriage standard", "Marriage maalCounter", "Marriage seen-only maal"]
    assert DEFAULT_PRESET == GAME.default_preset == "Marriage standard"
    assert PRESETS["Marriage standard"] == RuleSet()
    assert PRESETS["Marriage maalCounter"] == RuleSet(double_marriage_points=30)
    assert PRESETS["Marriage seen-only maal"] == RuleSet(unseen_maal="zero")
    assert preset("Marriage maalCounter", 5).players == 5
    with pytest.raises(RulesError):
        preset("Standard points")


def test_m1_1_two_to_five_players():
    for n in (2, 3, 4, 5):
        assert RuleSet(players=n).players == n
    for bad in (1, 6, True, "3", 2.0):
        with pytest.raises(RulesError):
            RuleSet(players=bad)  # type: ignore[arg-type]
    assert GAME.players == (2, 5)


@pytest.mark.parametrize("options", [
    {"dublee_route": False}, {"finish_same_turn": False}, {"dublee_finish_without_show": True},
    {"max_wilds_per_combo": 1}, {"unseen_maal": "zero"}, {"double_marriage_points": 30},
    {"seen_game_points": 0, "unseen_game_points": 12, "dublee_bonus": 0, "invalid_finish_penalty": 40},
    {"stock_out": "void"}, {"format": "points", "point_value": 2.5, "deals": 4}, {"deals": None},
])
def test_m_options_values_in_their_lists(options):
    rules = RuleSet(players=3).with_options(options)
    assert {k: rules.to_json()[k] for k in options} == options
    assert RuleSet.from_json(rules.to_json()) == rules


@pytest.mark.parametrize("options", [
    {"dublee_route": 1}, {"finish_same_turn": "true"}, {"dublee_finish_without_show": None},
    {"max_wilds_per_combo": 3}, {"max_wilds_per_combo": 0}, {"max_wilds_per_combo": True},
    {"max_wilds_per_combo": "unlimited"}, {"unseen_maal": "none"}, {"double_marriage_points": -1},
    {"double_marriage_points": 2.5}, {"seen_game_points": True}, {"invalid_finish_penalty": "10"},
    {"stock_out": "redeal"}, {"format": "pool101"}, {"point_value": -1}, {"point_value": True},
    {"point_value": float("inf")}, {"deals": 0}, {"deals": 1.5}, {"players": 6},
])
def test_m_options_a_value_outside_its_list_is_refused(options):
    with pytest.raises(RulesError):
        RuleSet(players=3).with_options(options)


@pytest.mark.parametrize("key", ["cap", "wild_rank", "hand_size", "show_dublees", "value_cards", "jokers",
                                 "first_drop", "half_rule", "nonsense"])
def test_m_options_a_t_option_or_an_unknown_key_is_refused(key):
    with pytest.raises(RulesError, match=key):
        RuleSet(players=3).with_options({key: 1})
    with pytest.raises(RulesError):
        RuleSet.from_json({"players": 3, key: 1})


def test_m_options_players_is_required_in_a_document():
    with pytest.raises(RulesError, match="players"):
        RuleSet.from_json({"dublee_route": True})
    with pytest.raises(RulesError):
        RuleSet.from_json([])
    with pytest.raises(RulesError):
        RuleSet(players=3).with_options([("deals", 2)])


def test_m12_deals_default_to_players_times_one():
    assert RuleSet(players=4).deal_count == 4 and RuleSet(players=4, deals=7).deal_count == 7


@pytest.mark.parametrize("module", ["rules", "deck", "combos", "maal", "solver", "actions", "deal", "legal",
                                    "formats"])
def test_module_doctests(module):
    result = doctest.testmod(importlib.import_module(f"game.marriage.{module}"))
    assert result.failed == 0 and result.attempted > 0
