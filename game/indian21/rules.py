"""The RuleSet of 21-card Indian Rummy (and 27-card Rummy, its preset): every option of the
"T options" table of INDIAN_21.md as data, and the four presets.

Each field is spelled as in that table; the defaults are the rules' DEFAULT values (the
``21-card standard`` preset).

>>> RuleSet(players=6).hand_size
21
>>> preset("27-card", 5).to_json()["show_pure_sequences"]
4
>>> RuleSet.from_json({"players": 2, "cap": None}).to_json()["value_table"]
[10, 30, 50]
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import RulesError
from game.core.options import UNLIMITED, CutJokerRules, check_kinds, check_stakes, is_int, preset_reader

# option: allowed string values (the first is the default)
WILD_RANKS = ("all_suits", "same_suit_only")  # T3.2
PJ_CUT_VALUES = ("ace_of_spades", "spade_trio")  # T3.5
JOKER_FROM_DISCARD = ("refused", "allowed")  # T4.2
HALF_ROUNDINGS = ("down", "up")  # T10.4
STOCK_OUTS = ("reshuffle", "void")  # T13
FORMATS = ("points", "deals")  # T14
HAND_SIZES = (21, 27)  # T2.2, T16
VALUE_OFFSETS = (1, 2)  # T3.3, T16
MAX_PLAYERS = {21: 6, 27: 5}  # T1.1, T16

_CHOICES: dict[str, tuple[str, ...]] = {
    "wild_rank": WILD_RANKS, "pj_cut_value": PJ_CUT_VALUES, "joker_from_discard": JOKER_FROM_DISCARD,
    "half_rounding": HALF_ROUNDINGS, "stock_out": STOCK_OUTS, "format": FORMATS,
}
_NUMBERS: dict[str, tuple[int, ...]] = {"hand_size": HAND_SIZES, "value_offsets": VALUE_OFFSETS}
_FLAGS = ("half_rule", "invalid_declare_ends_deal", "auto_arrange_declarer", "auto_arrange_losers", "value_cards")
_AMOUNTS = ("show_pure_sequences", "show_tunnelas", "show_dublees", "show_jokers", "near_show_points",
            "near_dublees", "near_jokers", "first_drop", "middle_drop", "invalid_declare_penalty")
_TABLES = ("value_table", "marriage_table")
_RULE_OF = {  # the rule each option belongs to, for messages
    "hand_size": "T2.2", "value_offsets": "T3.3", "wild_rank": "T3.2", "pj_cut_value": "T3.5",
    "joker_from_discard": "T4.2", "max_jokers_per_meld": "T6.5", "show_pure_sequences": "T7.2",
    "show_tunnelas": "T7.2", "show_dublees": "T7.2", "show_jokers": "T7.2", "near_show_points": "T10.1",
    "near_dublees": "T10.1", "near_jokers": "T10.1", "cap": "T10.3", "half_rule": "T10.4",
    "half_rounding": "T10.4", "first_drop": "T9", "middle_drop": "T9", "invalid_declare_penalty": "T8",
    "invalid_declare_ends_deal": "T8", "auto_arrange_declarer": "T7.1", "auto_arrange_losers": "T10",
    "value_cards": "T11.2", "value_table": "T11.2", "marriage_table": "T11.2", "stock_out": "T13",
    "format": "T14", "point_value": "T12", "deals": "T14",
}


@dataclass(frozen=True, slots=True)
class RuleSet(CutJokerRules):
    """Options of INDIAN_21.md Part A; the defaults are the ``21-card standard`` preset."""

    players: int = 2  # T1.1: 2 to 6 (2 to 5 with 27 cards, T16)
    hand_size: int = 21  # T2.2; 27 (T16)
    value_offsets: int = 1  # T3.3: one upper and one lower joker; 2 (T16)
    wild_rank: str = "all_suits"  # T3.2
    pj_cut_value: str = "ace_of_spades"  # T3.5
    joker_from_discard: str = "refused"  # T4.2
    max_jokers_per_meld: int | str = UNLIMITED  # T6.5: 1 or "unlimited"
    show_pure_sequences: int = 3  # T7.2a (0: that way is off)
    show_tunnelas: int = 3  # T7.2b
    show_dublees: int = 8  # T7.2c
    show_jokers: int = 8  # T7.2d
    near_show_points: int = 2  # T10.1 (0: T10.1 is off)
    near_dublees: int = 6  # T10.1
    near_jokers: int = 7  # T10.1
    cap: int | None = 120  # T10.3; None: no cap
    half_rule: bool = True  # T10.4
    half_rounding: str = "down"  # T10.4
    first_drop: int = 30  # T9
    middle_drop: int = 70  # T9
    invalid_declare_penalty: int = 120  # T8
    invalid_declare_ends_deal: bool = False  # T8
    auto_arrange_declarer: bool = False  # T7.1 (judged as submitted, I7.4)
    auto_arrange_losers: bool = True  # T10
    value_cards: bool = True  # T11
    value_table: tuple[int, ...] = (10, 30, 50)  # T11.2: 1, 2, 3 cards of one value type
    marriage_table: tuple[int, ...] = (100, 300, 500)  # T11.2: 1, 2, 3 marriages
    stock_out: str = "reshuffle"  # T13
    format: str = "points"  # T14
    point_value: int | float = 1  # T12
    deals: int | None = None  # T14; None: players x 1

    def __post_init__(self) -> None:
        for name, allowed in _NUMBERS.items():
            value = getattr(self, name)
            if not is_int(value) or value not in allowed:
                raise RulesError(f"{_RULE_OF[name]}: rules.{name} must be one of "
                                 f"{', '.join(map(str, allowed))}, not {value!r}")
        most = MAX_PLAYERS[self.hand_size]
        if not is_int(self.players) or not 2 <= self.players <= most:
            raise RulesError(f"T1.1: rules.players must be a whole number from 2 to {most} with "
                             f"{self.hand_size} cards, not {self.players!r}")
        check_kinds(self, _CHOICES, _FLAGS, _AMOUNTS, _RULE_OF)
        for name in _TABLES:
            value = getattr(self, name)
            if not isinstance(value, (list, tuple)) or len(value) != 3 or not all(is_int(v) for v in value):
                raise RulesError(f"T11.2: rules.{name} must be a list of 3 whole numbers, not {value!r}")
            object.__setattr__(self, name, tuple(value))
        self.check_jokers_and_cap("T6.5", "T10.3")
        check_stakes(self, "T12", "T14")

    # --- what follows from the options ---------------------------------------------------------

    @property
    def pure_needed(self) -> int:
        """T10.2: the pure sequences after which only cards outside melds count
        (``show_pure_sequences``, or 3 when that is 0)."""
        return self.show_pure_sequences or 3

OPTION_NAMES: tuple[str, ...] = RuleSet.option_names()

# T16: what 27-card Rummy changes ("21 cards" reads hand_size throughout)
TWENTY_SEVEN = dict(hand_size=27, value_offsets=2, show_pure_sequences=4, show_tunnelas=4, show_dublees=10,
                    show_jokers=10, near_dublees=8, near_jokers=9, cap=150, invalid_declare_penalty=150)

PRESETS: dict[str, RuleSet] = {
    "21-card standard": RuleSet(),
    "27-card": RuleSet(**TWENTY_SEVEN),  # type: ignore[arg-type]
    "21-card no value cards": RuleSet(value_cards=False),
    "21-card deals": RuleSet(format="deals"),
}
DEFAULT_PRESET = "21-card standard"


preset = preset_reader(PRESETS)  # a named preset (INDIAN_21.md "Presets"), optionally for another number of players
