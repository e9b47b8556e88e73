"""The deal review of Indian Rummy (ai/indian13/review.py, issue 34): it reads only the seat's
observation, it is reproducible, it is honest (the random bot's moves are marked far more often
than the heuristic's), its best move is the one it rates best, and both games' reviews answer to
``python -m ai.review``."""

from __future__ import annotations

from ai.indian13.front import FRONT
from ai.indian13.review import charged, decisions_of, review
from game.indian13 import Action, RuleSet, apply
from game.replay import states
from tests import family

ITER = 10  # small: the tests check the logic, the benchmark the numbers


def recorded_deal(seed: int, players: int = 2, bot: str = "heuristic", seat_bot: str | None = None) -> dict:
    """A deal played by bots, recorded as a replay; seat 0 is played by ``seat_bot`` if given."""
    return family.recorded_deal(FRONT, RuleSet(players=players), seed, bot, seat_bot)


def test_the_review_rates_every_draw_and_discard() -> None:
    family.rates_every_draw_and_discard(review, decisions_of, recorded_deal(7), ITER)


def test_i9_i10_what_an_option_is_charged() -> None:
    """A declarer is charged 0, a seat that dropped its drop, a loser its count."""
    played = states(recorded_deal(5))
    start = played[0]
    family.charged_as_settled(charged, start, played[-1], Action.drop(start.turn), apply)


def test_random_moves_are_marked_more_often_than_the_heuristics() -> None:
    family.random_marked_more_often(review, lambda seed, bot: recorded_deal(seed, seat_bot=bot), ITER)
