"""The steps of the app's smoke test (:mod:`game.ui.selftest`) that every in-hand game's part takes:
its game chosen on the new-game screen (replacing the match the part before saved), one turn by
mouse (the stock clicked, a double click discards), and the match saved, continued and left."""

from __future__ import annotations

import pygame

from ..drive import button, click_at, click_widget, new_game_of, press, top_name, wait_for


def start(app, title: str, table_name: str):
    """The game called ``title`` on the new-game screen started (replacing a saved match): its table."""
    ng = new_game_of(app, title)
    click_widget(app, ng.start)
    if top_name(app) == "confirm":  # the match saved by the part before: replaced
        click_widget(app, button(app, "Start new game"))
    assert top_name(app) == table_name, top_name(app)
    return app.top


def wait_for_a_turn(app, table) -> None:
    """Until the person is to move or the deal is over (a bot may end it before)."""
    wait_for(app, lambda: table.my_turn() or table.state.phase == "over", 30)


def one_turn(app, table, hand_size: int) -> None:
    """The person's draw (a click on the stock) and discard (a double click on the first card)."""
    click_at(app, table.layout().stock.center)
    card = table.layout().cards[0][1].center
    click_at(app, card)
    click_at(app, card)  # a double click discards
    assert len(table.obs.hand) == hand_size, "the turn did not end with a discard"


def save_continue_leave(app, table_name: str, results_name: str) -> None:
    """The match saved and left to the title screen, continued, and left again."""
    if top_name(app) == results_name:
        app.pop()
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    click_widget(app, button(app, "Continue"))
    assert top_name(app) in (table_name, results_name)
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
