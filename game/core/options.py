"""The JSON side of a game's rule set, written once: a game's ``RuleSet`` (a frozen dataclass whose
fields are ``players`` and its options) inherits :class:`RuleOptions` for ``to_json``, ``from_json``,
``with_options`` and ``with_players``; its own ``__post_init__`` checks the values.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Demo(RuleOptions):
...     players: int = 2
...     cap: int | None = 80
>>> Demo.from_json({"players": 3}).with_options({"cap": None}).to_json()
{'players': 3, 'cap': None}
>>> Demo.from_json({"players": 3, "colour": 1})
Traceback (most recent call last):
game.core.errors.RulesError: rules has unknown key 'colour'
"""

from __future__ import annotations

import math
from dataclasses import fields, replace
from typing import Any, ClassVar

from .errors import RulesError


class RuleOptions:
    """Mixin of a game's rule set: a missing option takes its default, ``players`` is required, an
    unknown key is an error (its words: :attr:`UNKNOWN_KEY` in a rules document,
    :attr:`UNKNOWN_OPTION` in a set of options)."""

    __slots__ = ()
    UNKNOWN_KEY: ClassVar[str] = "rules has unknown key {key!r}"
    UNKNOWN_OPTION: ClassVar[str] = "unknown rule option {key!r}; options: {names}"

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls) if f.name != "players")  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        """Every option, spelled as in CONTRACT.md (a table held as a tuple is written as a list)."""
        out = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def _check_keys(cls, data: dict, words: str) -> None:
        unknown = sorted(set(data) - set(cls.option_names()) - {"players"}, key=str)
        if unknown:
            raise RulesError(words.format(key=unknown[0], names=", ".join(cls.option_names())))

    @classmethod
    def from_json(cls, data: object) -> Any:
        """``players`` is required; a missing option takes its DEFAULT; an unknown key is an error."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        cls._check_keys(data, cls.UNKNOWN_KEY)
        if "players" not in data:
            raise RulesError("rules is missing key 'players'")
        return cls(**data)

    def with_options(self, options: object) -> Any:
        """This rule set with ``options`` (a JSON object of option values) set on top; an unknown
        option or a value the rules refuse raises :class:`RulesError`."""
        if not isinstance(options, dict):
            raise RulesError("rule options must be a JSON object of option names and values")
        self._check_keys(options, self.UNKNOWN_OPTION)
        return replace(self, **options)  # type: ignore[type-var]

    def with_players(self, players: int) -> Any:
        return replace(self, players=players)  # type: ignore[type-var]

    @property
    def deal_count(self) -> int:
        """Deals in a ``deals`` game (players x 1 by default) of a rule set with a ``deals`` option
        (I12.3, T14, M12)."""
        return self.deals if self.deals is not None else self.players  # type: ignore[attr-defined]


def is_int(value: object) -> bool:
    """A whole number that is not ``True`` or ``False``."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_kinds(rules: Any, choices: dict[str, tuple[str, ...]], flags: tuple[str, ...], amounts: tuple[str, ...],
                rule_of: dict[str, str] | None = None) -> None:
    """The options every rule set checks alike: each of ``choices`` one of its words, each of
    ``flags`` true or false, each of ``amounts`` a whole number >= 0; an error cites
    ``rule_of[name]`` when given."""
    def where(name: str) -> str:
        return f"{rule_of[name]}: " if rule_of and name in rule_of else ""

    for name, allowed in choices.items():
        value = getattr(rules, name)
        if not isinstance(value, str) or value not in allowed:
            raise RulesError(f"{where(name)}rules.{name} must be one of {', '.join(map(repr, allowed))}, "
                             f"not {value!r}")
    for name in flags:
        if not isinstance(getattr(rules, name), bool):
            raise RulesError(f"{where(name)}rules.{name} must be true or false, not {getattr(rules, name)!r}")
    for name in amounts:
        value = getattr(rules, name)
        if not is_int(value) or value < 0:
            raise RulesError(f"{where(name)}rules.{name} must be a whole number >= 0, not {value!r}")


def check_stakes(rules: Any, point_rule: str, deals_rule: str) -> None:
    """``point_value`` a number >= 0 and ``deals`` a whole number >= 1 or null (a series' options)."""
    value = rules.point_value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
        raise RulesError(f"{point_rule}: rules.point_value must be a number >= 0, not {value!r}")
    if rules.deals is not None and (not is_int(rules.deals) or rules.deals < 1):
        raise RulesError(f"{deals_rule}: rules.deals must be a whole number >= 1 or null, not {rules.deals!r}")


UNLIMITED = "unlimited"  # max_jokers_per_meld: no limit (I6.5, T6.5)


class CutJokerRules(RuleOptions):
    """Mixin of the rule sets of 13- and 21-card Indian Rummy: the jokers a meld may hold and the
    cap on a loser's points."""

    __slots__ = ()

    def check_jokers_and_cap(self, jokers_rule: str, cap_rule: str) -> None:
        """``max_jokers_per_meld`` 1 or 'unlimited' and ``cap`` a whole number >= 0 or null."""
        jokers, cap = self.max_jokers_per_meld, self.cap  # type: ignore[attr-defined]
        if not (jokers == UNLIMITED or (is_int(jokers) and jokers == 1)):
            raise RulesError(f"{jokers_rule}: rules.max_jokers_per_meld must be 1 or 'unlimited', not {jokers!r}")
        if cap is not None and (not is_int(cap) or cap < 0):
            raise RulesError(f"{cap_rule}: rules.cap must be a whole number >= 0 or null, not {cap!r}")

    @property
    def joker_cap(self) -> int | None:
        """I6.5, T6.5: jokers a meld may hold (``None``: no limit, one natural card is still needed)."""
        return None if self.max_jokers_per_meld == UNLIMITED else 1  # type: ignore[attr-defined]


def preset_reader(presets: dict[str, Any]) -> Any:
    """A game's ``preset(name, players=None)``: the named rule set of ``presets``, for another
    number of players when given; raises :class:`RulesError` for an unknown name or a player count
    the rules refuse."""

    def preset(name: str, players: int | None = None) -> Any:
        try:
            rules = presets[name]
        except (KeyError, TypeError):
            raise RulesError(f"unknown preset {name!r}; presets: {', '.join(presets)}") from None
        return rules if players is None else rules.with_players(players)

    return preset
