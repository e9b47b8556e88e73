"""The guided first hand of Indian Marriage (issue 49 item 1): played to its end by keys (with
wrong tries on the way, each explained and none breaking the script or charging anything, the
bubble fitting at every step) and by mouse, chosen from the title's Tutorial, offered on the first
start of a Marriage game and by a Marriage table's menu, and left (the coach says so and the hand
plays on)."""

from __future__ import annotations

import pygame

from game.core.cards import KIND_OF, parse_kind
from game.ui.drive import button, click_widget, top_name, wait_for
from game.ui.marriage.tutorial import STEPS, TIPLU, TUNNELA, TutorialMarriage, tutorial_state
from tests.ui.helpers import ev_click
from tests.ui.tutorial_helpers import (
    bubble_fits,
    card_rect,
    click_cards,
    coach,
    first_start_offers_it,
    group_by_keys,
    keys,
    menu_replays_it,
    open_from_title,
    select,
    won,
)


def open_tutorial(app):
    return open_from_title(app, "Marriage", "marriage_table", TutorialMarriage)


def opponent_done(app, table) -> None:
    """The patient opponent's move(s) played: your turn again."""
    assert wait_for(app, lambda: table.state.turn == 0 and table.state.phase != "expose", 5)


def maal_settled(app, table) -> None:
    """The finish's question confirmed: a win whose results settle the maal."""
    won(app, table, "marriage_results")
    result = table.state.result
    assert result.reason == "declared" and result.maal[0] == 15  # the exposed tunnela 5, the marriage 10
    assert list(result.game_points) == [0, 10] and list(result.net) == [25, -25]  # 2 × 15 − 15 + 10


def test_the_script_teaches_what_a_marriage_beginner_needs() -> None:
    """In order: the tunnela exposed at the deal, a draw, a pure sequence, seeing the maal, the tiplu's
    jokers and maal, a discard, a take, a joker used, every card in a combination, the finish; every
    step the player does names its keys (the opponent's needs none)."""
    assert [s.key for s in STEPS] == ["expose", "draw", "pure", "see", "jokers", "wait", "take", "joker", "rest",
                                      "declare"]
    for step in STEPS:
        assert step.key == "wait" or any(k in step.words for k in ("E ", "N)", "G)", "M ", "D)", "T)", " G.", "F)"))
    state = tutorial_state()  # the engine validated the deal (from_json)
    assert state.phase == "expose" and state.tiplu is None and KIND_OF[state.stock[0]] != parse_kind(TIPLU)
    assert "tiplu" in STEPS[4].words and "marriage" in STEPS[4].words


def test_the_guided_hand_by_keys_with_wrong_tries_explained(app) -> None:
    table = open_tutorial(app)
    assert coach(app, table) == "expose"
    bubble_fits(app, table)
    keys(app, pygame.K_n)  # a wrong try: drawing before the expose step is done
    assert table.tutorial.note(table.state) == "Press E (or click Expose), then Expose."
    assert coach(app, table) == "expose" and table.state.phase == "expose"  # nothing broke
    keys(app, pygame.K_e)
    assert top_name(app) == "marriage_expose"
    keys(app, pygame.K_RETURN)
    assert [[KIND_OF[c] for c in g] for g in table.state.exposed[0]] == [[parse_kind(c) for c in TUNNELA.split()]]
    opponent_done(app, table)
    assert table.state.exposed[1] == [] and coach(app, table) == "draw"  # the opponent exposes nothing
    bubble_fits(app, table)
    keys(app, pygame.K_n)
    assert coach(app, table) == "pure" and table.tutorial.note(table.state) == ""  # the hint went with the step
    group_by_keys(app, table, "2D 3D 4D")
    assert coach(app, table) == "see"
    keys(app, pygame.K_f)  # a wrong try: finishing before seeing the maal
    assert table.message[1] == "bad" and table.tutorial.note(table.state).startswith("Press M")
    bubble_fits(app, table)
    keys(app, pygame.K_m)
    assert top_name(app) == "confirm"
    keys(app, pygame.K_RETURN)
    assert KIND_OF[table.state.tiplu] == parse_kind(TIPLU) and coach(app, table) == "jokers"
    assert "tiplu is 5♥" in table.message[0]
    assert table.known_wild()[parse_kind("5C")] and table.known_wild()[parse_kind("6H")]  # the jokers now known
    bubble_fits(app, table)
    select(app, table, "JS")
    keys(app, pygame.K_d)
    opponent_done(app, table)  # the opponent drew and threw the K♣
    assert coach(app, table) == "take"
    keys(app, pygame.K_t)
    assert coach(app, table) == "joker"
    select(app, table, "KC")
    keys(app, pygame.K_d)  # a wrong try the engine refuses: the card just taken stays this turn
    assert table.message[1] == "bad" and "K♣" in table.message[0], table.message
    assert table.tutorial.note(table.state) == "Select just Q♥ K♥ 5♣ (click them, or ←→ and Space), then G."
    assert table.state.phase == "discard" and not table.tutorial.off_script
    keys(app, pygame.K_SPACE)  # the K♣ let go
    group_by_keys(app, table, "QH KH 5C")
    assert coach(app, table) == "rest"
    group_by_keys(app, table, "KS KD KC")
    select(app, table, "2C")
    keys(app, pygame.K_f)  # a wrong try: finishing with cards outside a combination is explained, not charged
    assert top_name(app) == "marriage_table" and table.message[0].startswith("Your groups are not a valid finish yet")
    assert table.state.out[0] is None and "9♠ 9♦ 9♣" in table.tutorial.note(table.state)
    bubble_fits(app, table)
    keys(app, pygame.K_SPACE)  # the 2♣ let go
    group_by_keys(app, table, "9S 9D 9C", "7S 7D 7C")
    assert coach(app, table) == "declare"
    keys(app, pygame.K_f)  # a wrong try: Declare with no finish card selected
    assert table.tutorial.note(table.state) == "Select only the 2♣ (click it, or ←→ and Space), then F."
    bubble_fits(app, table)
    select(app, table, "2C")
    keys(app, pygame.K_f)
    maal_settled(app, table)


def test_the_guided_hand_by_mouse(app) -> None:
    table = open_tutorial(app)

    def click(name: str) -> None:  # a card of the middle, else a button (the discard pile, not its button)
        lay = table.layout()
        app.step(ev_click((lay.slots.get(name) or lay.buttons[name]).center))

    click("expose")
    click_widget(app, button(app, "Expose"))
    opponent_done(app, table)
    click("stock")
    assert coach(app, table) == "pure"
    click_cards(app, table, "2D 3D 4D")
    click("see")
    click_widget(app, button(app, "See the maal"))
    assert coach(app, table) == "jokers"
    r = card_rect(table, "JS")
    app.step(ev_click((r.x + 6, r.centery)) + ev_click((r.x + 6, r.centery)))  # a double-click discards
    opponent_done(app, table)
    click("discard")
    assert coach(app, table) == "joker"
    click_cards(app, table, "QH KH 5C", "KS KD KC", "9S 9D 9C", "7S 7D 7C")
    assert coach(app, table) == "declare"
    r = card_rect(table, "2C")
    app.step(ev_click((r.x + 6, r.centery)))
    click("declare")
    maal_settled(app, table)


def test_keeping_the_tunnela_leaves_the_script_and_the_hand_plays_on(app) -> None:
    table = open_tutorial(app)
    keys(app, pygame.K_k)  # keep the tunnela in hand: allowed, but not the script
    opponent_done(app, table)
    assert table.tutorial.note(table.state).startswith("You left the script")
    keys(app, pygame.K_n)
    select(app, table, "JS")
    keys(app, pygame.K_d)
    opponent_done(app, table)  # the opponent played on
    assert table.tutorial.off_script and table.state.phase == "draw" and table.state.result is None


def test_the_first_start_of_a_marriage_game_offers_the_guided_hand(app) -> None:
    first_start_offers_it(app, "Marriage", "marriage_table", "marriage")


def test_the_menu_of_a_marriage_table_replays_the_marriage_guided_hand(app) -> None:
    from tests.ui.test_marriage_table import new_match, open_table

    menu_replays_it(app, open_table(app, new_match()), TutorialMarriage)
