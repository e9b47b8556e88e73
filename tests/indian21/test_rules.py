"""The RuleSet (INDIAN_21.md "T options" and "Presets"): every option with its JSON spelling and
default, the presets by name, with_options and what is refused."""

from __future__ import annotations

import pytest

from game.indian21 import PRESETS, RulesError, RuleSet, preset
from game.indian21.rules import DEFAULT_PRESET, OPTION_NAMES

DEFAULTS = {
    "players": 2, "hand_size": 21, "value_offsets": 1, "wild_rank": "all_suits", "pj_cut_value": "ace_of_spades",
    "joker_from_discard": "refused", "max_jokers_per_meld": "unlimited", "show_pure_sequences": 3,
    "show_tunnelas": 3, "show_dublees": 8, "show_jokers": 8, "near_show_points": 2, "near_dublees": 6,
    "near_jokers": 7, "cap": 120, "half_rule": True, "half_rounding": "down", "first_drop": 30, "middle_drop": 70,
    "invalid_declare_penalty": 120, "invalid_declare_ends_deal": False, "auto_arrange_declarer": False,
    "auto_arrange_losers": True, "value_cards": True, "value_table": [10, 30, 50], "marriage_table": [100, 300, 500],
    "stock_out": "reshuffle", "format": "points", "point_value": 1, "deals": None,
}


def test_t_options_every_option_spelled_and_defaulted_as_the_table():
    assert RuleSet().to_json() == DEFAULTS
    assert set(OPTION_NAMES) == set(DEFAULTS) - {"players"}


def test_t_options_players_is_required_in_a_document_and_the_rest_default():
    assert RuleSet.from_json({"players": 4}).to_json() == DEFAULTS | {"players": 4}
    with pytest.raises(RulesError, match="players"):
        RuleSet.from_json({"cap": 100})
    with pytest.raises(RulesError, match="unknown key"):
        RuleSet.from_json({"players": 2, "cut": "7H"})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_t1_1_two_to_six_players(players):
    assert RuleSet(players=players).players == players


@pytest.mark.parametrize("players", [1, 7, 0, -2, True, 2.0, "3", None])
def test_t1_1_other_player_counts_are_refused(players):
    with pytest.raises(RulesError, match="T1.1"):
        RuleSet(players=players)


def test_t16_twenty_seven_cards_allow_two_to_five_players():
    assert RuleSet(players=5, hand_size=27).players == 5
    with pytest.raises(RulesError, match="2 to 5"):
        RuleSet(players=6, hand_size=27)
    with pytest.raises(RulesError):
        preset("27-card", 6)
    with pytest.raises(RulesError):
        RuleSet(players=6).with_options({"hand_size": 27})


def test_t16_the_27_card_preset():
    assert preset("27-card").to_json() == DEFAULTS | {
        "hand_size": 27, "value_offsets": 2, "show_pure_sequences": 4, "show_tunnelas": 4, "show_dublees": 10,
        "show_jokers": 10, "near_dublees": 8, "near_jokers": 9, "cap": 150, "invalid_declare_penalty": 150}


def test_presets_by_their_exact_names():
    assert list(PRESETS) == ["21-card standard", "27-card", "21-card no value cards", "21-card deals"]
    assert DEFAULT_PRESET == "21-card standard"
    assert preset("21-card standard").to_json() == DEFAULTS
    assert preset("21-card no value cards").to_json() == DEFAULTS | {"value_cards": False}
    assert preset("21-card deals").to_json() == DEFAULTS | {"format": "deals"}
    assert preset("21-card deals", 5).players == 5
    for name in ("Standard", "21-Card Standard", "27", None):
        with pytest.raises(RulesError, match="unknown preset"):
            preset(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [
    {"hand_size": 27}, {"value_offsets": 2}, {"wild_rank": "same_suit_only"}, {"pj_cut_value": "spade_trio"},
    {"joker_from_discard": "allowed"}, {"max_jokers_per_meld": 1}, {"show_pure_sequences": 0},
    {"show_tunnelas": 0, "show_dublees": 0, "show_jokers": 0}, {"near_show_points": 0}, {"near_dublees": 0},
    {"near_jokers": 0}, {"cap": None}, {"cap": 0}, {"half_rule": False}, {"half_rounding": "up"},
    {"first_drop": 0, "middle_drop": 100, "invalid_declare_penalty": 1}, {"invalid_declare_ends_deal": True},
    {"auto_arrange_declarer": True}, {"auto_arrange_losers": False}, {"value_cards": False},
    {"value_table": [1, 2, 3]}, {"marriage_table": [0, 0, 0]}, {"stock_out": "void"}, {"format": "deals"},
    {"point_value": 0.5}, {"point_value": 0}, {"deals": 3}, {"deals": None}, {"players": 6},
])
def test_t_options_every_value_of_the_table_is_taken(options):
    rules = RuleSet().with_options(options)
    got = rules.to_json()
    for key, value in options.items():
        assert got[key] == value
    assert RuleSet.from_json(got) == rules


@pytest.mark.parametrize("options", [
    {"hand_size": 13}, {"hand_size": "21"}, {"hand_size": 21.0}, {"value_offsets": 3}, {"value_offsets": True},
    {"wild_rank": "all"}, {"pj_cut_value": "aces"}, {"joker_from_discard": True}, {"max_jokers_per_meld": 2},
    {"max_jokers_per_meld": "1"}, {"max_jokers_per_meld": True}, {"show_pure_sequences": -1},
    {"show_dublees": 8.0}, {"near_jokers": None}, {"cap": -1}, {"cap": "none"}, {"half_rule": "yes"},
    {"half_rounding": "nearest"}, {"first_drop": -30}, {"invalid_declare_ends_deal": 1},
    {"value_cards": None}, {"value_table": [10, 30]}, {"value_table": "10,30,50"}, {"value_table": [10, 30, 50.5]},
    {"marriage_table": [100, 300, 500, 700]}, {"marriage_table": [True, 1, 2]}, {"stock_out": "block"},
    {"format": "pool101"}, {"point_value": -1}, {"point_value": float("nan")}, {"point_value": True},
    {"deals": 0}, {"deals": 1.5}, {"speed": 1}, {"players": 7}, {"jokers": "cut"},
])
def test_t_options_a_value_outside_its_list_or_an_unknown_key_is_refused(options):
    with pytest.raises(RulesError):
        RuleSet().with_options(options)


def test_t_options_with_options_needs_an_object():
    for bad in ([], "cap", None, 3):
        with pytest.raises(RulesError):
            RuleSet().with_options(bad)


def test_t10_2_pure_needed_is_show_pure_sequences_or_3():
    assert RuleSet().pure_needed == 3 and RuleSet(show_pure_sequences=4).pure_needed == 4
    assert RuleSet(show_pure_sequences=0).pure_needed == 3


def test_t14_deals_default_to_players_times_one():
    assert RuleSet(players=4, format="deals").deal_count == 4
    assert RuleSet(players=4, format="deals", deals=7).deal_count == 7


def test_rules_are_hashable_values():
    assert RuleSet(value_table=[1, 2, 3]) == RuleSet(value_table=(1, 2, 3))
    assert len({RuleSet(), RuleSet(), preset("27-card")}) == 2
