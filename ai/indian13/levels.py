"""The difficulty levels of 13-card Indian Rummy, in one place.

The table UI builds a bot with ``LEVELS[name].make(rng)`` and asks it ``bot.choose(obs)``; the
budget is the time a decision may take (a decision over twice the budget is replaced by
:func:`ai.indian13.safety.safe_action`).  The heuristic decides in milliseconds; the search stops
itself after ``time_s`` (kept under the budget: in the app the bot shares the machine with the
drawing loop).

>>> import random
>>> LEVELS["Expert"].bot, LEVELS["Easy"].make(random.Random(1)).name
('search', 'heuristic')
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_
from game.indian13 import Action

from ..registry import Level
from ..strength import GameStrength, drop_policy_options
from .base import BOTS
from .view import public_record, view_state

_level = partial(Level, registry=BOTS)  # a level of this game's bots


LEVELS: dict[str, Level] = {
    "Easy": _level("Easy", "heuristic", {"blunder": 0.3, "drop": False}, 0.5,
                   N_("Easy: plays sensibly but often keeps or throws the wrong card.")),
    "Medium": _level("Medium", "heuristic", {}, 0.5,
                     N_("Medium: weighs every card it could draw or throw, and watches what you pick up.")),
    "Hard": _level("Hard", "search", {"iterations": 40, "time_s": 0.35}, 0.5,
                   N_("Hard: tries its best few moves on many guesses of your hand.")),
    # lookahead=3: its candidates re-ranked by one card of look-ahead (about 55 % of 1,500 deals
    # against Medium; 54.2 % of 900 without it: docs/indian13.md, "Where Expert's edge could come from")
    "Expert": _level("Expert", "search", {"time_s": 0.7, "lookahead": 3}, 1.0,
                     N_("Expert: plays each discard out on many guesses of your hand.")),
}


# --- the strength setting and the styles (issue 50: ai.strength, ai.personality) --------------------

# each style's heuristic options, laid over the bot of any strength (docs/bots.md, "Personalities"):
# cautious drops a weak hand sooner (caution 35 -> 20 points: about one deal in ten at two seats) and
# watches what it feeds the next seat; greedy plays every hand out (it never drops), keeps its high
# cards and takes from the pile only a card worth much more than a stock card; the pile-reader takes
# the top discard whenever it is about as good as a stock card, and watches the pile.
STYLES: dict[str, dict[str, object]] = {
    "cautious": {"caution": 20.0, "danger_weight": 1.0},
    "greedy": {"caution": 150.0, "point_weight": 0.0, "point_growth": 0.0, "take_margin": 0.3},
    "pile-reader": {"take_margin": -0.25, "danger_weight": 1.0},
}

# the deviation knob a strength needs: the ratings measured with the knob at -s / 50 (a first
# measurement, 200 hands each: `python -m tools.calibrate --game indian13 --levels ""
# --strengths=-50,-40,-30,-20,-10,-5 --hands 200 --seed 900000`; docs/skill.md, "The strength
# setting"), read backwards
CURVE = ((-52.5, 1.0), (-51.0, 0.8), (-46.0, 0.6), (-37.0, 0.4), (-22.0, 0.2), (-15.5, 0.1))

STRENGTH = GameStrength(options=drop_policy_options(view_state, public_record, Action), styles=STYLES,
                        points=lambda state, seat: float(state.result.points[seat]), curve=CURVE)
