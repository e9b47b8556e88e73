"""The hand review of any game that has one: ``python -m ai.review REPLAY [--seat N] [--json] ...``.

The replay names its game; the game's bot front (:mod:`ai.games`) holds its review
(:attr:`ai.front.BotFront.review`), whose command line this passes the arguments to.
"""

from __future__ import annotations

import sys

from game.core.storage import UnreadableDocument, parse_document

from .games import GAMES


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    path = next((a for a in argv if not a.startswith("-")), None)
    if path is None or "-h" in argv or "--help" in argv:
        print(__doc__.split("\n\n")[0])
        return 0 if path is None and ("-h" in argv or "--help" in argv) else 2
    try:
        with open(path, "rb") as f:
            game = parse_document(f.read()).get("game")
    except (OSError, UnreadableDocument, AttributeError) as exc:
        print(f"ai.review: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    front = GAMES.get(game) if isinstance(game, str) else None
    if front is None or front.review is None:
        print(f"ai.review: no review for the game of {path} ({str(game)[:20]!r}); games with one: "
              f"{', '.join(n for n, f in GAMES.items() if f.review is not None)}", file=sys.stderr)
        return 2
    return front.review.main(argv)


if __name__ == "__main__":
    sys.exit(main())
