"""Vazhushal's part of the strength setting and the styles (issue 50: :mod:`ai.strength`,
:mod:`ai.personality`).  Its difficulty levels stay in :mod:`ai.vazhushal.base` (``LEVELS``).

A Vazhushal bot answers with a plan of its turn: the draw (the stock, or a wipe of the line), then
its melds and its discard.  A deviation changes the draw for another legal one, or the discard of a
turn that is a discard alone, for another natural card; a turn that goes out or lays down the meld a
rule requires is never changed.
"""

from __future__ import annotations

import math

from game.vazhushal import DRAW, PLAY, Action, Observation

from ..personality import NO_DROP_LINES
from ..strength import GameStrength
from .determinize import public_record, view_state
from .heuristic import Policy


def strength_options(policy: Policy, obs: Observation, best: list[Action]) -> list[tuple[float, list[Action]]]:
    """:class:`ai.strength.GameStrength`'s ``options``: every legal draw by the heuristic's worth
    of it (nothing when a wipe goes out), or every natural discard by the worth of the hand without
    it, when the best plan is a discard alone."""
    state, seen = view_state(obs), public_record(obs)
    if obs.phase == DRAW:
        values = policy.draw_values(state, None, seen)
        if len(values) < 2 or any(v == math.inf for v, _o in values):
            return []
        return sorted(((v, list(o.steps)) for v, o in values), key=lambda vo: -vo[0])
    if obs.phase != PLAY or len(best) != 1 or best[0].type != "discard":
        return []
    ranked = policy.discard_values(state, seen)
    natural = [(v, k) for v, k in ranked if not state.wild[k]] or ranked
    return [(v, [Action.discard(state.turn, k)]) for v, k in natural]


# each style's heuristic options, laid over the bot of any strength (docs/bots.md, "Personalities").
# Vazhushal has no drop and every style goes out as soon as it can: cautious lays its melds down as
# soon as it holds them (fewer cards are caught in its hand when another goes out) and feeds the next
# player less (the danger of a discard weighed half as much again); greedy holds its wild cards (worth
# two and a half times Medium's) and its melds for a bigger going-out (it counts their full value) and
# hopes more of the stock, so it wipes the line less and more cards are caught in its hand when
# another goes out; the pile-reader wipes the line whenever a wipe is about as good as the stock.
STYLES: dict[str, dict[str, object]] = {
    "cautious": {"meld_early": True, "danger_weight": 22.0},
    "greedy": {"wild_hold": 25.0, "meld_weight": 1.0, "stock_hope": 7.0},
    "pile-reader": {"stock_hope": 0.0},
}

# the deviation knob a strength needs: the ratings measured with the knob at -s / 50 (a first
# measurement, 200 hands each: `python -m tools.calibrate --game vazhushal --levels ""
# --strengths=-50,-40,-30,-20,-10,-5 --hands 200 --seed 900000`; docs/skill.md, "The strength
# setting"), read backwards.  Deviating at every move among the draws and the natural discards
# costs no more than about 28 points here: the settings below that play as -28.
CURVE = ((-28.0, 1.0), (-27.0, 0.8), (-24.0, 0.6), (-18.5, 0.4), (-11.5, 0.2), (-8.5, 0.1))

STRENGTH = GameStrength(options=strength_options, styles=STYLES, style_lines=NO_DROP_LINES,
                        points=lambda state, seat: float(len(state.hands[seat])),
                        turns=("draw_stock", "take_line"), takes=("take_line",), drops=(), curve=CURVE)
