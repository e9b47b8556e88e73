"""Indian Rummy's part of the app's smoke test (:mod:`game.ui.selftest`): chosen on the new-game
screen, one turn by mouse (draw, a double click discards), saved, continued and left."""

from __future__ import annotations

from ..inhand.smoke import one_turn, save_continue_leave, start, wait_for_a_turn


def smoke(app) -> None:
    table = start(app, "Indian Rummy", "table13")
    wait_for_a_turn(app, table)
    if table.my_turn():  # (a bot may declare before the first turn comes round: then no turn)
        one_turn(app, table, 13)
    save_continue_leave(app, "table13", "results13")
