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

from ..registry import Level
from .base import BOTS

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
