"""The results screen every in-hand game shares (game.ui.inhand.results): a results screen left under
another one never deals twice, and at the end of the game offers its end, in every such game."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from ai.games import front as bot_front
from game.ui.games import GAMES as TABLES
from game.ui.inhand.results import DealResults
from game.ui.match import HUMAN, SeatSetup
from game.ui.selftest import top_name

from .helpers import ev_key

DEALS_GAMES = [name for name, f in TABLES.items() if any(issubclass(s, DealResults) for s in f.scenes)]


def play_out(match, rng: random.Random) -> None:
    """The deal in play to its end, every seat played by the game's Medium bot."""
    bots = bot_front(match.game)
    bot = bots.levels["Medium"].make(rng)
    for _ in range(5000):
        if match.state.phase == "over":
            return
        match.play(bot.choose(bots.observe(match.state, match.state.turn)))
    raise AssertionError("the deal did not end")


def test_every_in_hand_game_has_the_shared_results():
    assert {"indian13", "indian21", "marriage"} <= set(DEALS_GAMES)


@pytest.mark.parametrize("name", DEALS_GAMES)
def test_a_results_screen_left_under_another_never_deals_twice(app, name):
    """Two results screens stacked: Next deal on the top one deals; the one left under it then only
    steps back, and once the last deal ends under it, offers the game's end."""
    f = TABLES[name]
    rules = f.setup.default_rules().with_players(2)
    count = "deals" if "deals" in {x.name for x in dataclasses.fields(rules)} else "deal_count"  # I12.3 / T14
    rules = dataclasses.replace(rules, format="deals", **{count: 2})
    match = f.match.new([SeatSetup("You", HUMAN), SeatSetup("Meena", "Medium")], rules, 4)
    rng = random.Random(4)
    play_out(match, rng)
    results = next(s for s in f.scenes if issubclass(s, DealResults)).name
    app.reset_to(app.make("title"))
    table = app.open(match.scene, match)
    app.step([])
    under = app.open(results, table)
    over = app.open(results, table)
    over.next_deal()
    assert app.top is under and match.state.phase != "over" and match.series.deals_played == 1
    app.step([ev_key(pygame.K_RETURN)])  # its Next deal, stale: only back to the table
    assert app.top is table and match.series.deals_played == 1
    stale = app.open(results, table)  # the totals during the last deal: Back only
    assert [b.caption for b in stale.form.widgets] == ["Back"]
    play_out(match, rng)  # the last deal ends under it
    stale.update(0.0)
    assert stale.game_over and [b.caption for b in stale.form.widgets][0] == "New game"
    assert top_name(app) == results
