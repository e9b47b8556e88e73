"""Match me at the table (issue 50, item 2): a seat under it plays the setting where Match me
stands, records that setting in the hand's replay, moves it after the hand and keeps it in the
statistics file and the save; the new-game screen offers it, the strength settings and the styles."""

from __future__ import annotations

import json

from ai.match_me import MatchMe
from game.ui.app import load_saved_match
from game.ui.bots import level_shown
from game.ui.persist import STATS_FILE, Stats
from game.ui.selftest import top_name

from .test_review_scene import finished_table


def test_a_hand_under_match_me_records_its_setting_and_moves_it(app, store) -> None:
    table = finished_table(app, seed=21, level="Match me cautious")
    match = table.match
    [bot] = match.last_replay["bots"]
    assert bot["level"] == "Strength +0 cautious"  # where Match me stood: played again exactly by Same cards
    won = match.hand_won()
    me = app.stats.match_me["vazhushal"]
    assert me.hands == 1 and me.strength == (8.0 if won else -8.0)
    assert match.match_me == me and match.level(1) == f"Strength {8 if won else -8:+d} cautious"
    app.flush_saves()
    saved = json.loads(store.path(STATS_FILE).read_text())
    assert Stats.parse(saved).match_me == {"vazhushal": me}
    doc = match.to_json() | {"match_me": me.to_json()}
    assert load_saved_match(doc).match_me == me
    assert app.match_me_start("vazhushal") == me  # the next table of the game starts where it stands
    assert level_shown("Match me cautious") == "Match me, cautious"


def test_match_me_starts_at_the_players_rating_and_a_damaged_entry_is_refused(app) -> None:
    app.stats.match_me.clear()
    assert app.match_me_start("indian13") == MatchMe(0.0, 0)  # no rating yet: Medium's 0
    app.stats.skill["indian13"] = [{"hand": f"m-h{i:03}", "d": d, "acc": None, "loss": None}
                                   for i, d in enumerate([-1.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])]
    assert app.match_me_start("indian13") == MatchMe(-20.0, 0)  # rated -20 per 100 hands
    doc = {"levels": {}, "match_me": {"indian13": {"strength": "x", "hands": 1}}}
    try:
        Stats.parse(doc)
    except ValueError as error:
        assert "Match me" in str(error)
    else:
        raise AssertionError("a damaged Match me was read")
    assert Stats.from_json(doc).match_me == {}  # the lenient reading drops it


def test_the_new_game_screen_offers_match_me_the_settings_and_the_styles(app) -> None:
    app.reset_to(app.make("title"))
    screen = app.open("newgame", seed=5)
    screen.set_game(list(app.games).index("indian13"))
    levels = screen.levels()
    assert levels[:2] == ["Human", "Match me"] and "Strength -30" in levels and "Hard" not in levels
    name, kind = screen.seat_widgets[1]
    assert kind.value == "Medium = Hard"  # Hard measured no stronger: one choice, and the label says so
    screen.set_choice(1, "Strength -30")
    screen.style_widgets[1].change(1)  # the first style: cautious
    assert screen.seats[1].level == "Strength -30 cautious"
    screen.set_choice(1, "Match me")  # the style stays with the seat
    assert screen.seats[1].level == "Match me cautious"
    screen.set_choice(1, "Bot: random")  # a bot registered by name has no style
    assert screen.seats[1].level == "Bot: random" and 1 not in screen.style_widgets
    screen.set_choice(1, "Match me")
    app.stats.match_me["indian13"] = MatchMe(-14.0, 30)
    screen.start_now()
    if top_name(app) == "confirm":  # the first start offers the guided hand: go straight to the game
        app.top.back()
    match = app.top.match
    assert match.levels[1] == "Match me" and match.match_me == MatchMe(-14.0, 30)
    assert match.recording is not None and match.level(1) == "Strength -14"
    assert app.settings.last_seats[1][1] == "Match me"  # the next New game opens on it


def test_a_merged_level_in_the_settings_opens_as_the_level_it_is_merged_into(app) -> None:
    app.settings.last_game = "indian13"
    app.settings.last_seats = [["You", "Human"], ["Meena", "Hard greedy"]]
    screen = app.make("newgame", seed=5)
    assert [s.level for s in screen.seats] == ["Human", "Medium greedy"]


def test_where_match_me_stands_is_said_as_the_setting_its_bots_play() -> None:
    """Its words name the setting played: above the top (the Expert) the estimate may go on, the bots
    play the Expert, and the words say so."""
    from ai.games import GAMES
    from ai.strength import top
    from game.ui.bots import match_me_words

    front = GAMES["marriage"]
    assert match_me_words(MatchMe(-12.4, 40), front) == "Match me is at Strength -12, after 40 hands."
    assert match_me_words(MatchMe(top(front) + 6.2, 1), front) == "Match me is at the Expert's strength, after 1 hand."
    assert match_me_words(MatchMe(top(front) - 0.2, 120), front).startswith("Match me is at the Expert's")
