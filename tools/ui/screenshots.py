"""Screenshots of every scene of every game (``python -m game --screenshot DIR`` from a source
checkout, or ``python -m tools.ui.screenshots DIR``): the shared scenes, then each registered
game's (``tools.<game>.shots``: its scenes set up from made-up positions), saved as PNG files to
look at."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pygame

from game.ui.app import MIN_SIZE, App
from game.ui.games import GAMES
from game.ui.selftest import quick_settings, scratch_store, top_name, wait_for

if __name__ == "__main__":
    # Run as ``python -m tools.ui.screenshots``: the games' harnesses import this module by its name,
    # so hand over to that module (a second copy run as __main__ would import itself half-built).
    from tools.ui.screenshots import main

    sys.exit(main())

__all__ = ["SCENES", "REPLAY_SCENES", "MORE_SCENES", "SIZES", "replay_at", "run_screenshots", "screenshot", "title",
           "top_name", "wait_for"]


def screenshot(app: App, path: Path) -> None:
    app.dirty = True
    app.step([])
    app.draw()
    pygame.image.save(app.screen, str(path))


def title(app):
    app.reset_to(app.make("title"))


def new_game(game: str, advanced: bool = False):
    """The new-game screen with four seats of several kinds and ``game`` chosen."""
    def setup(app):
        title(app)
        ng = app.make("newgame", seed=1)
        ng.set_game(list(app.games).index(game))
        ng.add_seat()
        ng.add_seat()
        ng.set_seat(1, level="Medium cautious")  # a level in a style
        ng.set_seat(2, level="Match me")  # the opponents' strength follows the player
        ng.set_seat(3, level="Bot: random")  # any registered bot can be picked by name
        ng.build()
        app.push(ng)
        ng.form.focus = ng.form.focusable().index(ng.seat_widgets[1][1])  # Meena's level: its description shows
        if advanced:
            ng.toggle_advanced()
    return setup


def howto(game: str, page: int):
    def setup(app):
        title(app)
        app.push(app.make("howto", page=page, game=game))
    return setup


def stats(app):
    title(app)
    names = list(app.games)
    for i, name in enumerate(names):
        prefix = app.games[name].stats_prefix
        app.stats.record([prefix + "Medium"], "hands", True, game=name)
        app.stats.record([prefix + "Medium"], "hands", i % 2 == 1, game=name)
        app.stats.record([prefix + "Hard", prefix + "Easy"], "hands", False, game=name)
        app.stats.record([prefix + "Medium"], "matches", True, game=name)
    app.open("stats")


def settings(app):
    title(app)
    app.open("settings")


def review(app):
    """The hand review of a recorded hand (a shallow analysis: the picture, not the numbers)."""
    title(app)
    doc = game_shots(next(iter(GAMES))).replay_document()
    scene = app.open("review", doc, 0, iterations=4)
    wait_for(app, lambda: scene.job.finished.is_set(), 60)
    app.step([])
    scene.jump_biggest()


def confirm(app):
    """The question asked before a new game replaces the match that can be continued."""
    title(app)
    ng = app.open("newgame")
    app.autosave(GAMES[ng.game].match.new(ng.seats, ng.rules.with_players(len(ng.seats)), 5))
    app.flush_saves()
    ng.start_game()


def title_with_a_saved_match(app):
    """The title screen with Continue (a saved match) above its other buttons."""
    ng = app.make("newgame")
    app.autosave(GAMES[ng.game].match.new(ng.seats, ng.rules.with_players(len(ng.seats)), 5))
    app.flush_saves()
    title(app)


def new_game_preset(game: str, preset: int):
    """The new-game screen of ``game`` with its preset number ``preset`` chosen."""
    def setup(app):
        title(app)
        ng = app.open("newgame", seed=1)
        ng.set_game(list(app.games).index(game))
        ng.set_preset(preset)
    return setup


def skill(app):
    """The Statistics page's Skill view with a few rated hands."""
    stats(app)
    scene = app.top
    first, *_, last = sorted(app.games)  # two games of the registry: one with a rating, one with a single hand
    for i in range(7):
        app.stats.rate(first, f"m-h{i:03}", [1, 0, 0, -1, 0, 1, 1][i])
    app.stats.rate(last, "m-h000", 0)
    from ai.match_me import MatchMe

    app.stats.match_me[first] = MatchMe(-12.4, 40)  # Match me has followed the player for 40 hands
    scene.toggle_skill()


def same_cards(app):
    """Same cards with Medium, its two endings side by side (the hand played again, waited for)."""
    title(app)
    doc = game_shots(sorted(app.games)[0]).replay_document(players=2)  # any game of the registry
    scene = app.open("samecards", doc, 0, "Medium")
    wait_for(app, lambda: scene.job.finished.is_set(), 60)
    app.step([])


def host(app):
    title(app)
    app.open("host", seed=1)


def join(app):
    title(app)
    app.open("join")


def lobby(app):
    """The host's lobby: a table opened on this computer only (loopback), a friend awaited."""
    import os

    os.environ.setdefault("VAZHUSHAL_NET_INTERFACES", "127.0.0.1")  # a picture needs no network
    host(app)
    app.top.start.activate()
    app.step([])


def replay_at(app, doc: dict, index: int, show_all: bool = False):
    """The replay viewer on ``doc`` at step ``index``."""
    title(app)
    viewer = app.open("replay", doc, start=index)
    viewer.show_all = show_all
    return viewer


def game_shots(name: str):
    """A game's own screenshots module (``tools.<name>.shots``)."""
    return importlib.import_module(f"tools.{name}.shots")


def own_shots(name: str):
    """A game's own screenshots module, or ``None`` for a game without one (a new game or variant not
    yet given one): it still gets its generic scenes (new game, How to play, its presets).  An
    import error inside an existing harness is not hidden."""
    try:
        return game_shots(name)
    except ModuleNotFoundError as error:
        if error.name in (f"tools.{name}", f"tools.{name}.shots"):
            return None
        raise


def _scenes() -> tuple[list, list]:
    scenes = [("title", title), ("statistics", stats), ("settings", settings), ("review", review),
              ("new_game_replaces_a_match", confirm)]
    replays = []
    for name in GAMES:
        shots = own_shots(name)
        scenes += [(f"{name}_new_game", new_game(name)), (f"{name}_new_game_advanced", new_game(name, True)),
                   (f"{name}_how_to_play", howto(name, 0)), (f"{name}_how_to_play_p3", howto(name, 2))]
        scenes += [(f"{name}_{n}", s) for n, s in getattr(shots, "SCENES", ())]
        replays += [(f"{name}_{n}", s) for n, s in getattr(shots, "REPLAY_SCENES", ())]
    more = [("title_with_a_saved_match", title_with_a_saved_match), ("skill", skill), ("same_cards", same_cards),
            ("host", host), ("join", join), ("lobby", lobby)]
    for module in ("tools.ui.puzzle_shots", "tools.ui.coach_shots"):  # the puzzles, the coach: every game's, one screen
        more += importlib.import_module(module).SCENES
    for name, front in GAMES.items():
        default = list(front.setup.presets).index(front.setup.default_preset)
        more += [(f"{name}_new_game_preset_{j + 1}", new_game_preset(name, j))
                 for j in range(len(front.setup.presets)) if j != default]
    number = [f"{i + 1:02d}_{n}" for i, (n, _) in enumerate(scenes + replays + more)]
    return ([(number[i], s) for i, (_, s) in enumerate(scenes)],
            [(number[len(scenes) + i], s) for i, (_, s) in enumerate(replays)],
            [(number[len(scenes) + len(replays) + i], s) for i, (_, s) in enumerate(more)])


# The replay viewer, shot after the scenes, then the scenes the layout check added
# (tests/ui/test_layout_every_screen.py).  Kept apart from SCENES, whose order the monkey test's
# jumps follow (tests/ui/test_monkey.py); the viewer has its own random-event test.
SCENES, REPLAY_SCENES, MORE_SCENES = _scenes()
# The window sizes every scene is looked at in: the usual, full HD, two small ones and the smallest the app allows.
SIZES = {"1280x720": (1280, 720), "1920x1080": (1920, 1080), "800x600": (800, 600), "800x480": (800, 480),
         "640x480": MIN_SIZE}


def run_screenshots(folder: str, sizes: list[str] | None = None) -> int:
    """Every scene at 1280x720 into ``folder``; with ``sizes`` (``all`` or names of SIZES) one
    subfolder a size."""
    out = Path(folder)
    chosen = list(SIZES) if sizes == ["all"] else sizes
    unknown = [s for s in chosen or () if s not in SIZES]
    if unknown:
        print(f"screenshots: unknown size {unknown[0]!r}; sizes: {', '.join(SIZES)} or all", file=sys.stderr)
        return 2
    names = []
    for size_name in chosen or [None]:
        target = out / size_name if size_name else out
        target.mkdir(parents=True, exist_ok=True)
        app = App(SIZES[size_name] if size_name else (1280, 720), store=scratch_store())
        quick_settings(app)
        for name, setup in SCENES + REPLAY_SCENES + MORE_SCENES:
            setup(app)
            screenshot(app, target / f"{name}.png")
            names.append(f"{size_name}/{name}" if size_name else name)
        app.shutdown()
    print(json.dumps({"folder": str(out), "screenshots": names}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.ui.screenshots [DIR] [SIZE ...]``."""
    args = sys.argv[1:] if argv is None else argv
    if any(a.startswith("-") for a in args):  # no options: a folder named "--help" is never what was meant
        print(f"usage: python -m tools.ui.screenshots [DIR] [SIZE ... | all]\nsizes: {', '.join(SIZES)}",
              file=sys.stderr)
        return 0 if args[0] in ("-h", "--help") else 2
    return run_screenshots(args[0] if args else "screenshots", args[1:] or None)
