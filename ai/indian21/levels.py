"""The difficulty levels of 21-card Indian Rummy (and 27-card Rummy), in one place.

The table UI builds a bot with ``LEVELS[name].make(rng)`` and asks it ``bot.choose(obs)``; the
budget is the time a decision may take (a decision over twice the budget is replaced by
:func:`ai.indian21.fallback.safe_action`).  The heuristic decides in milliseconds; the search stops
itself after ``time_s`` (kept under the budget: in the app the bot shares the machine with the
drawing loop).

>>> import random
>>> LEVELS["Expert"].bot, LEVELS["Hard"].bot, LEVELS["Easy"].make(random.Random(1)).name
('heuristic', 'search', 'heuristic')
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_
from game.indian21 import Action

from ..registry import Level
from ..strength import GameStrength, drop_policy_options
from .base import BOTS
from .view import public_record, view_state

_level = partial(Level, registry=BOTS)  # a level of this game's bots


LEVELS: dict[str, Level] = {
    "Easy": _level("Easy", "heuristic", {"blunder": 0.7, "drop": False}, 0.5,
                   N_("Easy: plays sensibly but often keeps or throws the wrong card.")),
    "Medium": _level("Medium", "heuristic", {}, 0.5,
                     N_("Medium: builds pure sequences, tunnelas or dublees, and keeps its value cards.")),
    # the clocks: 400 deals of Expert against Medium within about half an hour of one core; a
    # candidate overrules the heuristic's own choice only when two standard errors ahead (with
    # about 20 determinizations a decision, one let noise overrule it in about a fifth of the
    # searches: docs/indian21.md, "Bots measured")
    "Hard": _level("Hard", "search", {"time_s": 0.2, "confidence": 1.5}, 0.3,
                   N_("Hard: tries its best few moves on many guesses of your hand.")),
    # a look-ahead of five discards (53.3 % of 1,200 duplicate deals against Medium, where the search won
    # 51.5 % of 400 twice), and draws that work out what a stock card is worth over the unseen cards and
    # take a pile card worth as much (52.7 % of the same deals: even in play, and the puzzles' draws,
    # rated by the review's play-outs, answered more often: docs/indian21.md); p95 about 0.7 s, the
    # longest 1.7 s: a budget of 1 s
    "Expert": _level("Expert", "heuristic", {"lookahead": 5, "exact_hope": True, "take_margin": 0.0}, 1.0,
                     N_("Expert: works out what the next card may bring, both to draw and to discard.")),
}


# --- the strength setting and the styles (issue 50: ai.strength, ai.personality) --------------------

# each style's heuristic options, laid over the bot of any strength (docs/bots.md, "Personalities"):
# cautious drops a weak hand far sooner (caution 20 -> 0 points) and watches what it feeds the next
# seat; greedy plays every hand out, holds its value cards for a bigger show (their value weighed
# four times as much) and takes from the pile only a card worth much more than a stock card; the
# pile-reader takes the top discard when it is nearly as good as a stock card, and watches the pile.
STYLES: dict[str, dict[str, object]] = {
    "cautious": {"caution": 0.0, "danger_weight": 0.8},
    "greedy": {"caution": 150.0, "value": 0.032, "take_margin": 0.3},
    "pile-reader": {"take_margin": -0.15, "danger_weight": 0.8},
}

# the deviation knob a strength needs: the ratings measured with the knob straight, x = -s / 50
# (`python -m tools.calibrate --game indian21 --levels "" --straight --strengths=-3,-5,-10,-15,-20,-30,-40,-50
# --hands 600 --seed 930000`, pooled with 200 hands each at seed 900000 where both were measured; docs/skill.md,
# "The strength setting"), read backwards
CURVE = ((-39.2, 1.0), (-36.9, 0.8), (-33.7, 0.6), (-28.3, 0.4), (-22.2, 0.3), (-15.9, 0.2), (-13.4, 0.1),
         (-8.8, 0.06))

STRENGTH = GameStrength(options=drop_policy_options(view_state, public_record, Action), styles=STYLES,
                        points=lambda state, seat: float(state.result.points[seat]), curve=CURVE)
