"""The bot adapter: levels, legal actions off any state, fallbacks."""

from __future__ import annotations

import random

from game.engine import OVER, RuleSet, is_legal, new_hand
from game.ui import bots


def test_levels_are_named():
    names = bots.level_names()
    assert "Medium" in names and len(names) >= 3


def test_every_level_plays_legal_moves_to_the_end():
    for level in bots.level_names()[:2] + ["no-such-bot"]:
        state = new_hand(RuleSet(players=2), random.Random(1))
        players = {0: bots.BotPlayer(level, 1), 1: bots.BotPlayer(level, 2)}
        for _ in range(600):
            if state.phase == OVER:
                break
            action = players[state.turn].next_action(state)
            assert is_legal(state, action)
            from game.engine import apply
            state = apply(state, action)
        assert state.phase == OVER


def test_plain_engine_player_is_legal():
    from game.engine import apply
    state = new_hand(RuleSet(players=4), random.Random(9))
    for _ in range(800):
        if state.phase == OVER:
            break
        action = bots.plain_action(state)
        state = apply(state, action)
    assert state.phase == OVER


def test_hint_is_an_action_for_the_seat_to_move():
    state = new_hand(RuleSet(players=2), random.Random(3))
    hint = bots.BotPlayer(bots.HINT_LEVEL, 0).hint(state)
    assert hint is not None and hint.player == state.turn and is_legal(state, hint)
