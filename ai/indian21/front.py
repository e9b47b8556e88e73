"""21-card Indian Rummy's bots behind the bot layer's front (:class:`ai.front.BotFront`): what the
safety net, the arena (``python -m ai.arena --game indian21``), the ladder and the table need.

A hand of the arena is one deal of the preset (``21-card standard`` by default; ``--preset
27-card`` for 27-card Rummy).  The deal is **won by the seat with the highest net** (T12: what the
deal settles on the seat, counts, drops and value points together, T11): most often the seat that
showed, but a loser holding far more value points can net more than the winner.  Seats tied on
the highest net share the win (each gets ``1/k``); a void deal (T13, every net 0) is shared by
every seat.  A deal still going after :data:`MAX_ACTIONS` actions (bots that never show) is left
unfinished and won by nobody.

Per bot the report adds ``mean_net`` (the T12 settlement of its deals), ``mean_points`` (the
points it paid a deal, T8-T10), ``mean_value`` (its value points, T11), ``show_share`` (the share
of its deals it won by a valid show) and ``drop_rate`` (the share it dropped, T9).
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_
from game.indian21 import GAME, Action, State, new_deal, observe, preset
from game.indian21.state import DECLARED, FIRST_DROP, MIDDLE_DROP

from ..front import UNFINISHED, BotFront, Outcome, Rung, ask_observation, best_scores, flat_options, unfinished
from . import heuristic, random_bot, review, search  # noqa: F401  (the built-in bots register themselves; a frozen build finds them here)
from .base import BOTS
from .calibration import CALIBRATION
from .fallback import fallback
from .heuristic import DEFAULT_PARAMS
from .levels import LEVELS

ENDINGS = ("declared", "all_dropped", "invalid_declaration", "void", UNFINISHED)
MAX_ACTIONS = 4000  # a deal between bots that never show (random ones) is given up here
STAT_KEYS = ("mean_net", "mean_points", "mean_value", "show_share", "drop_rate")


def outcome(state: State) -> Outcome:
    result = state.result
    n = state.players
    if result is None:
        return unfinished(n)
    stats = [{"mean_net": result.net[s], "mean_points": result.points[s], "mean_value": result.value[s],
              "show_share": float(result.winner == s and result.reason == DECLARED),
              "drop_rate": float(state.out[s] in (FIRST_DROP, MIDDLE_DROP))} for s in range(n)]
    return best_scores(result.reason, result.net, stats)


FRONT = BotFront(
    engine=GAME, bots=BOTS, levels=LEVELS, observe=observe, ask=ask_observation, fallback=fallback, action_type=Action,
    preset=preset, deal=new_deal, outcome=outcome, endings=ENDINGS, stat_keys=STAT_KEYS,
    # Translators: what a seat's score of a deal is called (its net: won or lost), shown as "net: -12".
    score_column=(N_("net"), "mean_net"),
    heuristic_defaults=partial(flat_options, DEFAULT_PARAMS), max_actions=MAX_ACTIONS,
    hand_word="deal", review=review,
    calibration=CALIBRATION,  # where its bots sit on the rating scale (docs/skill.md)
    # the ladder (docs/indian21.md, "Bots measured"): two-player deals won, duplicate deals
    measured={"Easy": ("Medium", 0.32, 300), "Medium": ("random", 0.96, 300), "Hard": ("Medium", 0.49, 200),
              "Expert": ("Medium", 0.535, 1600)},  # its 1,600 fresh deals (seeds 5000 and 31337) since 2026-11-29
    ladder=(
        Rung("Medium", "random", 2, 0.90),
        Rung("Medium", "Easy", 2, 0.60),
        Rung("Hard", "Medium", 2, None),
        Rung("Expert", "Medium", 2, 0.50),
    ),
)
