"""The hand review of any game that has one: ``python -m ai.review REPLAY [--seat N] [--json]
[--iterations K] [--seed S]``.

The replay names its game; the game's bot front (:mod:`ai.games`) holds its review
(:attr:`ai.front.BotFront.review`: :mod:`ai.vazhushal.review`, :mod:`ai.indian13.review`), whose
command line this passes the arguments to.  What the reviews share is :mod:`ai.rating`.
"""

from __future__ import annotations

import sys

from game.core.storage import UnreadableDocument, parse_document

from .games import GAMES
from .rating import ITERATIONS, parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    path = parser("python -m ai.review", __doc__.split("\n\n")[0], ITERATIONS).parse_args(argv).replay
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
