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

import math
from functools import partial

from game.i18n import N_
from game.marriage import Action, Observation
from game.marriage.state import DISCARD, DRAW
from game.marriage.turn import joker_take_refused

from ..personality import NO_DROP_LINES
from ..registry import Level
from ..strength import GameStrength
from .base import BOTS
from .heuristic import Policy, seat_jokers
from .view import public_record, view_state

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


# --- the strength setting and the styles (issue 50: ai.strength, ai.personality) --------------------

def strength_options(policy: Policy, obs: Observation, best: Action) -> list[tuple[float, Action]]:
    """:class:`ai.strength.GameStrength`'s ``options``: the take (its saving of missing cards less
    the gain a take must reach) against the stock, the discards of the plain cards by minus their
    price; nothing to deviate to from a finish, a sight of the maal or a take that finishes."""
    if obs.phase not in (DRAW, DISCARD) or best.type not in ("draw_stock", "take_discard", "discard"):
        return []
    state, seen = view_state(obs), public_record(obs)
    p = state.turn
    if obs.phase == DRAW:
        if not state.discard or joker_take_refused(state):
            return []
        gain = policy.take_value(state, seen)
        if gain == math.inf:
            return []
        values = [(gain - policy.params.take_gain, Action.take_discard(p)), (0.0, Action.draw_stock(p))]
        return sorted(values, key=lambda va: -va[0])
    if policy.finish(state) is not None or policy.see(state) is not None:
        return []
    ranked = policy.discard_values(state, seen)
    jokers = seat_jokers(state, p)
    plain = [(c, k) for c, k in ranked if jokers is None or not jokers.wild[k]] or ranked
    return [(-c, Action.discard(p, k)) for c, k in plain]


# each style's heuristic options, laid over the bot of any strength (docs/bots.md, "Personalities"):
# Marriage has no drop.  Cautious is careful what it feeds the next seat: besides its danger weights
# (five to nine times Medium's) it looks for the safe discard, a kind that seat threw or let lie on the
# pile (worth a missing card), so the next seat takes from it less often and its hands run longer.
# Greedy holds for the bigger marriage (maal points weighed five times, exposed tunnelas valued more)
# and waits for the stock: it takes from the pile only what saves it two missing cards (almost never
# but to finish), so it finishes later and, when it loses, more often has not seen.  The pile-reader
# takes the top discard when it saves a quarter of the missing cards a take usually must.
STYLES: dict[str, dict[str, object]] = {
    "cautious": {"danger_weight": 3.0, "dublee_danger": 20.0, "safe_weight": 1.0},
    "greedy": {"maal_weight": 0.4, "expose_points": 15.0, "take_gain": 2.0},
    "pile-reader": {"take_gain": 0.1},
}

# the deviation knob a strength needs: the ratings measured with the knob straight, x = -s / 50
# (`python -m tools.calibrate --game marriage --levels "" --straight --strengths=-3,-5,-10,-15,-20,-30,-40,-50
# --hands 600 --seed 930000`, pooled with 200 hands each at seed 900000 where both were measured; docs/skill.md,
# "The strength setting"), read backwards
CURVE = ((-42.3, 1.0), (-40.1, 0.8), (-36.4, 0.6), (-29.5, 0.4), (-24.2, 0.3), (-18.4, 0.2), (-11.0, 0.1),
         (-7.8, 0.06))

# what a player reads of each style here (Marriage has no drop, and its cautious lays nothing down early)
STYLE_LINES = {
    **NO_DROP_LINES,
    # Translators: a computer player's style in Indian Marriage: its discards are cards the next player did not want.
    "cautious": N_("Cautious: throws cards you did not want and rarely feeds your hand."),
}

STRENGTH = GameStrength(options=strength_options, styles=STYLES, style_lines=STYLE_LINES,
                        points=lambda state, seat: float(state.result.game_points[seat]), curve=CURVE)
