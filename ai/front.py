"""What every game offers the bot layer: one :class:`BotFront` a game (``ai.<game>.FRONT``).

The safety net (:mod:`ai.safety`), the arena and the ladder (:mod:`ai.arena`, :mod:`ai.ladder`),
the table's bot players and the hand review reach a game's bots only through its front, and
:mod:`ai.games` is the one list of the fronts: a new game's bots are a package and one entry there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from types import ModuleType
from typing import Any

from game.core.front import GameFront

from .registry import Level, Registry


@dataclass(frozen=True, slots=True)
class Rung:
    """One pairing of the ladder: ``first`` against ``other`` at a table of ``players`` (levels or
    bot names); ``goal`` is the win rate the first must reach (``None``: measured, no goal)."""

    first: str
    other: str
    players: int
    goal: float | None

    @property
    def label(self) -> str:
        if self.players == 2:
            return f"{self.first} vs {self.other}"
        return f"{self.first} at {self.players} seats vs {self.players - 1} {self.other}"


UNFINISHED = "unfinished"  # the ending of a hand given up after the front's ``max_actions``


def ask_observation(bot: Any, obs: Any) -> object:
    """How the in-hand games ask a bot: with its seat's observation alone."""
    return bot.choose(obs)


def flat_options(params: Any) -> dict[str, float]:
    """A heuristic's parameters as it plays by default, flat (its evaluator's ``weights`` laid out
    too): the tuner's starting point."""
    flat = {f.name: getattr(params, f.name) for f in fields(params) if f.name != "weights"}
    flat.update(asdict(params.weights))
    return flat


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one finished (or abandoned) hand ended, as the arena counts it."""

    ending: str  # one of the front's ``endings``
    winners: list[int]  # the seats that won it (sharing the win); empty when nobody did
    stats: list[dict[str, float]]  # per seat: the front's ``stat_keys`` (each averaged per bot)


def unfinished(players: int) -> Outcome:
    """The outcome of a hand given up unfinished: nobody won it."""
    return Outcome(UNFINISHED, [], [{} for _ in range(players)])


def best_scores(reason: str, scores: Sequence[float], stats: list[dict[str, float]], *,
                lowest: bool = False) -> Outcome:
    """The outcome of a finished hand won by the best score (the highest, or the ``lowest``): the
    seats tied on it share the win."""
    best = min(scores) if lowest else max(scores)
    return Outcome(reason, [s for s, v in enumerate(scores) if v == best], stats)


@dataclass(frozen=True)
class BotFront:
    """One game's bots and what the shared machinery needs of its rules."""

    engine: GameFront  # the game's engine front (its name, presets, documents)
    bots: Registry  # the game's bots by name (seat kind ``bot:<name>``)
    levels: Mapping[str, Level]  # the difficulties a player picks, weakest first
    observe: Callable[[Any, int], Any]  # (state, seat) -> what that seat may know
    ask: Callable[[Any, Any], object]  # (bot, observation) -> its answer: an action or a plan of actions
    fallback: Callable[[Any], Any]  # state -> a legal move for the seat to move that needs no thought
    action_type: type  # what a bot's answer must be made of
    preset: Callable[[str, int], Any]  # (preset name, players) -> rules; raises RulesError
    deal: Callable[[Any, random.Random], Any]  # (rules, rng) -> a freshly dealt state
    outcome: Callable[[Any], Outcome]  # a state at the end of play (``result`` may be None: abandoned)
    endings: tuple[str, ...]  # how a hand can end, as the arena reports it
    stat_keys: tuple[str, ...] = ()  # per-bot averages in the arena's report, in order
    score_column: tuple[str, str] = ("score", "")  # (heading, stat key) of the arena table's score column
    heuristic_defaults: Callable[[], dict[str, float]] = dict  # the tuner's starting point (tools.tune)
    max_actions: int = 5000  # a hand still going after this many actions is abandoned
    hand_word: str = "hand"  # "hand", "deal": what the arena calls one
    ladder: tuple[Rung, ...] = ()
    default_level: str = "Medium"  # what a seat plays when its level or bot cannot be made
    review: ModuleType | None = None  # the hand review (``review(doc, seat, ...)``, ``Cancelled``, ``main``), if any
    # level -> what the ladder measured it to do at two seats: (its opponent, a level or a registered bot's name;
    # its share of the hands won against it; hands), shown in a player's words (game.ui.bots.level_measured)
    measured: Mapping[str, tuple[str, float, int]] = field(default_factory=dict)
    # bot -> (rating, half width of its 95 % interval, hands): where it sits on ai.skill's scale (tools.calibrate)
    calibration: Mapping[str, tuple[float, float, int]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.engine.name

    def level_or_bot(self, name: str) -> Level | None:
        """The level called ``name`` or, for a registered bot name, that bot at its defaults."""
        if name in self.levels:
            return self.levels[name]
        if name in self.bots.names():
            budget = next((lv.budget_s for lv in self.levels.values() if lv.bot == name and not lv.options), 1.0)
            return Level(name, name, {}, budget, f"{name}: the registered bot of that name, at its default settings.",
                         registry=self.bots)
        return None

    def make(self, name: str, options: Mapping[str, object], rng: random.Random) -> Any:
        """A new bot of the registry name ``name`` with ``options``; raises for a bad name or option."""
        return self.bots.make(name, rng, **dict(options))

    def seat_bots(self, specs: Sequence[tuple[str, dict]], seat_spec: Sequence[int], rng: random.Random) -> list:
        """One bot a seat (``specs[seat_spec[s]]``), each seeded from ``rng`` in seat order."""
        return [self.make(*specs[seat_spec[s]], random.Random(rng.getrandbits(64))) for s in range(len(seat_spec))]
