"""Indian Marriage's bots behind the bot layer's front (:class:`ai.front.BotFront`): what the safety
net, the arena (``python -m ai.arena --game marriage``), the ladder and the table need.

A hand of the arena is one deal of the preset (``Marriage standard`` by default).  The deal is
**won by the seat with the highest net** (M11: what the deal adds to the seat's total; M12: the
highest total wins the game): most often the seat that finished, but a seat holding much more maal
can net more than a finisher.  Seats tied on the highest net share the win (each gets ``1/k``); a
void deal (M9, every net 0) is shared by every seat.  A deal still going after
:data:`MAX_ACTIONS` actions is left unfinished and won by nobody.

Per bot the report adds ``mean_net`` (the M11 settlement of its deals), ``mean_maal`` (its maal
points, M10), ``seen_share`` (the share of its deals in which it saw the maal, M6) and
``finish_share`` (the share it won by finishing, M7).
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_
from game.marriage import GAME, Action, State, new_deal, observe, preset

from ..front import UNFINISHED, BotFront, Outcome, Rung, ask_observation, best_scores, flat_options, unfinished
from . import heuristic, random_bot, review, search  # noqa: F401  (the built-in bots register themselves; a frozen build finds them here)
from .base import BOTS
from .calibration import CALIBRATION
from .fallback import fallback
from .heuristic import DEFAULT_PARAMS
from .levels import LEVELS

ENDINGS = ("declared", "dublees", "all_out", "void", UNFINISHED)
MAX_ACTIONS = 3000  # a deal between bots that never finish is given up here
STAT_KEYS = ("mean_net", "mean_maal", "seen_share", "finish_share")


def outcome(state: State) -> Outcome:
    result = state.result
    n = state.players
    if result is None:
        return unfinished(n)
    stats = [{"mean_net": result.net[s], "mean_maal": result.maal[s], "seen_share": float(state.seen[s] is not None),
              "finish_share": float(result.winner == s and result.reason in ("declared", "dublees"))}
             for s in range(n)]
    return best_scores(result.reason, result.net, stats)


FRONT = BotFront(
    engine=GAME, bots=BOTS, levels=LEVELS, observe=observe, ask=ask_observation, fallback=fallback, action_type=Action,
    preset=preset, deal=new_deal, outcome=outcome, endings=ENDINGS, stat_keys=STAT_KEYS,
    # Translators: what a seat's score of a deal is called (its net: won or lost), shown as "net: -12".
    score_column=(N_("net"), "mean_net"),
    heuristic_defaults=partial(flat_options, DEFAULT_PARAMS), max_actions=MAX_ACTIONS,
    hand_word="deal", review=review,
    calibration=CALIBRATION,  # where its bots sit on the rating scale (docs/skill.md)
    # the ladder (docs/marriage.md, "Bots"): two-player deals won, duplicate deals
    measured={"Easy": ("Medium", 0.32, 300), "Medium": ("random", 0.96, 300), "Expert": ("Medium", 0.53, 2400)},
    ladder=(
        Rung("Medium", "random", 2, 0.90),
        Rung("Medium", "Easy", 2, 0.60),
        Rung("Hard", "Medium", 2, None),
        Rung("Expert", "Medium", 2, 0.50),
        Rung("Expert", "Medium", 4, None),
    ),
)
