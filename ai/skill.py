"""How well someone plays, with the luck of the deal taken out (issue 34).

After each hand the app plays it again with **Medium** in the player's seat, from the same deal,
the same stock and the same opponents (:func:`ai.same_cards.play_again`).  The hand's **duplicate
result** is the player's result minus Medium's on the same cards: +1 when the player won where
Medium lost, -1 the other way round, 0 when both won or both lost (a win shared by k seats counts
1/k).  A bad deal loses for both, so it moves nothing.

The **rating** of a game is the mean duplicate result over the player's hands, per 100 hands
("+6": six more wins than Medium would have had in a hundred of these hands), with its 95 %
interval (1.96 standard errors).  It is calibrated on the bots themselves: each level plays
hands against Medium at two seats and is rated the same way (``python -m tools.calibrate``;
each game's table is its bot front's ``calibration``, in docs/skill.md), so a rating can be
placed among them (:func:`placement`: "between Easy and Medium").

The review (:mod:`ai.rating`) rates single decisions; its accuracy is kept beside the rating for
the hands a player reviews.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.i18n import N_, _
from game.replay import Recorder

from .games import front as bot_front
from .players import SeatPlayer, play_recorded, seat_seed
from .same_cards import Cancelled, SameCards, play_again

__all__ = ["Cancelled", "Rating", "bot_hand", "calibration_hand", "calibration_result", "duplicate", "hand_key",
           "placement", "rateable", "rating", "trend"]

REFERENCE = "Medium"  # who plays the seat again
PER = 100  # a rating is wins above the reference per this many hands
FEWEST = 5  # rated hands before a rating is given
Z95 = 1.96
ORDER = (N_("Random"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))  # the calibrated bots, weakest first
LEVEL_OF = {"Random": "Bot: random"}  # a calibrated name that is not a level


@dataclass(frozen=True)
class Rating:
    """A rating and its 95 % interval (``value ± half``), over ``hands`` hands."""

    value: float
    half: float
    hands: int

    @property
    def low(self) -> float:
        return self.value - self.half

    @property
    def high(self) -> float:
        return self.value + self.half

    def words(self) -> str:
        return f"{self.value:+.0f} ± {self.half:.0f}"


def duplicate(doc: dict, seat: int, cancel: Callable[[], bool] | None = None) -> SameCards:
    """The hand of ``doc`` played again with :data:`REFERENCE` in ``seat``: its ``duplicate`` is
    the seat's duplicate result.  ``cancel()`` is asked before each move (it may wait: the app
    pauses a rating while a table's bot thinks); true stops it (:class:`Cancelled`)."""
    return play_again(doc, seat, REFERENCE, seed=seat_seed(doc.get("seed"), seat), cancel=cancel)


def hand_key(doc: dict) -> str:
    """A recorded hand's name in the statistics: its match id and number."""
    return f"{doc.get('match_id', '?')}-h{doc.get('hand_no', 0):03}"


def rateable(doc: dict, seat: int) -> bool:
    """Whether the hand can rate ``seat``: every other seat a bot recorded with its seed (a person
    in another seat cannot be played again once the hand goes elsewhere)."""
    bots = {b.get("seat") for b in doc.get("bots", []) if isinstance(b, dict)}
    return set(range(len(doc.get("initial", {}).get("seats", [])))) - {seat} <= bots


def rating(results: Sequence[float]) -> Rating | None:
    """The rating of a list of duplicate results (``None`` for fewer than :data:`FEWEST`)."""
    n = len(results)
    if n < FEWEST:
        return None
    mean = sum(results) / n
    var = sum((x - mean) ** 2 for x in results) / (n - 1) if n > 1 else 1.0
    return Rating(PER * mean, PER * Z95 * math.sqrt(var / n), n)


def trend(results: Sequence[float], points: int = 40) -> list[float]:
    """The rating as it stood after each hand (at most ``points`` values, evenly spread)."""
    total, out = 0.0, []
    for i, x in enumerate(results, 1):
        total += x
        out.append(PER * total / i)
    if len(out) <= points:
        return out
    return [out[round(k * (len(out) - 1) / (points - 1))] for k in range(points)]


def calibration_range(table: Mapping[str, tuple[float, float, int]]) -> tuple[float, float] | None:
    """The lowest and highest calibrated bot of a game's ``table`` (``None`` before calibration)."""
    values = [v for v, _half, _n in table.values()]
    return (min(values), max(values)) if values else None


def placement(table: Mapping[str, tuple[float, float, int]], value: float, half: float = 0.0) -> str:
    """Where a rating ``value ± half`` sits among the calibrated bots of a game (``table``: its bot
    front's ``calibration``), in the language in force: ``like Medium`` (one bot within the range),
    ``somewhere from Easy to Expert`` (several: more hands will tell), else ``between Easy and
    Medium``, ``below Random`` or ``above Expert``."""
    bots = sorted(((name, table[name]) for name in ORDER if name in table), key=lambda b: b[1][0])
    if not bots:
        return ""
    inside = [name for name, (v, _h, _n) in bots if value - half <= v <= value + half]
    if len(inside) == 1:
        # Translators: ends "Rating +6 ± 4 over 20 hands: you play like Medium"; {bot} is a level or Random.
        return _("like {bot}").format(bot=_(inside[0]))
    if inside:
        return _("somewhere from {low} to {high}").format(low=_(inside[0]), high=_(inside[-1]))
    below = [name for name, (v, _h, _n) in bots if v < value]
    above = [name for name, (v, _h, _n) in bots if v > value]
    if not below:
        return _("below {bot}").format(bot=_(bots[0][0]))
    if not above:
        return _("above {bot}").format(bot=_(bots[-1][0]))
    # Translators: ends "... you play between Easy and Medium"; {low} and {high} are levels or Random.
    return _("between {low} and {high}").format(low=_(below[-1]), high=_(above[0]))


# --- calibration: the bots rated the same way -----------------------------------------------------


def bot_hand(game: str, level: str, seed: int, players: int = 2) -> dict:
    """One recorded hand of ``game``: ``level`` in seat 0, :data:`REFERENCE` in the others, dealt
    from ``seed`` (the replay, with every seat's level and seed)."""
    front = bot_front(game)
    rules = front.preset(front.engine.default_preset, players)
    state = front.deal(rules, random.Random(seed))
    levels = [LEVEL_OF.get(level, level)] + [REFERENCE] * (players - 1)
    seats = [SeatPlayer(front, levels[s], seat_seed(seed, s) + (1 if s == 0 else 0)) for s in range(players)]
    recorder = Recorder()
    recorder.start(state, game, match_id="calibration", hand_no=0, seed=seed,
                   bots=[{"seat": s, "level": levels[s], "seed": seats[s].seed} for s in range(players)])
    try:
        state = play_recorded(front, state, seats, recorder)
    finally:
        for p in seats:
            p.close()
    return recorder.finish(state)


def calibration_result(game: str, level: str, seed: int) -> float:
    """The duplicate result of ``level`` in one calibration hand dealt from ``seed``."""
    return calibration_hand(game, level, seed)[0]


def calibration_hand(game: str, level: str, seed: int) -> tuple[float, float]:
    """One calibration hand dealt from ``seed``: ``level``'s duplicate result and its own result
    (1 won, 0 lost, 1/k a win shared by k) against Medium at two seats."""
    same = duplicate(bot_hand(game, level, seed), 0)
    return same.duplicate, same.yours.won
