"""13-card Indian Rummy's bots behind the bot layer's front (:class:`ai.front.BotFront`): what
the safety net, the arena (``python -m ai.arena --game indian13``), the ladder and the table need.

A hand of the arena is one deal of the preset (``Standard points`` by default).  The deal is **won
by the seat charged the fewest points** (I12.1: a valid declarer scores 0, so it wins; when every
other seat drops, the one left wins).  Seats tied on the fewest points share the win (each gets
``1/k`` of it): a loser whose whole hand is melded with life ties the declarer at 0, and a void
deal (I11.1) is shared by every seat.  A deal still going after :data:`MAX_ACTIONS` actions (bots
that never declare) is left unfinished and won by nobody.

Per bot the report adds ``mean_points`` (points charged a deal, I8-I10; lower is better),
``mean_net`` (what the deal adds to the seat's total in the game format, I12, via
:func:`game.indian13.deal_scores`) and ``drop_rate`` (the share of its deals it dropped, I9).
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_
from game.indian13 import GAME, Action, State, deal_scores, new_deal, observe, preset
from game.indian13.state import FIRST_DROP, MIDDLE_DROP

from ..front import UNFINISHED, BotFront, Outcome, Rung, ask_observation, best_scores, flat_options, unfinished
from . import heuristic, random_bot, review, search  # noqa: F401  (the built-in bots register themselves; a frozen build finds them here)
from .base import BOTS
from .calibration import CALIBRATION
from .fallback import fallback
from .heuristic import DEFAULT_PARAMS
from .levels import LEVELS

ENDINGS = ("declared", "all_dropped", "invalid_declaration", "void", UNFINISHED)
MAX_ACTIONS = 4000  # a deal between bots that never declare (random ones) is given up here


def outcome(state: State) -> Outcome:
    result = state.result
    n = state.players
    if result is None:
        return unfinished(n)
    net = deal_scores(state.rules, result)
    stats = [{"mean_points": result.points[s], "mean_net": net[s],
              "drop_rate": float(state.out[s] in (FIRST_DROP, MIDDLE_DROP))} for s in range(n)]
    return best_scores(result.reason, result.points, stats, lowest=True)


FRONT = BotFront(
    engine=GAME, bots=BOTS, levels=LEVELS, observe=observe, ask=ask_observation, fallback=fallback, action_type=Action,
    preset=preset, deal=new_deal, outcome=outcome, endings=ENDINGS,
    stat_keys=("mean_points", "mean_net", "drop_rate"),
    # Translators: what a seat's score of a deal is called (the points charged to it), shown as "points: 40".
    score_column=(N_("points"), "mean_points"),
    heuristic_defaults=partial(flat_options, DEFAULT_PARAMS), max_actions=MAX_ACTIONS, hand_word="deal", review=review,
    calibration=CALIBRATION,  # where its bots sit on the rating scale (docs/skill.md)
    # the ladder and the arena (docs/bots.md, docs/indian13.md): two-player deals won
    measured={"Easy": ("Medium", 0.42, 1000), "Medium": ("random", 0.97, 1000), "Hard": ("Medium", 0.55, 200),
              "Expert": ("Medium", 0.55, 1500)},
    ladder=(
        Rung("Medium", "random", 2, 0.95),
        Rung("Medium", "Easy", 2, None),
        Rung("Hard", "Medium", 2, None),
        Rung("Expert", "Medium", 2, 0.60),
        Rung("Expert", "Medium", 4, 0.325),  # issue 34: 1.3 times its share at full tables
        Rung("Expert", "Medium", 6, 0.217),
    ),
)
