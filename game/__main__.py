"""``python -m game`` / ``vazhushal``: start Vazhushal (the desktop table).

    python -m game                     the window
    python -m game --continue          the window, straight into the saved match
    python -m game --replay FILE       the window, straight into the replay viewer on a hand's replay
    python -m game --text              a hand between two simple computer players, narrated
    python -m game --smoke-test        walk every scene with synthetic input, exit 0
    python -m game --screenshot DIR    a PNG of each scene
    python -m game --bench-frames      JSON frame-time statistics of the 6-player table
"""

from __future__ import annotations

import argparse
import random
import sys

from .vazhushal import RuleSet, kind_pretty, new_hand, parse_kind
from .vazhushal.simulate import play_hand
from .vazhushal.state import State


def narrate(start: State, end: State) -> list[str]:
    names = [s.name for s in start.seats]
    wild = ", ".join(kind_pretty(k) for k in range(53) if start.wild[k])
    lines = [f"Dealer: {names[start.dealer]}.  Negative joker: "
             f"{kind_pretty(start.indicator) if start.indicator is not None else 'none'}.  Wild: {wild}."]
    for entry in end.history:
        who = names[entry["player"]]
        kind = entry["type"]
        if kind == "draw_stock":
            lines.append(f"{who} draws from the stock.")
        elif kind == "take_line":
            meld = entry.get("meld")
            what = f" for {'-'.join(kind_pretty(parse_kind(t)) for t in meld)}" if meld else ""
            lines.append(f"{who} wipes the line from position {entry['index']}{what}.")
        elif kind in ("meld", "arrange"):
            melds = "  ".join("-".join(kind_pretty(parse_kind(t)) for t in m) for m in entry["melds"])
            lines.append(f"{who} melds: {melds}")
        elif kind == "discard":
            lines.append(f"{who} discards {kind_pretty(parse_kind(entry['card']))}.")
        elif kind == "done":
            lines.append(f"{who} is done.")
    result = end.result
    assert result is not None
    if result.reason == "went_out":
        lines.append(f"{names[result.winner]} goes out and wins the hand.")  # type: ignore[index]
    else:
        scores = ", ".join(f"{names[i]} {s}" for i, s in enumerate(result.scores or ()))
        winner = "nobody (a drawn hand)" if result.winner is None else names[result.winner]
        lines.append(f"The stock ran out. Scores: {scores}. Winner: {winner}.")
    return lines


def text_demo(seed: int | None, players: int) -> int:
    seed = seed if seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    start = new_hand(RuleSet(players=players), rng)
    end, _ = play_hand(start, rng)
    print(f"Vazhushal: a hand between {players} computer players (seed {seed}).")
    print("\n".join(narrate(start, end)))
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
    parser.add_argument("--seed", type=int, default=None, help="seed for a replayable hand (--text)")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7), help="players (--text)")
    args = parser.parse_args(argv)
    if args.text:
        return text_demo(args.seed, args.players)
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
