"""The bot adapter: levels, legal actions off any state, fallbacks."""

from __future__ import annotations

import random

from game.ui import bots
from game.vazhushal import OVER, RuleSet, is_legal, new_hand


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
            from game.vazhushal import apply
            state = apply(state, action)
        assert state.phase == OVER


def test_plain_engine_player_is_legal():
    from game.vazhushal import apply
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


def test_every_registered_bot_can_be_picked_by_name():
    from ai.vazhushal.base import bot_names
    names = bots.level_names()
    for name in bot_names():
        assert bots.BOT_PREFIX + name in names
        assert bots.bot_for_level(bots.BOT_PREFIX + name) == name
        player = bots.BotPlayer(bots.BOT_PREFIX + name, 3)
        assert player._bot is not None and player._bot.bot.name == name
    assert bots.bot_for_level("Expert") == "search"


def test_a_newly_registered_bot_shows_up_in_the_seat_choices():
    from ai.vazhushal import base
    from game.vazhushal import Action

    @base.register("always-stock")
    class AlwaysStock:
        name = "always-stock"

        def __init__(self, rng, **options):
            self.rng = rng

        def choose(self, obs, legal):
            return legal.actions()[0] if obs.phase != "draw" else Action.draw_stock(obs.seat)

    try:
        assert bots.BOT_PREFIX + "always-stock" in bots.level_names()
        assert bots.bot_for_level(bots.BOT_PREFIX + "always-stock") == "always-stock"
        player = bots.BotPlayer(bots.BOT_PREFIX + "always-stock", 1)
        state = new_hand(RuleSet(players=2), random.Random(4))
        action = player.next_action(state)
        assert is_legal(state, action)
    finally:
        base.BOTS.factories.pop("always-stock", None)
