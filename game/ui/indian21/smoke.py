"""21-card Indian Rummy's part of the app's smoke test (:mod:`game.ui.selftest`): chosen on the
new-game screen, one turn by mouse (draw, a double click discards), the results of the deal when a
bot ended it, saved, continued and left."""

from __future__ import annotations

import pygame

from ..drive import button, click_at, click_widget, new_game_of, press, top_name, wait_for


def smoke(app) -> None:
    ng = new_game_of(app, "21 Cards")
    click_widget(app, ng.start)
    if top_name(app) == "confirm":  # the match saved by the part before: replaced
        click_widget(app, button(app, "Start new game"))
    assert top_name(app) == "table21", top_name(app)
    table = app.top
    wait_for(app, lambda: table.my_turn() or table.state.phase == "over", 30)
    if table.my_turn():  # (a bot may show before the first turn comes round: then no turn)
        click_at(app, table.layout().stock.center)
        card = table.layout().cards[0][1].center
        click_at(app, card)
        click_at(app, card)  # a double click discards
        assert len(table.obs.hand) == table.state.rules.hand_size, "the 21-card turn did not end with a discard"
    if top_name(app) == "results21":
        app.pop()
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    click_widget(app, button(app, "Continue"))
    assert top_name(app) in ("table21", "results21")
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
