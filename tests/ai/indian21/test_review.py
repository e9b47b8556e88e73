"""The deal review of 21-card Indian Rummy (ai/indian21/review.py): it reads only the seat's
observation, it is reproducible, it is honest (the random bot's moves are marked far more often
than the heuristic's), its best move is the one it rates best, the table's Hint and the review of
the replay agree however the decks' copies are numbered, and ``python -m ai.review`` routes to it."""

from __future__ import annotations

import random

from ai.indian21.front import FRONT
from ai.indian21.review import (
    charged,
    decisions_of,
    review,
)
from game.indian21 import Action, RuleSet, apply, new_deal
from game.indian21.state import OVER
from game.replay import states
from tests.inhand_helpers import charged_as_recorded, review_tests

ITER = 8  # small: the tests check the logic, the benchmark the numbers


# recorded_deal(seed, ...): a deal played by bots, recorded as a replay
(recorded_deal, test_the_review_rates_every_draw_and_discard,
 test_random_moves_are_marked_more_often_than_the_heuristics) = review_tests(
    FRONT, RuleSet, review, decisions_of, ITER, suite_hands=1)  # a 21-card hand is long: one a bot (docs/testing.md)


def test_t8_t9_t10_what_an_option_is_charged() -> None:
    """A declarer is charged 0, a seat that dropped its drop, a loser its count; a middle drop costs
    30 and a seat yet to draw is charged by the half rule (T10.4)."""
    charged_as_recorded(recorded_deal(5), states, charged, Action.drop, apply)
    three = new_deal(RuleSet(players=3), random.Random(2))
    mover = three.turn
    out = apply(three, Action.drop(mover))
    assert charged(out, mover) == 30 and out.phase != OVER
    waiting = (mover + 2) % 3  # it has not drawn yet: the half rule (T10.4)
    assert 0 <= charged(out, waiting) <= 60
