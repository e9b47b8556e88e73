"""The guided first hand of 13-card Indian Rummy (issue 49 item 1): played to its end by keys
(with wrong tries on the way, each explained and none breaking the script) and by mouse, chosen
from the title's Tutorial, and offered on the first start of a 13-card game from New game."""

from __future__ import annotations

import pygame

from game.core.cards import KIND_OF, parse_kind
from game.indian13.state import OVER
from game.ui.drive import button, click_widget, top_name, wait_for
from game.ui.indian13.tutorial import STEPS, Tutorial13, tutorial_state
from tests.ui.helpers import ev_click, ev_drag, ev_key


def open_tutorial(app):
    """From the title: Tutorial, then 13-card Indian Rummy in the chooser."""
    app.reset_to(app.make("title"))
    click_widget(app, button(app, "Tutorial: your first hand"))
    assert top_name(app) == "tutorials"
    assert [w.caption for w in app.top.form.widgets] == ["Vazhushal", "Indian Rummy", "Back"]
    click_widget(app, button(app, "Indian Rummy"))
    table = app.top
    assert table.name == "table13" and isinstance(table.tutorial, Tutorial13) and table.match.practice
    return table


def coach(app, table) -> str:
    app.step([])
    step = table.tutorial.current
    return step.key if step is not None else "done"


def keys(app, *ks: int) -> None:
    app.step([ev_key(k) for k in ks])


def focus(app, table, token: str) -> None:
    """←/→ only, to the card ``token`` of the hand."""
    for _ in range(20):
        card = table.focused_card()
        if card is not None and KIND_OF[card] == parse_kind(token):
            return
        keys(app, pygame.K_RIGHT)
    raise AssertionError(f"no {token} in the hand")


def select(app, table, tokens: str) -> None:
    for token in tokens.split():
        focus(app, table, token)
        keys(app, pygame.K_SPACE)


def group_number(table, token: str) -> int:
    mine = table.hand_groups()
    return next(i for i, g in enumerate(mine.groups) if any(KIND_OF[c] == parse_kind(token) for c in g)) + 1


def finish(app, table) -> None:
    """The declaration's question (Enter confirms), the win, the results after it."""
    assert top_name(app) == "confirm"
    keys(app, pygame.K_RETURN)
    assert table.state.phase == OVER and table.state.result.winner == 0
    assert coach(app, table) == "done"
    assert wait_for(app, lambda: top_name(app) == "results13", 5)
    assert button(app, "New game") is not None  # the next step: a real game


def test_the_guided_hand_by_keys_with_wrong_tries_explained(app) -> None:
    for step in STEPS:  # every step the player does names its keys (the opponent's needs none)
        if step.key != "wait":
            assert any(k in step.words for k in ("press N", "press T", " G", "press D", "F)", "1–9")), step.key
    assert tutorial_state().cut_joker is not None  # the engine validated the deal (from_json)
    table = open_tutorial(app)
    seen = [coach(app, table)]
    assert seen == ["draw"] and table.layout() is not None
    keys(app, pygame.K_d)  # a wrong try: discarding before drawing
    assert table.message[1] == "info" and table.message[0]
    assert table.tutorial.note(table.state) == "Start your turn from the stock: click it, or press N."
    assert coach(app, table) == "draw"  # nothing broke
    keys(app, pygame.K_n)
    assert coach(app, table) == "pure" and table.tutorial.note(table.state) == ""  # the hint went with the step
    focus(app, table, "4D")
    keys(app, pygame.K_0 + group_number(table, "2D"))
    assert coach(app, table) == "discard"
    focus(app, table, "KS")
    keys(app, pygame.K_d)
    assert wait_for(app, lambda: coach(app, table) == "take", 5)  # the opponent drew and threw the 9♥
    keys(app, pygame.K_t)
    assert coach(app, table) == "keys"
    focus(app, table, "9H")
    keys(app, pygame.K_d)  # a wrong try the engine refuses: the card just taken stays this turn
    assert table.message[1] == "bad" and "9♥" in table.message[0], table.message
    assert table.tutorial.note(table.state).startswith("Select just 7♥ 8♥ 9♥ 10♥")
    assert table.state.phase == "discard" and not table.tutorial.off_script
    select(app, table, "7H 8H 9H 10H")
    keys(app, pygame.K_g)
    assert coach(app, table) == "joker"
    select(app, table, "JC QC 5S")
    keys(app, pygame.K_g)
    assert coach(app, table) == "set"
    select(app, table, "4S 4C 4H")
    keys(app, pygame.K_g)
    assert coach(app, table) == "declare" and table.hand_points() == 10  # only the 10♠ counts
    keys(app, pygame.K_f)  # a wrong try: Declare with no finish card selected
    assert "Select only the 10♠" in table.tutorial.note(table.state)
    select(app, table, "10S")
    keys(app, pygame.K_f)
    finish(app, table)
    assert app.stats.totals()["hands_played"] == 0  # a practice hand is never counted


def test_an_invalid_declaration_is_explained_not_charged(app) -> None:
    table = open_tutorial(app)
    keys(app, pygame.K_n)
    select(app, table, "KS")
    keys(app, pygame.K_f)  # the groups are no declaration yet: said, and nothing is charged
    assert top_name(app) == "table13" and table.message[1] == "bad"
    assert table.message[0].startswith("Your groups are not a valid declaration yet.")
    assert table.state.out[0] is None and table.tutorial.tried


def test_the_guided_hand_by_mouse(app) -> None:
    table = open_tutorial(app)

    def card(token: str):
        lay = table.layout()
        return next(r for c, r in reversed(lay.cards) if KIND_OF[c] == parse_kind(token))

    def click_cards(tokens: str) -> None:
        for token in tokens.split():
            app.step(ev_click((card(token).x + 6, card(token).centery)))
            app.step([])
            table.last_click = (0.0, None)  # one click at a time, never a double-click

    def group() -> None:
        app.step(ev_click(table.layout().buttons["group"].center))

    app.step(ev_click(table.layout().stock.center))
    assert coach(app, table) == "pure"
    target = table.layout().groups[group_number(table, "2D") - 1]
    app.step(ev_drag((card("4D").x + 6, card("4D").centery), target.center))
    assert coach(app, table) == "discard"
    r = card("KS")
    app.step(ev_click((r.x + 6, r.centery)) + ev_click((r.x + 6, r.centery)))  # a double-click discards
    assert wait_for(app, lambda: coach(app, table) == "take", 5)
    app.step(ev_click(table.layout().discard.center))
    assert coach(app, table) == "keys"
    for tokens in ("7H 8H 9H 10H", "JC QC 5S", "4S 4C 4H"):
        click_cards(tokens)
        group()
    assert coach(app, table) == "declare"
    click_cards("10S")
    app.step(ev_click(table.layout().buttons["declare"].center))
    finish(app, table)


def test_the_first_start_of_a_13_card_game_offers_the_guided_hand(app) -> None:
    from game.ui.drive import new_game_of

    app.settings.tutorials_offered = []
    app.reset_to(app.make("title"))
    ng = new_game_of(app, "Indian Rummy")
    ng.start_now()
    assert top_name(app) == "confirm" and app.settings.tutorials_offered == ["indian13"]
    keys(app, pygame.K_RETURN)  # Enter: the guided hand
    assert top_name(app) == "table13" and app.top.tutorial is not None and app.top.match.practice
    app.reset_to(app.make("title"))
    ng = new_game_of(app, "Indian Rummy")
    ng.start_now()  # offered once only
    assert top_name(app) == "table13" and app.top.tutorial is None
    app.settings.tutorials_offered = []
    app.reset_to(app.make("title"))
    ng = new_game_of(app, "Indian Rummy")
    ng.start_now()
    keys(app, pygame.K_ESCAPE)  # Esc: straight to the game
    assert top_name(app) == "table13" and app.top.tutorial is None and not app.top.match.practice


def test_leaving_the_script_is_said_and_the_hand_plays_on(app) -> None:
    table = open_tutorial(app)
    keys(app, pygame.K_t)  # the open card (K♦) instead of the stock: allowed, but not the script
    assert table.state.phase == "discard" and coach(app, table) == "pure"
    assert table.tutorial.note(table.state).startswith("You left the script")
    focus(app, table, "KD")
    keys(app, pygame.K_d)  # refused: the card just taken stays this turn
    focus(app, table, "KS")
    keys(app, pygame.K_d)
    assert wait_for(app, lambda: table.state.turn == 0 and table.state.phase == "draw", 5)  # the opponent played on
    assert table.tutorial.off_script and table.state.phase != OVER


def test_the_menu_of_a_13_card_table_replays_the_13_card_guided_hand(app) -> None:
    """The in-game menu's Tutorial opens the guided hand of the table's own game."""
    from game.indian13.rules import RuleSet
    from tests.ui.test_indian13_table import open_table

    table = open_table(app, ["You", "Meena"], ["Human", "Easy"], RuleSet(players=2))
    table.open_menu()
    click_widget(app, button(app, "Tutorial"))
    guided = app.top
    assert guided.name == "table13" and isinstance(guided.tutorial, Tutorial13)
