"""The RuleSet of Indian Marriage: every option of INDIAN_21.md ("M options") as data, and the presets.

Each field is spelled as in the options table; the defaults are the rules' **DEFAULT** values (the
``Marriage standard`` preset).  An option of 21-card Indian Rummy (a T-option) is an unknown key here.

>>> RuleSet(players=3).max_wilds_per_combo
2
>>> preset("Marriage maalCounter", 4).double_marriage_points
30
>>> RuleSet.from_json({"players": 2, "deals": None}).to_json()["format"]
'deals'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.errors import RulesError
from game.core.options import RuleOptions, check_kinds, check_stakes, is_int, preset_reader

# option: allowed string values (the first is the default)
UNSEEN_MAAL = ("counted", "zero")  # M10.3
STOCK_OUTS = ("reshuffle", "void")  # M9
FORMATS = ("deals", "points")  # M12
WILDS_PER_COMBO = (1, 2)  # M3.4

_CHOICES: dict[str, tuple[str, ...]] = {"unseen_maal": UNSEEN_MAAL, "stock_out": STOCK_OUTS, "format": FORMATS}
_FLAGS = ("dublee_route", "finish_same_turn", "dublee_finish_without_show")
_AMOUNTS = ("double_marriage_points", "seen_game_points", "unseen_game_points", "dublee_bonus",
            "invalid_finish_penalty")
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # M1.1


@dataclass(frozen=True, slots=True)
class RuleSet(RuleOptions):
    """Options of INDIAN_21.md Part B; the defaults are the ``Marriage standard`` preset."""

    UNKNOWN_KEY: ClassVar[str] = "unknown rule option {key!r} for Indian Marriage; options: {names}"
    UNKNOWN_OPTION: ClassVar[str] = UNKNOWN_KEY

    players: int = 2  # M1.1: 2 to 5
    dublee_route: bool = True  # M6.1b: seeing the maal by seven dublees
    finish_same_turn: bool = True  # M7.1: finishing in the turn one sees
    dublee_finish_without_show: bool = False  # M7.2: eight dublees finish without an earlier show (JB)
    max_wilds_per_combo: int = 2  # M3.4: jokers standing in, 1 or 2
    unseen_maal: str = "counted"  # M10.3
    double_marriage_points: int = 20  # M10.2 (MC: 30)
    seen_game_points: int = 3  # M11
    unseen_game_points: int = 10  # M11
    dublee_bonus: int = 5  # M11: a W2 win
    invalid_finish_penalty: int = 10  # M8
    stock_out: str = "reshuffle"  # M9
    format: str = "deals"  # M12
    point_value: int | float = 1  # M12
    deals: int | None = None  # M12; None: players x 1

    def __post_init__(self) -> None:
        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"M1.1: rules.players must be a whole number from 2 to 5, not {self.players!r}")
        check_kinds(self, _CHOICES, _FLAGS, _AMOUNTS)
        if not is_int(self.max_wilds_per_combo) or self.max_wilds_per_combo not in WILDS_PER_COMBO:
            raise RulesError(f"M3.4: rules.max_wilds_per_combo must be 1 or 2, not {self.max_wilds_per_combo!r}")
        check_stakes(self, "M12", "M12")


OPTION_NAMES: tuple[str, ...] = RuleSet.option_names()


PRESETS: dict[str, RuleSet] = {
    "Marriage standard": RuleSet(),
    "Marriage maalCounter": RuleSet(double_marriage_points=30),
    "Marriage seen-only maal": RuleSet(unseen_maal="zero"),
}
DEFAULT_PRESET = "Marriage standard"


preset = preset_reader(PRESETS)  # a named preset (INDIAN_21.md "M options"), optionally for another number of players
