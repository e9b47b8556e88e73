"""The RuleSet: every option of RULES.md as data, and the named presets.

>>> RuleSet(players=3).decks
2
>>> preset("Three with one deck").decks
1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from game.core.errors import RulesError
from game.core.options import preset_reader

FIRST_WILD_OPTIONS = ("standard", "must_meld", "return_to_deck", "first_player_takes")
TARGET_WIN_CHOICES = (1, 3, 5, 7, 10, 0)  # 0 = unlimited (V11)


def deck_count(players: int, one_deck_for_three: bool) -> int:
    """V1: how many 54-card decks a table uses."""
    if players <= 2 or (players == 3 and one_deck_for_three):
        return 1
    return 2


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Options of RULES.md; the defaults are the ``Standard`` preset."""

    players: int = 2
    negative_joker: bool = True  # V3.4
    first_wild: str = "standard"  # V6.5
    one_deck_for_three: bool = False  # V1, V6.6 (applies to 3 players only)
    redeal_on_three_doubles: bool = True  # V2.3 (two decks only)
    wild_in_hand_value: int = 20  # V10
    target_wins: int = 5  # V11, 0 = unlimited

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise RulesError(f"rules.players must be 2 to 6, not {self.players!r}")
        for name in ("negative_joker", "one_deck_for_three", "redeal_on_three_doubles"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"rules.{name} must be true or false")
        if self.first_wild not in FIRST_WILD_OPTIONS:
            raise RulesError(f"rules.first_wild must be one of {', '.join(FIRST_WILD_OPTIONS)}")
        for name in ("wild_in_hand_value", "target_wins"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RulesError(f"rules.{name} must be a whole number >= 0")

    @property
    def decks(self) -> int:
        """V1: one deck for two players (or three with ``one_deck_for_three``), else two."""
        return deck_count(self.players, self.one_deck_for_three)

    @property
    def line_cap(self) -> int | None:
        """V6.6: the discard line holds at most 10 cards with one deck for three."""
        return 10 if self.players == 3 and self.one_deck_for_three else None

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> RuleSet:
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise RulesError(f"rules has unknown key {unknown[0]!r}")
        missing = [n for n in names if n not in data]
        if missing:
            raise RulesError(f"rules is missing key {missing[0]!r}")
        return cls(**data)

    def with_players(self, players: int) -> RuleSet:
        return replace(self, players=players)

    def with_options(self, options: object) -> RuleSet:
        """This RuleSet with ``options`` (a JSON object of option values) set on top; raises
        :class:`RulesError` for anything else, an unknown option or a value the rules refuse."""
        if not isinstance(options, dict):
            raise RulesError("rule options must be a JSON object of option names and values")
        names = {f.name for f in fields(self)}
        unknown = sorted(set(options) - names, key=str)
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r}; options: {', '.join(sorted(names))}")
        return replace(self, **options)


PRESETS: dict[str, RuleSet] = {
    "Standard": RuleSet(),
    "Two-player classic": RuleSet(players=2),
    "Easy wilds": RuleSet(negative_joker=True, first_wild="first_player_takes"),
    "Printed jokers only": RuleSet(negative_joker=False),
    "Three with one deck": RuleSet(players=3, one_deck_for_three=True),
}


preset = preset_reader(PRESETS)  # a named preset (RULES.md "Presets"), optionally for another number of players
