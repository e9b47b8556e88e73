"""Vazhushal's bots behind the bot layer's front (:class:`ai.front.BotFront`): what the safety
net, the arena, the ladder and the table need of this game.

A hand of the arena is won by the seat that goes out, or wins the stock-out count (V9.3); the
report adds each bot's mean stock-out score.
"""

from __future__ import annotations

from dataclasses import asdict

from game.i18n import N_
from game.vazhushal import GAME, Action, State, new_hand, observe, preset

from ..front import BotFront, Outcome, Rung, unfinished
from . import heuristic, random_bot, review, search  # noqa: F401  (the built-in bots register themselves; a frozen build finds them here)
from .base import BOTS, LEVELS, LegalMoves
from .calibration import CALIBRATION
from .fallback import Fallback
from .heuristic import DEFAULT_PARAMS


def ask(bot, obs) -> object:
    """A Vazhushal bot is asked with its observation and the legal-move source built from it."""
    return bot.choose(obs, LegalMoves(obs))


def outcome(state: State) -> Outcome:
    result = state.result
    n = state.players
    if result is None:
        return unfinished(n)
    stats: list[dict[str, float]] = [{} for _ in range(n)]
    if result.scores is not None:
        for s in range(n):
            stats[s]["mean_stock_out_score"] = result.scores[s]
    return Outcome("went_out" if result.reason == "went_out" else "stock_out",
                   [] if result.winner is None else [result.winner], stats)


FRONT = BotFront(
    engine=GAME, bots=BOTS, levels=LEVELS, observe=observe, ask=ask, fallback=Fallback(), action_type=Action,
    preset=preset, deal=new_hand, outcome=outcome, endings=("went_out", "stock_out", "unfinished"),
    stat_keys=("mean_stock_out_score",),
    # Translators: what a seat's score of a hand that ran out of stock is called, shown as "stock-out: -3".
    score_column=(N_("stock-out"), "mean_stock_out_score"),
    heuristic_defaults=lambda: asdict(DEFAULT_PARAMS), max_actions=5000, hand_word="hand",
    review=review,
    calibration=CALIBRATION,  # where its bots sit on the rating scale (docs/skill.md)
    # the ladder (docs/bots.md: python -m ai.ladder --game vazhushal --seed 424242): two-player hands won
    measured={"Easy": ("Medium", 0.35, 2000), "Medium": ("random", 0.88, 2000), "Hard": ("Medium", 0.53, 400),
              "Expert": ("Medium", 0.55, 400)},
    ladder=(
        Rung("Medium", "random", 2, 0.95),
        Rung("Medium", "Easy", 2, 0.62),
        Rung("Hard", "Medium", 2, 0.57),
        Rung("Expert", "Medium", 2, 0.62),
        Rung("Expert", "Hard", 2, 0.55),
        Rung("Expert", "Medium", 4, 0.37),
        Rung("Expert", "Medium", 6, 0.25),
    ),
)
