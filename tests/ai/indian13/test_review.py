"""The deal review of Indian Rummy (ai/indian13/review.py, issue 34): it reads only the seat's
observation, it is reproducible, it is honest (the random bot's moves are marked far more often
than the heuristic's), its best move is the one it rates best, and both games' reviews answer to
``python -m ai.review``."""

from __future__ import annotations

from ai.indian13.front import FRONT
from ai.indian13.review import charged, decisions_of, review
from game.indian13 import Action, RuleSet, apply
from game.replay import states
from tests.inhand_helpers import charged_as_recorded, review_tests

ITER = 10  # small: the tests check the logic, the benchmark the numbers


# recorded_deal(seed, ...): a deal played by bots, recorded as a replay
(recorded_deal, test_the_review_rates_every_draw_and_discard,
 test_random_moves_are_marked_more_often_than_the_heuristics) = review_tests(
    FRONT, RuleSet, review, decisions_of, ITER, suite_hands=1)  # one hand a bot in the suite, three in the long checks


def test_i9_i10_what_an_option_is_charged() -> None:
    """A declarer is charged 0, a seat that dropped its drop, a loser its count."""
    charged_as_recorded(recorded_deal(5), states, charged, Action.drop, apply)
