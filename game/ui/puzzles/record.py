"""The player's puzzle record: a Glicko-2 rating a game (a newcomer starts at 1500, deviation 350,
volatility 0.06), the puzzles done, the streak of puzzles solved at the first try, and the days
whose daily puzzle was tried.

Kept in its own file, ``puzzles.json`` in the player's data folder, read and written through the
app's :class:`~game.ui.persist.Store` like the settings and statistics: written atomically with
the previous copy kept, and a file that cannot be read is set aside under a dated name (its bytes
kept, never overwritten) with a message for the player, the previous copy tried, and the defaults
used.  :meth:`PuzzleRecord.parse` is the strict reading that decides what "cannot be read" means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ai.glicko2 import Rating, update
from game.i18n import N_

FILE = "puzzles.json"
WHAT = N_("Your puzzle ratings")  # names the file in a message (translated where shown)
KEEP_DONE = 5000  # puzzle ids kept a game (the oldest go)
KEEP_DAYS = 400  # daily puzzles remembered


@dataclass
class GameRecord:
    """One game's puzzle rating and history."""

    rating: Rating = field(default_factory=Rating)
    done: list[str] = field(default_factory=list)  # puzzle ids tried, oldest first
    solved: int = 0  # first tries right
    tried: int = 0  # first tries
    streak: int = 0  # first tries right in a row, up to now
    best_streak: int = 0

    def to_json(self) -> dict:
        return {"rating": self.rating.to_json(), "done": self.done, "solved": self.solved, "tried": self.tried,
                "streak": self.streak, "best_streak": self.best_streak}

    @classmethod
    def parse(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise ValueError("a game's record is not an object")
        done = data.get("done", [])
        if not isinstance(done, list) or not all(isinstance(d, str) and len(d) <= 80 for d in done):
            raise ValueError("'done' is not a list of puzzle ids")
        counts = {k: data.get(k, 0) for k in ("solved", "tried", "streak", "best_streak")}
        for key, value in counts.items():
            if type(value) is not int or not 0 <= value < 10**9:
                raise ValueError(f"{key!r} cannot be {value!r}")
        rating = Rating.from_json(data.get("rating"))
        if not 0 < rating.r < 10000 or rating.rd > 1000 or not math.isfinite(rating.vol) or rating.vol > 1:
            raise ValueError(f"not a rating: {data.get('rating')!r}")
        return cls(rating, done[-KEEP_DONE:], **counts)


@dataclass
class PuzzleRecord:
    """Every game's :class:`GameRecord`, and the daily puzzles tried: date (ISO) -> solved."""

    games: dict[str, GameRecord] = field(default_factory=dict)
    daily: dict[str, bool] = field(default_factory=dict)

    def of(self, game: str) -> GameRecord:
        return self.games.setdefault(game, GameRecord())

    def rating(self, game: str) -> Rating:
        return self.games[game].rating if game in self.games else Rating()

    def result(self, game: str, puzzle_id: str, puzzle_rating: Rating, solved: bool,
               day: str | None = None) -> tuple[Rating, Rating]:
        """A first try at a puzzle: the rating moves (one Glicko-2 period of one game against the
        puzzle's rating), the puzzle is done, the streak grows or ends; ``day`` (ISO date) marks the
        daily puzzle of that day tried.  Returns (rating before, rating after)."""
        rec = self.of(game)
        before = rec.rating
        rec.rating = update(before, [(puzzle_rating, 1.0 if solved else 0.0)])
        if puzzle_id in rec.done:
            rec.done.remove(puzzle_id)
        rec.done.append(puzzle_id)
        del rec.done[:-KEEP_DONE]
        rec.tried += 1
        rec.solved += int(solved)
        rec.streak = rec.streak + 1 if solved else 0
        rec.best_streak = max(rec.best_streak, rec.streak)
        if day is not None:
            self.daily[day] = solved
            for old in sorted(self.daily)[:-KEEP_DAYS]:
                del self.daily[old]
        return before, rec.rating

    def to_json(self) -> dict:
        return {"format": "vazhushal-puzzle-record", "version": 1,
                "games": {g: r.to_json() for g, r in self.games.items()}, "daily": self.daily}

    @classmethod
    def parse(cls, data: object) -> PuzzleRecord:
        """Strict reading for the file: ``ValueError`` naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != "vazhushal-puzzle-record":
            raise ValueError("not a puzzle record")
        if data.get("version") != 1:
            raise ValueError(f"a puzzle record of version {data.get('version')!r}")
        games, daily = data.get("games", {}), data.get("daily", {})
        if not isinstance(games, dict) or not all(isinstance(g, str) and len(g) <= 40 for g in games):
            raise ValueError("'games' is not a table of games")
        if not isinstance(daily, dict) or not all(isinstance(d, str) and len(d) == 10 and isinstance(v, bool)
                                                  for d, v in daily.items()):
            raise ValueError("'daily' is not a table of dates")
        return cls({g: GameRecord.parse(r) for g, r in games.items()}, dict(daily))


def load(store) -> PuzzleRecord:
    """The record in ``store``'s folder (a new one when there is none; a bad file set aside and reported)."""
    return store.load(FILE, PuzzleRecord.parse, PuzzleRecord, WHAT)


def of_app(app) -> PuzzleRecord:
    """The app's record, read from its folder once (the title asks for it each time it is built;
    the puzzle screen changes and saves this same one)."""
    found = getattr(app, "puzzle_record", None)
    if found is None:
        found = app.puzzle_record = load(app.store)
    return found


def save(store, record: PuzzleRecord) -> bool:
    """Write the record (atomically, the previous copy kept); ``False`` when it could not be written (reported)."""
    return store.write(FILE, record.to_json())
