"""The RuleSet of 13-card Indian Rummy: every option of INDIAN_RUMMY.md as data, and the presets.

Each field is spelled as in CONTRACT.md ("13-card Indian Rummy", the options table); the defaults
are the rules' **DEFAULT (chosen)** values (the ``Standard points`` preset).

>>> RuleSet(players=5).decks
3
>>> preset("CatsAtCards classic", 3).cards_in_deck
53
>>> RuleSet.from_json({"players": 2, "cap": None}).to_json()["cap"] is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import RulesError
from game.core.options import CutJokerRules, check_kinds, check_stakes, is_int, preset_reader

# option: allowed string values (the first is the default)
DECK_TABLES = ("004", "catsatcards")  # I1.2
JOKER_MODES = ("cut", "printed_only", "none")  # I3.5
PJ_CUTS = ("aces_wild", "printed_only")  # I3.3
JOKER_FROM_DISCARD = ("refused", "allowed")  # I5.6
FULL_COUNTS = ("capped", "flat")  # I10.4
STOCK_OUTS = ("reshuffle", "void")  # I11
FORMATS = ("points", "pool101", "pool201", "deals")  # I12

_CHOICES: dict[str, tuple[str, ...]] = {
    "deck_table": DECK_TABLES, "jokers": JOKER_MODES, "pj_cut": PJ_CUTS,
    "joker_from_discard": JOKER_FROM_DISCARD, "full_count": FULL_COUNTS, "stock_out": STOCK_OUTS,
    "format": FORMATS,
}
_FLAGS = ("pj_cut_double_score", "four_card_life", "auto_arrange_declarer", "auto_arrange_losers",
          "first_turn_bonus", "invalid_declare_ends_deal", "count_melded_cards")
_AMOUNTS = ("invalid_declare_penalty", "first_drop", "middle_drop")


@dataclass(frozen=True, slots=True)
class RuleSet(CutJokerRules):
    """Options of INDIAN_RUMMY.md; the defaults are the ``Standard points`` preset."""

    players: int = 2  # I1.1: 2 to 6
    deck_table: str = "004"  # I1.2
    jokers: str = "cut"  # I3.5
    pj_cut: str = "aces_wild"  # I3.3
    pj_cut_double_score: bool = False  # I3.3 (003 variant)
    joker_from_discard: str = "refused"  # I5.6
    max_jokers_per_meld: int | str = 1  # I6.5: 1 or "unlimited"
    four_card_life: bool = False  # I7.3
    auto_arrange_declarer: bool = False  # I7.4
    auto_arrange_losers: bool = True  # I7.5
    first_turn_bonus: bool = False  # I7.6
    invalid_declare_penalty: int = 80  # I8.2
    invalid_declare_ends_deal: bool = False  # I8.2
    first_drop: int = 10  # I9.3
    middle_drop: int = 30  # I9.3
    full_count: str = "capped"  # I10.4
    count_melded_cards: bool = False  # I10.5
    cap: int | None = 80  # I10.4; None: no cap (the rules' cap=none)
    stock_out: str = "reshuffle"  # I11
    format: str = "points"  # I12.4
    point_value: int | float = 1  # I12.1
    deals: int | None = None  # I12.3; None: players x 1

    def __post_init__(self) -> None:
        if not is_int(self.players) or not 2 <= self.players <= 6:
            raise RulesError(f"I1.1: rules.players must be a whole number from 2 to 6, not {self.players!r}")
        check_kinds(self, _CHOICES, _FLAGS, _AMOUNTS)
        self.check_jokers_and_cap("I6.5", "I10.4")
        check_stakes(self, "I12.1", "I12.3")

    # --- what follows from the options ---------------------------------------------------------

    @property
    def decks(self) -> int:
        """I1.2: 52-card decks in play."""
        if self.deck_table == "004":
            return 3 if self.players >= 5 else 2
        return 1 if self.players <= 3 else 2

    @property
    def printed_jokers_per_deck(self) -> int:
        """I1.2, I3.5: 2 a deck with the 004 table, 1 with 003's, none with ``jokers=none``."""
        if self.jokers == "none":
            return 0
        return 2 if self.deck_table == "004" else 1

    @property
    def cards_in_deck(self) -> int:
        return self.decks * (52 + self.printed_jokers_per_deck)

    @property
    def trios(self) -> bool:
        """I6.6: three identical cards count as a pure sequence only with 3 decks."""
        return self.decks == 3

OPTION_NAMES: tuple[str, ...] = RuleSet.option_names()

PRESETS: dict[str, RuleSet] = {
    "Standard points": RuleSet(),
    "CatsAtCards classic": RuleSet(deck_table="catsatcards", pj_cut="printed_only", middle_drop=40,
                                   count_melded_cards=True, cap=None, stock_out="void",
                                   joker_from_discard="allowed"),
    "Strict online (004)": RuleSet(four_card_life=True, auto_arrange_losers=False),
    "Pool 101": RuleSet(format="pool101"),
    "Pool 201": RuleSet(format="pool201"),
    "Deals": RuleSet(format="deals"),
}
DEFAULT_PRESET = "Standard points"


preset = preset_reader(PRESETS)  # a named preset (INDIAN_RUMMY.md "Presets"), optionally for another number of players
