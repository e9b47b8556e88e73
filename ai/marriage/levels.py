"""The difficulty levels of Indian Marriage, in one place.

The table UI builds a bot with ``LEVELS[name].make(rng)`` and asks it ``bot.choose(obs)``; the
budget is the time a decision may take (a decision over twice the budget is replaced by
:func:`ai.marriage.fallback.safe_action`).  The heuristic decides in milliseconds; the search stops
itself after ``time_s`` (kept under the budget).

>>> import random
>>> LEVELS["Expert"].bot, LEVELS["Easy"].make(random.Random(1)).name
('search', 'heuristic')
"""

from __future__ import annotations

from functools import partial

from ..registry import Level
from .base import BOTS

_level = partial(Level, registry=BOTS)  # a level of this game's bots


LEVELS: dict[str, Level] = {
    "Easy": _level("Easy", "heuristic", {"blunder": 0.75}, 0.5,
                   "Easy: plays sensibly but often keeps or throws the wrong card."),
    "Medium": _level("Medium", "heuristic", {}, 0.5,
                     "Medium: knows tunnelas, dublees and the maal, and watches what you pick up."),
    "Hard": _level("Hard", "search", {"time_s": 0.25}, 0.5,
                   "Hard: tries its best few moves on many guesses of your hand."),
    "Expert": _level("Expert", "search", {"time_s": 0.5, "max_turns": 3, "lookahead": 3}, 1.0,
                     "Expert: plays its best few moves out on many guesses of your hand and of the tiplu."),
}
