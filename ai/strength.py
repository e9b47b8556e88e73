"""The strength setting (issue 50): a bot at a number on the rating scale, with a personality.

A setting is named ``"Strength -20"`` (or ``"Strength -20 cautious"``, a style of
:mod:`ai.personality`): the number is on the scale of the player's rating (:mod:`ai.skill`,
docs/skill.md: wins above Medium per 100 hands on the same cards; Medium is 0).  Strong engines
limit themselves by how often and how badly they leave their best move (Stockfish's UCI_Elo), not
by a weaker search alone, and so does this bot.  At each decision:

* **Its best move.**  At 0 and below Medium's (its heuristic).  Between Medium's point and the
  top (``top``: the Expert's calibrated rating, where the setting ends) the seat plays a whole
  hand as the Expert, at its full budget, with probability ``s / top`` (:func:`expert_share`),
  else as Medium: its share of wins against any table is then exactly that mix of the two bots'
  shares, so the setting's number is its rating by construction, a straight line from Medium's 0
  to the Expert's top; at the top it *is* the Expert, move for move.  (A first version ran the
  Expert's search on a share of its budget; a small share searched worse than Medium's heuristic
  plays, so the settings just above 0 were weaker than 0 (Match me found it).  A second mixed
  single decisions, each the Expert's or Medium's: two plans pulling a hand two ways, which
  nothing says plays at the mix's number; docs/skill.md.)  Below 0 a search would buy nothing
  the deviations do not take back, at up to a hundred times the thinking time.
* **Its deviations** (below 0).  With probability ``p(s)`` (:func:`deviation`) it plays a worse
  option than its best, drawn by a softmax over how much worse each is: the heuristic's values of
  the options, each gap divided by the largest, at temperature ``T(s)``.  Both grow with one knob
  (:func:`knob`, 0 to 1) that each game reads off its measured curve, so that the setting's number
  is the rating it plays at: just below Medium a rare slip to the second-best card; at the knob's
  end a near-random choice among the worse options at every move.  A declaration, going out and a
  drop are never given up (a beginner does not refuse a win), and a wild card is never thrown
  while a natural one may go.

The bot answers from its seed: the dice of a decision are drawn from its generator before its
best move is thought of, so a clock that lets a search see more or fewer guesses never changes
whether it deviates (a seat reseeds the generator before every decision, :mod:`ai.players`).  It
sees only its seat's observation, as the bots it wraps.

What a game gives (:class:`GameStrength`, as ``STRENGTH`` in its ``ai/<game>/levels.py``): the
options of a decision with their values, its styles (heuristic options), and how to read the style
figures off a finished hand (:mod:`ai.personality`).
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import N_, _

from .front import BotFront
from .paired import wilson
from .registry import Level

PREFIX = "Strength "  # a setting's stored name: "Strength -20", "Strength +5 greedy" (English, like the levels)
LOWEST = -50  # the bottom of the setting (about the random bot's rating: docs/skill.md)
REFERENCE = "Medium"  # the best move below 0 and the setting's 0
TOP_LEVEL = "Expert"  # the best move at the top
SHAPE, T_LOW, T_HIGH = 0.5, 0.1, 3.0  # at a knob x in [0, 1]: p = x ** SHAPE, T = T_LOW + T_HIGH x ** 2
LINEAR: tuple[tuple[float, float], ...] = ((LOWEST, 1.0),)  # the knob x = -s / -LOWEST (to 0 at 0)
_NAME = re.compile(r"^Strength ([+-]?\d+)(?: ([a-z-]+))?$")
_straight = False  # the knob read straight (x = -s / -LOWEST), not off the game's curve: to draw a curve


def straighten(on: bool = True) -> None:
    """Read every setting's knob straight (x = -s / 50) instead of off its game's curve, in this
    process (``tools.calibrate --straight``: the measurements a curve is drawn from)."""
    global _straight
    _straight = on
    _LEVELS.clear()

Answer = Any  # an action, or a plan of actions (Vazhushal)
Options = Callable[[Any, Any, Answer], list[tuple[float, Answer]]]


@dataclass(frozen=True)
class GameStrength:
    """What a game gives the strength setting and the personalities.

    ``options(policy, obs, best)``: the answers the seat could give instead of ``best`` (its best
    move) with their values by ``policy`` (the heuristic's policy of the bot deciding; higher is
    better), best first; empty when there is nothing to deviate to (a declaration, going out, a
    drop, a single legal move).  ``styles``: each style's heuristic options (:mod:`ai.personality`).
    ``turns``, ``takes`` and ``drops``: the history's entry types that start a turn, take from the
    discard pile and drop; ``points(state, seat)``: what a seat that lost a finished hand is left
    with (its points, or its cards where a hand is not counted in points).  ``curve``: (strength,
    knob) points, strengths rising and knobs falling, from which :func:`knob` reads the deviation
    knob of a strength below 0 (measured, ``tools.calibrate --strengths``, so that a setting's
    number is the rating it plays at; :data:`LINEAR` before it is)."""

    options: Options
    styles: Mapping[str, Mapping[str, object]]
    points: Callable[[Any, int], float]
    turns: tuple[str, ...] = ("draw_stock", "take_discard", "drop")
    takes: tuple[str, ...] = ("take_discard",)
    drops: tuple[str, ...] = ("drop",)
    curve: tuple[tuple[float, float], ...] = LINEAR
    style_lines: Mapping[str, str] = dataclasses.field(default_factory=dict)  # a style's line where it plays otherwise


def game_strength(front: BotFront) -> GameStrength:
    """The game's :class:`GameStrength` (``STRENGTH`` of its bot package's ``levels`` module)."""
    return importlib.import_module(front.bots.package + ".levels").STRENGTH


def drop_policy_options(view: Callable[[Any], Any], record: Callable[[Any], Any], action: Any) -> Options:
    """The ``options`` of a game whose heuristic is an :class:`ai.drop_policy.DropPolicy` (``view``
    and ``record``: observation -> the state as the seat sees it, the public record; ``action``: its
    ``Action``): the draws by :meth:`~ai.drop_policy.DropPolicy.draw_values`, the discards of the
    natural cards by minus their :meth:`~ai.drop_policy.DropPolicy.discard_values`; nothing to
    deviate to from a drop, a take that declares or a declaration."""

    def options(policy: Any, obs: Any, best: Answer) -> list[tuple[float, Answer]]:
        if obs.phase not in ("draw", "discard") or getattr(best, "type", None) in ("drop", "declare"):
            return []
        state, seen = view(obs), record(obs)
        policy.look(state, seen)
        if obs.phase == "draw":
            values = sorted(policy.draw_values(state, seen), key=lambda va: -va[0])
            return [] if values[0][0] == math.inf else values
        if policy.declaration(state) is not None:
            return []
        ranked = policy.discard_values(state, seen)
        natural = [(c, k) for c, k in ranked if not state.wild[k]] or ranked
        return [(-c, action.discard(state.turn, k)) for c, k in natural]

    return options


# --- the setting ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """A strength (on the rating scale) and a style (``None``: plain)."""

    strength: int
    style: str | None = None

    @property
    def name(self) -> str:
        """The stored name: ``Strength -20`` or ``Strength -20 cautious``."""
        return f"{PREFIX}{self.strength:+d}" + (f" {self.style}" if self.style else "")


def parse(name: str) -> Setting | None:
    """The setting a stored name stands for, or ``None`` when it is not one."""
    found = _NAME.match(name)
    if found is None:
        return None
    return Setting(int(found.group(1)), found.group(2))


def knob(strength: float, curve: Sequence[tuple[float, float]] = LINEAR) -> float:
    """The deviation knob (0: none, 1: the most) at ``strength``, read off ``curve`` by straight
    lines between its points (0 at 0 and above, the last knob below the curve's first point)."""
    if strength >= 0.0:
        return 0.0
    points = [(s, x) for s, x in curve if s < 0.0] + [(0.0, 0.0)]
    if strength <= points[0][0]:
        return points[0][1]
    for (s0, x0), (s1, x1) in zip(points, points[1:]):
        if strength <= s1:
            return x0 + (x1 - x0) * (strength - s0) / (s1 - s0)
    return 0.0


def deviation(strength: float, curve: Sequence[tuple[float, float]] = LINEAR) -> tuple[float, float]:
    """``(p, T)`` at ``strength``: the chance of leaving the best move at a decision, and the
    temperature of the softmax over the worse options (relative to the largest gap: small, the
    second best; large, any), both from its :func:`knob` on ``curve``.  Both 0 at Medium's point
    and above, both rising as the strength falls."""
    x = knob(strength, curve)
    if x <= 0.0:
        return 0.0, 0.0
    return x ** SHAPE, T_LOW + T_HIGH * x * x


def top(front: BotFront) -> int:
    """The top of the setting in a game: the Expert's calibrated rating (at least 1: a setting
    above Medium exists in every game)."""
    value = front.calibration.get(TOP_LEVEL, (1.0, 0.0, 0))[0]
    return max(1, round(value))


def expert_share(strength: float, front: BotFront) -> float:
    """The share of its hands a setting plays as the Expert: 0 at Medium's point and below
    (Medium's heuristic), 1 at the top."""
    return min(1.0, max(0.0, strength / top(front)))


def level_points(front: BotFront) -> dict[str, float]:
    """Where the named levels sit on the setting's scale: their calibrated ratings (Medium 0)."""
    return {name: front.calibration[name][0] for name in front.levels if name in front.calibration}


def pick_worse(options: Sequence[tuple[float, Answer]], best: Answer, temperature: float, u: float) -> Answer:
    """One of ``options`` other than ``best``, drawn with ``u`` (uniform in [0, 1)) by a softmax of
    minus each one's gap below the best value, the gaps divided by the largest, at
    ``temperature``; ``best`` when there is no other."""
    worse = [(v, a) for v, a in options if _plan(a) != _plan(best) and v != -math.inf]
    if not worse:
        return best
    finite = [v for v, _a in options if math.isfinite(v)]
    high = max(finite) if finite else 0.0
    gaps = [max(0.0, high - v) if math.isfinite(v) else 0.0 for v, _a in worse]
    spread = max(gaps) or 1.0
    t = max(temperature, 1e-6)
    weights = [math.exp(-(g / spread) / t) for g in gaps]
    total = sum(weights)
    acc = 0.0
    for w, (_v, a) in zip(weights, worse):
        acc += w / total
        if u < acc:
            return a
    return worse[-1][1]


def _plan(answer: Answer) -> list:
    return list(answer) if isinstance(answer, list) else [answer]


# --- the bot -------------------------------------------------------------------------------------


def base_level(front: BotFront, setting: Setting) -> tuple[Level, dict]:
    """The level whose bot gives the setting's best move (the Expert at the top, else Medium), and
    its options with the style's laid over."""
    return _styled(front, TOP_LEVEL if expert_share(setting.strength, front) >= 1.0 else REFERENCE, setting.style)


def expert_level(front: BotFront, setting: Setting) -> tuple[Level, dict] | None:
    """The Expert and its options (the style's laid over) a setting between Medium's point and the
    top plays some of its hands as; ``None`` at the ends."""
    return _styled(front, TOP_LEVEL, setting.style) if 0.0 < expert_share(setting.strength, front) < 1.0 else None


def _styled(front: BotFront, name: str, style: str | None) -> tuple[Level, dict]:
    level = front.levels[name]
    options = dict(level.options)
    if style is not None:
        options.update(game_strength(front).styles[style])
    return level, options


class StrengthBot:
    """A bot at a :class:`Setting` (see the module docstring): the best move of
    :func:`base_level`'s bot (or, for a whole hand with probability ``share``, of
    :func:`expert_level`'s), left with probability ``p`` for a worse option (:func:`pick_worse`).
    One bot plays one hand (as a seat keeps it, :class:`ai.players.SeatPlayer`): which of the two
    plays it is drawn from its generator when it is made, so its seed decides it."""

    name = "strength"

    def __init__(self, front: BotFront, setting: Setting, rng: random.Random) -> None:
        self.rng = rng
        self.setting = setting
        expert = expert_level(front, setting)
        self.share = expert_share(setting.strength, front) if expert is not None else 0.0
        self.expert_hand = expert is not None and rng.random() < self.share  # the hand is the Expert's
        level, options = expert if self.expert_hand else base_level(front, setting)
        assert level.registry is not None
        self.inner = level.registry.make(level.bot, rng, **options)
        spec = game_strength(front)
        self.options = spec.options
        self.p, self.temperature = deviation(setting.strength, LINEAR if _straight else spec.curve)
        self.deviations = 0  # decisions it left its best move at (a count for the tests and the tools)

    def choose(self, obs: Any, *rest: Any) -> Answer:
        if self.p <= 0.0:
            return self.inner.choose(obs, *rest)
        dice = random.Random(self.rng.getrandbits(64))  # drawn before the search, whatever its clock
        deviate, u = dice.random() < self.p, dice.random()
        best = self.inner.choose(obs, *rest)
        if not deviate:
            return best
        chosen = pick_worse(self.options(self.inner.policy, obs, best), best, self.temperature, u)
        self.deviations += _plan(chosen) != _plan(best)
        return chosen


# --- the setting as a level ----------------------------------------------------------------------

# Translators: a strength setting as a player picks it; {value} is its number on the rating scale ("-20", "+5").
STRENGTH_WORDS = N_("Strength {value}")
# Translators: the line a strength setting shows; {value} is its number on the scale of the skill rating.
STRENGTH_LINE = N_("Strength {value}: on the scale of your skill rating (Statistics, Skill), where Medium is 0.")


def setting_words(setting: Setting) -> str:
    """A setting as a player reads it, in the language in force: ``Strength -20``, ``Strength -20,
    cautious``."""
    words = _(STRENGTH_WORDS).format(value=f"{setting.strength:+d}")
    if setting.style is None:
        return words
    return f"{words}, {_(setting.style)}"  # a style's name is in the catalogue (ai.personality.STYLES)


def setting_line(setting: Setting) -> str:
    """The setting's one line, in the language in force."""
    return _(STRENGTH_LINE).format(value=f"{setting.strength:+d}")


_LEVELS: dict[tuple[str, Setting], Level] = {}  # (game, setting) -> its level, made once


def _level(front: BotFront, setting: Setting) -> Level:
    found = _LEVELS.get((front.name, setting))
    if found is not None:
        return found
    level, options = expert_level(front, setting) or base_level(front, setting)  # the Expert's clock, if any
    recorded = {"strength": setting.strength, "style": setting.style}
    if "time_s" in options or level.bot == "search":  # clocked as the bot it wraps (ai.players.clocked)
        recorded["time_s"] = options.get("time_s", 1.0)
    made = _LEVELS[(front.name, setting)] = Level(
        setting.name, "strength", recorded, level.budget_s, STRENGTH_LINE.format(value=f"{setting.strength:+d}"),
        registry=front.bots, factory=lambda rng: StrengthBot(front, setting, rng))
    return made


def strength_level(front: BotFront, name: str) -> Level | None:
    """The :class:`~ai.registry.Level` of a setting's stored name in ``front``'s game, or ``None``
    when ``name`` is not a setting (or names a style the game has not).  A strength above the
    game's :func:`top` plays as the top (the Expert), one below its curve as the curve's lowest."""
    setting = parse(name)
    if setting is None:
        return None
    if setting.style is not None and setting.style not in game_strength(front).styles:
        return None
    return _level(front, setting)


def split_style(front: BotFront, name: str) -> tuple[str, str | None]:
    """A seat's level and its style: ``"Medium cautious"`` -> ``("Medium", "cautious")``,
    ``"Strength -20 greedy"`` -> ``("Strength -20", "greedy")``; a name with no style of the
    game's -> ``(name, None)``."""
    base, _sep, last = name.rpartition(" ")
    if base and last in game_strength(front).styles:
        return base, last
    return name, None


def styled_level(front: BotFront, name: str) -> Level | None:
    """A named level played in a style (``"Medium cautious"``): the level's bot with the style's
    heuristic options laid over its own, or ``None`` when ``name`` is not one."""
    base, style = split_style(front, name)
    level = front.levels.get(base)
    if style is None or level is None:
        return None
    options = {**level.options, **game_strength(front).styles[style]}
    return Level(name, level.bot, options, level.budget_s, level.description, registry=level.registry)


def level_or_setting(front: BotFront, name: str) -> Level | None:
    """A level, a registered bot (``front.level_or_bot``), a strength setting or a named level in a
    style, by name."""
    return front.level_or_bot(name) or strength_level(front, name) or styled_level(front, name)


# --- the levels a player picks among -------------------------------------------------------------

OFFERED = (-50, -40, -30, -20, -10, -5)  # the settings offered beside the named levels (those a game reaches)
CLOSE = 4.0  # a setting this close to a named level's rating is not offered: the level stands for it


def floor(front: BotFront) -> int:
    """The lowest setting that plays differently from the ones below it: the lowest rating the
    game's curve reaches (about Random's; -50 for a straight knob), rounded up."""
    curve = game_strength(front).curve
    return math.ceil(max(float(LOWEST), min(s for s, _x in curve)))


def _share_interval(front: BotFront, name: str) -> tuple[float, float] | None:
    """The 95 % interval of ``name``'s share of two-seat hands won against Medium, from the ladder's
    head-to-head measurement (``front.measured``; Medium: exactly one half), else from its
    calibrated rating (one half plus the rating per 100 hands), or ``None``."""
    if name == REFERENCE:
        return 0.5, 0.5
    found = front.measured.get(name)
    if found is None or found[0] != REFERENCE:
        if name not in front.calibration:
            return None
        rating, half, _hands = front.calibration[name]  # the rating scale: wins per 100 hands against Medium
        return 0.5 + (rating - half) / 100, 0.5 + (rating + half) / 100
    _opponent, share, hands = found
    return wilson(round(share * hands), hands)


def merged_levels(front: BotFront) -> dict[str, str]:
    """Each named level -> the level it is offered as: itself, or the last level kept before it
    when no measurement has told the two apart (the 95 % intervals of their shares of two-seat
    hands won against Medium overlap: the ladder's head-to-head runs, hundreds to thousands of
    hands, ``front.measured``).  Medium, the scale's 0, is always kept; a level without a
    measurement is kept."""
    out: dict[str, str] = {}
    kept: list[tuple[str, tuple[float, float]]] = []
    for name in front.levels:
        interval = _share_interval(front, name)
        if interval is not None and kept and name != REFERENCE:
            last, (low, high) = kept[-1]
            if interval[0] <= high and low <= interval[1]:
                out[name] = last
                continue
        if interval is not None:
            kept.append((name, interval))
        out[name] = name
    return out


def offered(front: BotFront) -> list[str]:
    """The strengths a player picks among, weakest first: the settings of :data:`OFFERED` the game
    reaches (and its :func:`floor` when far below them), each not within :data:`CLOSE` of a kept
    level, and the named levels kept by :func:`merged_levels`, by their ratings (the calibration);
    kept levels without a rating after them."""
    merged = merged_levels(front)
    kept = [name for name, into in merged.items() if into == name]
    points = {name: front.calibration[name][0] for name in kept if name in front.calibration}
    low = floor(front)
    values = [v for v in OFFERED if v >= low]
    if not values or min(values) - low >= 2 * CLOSE:  # the weakest the game can play, when far below the rest
        values.insert(0, low)
    for value in values:
        if all(abs(value - r) > CLOSE for r in points.values()):
            points[Setting(value).name] = float(value)
    others = [name for name in kept if name not in points]
    return sorted(points, key=lambda name: points[name]) + others


__all__ = ["LOWEST", "PREFIX", "GameStrength", "Setting", "StrengthBot", "base_level", "expert_level", "expert_share",
           "deviation", "floor", "game_strength", "knob", "level_or_setting", "level_points", "merged_levels",
           "offered",
           "parse", "pick_worse", "split_style", "styled_level",
           "setting_line", "setting_words", "straighten", "strength_level", "top"]
