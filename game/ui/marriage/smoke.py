"""Marriage's part of the app's smoke test (:mod:`game.ui.selftest`): chosen on the new-game
screen, the expose step (tunnelas kept in hand), one turn by mouse (draw, a double click
discards), saved, continued and left."""

from __future__ import annotations

import pygame

from ..drive import button, click_at, click_widget, new_game_of, press, top_name, wait_for


def smoke(app) -> None:
    ng = new_game_of(app, "Marriage")
    click_widget(app, ng.start)
    if top_name(app) == "confirm":  # the match saved by the part before: replaced
        click_widget(app, button(app, "Start new game"))
    assert top_name(app) == "marriage_table", top_name(app)
    table = app.top
    for _ in range(10):  # the expose step first (a seat dealt no tunnela passes on its own)
        wait_for(app, lambda: table.my_turn() or table.state.phase == "over", 30)
        if table.state.phase != "expose" or not table.my_turn():
            break
        press(app, pygame.K_k)
    if table.my_turn() and table.state.phase == "draw":
        click_at(app, table.layout().stock.center)
        card = table.layout().cards[0][1].center
        click_at(app, card)
        click_at(app, card)  # a double click discards
        assert len(table.obs.hand) == 21, "the Marriage turn did not end with a discard"
    if top_name(app) == "marriage_results":
        app.pop()
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    click_widget(app, button(app, "Continue"))
    assert top_name(app) in ("marriage_table", "marriage_results")
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
