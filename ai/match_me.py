"""Match me (issue 50): the opponents' strength setting (:mod:`ai.strength`) follows the player's
results so that the player wins about their share of the hands.

The setting is an estimate of the player's strength on the rating scale (Medium 0), kept the way
Elo keeps a rating: after each hand it moves by ``K * (won - share) * 2`` points, where ``won`` is
the player's result (1 won, 0 lost, 1/k a win shared by k) and ``share`` the seats' share of the
wins (1/2 at two seats, 1/4 at four: people at the table together share their seats').  At the
setting that matches the player the two balance, so the setting stops where the player wins their
share.  ``K`` starts large, so that a new player's opponents find their level within a few dozen
hands, and falls to a floor, so that it settles without see-sawing:

    K = max(K_MIN, K_START * TAU / (TAU + hands))        (8 at the first hand, 1 from hand 105 on)

At two seats a win moves the setting up ``K`` points and a loss down ``K``; at four seats a win
moves it up ``1.5 K`` and a loss down ``0.5 K``.  The estimate stays between the lowest strength
the game's curve can play and ``HEADROOM`` points above the top (the Expert,
:func:`ai.strength.top`); the bots play it rounded to a whole point and at most the top:
``Strength -12`` (with the seat's style, ``Strength -12 cautious``), which the hand's replay
records, so Same cards plays it again exactly.  A player stronger than the Expert meets the
Expert.  The headroom is for a player as strong as the Expert: were the estimate stopped at the
top, the luck of the hands could only take it below the player, never above, and the player would
win more than their share; above the top it waits where the player meets the Expert and wins
their share (on a scratch model of the Expert in the person's seat, 84 % of runs within 5 points
of the share over the last 150 of 300 hands at two seats, against 69 % without).

It starts from the player's rating in the game when it has one (docs/skill.md: a bot at setting
``s`` plays as well as a player rated ``s``), else at Medium's 0, and goes on from where the last
Match me table of the game left it.

:func:`simulate` plays a simulated player (a bot level in the person's seat) against Match me
opponents; ``python -m tools.match_me`` runs it (docs/skill.md, "Match me").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from .front import BotFront
from .games import front as bot_front
from .players import SeatPlayer, seat_seed
from .strength import Setting, floor, top

LEVEL = "Match me"  # a seat's stored level under Match me (with a style: "Match me cautious")
K_START, K_MIN, TAU = 8.0, 1.0, 15.0  # the step: K_START at the first hand, falling to K_MIN
HEADROOM = 10.0  # how far above the top (the Expert) the estimate may go; the bots play at most the top


@dataclass(frozen=True)
class MatchMe:
    """Where Match me stands in a game: the estimate (``strength``) and the hands it has followed."""

    strength: float = 0.0
    hands: int = 0

    @property
    def step(self) -> float:
        """The step ``K`` of the next move."""
        return max(K_MIN, K_START * TAU / (TAU + self.hands))

    def after(self, won: float, share: float, low: float, high: float) -> MatchMe:
        """The estimate after a hand the player (or the people together) ``won`` (0 to 1) with
        ``share`` of the seats, kept between ``low`` and ``high``."""
        moved = self.strength + self.step * (won - share) * 2.0
        return replace(self, strength=min(high, max(low, moved)), hands=self.hands + 1)

    def setting(self, style: str | None = None, high: int | None = None) -> Setting:
        """The setting the bots play now: the estimate rounded to a whole point, at most ``high``
        (the game's top, :func:`played`)."""
        value = round(self.strength)
        return Setting(value if high is None else min(high, value), style)

    def to_json(self) -> dict:
        return {"strength": round(self.strength, 3), "hands": self.hands}

    @classmethod
    def from_json(cls, doc: object) -> MatchMe:
        """A stored Match me (``ValueError`` for a damaged one)."""
        if not isinstance(doc, dict):
            raise ValueError("Match me is not an object")
        strength, hands = doc.get("strength"), doc.get("hands")
        if type(strength) not in (int, float) or not math.isfinite(strength) or type(hands) is not int or hands < 0:
            raise ValueError("Match me is damaged")
        return cls(float(strength), hands)


def bounds(front: BotFront) -> tuple[float, float]:
    """The lowest and highest estimates Match me keeps in a game: the lowest rating its deviation
    curve reaches (below it every setting plays the same), and :data:`HEADROOM` above the top (the
    Expert, which the bots play at any estimate above it)."""
    return float(floor(front)), float(top(front)) + HEADROOM


def played(me: MatchMe, front: BotFront, style: str | None = None) -> Setting:
    """The setting Match me's bots play in a game at ``me``: its estimate, at most the top."""
    return me.setting(style, top(front))


def start(front: BotFront, rating: float | None = None) -> MatchMe:
    """Match me for a player new to it: at the player's rating when known (kept in bounds), else 0."""
    low, high = bounds(front)
    return MatchMe(min(high, max(low, rating if rating is not None else 0.0)))


def is_match_me(level: str) -> bool:
    """Whether a seat's stored level is Match me (``Match me``, ``Match me cautious``)."""
    return level == LEVEL or level.startswith(LEVEL + " ")


def style_of(level: str) -> str | None:
    """The style of a Match me seat's level (``None``: plain)."""
    return level.removeprefix(LEVEL).strip() or None


def level_name(style: str | None = None) -> str:
    """A Match me seat's stored level with ``style``."""
    return f"{LEVEL} {style}" if style else LEVEL


# --- the simulated player ------------------------------------------------------------------------


def play_hand(front: BotFront, levels: list[str], seed: int) -> list[int]:
    """One hand dealt from ``seed`` between bots at ``levels`` (one a seat); its winners."""
    n = len(levels)
    rules = front.preset(front.engine.default_preset, n)
    state = front.deal(rules, random.Random(seed))
    seats = [SeatPlayer(front, levels[s], seat_seed(seed, s)) for s in range(n)]
    try:
        for _step in range(front.max_actions):
            if state.result is not None:
                break
            state = seats[state.turn].advance(state)[1]
    finally:
        for p in seats:
            p.close()
    return list(front.outcome(state).winners) if state.result is not None else []


@dataclass(frozen=True)
class Hand:
    """One hand of a simulation: the setting the opponents played and the player's result."""

    setting: int
    won: float


def simulate(game: str, player: str, seats: int, hands: int, seed: int, style: str | None = None,
             first: MatchMe | None = None) -> list[Hand]:
    """``player`` (a bot level) in the person's seat against Match me opponents at ``seats`` seats,
    for ``hands`` hands (hand ``k`` dealt from ``seed + k``, the player's seat going round the
    table); each hand's setting and result."""
    front = bot_front(game)
    low, high = bounds(front)
    me = first or start(front)
    out = []
    for k in range(hands):
        mine = k % seats
        setting = played(me, front, style)
        levels = [player if s == mine else setting.name for s in range(seats)]
        winners = play_hand(front, levels, seed + k)
        won = 1.0 / len(winners) if mine in winners else 0.0
        out.append(Hand(setting.strength, won))
        me = me.after(won, 1.0 / seats, low, high)
    return out


@dataclass(frozen=True)
class Summary:
    """How a simulation went: the share the player won over the last ``window`` hands beside the
    seats' share, and how the setting settled."""

    hands: int
    share: float  # the seats' share
    won_last: float  # the player's share of wins over the last ``window`` hands
    window: int
    level: float  # the setting's mean over the last ``window`` hands
    settled_by: int  # hands after which the setting's running mean stays within ``band`` of ``level``
    band: float
    drift: float  # the mean setting of hands 101-200 minus that of 201-300 (or the two halves after 100)
    largest_step: int  # the largest change of the setting from one hand to the next after hand 100


def summary(run: list[Hand], seats: int, window: int = 150, band: float = 7.0, mean_of: int = 25) -> Summary:
    """The figures of a simulation (:class:`Summary`): ``settled_by`` is the first hand from
    which the running mean of the setting over ``mean_of`` hands stays within ``band`` points of
    its mean over the last ``window`` hands."""
    settings = [h.setting for h in run]
    n = len(run)
    last = run[-window:]
    level = sum(h.setting for h in last) / len(last)
    running = [sum(settings[max(0, i - mean_of + 1):i + 1]) / (i + 1 - max(0, i - mean_of + 1)) for i in range(n)]
    settled = n
    for i in range(n - 1, -1, -1):
        if abs(running[i] - level) > band:
            break
        settled = i
    after = settings[100:]
    half = len(after) // 2
    drift = (sum(after[:half]) / half - sum(after[half:]) / (len(after) - half)) if half else 0.0
    steps = [abs(b - a) for a, b in zip(after, after[1:])]
    return Summary(n, 1.0 / seats, sum(h.won for h in last) / len(last), len(last), level, settled, band, drift,
                   max(steps, default=0))


__all__ = ["HEADROOM", "LEVEL", "Hand", "MatchMe", "Summary", "bounds", "is_match_me", "level_name", "play_hand",
           "played", "simulate",
           "start", "style_of", "summary"]
