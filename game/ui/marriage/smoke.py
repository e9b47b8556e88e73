"""Marriage's part of the app's smoke test (:mod:`game.ui.selftest`): chosen on the new-game
screen, the expose step (tunnelas kept in hand), one turn by mouse (draw, a double click
discards), saved, continued and left."""

from __future__ import annotations

import pygame

from ..drive import press
from ..inhand.smoke import one_turn, save_continue_leave, start, wait_for_a_turn


def smoke(app) -> None:
    table = start(app, "Marriage", "marriage_table")
    for _ in range(10):  # the expose step first (a seat dealt no tunnela passes on its own)
        wait_for_a_turn(app, table)
        if table.state.phase != "expose" or not table.my_turn():
            break
        press(app, pygame.K_k)
    if table.my_turn() and table.state.phase == "draw":
        one_turn(app, table, 21)
    save_continue_leave(app, "marriage_table", "marriage_results")
