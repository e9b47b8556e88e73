"""The guided first hand of 21-card Indian Rummy (issue 49 item 1): played to its end by keys (with
wrong tries on the way, each explained and none breaking the script, and the coach's bubble fitting
every window at every step) and by mouse, chosen from the title's Tutorial, offered on the first
start of a 21-card game from New game, and replayed from the table's menu."""

from __future__ import annotations

from game.core.cards import KIND_OF, parse_kind
from game.ui.indian21.tutorial import CUT, FINISH, GROUPS, OPEN_CARD, STEPS, Tutorial21, tutorial_match
from tests.ui import tutorial_helpers as guided

LATER = ("keys", "values", "tunnela", "set", "joker")  # the steps after the first turns, each grouping cards


def open_tutorial(app):
    return guided.open_from_title(app, "21 Cards", "table21", Tutorial21)


def test_the_script_teaches_what_a_21_card_beginner_needs() -> None:
    """The rules of INDIAN_21.md a first show meets, each in a step, and the closing word on 27 Cards
    (T16: 27 cards a hand, two upper and two lower jokers, four pure sequences to show)."""
    words = " ".join(step.words for step in STEPS)
    state = tutorial_match().state  # the engine validated the deal (from_json)
    assert KIND_OF[state.cut_joker] == parse_kind(CUT) and len(state.hands[0]) == len(state.hands[1]) == 21
    for rule in ("every 7 is wild", "lower and upper jokers", "printed jokers", "value cards", "marriage",
                 "three pure sequences", "tunnela", "counts as a pure sequence", "Three tunnelas", "eight dublees",
                 "sequence with a joker", "finish card", "27 cards a hand", "two upper and two lower jokers",
                 "four pure sequences"):
        assert rule in words, rule
    guided.every_step_names_its_keys(STEPS)


def test_the_guided_hand_by_keys_with_wrong_tries_explained(app) -> None:
    table = open_tutorial(app)
    guided.first_turns_by_keys(app, table, "4D", "2D", "QS", "JC", lambda: guided.bubble_fits(app, table))
    assert table.tutorial.note(table.state).startswith("Select just 9♣ 10♣ J♣ Q♣")
    for key in LATER:
        assert guided.coach(app, table) == key
        guided.bubble_fits(app, table)
        guided.group_by_keys(app, table, *GROUPS[key])
    guided.bubble_fits(app, table)
    guided.show_by_keys(app, table, FINISH)
    guided.won(app, table, "results21")
    assert table.state.result.value[0] == 100  # the marriage's value points (T11.2)


def test_a_wrong_show_is_explained_not_charged(app) -> None:
    guided.wrong_show_is_explained(app, open_tutorial(app), "QS", "Your groups are not a valid show yet:")


def test_the_guided_hand_by_mouse(app) -> None:
    table = open_tutorial(app)
    guided.first_turns_by_mouse(app, table, "4D", "2D", "QS")
    for key in LATER:
        assert guided.coach(app, table) == key
        guided.click_cards(app, table, *GROUPS[key])
    guided.show_by_mouse(app, table, FINISH)
    guided.won(app, table, "results21")


def test_leaving_the_script_is_said_and_the_hand_plays_on(app) -> None:
    guided.leaving_the_script_is_said(app, open_tutorial(app), OPEN_CARD, "QS")


def test_the_first_start_of_a_21_card_game_offers_the_guided_hand(app) -> None:
    guided.first_start_offers_it(app, "21 Cards", "table21", "indian21")


def test_the_menu_of_a_21_card_table_replays_the_21_card_guided_hand(app) -> None:
    from tests.ui.test_indian21_table import new_table

    guided.menu_replays_it(app, new_table(app, levels=("Human", "Easy")), Tutorial21)
