"""Indian Rummy's part of the app's smoke test (:mod:`game.ui.selftest`): chosen on the new-game
screen, one turn by mouse (draw, a double click discards), saved, continued and left."""

from __future__ import annotations

import pygame

from ..drive import button, click_at, click_widget, new_game_of, press, top_name, wait_for


def smoke(app) -> None:
    # Indian Rummy: chosen on the new-game screen, one turn by mouse, saved, continued
    ng = new_game_of(app, "Indian Rummy")
    click_widget(app, ng.start)
    assert top_name(app) == "table13"
    table = app.top
    wait_for(app, lambda: table.my_turn() or table.state.phase == "over", 30)
    if table.my_turn():  # (a bot may declare before the first turn comes round: then no turn)
        click_at(app, table.layout().stock.center)
        card = table.layout().cards[0][1].center
        click_at(app, card)
        click_at(app, card)  # a double click discards
        assert len(table.obs.hand) == 13, "the Indian Rummy turn did not end with a discard"
    if top_name(app) == "results13":
        app.pop()
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    click_widget(app, button(app, "Continue"))
    assert top_name(app) in ("table13", "results13")
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
