"""The guided first hand of 13-card Indian Rummy (issue 49 item 1): played to its end by keys
(with wrong tries on the way, each explained and none breaking the script, and the coach's bubble
fitting every window at every step) and by mouse, chosen from the title's Tutorial, offered on the
first start of a 13-card game from New game, and replayed from the table's menu."""

from __future__ import annotations

from game.ui.indian13.tutorial import FINISH, GROUPS, OPEN_CARD, STEPS, Tutorial13, tutorial_match
from tests.ui import tutorial_helpers as guided


def open_tutorial(app):
    """From the title: Tutorial, then 13-card Indian Rummy in the chooser."""
    return guided.open_from_title(app, "Indian Rummy", "table13", Tutorial13)


def test_the_guided_hand_by_keys_with_wrong_tries_explained(app) -> None:
    guided.every_step_names_its_keys(STEPS)
    assert tutorial_match().state.cut_joker is not None  # the engine validated the deal (from_json)
    table = open_tutorial(app)
    guided.first_turns_by_keys(app, table, "4D", "2D", "KS", "9H", lambda: guided.bubble_fits(app, table))
    assert table.tutorial.note(table.state).startswith("Select just 7♥ 8♥ 9♥ 10♥")
    for key in ("keys", "joker", "set"):
        assert guided.coach(app, table) == key
        guided.bubble_fits(app, table)
        guided.group_by_keys(app, table, *GROUPS[key])
    assert guided.coach(app, table) == "declare" and table.hand_points() == 10  # only the 10♠ counts
    guided.bubble_fits(app, table)
    guided.show_by_keys(app, table, FINISH)
    guided.won(app, table, "results13")


def test_an_invalid_declaration_is_explained_not_charged(app) -> None:
    guided.wrong_show_is_explained(app, open_tutorial(app), "KS", "Your groups are not a valid declaration yet.")


def test_the_guided_hand_by_mouse(app) -> None:
    table = open_tutorial(app)
    guided.first_turns_by_mouse(app, table, "4D", "2D", "KS")
    guided.click_cards(app, table, *(GROUPS[key][0] for key in ("keys", "joker", "set")))
    guided.show_by_mouse(app, table, FINISH)
    guided.won(app, table, "results13")


def test_the_first_start_of_a_13_card_game_offers_the_guided_hand(app) -> None:
    guided.first_start_offers_it(app, "Indian Rummy", "table13", "indian13")


def test_leaving_the_script_is_said_and_the_hand_plays_on(app) -> None:
    guided.leaving_the_script_is_said(app, open_tutorial(app), OPEN_CARD, "KS")


def test_the_menu_of_a_13_card_table_replays_the_13_card_guided_hand(app) -> None:
    """The in-game menu's Tutorial opens the guided hand of the table's own game."""
    from game.indian13.rules import RuleSet
    from tests.ui.test_indian13_table import open_table

    guided.menu_replays_it(app, open_table(app, ["You", "Meena"], ["Human", "Easy"], RuleSet(players=2)), Tutorial13)
