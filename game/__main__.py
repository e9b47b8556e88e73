"""``python -m game`` / ``vazhushal``: start Vazhushal (the desktop table).

    python -m game                     the window
    python -m game --continue          the window, straight into the saved match
    python -m game --replay FILE       the window, straight into the replay viewer on a hand's replay
    python -m game --text [--game G]   a hand between two simple computer players, narrated
    python -m game --smoke-test        walk every scene with synthetic input, exit 0
    python -m game --screenshot DIR    a PNG of each scene
    python -m game --bench-frames      JSON frame-time statistics of the 6-player table
"""

from __future__ import annotations

import argparse
import random
import sys

from .games import DEFAULT_GAME, GAMES


def text_demo(game: str, seed: int | None, players: int) -> int:
    """A hand of ``game`` between computer players, told in the terminal (its engine's ``demo``)."""
    seed = seed if seed is not None else random.randrange(1 << 30)
    front = GAMES[game]
    low, high = front.players
    if not low <= players <= high:
        print(f"vazhushal: {game} is played by {low} to {high} players", file=sys.stderr)
        return 2
    print("\n".join(front.demo(seed, players)))
    return 0


def setup_logging() -> str | None:
    """Log to stderr from source; a frozen (windowed) build has no console, so it logs to a file in
    the platform's log folder.  Returns the log file's path, if any."""
    import logging

    fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    if not getattr(sys, "frozen", False):
        logging.basicConfig(level=logging.WARNING, format=fmt)
        return None
    try:
        from pathlib import Path

        import platformdirs

        folder = Path(platformdirs.user_log_dir("Vazhushal", appauthor=False))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "vazhushal.log"
        logging.basicConfig(level=logging.INFO, format=fmt,
                            handlers=[logging.FileHandler(path, encoding="utf-8")])
        logging.getLogger(__name__).info("Vazhushal starting (frozen), log at %s", path)
        return str(path)
    except OSError:  # a read-only home: carry on without a log file
        logging.basicConfig(level=logging.WARNING, format=fmt)
        return None


def main(argv: list[str] | None = None) -> int:
    import logging

    setup_logging()
    parser = argparse.ArgumentParser(prog="vazhushal", description="Vazhushal, the rummy game from Chennai")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--text", action="store_true", help="narrate a hand between computer players in the terminal")
    mode.add_argument("--smoke-test", action="store_true", help="walk every scene with synthetic input and exit")
    mode.add_argument("--screenshot", metavar="DIR", help="write a PNG of each scene into DIR")
    mode.add_argument("--bench-frames", action="store_true", help="print frame-time statistics as JSON")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="start straight into the saved match (the title screen, with a message, if there is none)")
    parser.add_argument("--replay", metavar="FILE",
                        help="start straight into the replay viewer on a hand's replay file (docs/replays.md)")
    parser.add_argument("--sizes", nargs="+", metavar="WxH",
                        help="with --screenshot: window sizes (1280x720 1920x1080 800x480, or all)")
    parser.add_argument("--lang", metavar="CODE", default=None,
                        help="play (or take the screenshots) in this language: en, ta, hi, ne "
                             "(this run only; Settings keeps the saved choice)")
    parser.add_argument("--seed", type=int, default=None, help="seed for a replayable hand (--text)")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7), help="players (--text)")
    parser.add_argument("--game", default=DEFAULT_GAME, choices=list(GAMES), help="the game of --text")
    args = parser.parse_args(argv)
    if args.lang is not None:
        from .i18n import ENV, known

        code = args.lang.strip().replace("-", "_")
        if not known(code):
            parser.error(f"--lang: unknown language {args.lang!r} (en, ta, hi, ne)")
        import os

        os.environ[ENV] = code  # ahead of the saved setting (game.i18n.startup_language)
    if args.text:
        return text_demo(args.game, args.seed, args.players)
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke_test or args.screenshot or args.bench_frames:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui.resources import missing_assets

    missing = missing_assets()
    if missing:
        message = (f"Vazhushal cannot start: the installation is incomplete (missing {', '.join(missing)}). "
                   "Please reinstall the game.")
        logging.getLogger(__name__).error("%s", message)
        print(message, file=sys.stderr)
        return 1
    if args.smoke_test:
        from .ui.selftest import run_smoke_test
        return run_smoke_test()
    if args.screenshot:
        return _source_tool("tools.ui.screenshots").run_screenshots(args.screenshot, args.sizes)
    if args.bench_frames:
        return _source_tool("tools.ui.bench_frames").run_bench_frames()
    from .ui.launch import run_game
    return run_game(resume=args.resume, replay=args.replay)


def _source_tool(name: str):
    """A module of the source checkout's ``tools/`` (the UI harness is not part of the installed
    game); exits with a message where there is none (an installed or frozen game)."""
    import importlib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    if (root / "tools").is_dir() and str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        print(f"vazhushal: this option needs a source checkout ({name} is not available: {exc})", file=sys.stderr)
        raise SystemExit(2) from None


if __name__ == "__main__":
    sys.exit(main())
