"""Starting the window (``python -m game``, ``python -m game --continue``)."""

from __future__ import annotations

import os
import time

from .app import App


def run_game(resume: bool = False) -> int:
    """The window: the title screen, then whatever the player chooses; with ``resume`` straight
    into the saved match (the title screen says why when there is none to continue)."""
    start = time.perf_counter()
    app = App()
    title = app.make("title")
    app.push(title)
    if resume:
        title.continue_game(quiet=False)
    app.step([])
    import logging
    logging.getLogger(__name__).info("first frame after %.3f s", time.perf_counter() - start)
    if os.environ.get("VAZHUSHAL_EXIT_AFTER_FIRST_FRAME"):  # start-up timing (build_scripts/build.py)
        app.shutdown()
        return 0
    app.run()
    return 0
