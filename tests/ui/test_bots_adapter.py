"""The one door from the tables to the bots (game.ui.bots), for every registered game: levels and
registered bots as seat choices, legal actions to the end of a hand, hints, and a seat whose bot
cannot be made (or does not exist) still plays legal moves."""

from __future__ import annotations

import random

import pytest

from ai.games import GAMES
from game.ui import bots
from game.ui.games import GAMES as TABLES


@pytest.mark.parametrize("game", list(GAMES))
def test_levels_then_registered_bots_are_the_seat_choices(game):
    front = GAMES[game]
    names = bots.level_names(front)
    assert names[:len(front.levels)] == list(front.levels) and "Medium" in names
    for name in front.bots.names():
        assert bots.BOT_PREFIX + name in names
        assert bots.seat_kind(front, bots.BOT_PREFIX + name) == f"bot:{name}"
        assert bots.BotPlayer(front, bots.BOT_PREFIX + name, 3).safe.bot.name == name
    assert bots.seat_kind(front, "Expert") == f"bot:{front.levels['Expert'].bot}"
    assert bots.seat_kind(front, "Human") == "human"
    assert bots.level_description(front, "Expert") == front.levels["Expert"].description
    assert set(front.measured) <= set(front.levels)  # measured words only for levels that exist
    assert bots.level_measured(front, "Human") == ""


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("level", ["Easy", "Medium", "no-such-bot"])
def test_every_level_plays_legal_moves_to_the_end(game, level):
    front = GAMES[game]
    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(1))
    players = {0: bots.BotPlayer(front, level, 1), 1: bots.BotPlayer(front, level, 2)}
    assert players[0].fallback == (level == "no-such-bot")
    for _ in range(front.max_actions):
        if state.result is not None:
            break
        action = players[state.turn].next_action(state)
        state = front.engine.apply(state, action)  # legal, or this raises
    assert state.result is not None or level == "no-such-bot"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hint_is_a_legal_plan_for_the_seat_to_move(game):
    front = GAMES[game]
    state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(3))
    plan = bots.BotPlayer(front, bots.HINT_LEVEL, 0).hint_plan(state)
    assert plan and all(a.player == state.turn for a in plan)
    for action in plan:
        state = front.engine.apply(state, action)


def test_a_newly_registered_bot_shows_up_in_the_seat_choices():
    from ai.vazhushal import FRONT, base
    from game.vazhushal import Action, RuleSet, is_legal, new_hand

    @base.register("always-stock")
    class AlwaysStock:
        name = "always-stock"

        def __init__(self, rng, **options):
            self.rng = rng

        def choose(self, obs, legal):
            return legal.actions()[0] if obs.phase != "draw" else Action.draw_stock(obs.seat)

    try:
        assert bots.BOT_PREFIX + "always-stock" in bots.level_names(FRONT)
        assert bots.seat_kind(FRONT, bots.BOT_PREFIX + "always-stock") == "bot:always-stock"
        player = bots.BotPlayer(FRONT, bots.BOT_PREFIX + "always-stock", 1)
        state = new_hand(RuleSet(players=2), random.Random(4))
        assert is_legal(state, player.next_action(state)) and not player.fallback
    finally:
        base.BOTS.factories.pop("always-stock", None)


def test_every_table_has_its_bots_and_every_bot_front_its_engine():
    from game.games import GAMES as ENGINES

    assert set(TABLES) <= set(GAMES) <= set(ENGINES)
    for name in TABLES:
        assert GAMES[name].engine is ENGINES[name] and TABLES[name].bots is GAMES[name]
