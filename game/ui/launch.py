"""Starting the window (``python -m game``, ``python -m game --continue``,
``python -m game --replay FILE``)."""

from __future__ import annotations

import os
import time

from game.i18n import _

from .app import App


def run_game(resume: bool = False, replay: str | None = None) -> int:
    """The window: the title screen, then whatever the player chooses; with ``resume`` straight
    into the saved match (the title screen says why when there is none to continue); with
    ``replay`` (a file) straight into the replay viewer."""
    start = time.perf_counter()
    app = App()
    title = app.make("title")
    app.push(title)
    if replay is not None:
        open_replay(app, replay)
    elif resume:
        title.continue_game(quiet=False)
    app.step([])
    import logging
    logging.getLogger(__name__).info("first frame after %.3f s", time.perf_counter() - start)
    if os.environ.get("VAZHUSHAL_EXIT_AFTER_FIRST_FRAME"):  # start-up timing (build_scripts/build.py)
        app.shutdown()
        return 0
    app.run()
    return 0


def open_replay(app: App, path: str) -> bool:
    """The replay viewer on the file at ``path``, over the title screen; a file that is not a
    good replay leaves the title screen with a message saying why (never a traceback).  The
    file is played once, by the viewer, which checks it as it goes."""
    from .replay import UnreadableReplay, read_replay

    try:
        doc = read_replay(path)
    except UnreadableReplay as exc:
        app.toast(_("This replay could not be opened: {problem}.").format(problem=str(exc).rstrip(".")), 10.0)
        return False
    return app.open("replay", doc).failure is None
