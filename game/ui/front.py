"""What every game offers the desktop app: one :class:`TableFront` a game (``game.ui.<game>.FRONT``).

The app, the title, the new-game screen, How to play, the statistics, the saves and the replay
viewer reach a game's table only through its front; :mod:`game.ui.games` is the one list of them.
A game's presets and house rules are data here (:class:`Setup`, :class:`HouseRule`), so the
new-game screen builds the same widgets for every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ai.front import BotFront

# A page of How to play: (title, text, [(caption, cards, wild cards)]), cards as text ("7H 8H JK").
Page = tuple[str, str, Sequence[tuple[str, str, str]]]


@dataclass(frozen=True)
class HouseRule:
    """One option of a game's rule set as the new-game screen offers it."""

    caption: str
    option: str  # the rule set's field
    values: tuple  # the choices, in order
    words: tuple[str, ...]  # how each choice reads on the button
    line: str | tuple[str, ...]  # what it does (one line, or one a choice)
    advanced: bool = True  # under "Advanced: house rules"; False: beside the preset
    matched: bool = True  # part of what a preset fixes; False: kept when the player picks a preset

    def index(self, rules: Any) -> int:
        value = getattr(rules, self.option)
        return self.values.index(value) if value in self.values else 0

    def describe(self, rules: Any) -> str:
        return self.line if isinstance(self.line, str) else self.line[self.index(rules)]

    def choose(self, rules: Any, index: int) -> Any:
        return dataclasses.replace(rules, **{self.option: self.values[index]})


@dataclass(frozen=True)
class Setup:
    """A game's presets and house rules, as data."""

    presets: Mapping[str, Any]  # name -> rule set
    default_preset: str
    preset_words: Mapping[str, str]  # one line a preset
    rules: tuple[HouseRule, ...]
    table_note: Callable[[Any], str]  # rules for the table -> a line under the seats ("2 decks ...")
    players: tuple[int, int] = (2, 6)  # the fewest and most seats
    preset_players: Mapping[str, int] = field(default_factory=dict)  # presets for exactly this many seats

    def default_rules(self) -> Any:
        return self.presets[self.default_preset]

    def matches(self, rules: Any, name: str) -> bool:
        """Whether ``rules`` are the preset ``name`` (whatever the player count and the unmatched
        options)."""
        preset = self.presets.get(name)
        if preset is None:
            return False
        mine = dataclasses.replace(rules, **{r.option: getattr(preset, r.option) for r in self.rules if not r.matched})
        return preset.with_players(rules.players) == mine

    def matching_preset(self, rules: Any, current: str | None = None) -> str:
        """The preset these rules are (``current`` while it still is one of them), or ``Custom``."""
        if current is not None and self.matches(rules, current):
            return current
        return next((name for name in self.presets if self.matches(rules, name)), "Custom")

    def pick(self, rules: Any, name: str) -> Any:
        """The preset ``name`` for the table of ``rules``, keeping the unmatched options."""
        kept = {r.option: getattr(rules, r.option) for r in self.rules if not r.matched}
        return dataclasses.replace(self.presets[name].with_players(rules.players), **kept)


@dataclass(frozen=True)
class TableFront:
    """One game at the desktop app."""

    bots: BotFront  # its bots (and through them its engine: ``bots.engine``)
    title: str  # its name for players ("Indian Rummy")
    blurb: str  # one line on the new-game screen
    setup: Setup
    match: Any  # its match class (:class:`game.ui.match.Match`)
    scenes: tuple[type, ...]  # its scenes, found by name through the app
    rulebook: tuple[Page, ...]  # How to play
    replay: ModuleType  # the replay viewer's adapter (:mod:`game.ui.replay.board` says what it holds)
    stats_prefix: str  # how its rows of the statistics begin ("" for rows saved before there were two games)
    smoke: Callable[[Any], None]  # its part of the app's smoke test: from the title, a game played by events
    tutorial: Callable[[], tuple[str, tuple, dict]] | None = None  # a guided first hand: (scene, args, kwargs)

    @property
    def name(self) -> str:
        return self.bots.name
