"""The network tables with no window (``python -m game.server``), and their benchmark
(``python -m game.server.bench``) and fuzzer (``python -m game.server.fuzz``): docs/network.md."""

import os

# The games' matches are the app's (they import pygame); no window opens, and the commands' output is
# JSON only: no pygame greeting first.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def default_game() -> str:
    """The game a command plays when none is named: the first game with a table (the app's
    registry, :mod:`game.ui.games`; the server plays the tables' own match classes)."""
    from game.ui.games import GAMES

    return next(iter(GAMES))
