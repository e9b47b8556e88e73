"""Which puzzle a player gets next, and the puzzle of the day (docs/app.md, Puzzles).

:func:`next_puzzle` picks near the player's rating the way a puzzle trainer does: among the puzzles
the player has not done, those whose rating lies within the player's rating deviation (at least
:data:`NEAR` points either side), one chosen at random; when none lies that near, one of the
:data:`CLOSEST` nearest.  A theme (the coach's "practise this") narrows the choice first.  When
every puzzle has been done, done ones come back rather than none.

:func:`daily` is the same for everyone on a date with the same shipped puzzles: the games take
turns day by day (in the registry's order, skipping a game with no puzzles) and the puzzle is
chosen by a hash of the date, so no clock, seed or network is involved.

The puzzles come from :func:`ai.puzzles.load` unless a ``source`` (a function of the game's name)
is given (the tests give small made-up sets).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import logging
import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

log = logging.getLogger(__name__)

NEAR = 100.0  # the least window around the player's rating, in rating points
CLOSEST = 5  # when nothing is within the window: one of this many nearest puzzles

Source = Callable[[str], Sequence[Any]]


def _source(source: Source | None) -> Source:
    if source is not None:
        return source
    from ai import puzzles  # the generator's package: loaded only when puzzles are wanted

    return puzzles.load


def puzzles_of(game: str, source: Source | None = None) -> tuple[Any, ...]:
    """The puzzles of ``game``; none (an empty tuple) when the game has no puzzle file or it cannot be read."""
    try:
        return tuple(_source(source)(game))
    except (OSError, KeyError):  # no file for this game (FileNotFoundError), an unknown game
        return ()
    except ValueError:  # a damaged file (ai.puzzles.PuzzleFileError): no puzzles, and the log says why
        log.warning("the puzzles of %s cannot be read", game, exc_info=True)
        return ()


def _centre(rating: Any) -> tuple[float, float]:
    """(rating, deviation) of a :class:`ai.glicko2.Rating` or a plain number (deviation 0)."""
    if isinstance(rating, (int, float)):
        return float(rating), 0.0
    return float(rating.r), float(rating.rd)


def next_puzzle(game: str, rating: Any, done_ids: Collection[str], theme: str | None = None,
                rng: random.Random | None = None, *, source: Source | None = None,
                avoid: str | None = None) -> Any | None:
    """A puzzle of ``game`` near ``rating`` (a Glicko-2 rating or a number) that is not in
    ``done_ids``, of ``theme`` if given; ``avoid`` (the puzzle just shown) only if nothing else is
    left.  ``None`` when the game (or the theme) has no puzzles at all."""
    rng = rng or random.Random()
    pool = [p for p in puzzles_of(game, source) if theme is None or theme in p.themes]
    if not pool:
        return None
    fresh = [p for p in pool if p.id not in done_ids] or [p for p in pool if p.id != avoid] or pool
    r, rd = _centre(rating)
    window = max(NEAR, rd)
    near = [p for p in fresh if abs(p.rating - r) <= window]
    if not near:
        near = sorted(fresh, key=lambda p: (abs(p.rating - r), p.id))[:CLOSEST]
    return rng.choice(sorted(near, key=lambda p: p.id))


def daily_games(source: Source | None = None, games: Sequence[str] | None = None) -> list[str]:
    """The games that take turns for the daily puzzle: those with puzzles, in the registry's order."""
    if games is None:
        from game.games import GAMES

        games = list(GAMES)
    return [g for g in games if puzzles_of(g, source)]


def _shipped(games: Sequence[str] | None) -> list[str]:
    """The games with a puzzle file (a cheap first guess at :func:`daily_games`: no file is read)."""
    from ai import puzzles

    if games is None:
        from game.games import GAMES

        games = list(GAMES)
    return [g for g in games if puzzles.path_of(g).is_file()]


def daily(date: _dt.date, source: Source | None = None,
          games: Sequence[str] | None = None) -> tuple[str, Any] | None:
    """The puzzle of the day ``date``: (game, puzzle), the same for every player; ``None`` when no
    game has puzzles.  With the shipped puzzles only the day's game's file is read (the title
    screen asks at the start), unless a file turns out to hold none."""
    rota = _shipped(games) if source is None else daily_games(source, games)
    game = rota[date.toordinal() % len(rota)] if rota else None
    pool = sorted(puzzles_of(game, source), key=lambda p: p.id) if game is not None else []
    if not pool and source is None:  # an empty or unreadable file: the games that truly have puzzles
        rota = daily_games(source, games)
        if not rota:
            return None
        game = rota[date.toordinal() % len(rota)]
        pool = sorted(puzzles_of(game, source), key=lambda p: p.id)
    if not pool:
        return None
    digest = hashlib.sha256(f"daily:{date.isoformat()}:{game}".encode()).digest()
    return game, pool[int.from_bytes(digest[:8], "big") % len(pool)]
