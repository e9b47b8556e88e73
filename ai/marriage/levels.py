"""The difficulty levels of Indian Marriage, in one place.

The table UI builds a bot with ``LEVELS[name].make(rng)`` and asks it ``bot.choose(obs)``; the
budget is the time a decision may take (a decision over twice the budget is replaced by
:func:`ai.marriage.fallback.safe_action`).  The heuristic decides in milliseconds (with a look-ahead
of five discards, p95 about 0.13 s); the search stops itself after ``time_s`` (kept under the
budget).

Expert is the heuristic with ``lookahead=5``: its best five discards re-ranked by what the next
card is expected to add to the rest.  It beat Medium in 53.4 % of 1,200 duplicate deals (50.6-56.2)
where the search with the same look-ahead won 51.6 % of 400 and the search without it 52.1 % of
400 (docs/marriage.md, "The ladder"): the play-outs add nothing the look-ahead does not.

>>> import random
>>> LEVELS["Expert"].bot, LEVELS["Hard"].bot, LEVELS["Easy"].make(random.Random(1)).name
('heuristic', 'search', 'heuristic')
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_

from ..registry import Level
from .base import BOTS

_level = partial(Level, registry=BOTS)  # a level of this game's bots


LEVELS: dict[str, Level] = {
    "Easy": _level("Easy", "heuristic", {"blunder": 0.75}, 0.5,
                   N_("Easy: plays sensibly but often keeps or throws the wrong card.")),
    "Medium": _level("Medium", "heuristic", {}, 0.5,
                     N_("Medium: knows tunnelas, dublees and the maal, and watches what you pick up.")),
    "Hard": _level("Hard", "search", {"time_s": 0.25}, 0.5,
                   N_("Hard: tries its best few moves on many guesses of your hand.")),
    "Expert": _level("Expert", "heuristic", {"lookahead": 5}, 1.0,
                     N_("Expert: weighs its best five discards by what the next card may bring.")),
}
