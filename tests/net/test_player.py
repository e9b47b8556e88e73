"""The network player (game.net.player): the decisions of a seat behind a connection."""

from __future__ import annotations

import random

from ai.games import GAMES
from game.net import protocol as P
from game.net.player import Player


def _update(front, deal: int, seed: int) -> dict:
    """An update of the table for deal ``deal`` with the seat to move's observation."""
    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(seed))
    obs = front.observe(state, state.turn)
    return {"type": P.UPDATE, "n": 1, "deal": deal, "over": False, "observations": {str(state.turn): obs.to_json()}}


def test_a_seats_bot_plays_one_hand_a_new_deal_gets_a_new_one() -> None:
    """A seat's bot is kept for its hand (it may plan a turn's moves together) and made afresh for the
    next deal (a strength setting above 0 draws whose hand it plays, the Expert's or Medium's, when
    it is made: ai.strength)."""
    front = GAMES["indian13"]
    player = Player(front, "Strength +1", 5)
    [answer] = player.read(_update(front, 1, 3))
    assert answer["type"] == P.ACTION and player.bot_deal == 1
    first = player.bot
    player.read(_update(front, 1, 3))
    assert player.bot is first  # the same hand: the same bot
    player.read(_update(front, 2, 4))
    assert player.bot is not first and player.bot_deal == 2
