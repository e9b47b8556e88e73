"""Practice puzzles: one decision of one seat, cut from bot-vs-bot hands, whose best move beats every
other by a clear margin that holds when the hidden cards are guessed again (docs/puzzles.md).

The puzzles of a game are data shipped with the app, ``assets/puzzles/<game>.json`` (written by
``python -m tools.puzzles``, :mod:`ai.puzzles.generate`); this module reads them and answers what the
puzzle screen asks: :func:`load` (cached), :func:`is_answer` (a move's key is the answer's),
:func:`word_move` (a move in a player's words) and :func:`explain` (why the answer is best, worded
when shown, in the language in force).  Which puzzle comes next is :mod:`ai.puzzles.pick`.

Nothing here imports pygame or a game by name, and the games' bot packages are imported only when a
puzzle's position is read (loading the file needs only the standard library).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = "vazhushal-puzzles"
VERSION = 1
# the decisions: the review's words, or the answer's when it ends the choice (docs/puzzles.md)
KINDS = ("draw", "discard", "declare", "drop", "see", "play", "expose")
PHASES = ("early", "middle", "late")
# the theme words (docs/puzzles.md): the decision's, then the descriptive ones
THEMES = ("take", "stock", "discard", "declare", "hold", "drop", "stay", "see", "joker", "pure", "set", "high", "safe")


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be read: not JSON, another format, or a malformed puzzle."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle of ``game`` (the fields of docs/puzzles.md's format)."""

    game: str
    id: str
    state: dict  # the CONTRACT.md state document at the decision
    seat: int  # whose decision (the player sees only what this seat may know)
    kind: str  # the decision: "draw", "discard", "declare", "drop", "see", "play", "expose"
    answer: tuple[dict, ...]  # the best move, as CONTRACT.md action objects
    key: str  # the answer's key (two moves with one key lead to the same position)
    options: tuple[dict, ...]  # every distinct legal move rated, best first: {"actions", "key", "win", "score"}
    margin: float  # best minus second win chance, the smallest over the rating and its re-guessings
    phase: str  # "early", "middle", "late"
    themes: tuple[str, ...]
    rating: float = 1500.0  # Glicko-2, from simulated solvers
    rd: float = 350.0
    vol: float = 0.06
    source: dict = field(default_factory=dict)  # where it was cut from: {"seed", "hand", "step", ...}
    choices: int = 0  # the distinct legal moves of the decision (``options`` holds those rated)

    def position(self) -> Any:
        """The engine state of the decision (the game's ``from_json``)."""
        from ..games import front

        return front(self.game).engine.from_json(self.state)

    @property
    def best(self) -> dict:
        """The answer's option (win chance, score)."""
        return next((o for o in self.options if o.get("key") == self.key), self.options[0])

    def to_json(self) -> dict:
        """The puzzle as it is stored in its game's file (without ``game``: the file's)."""
        return {"id": self.id, "state": self.state, "seat": self.seat, "kind": self.kind, "answer": list(self.answer),
                "key": self.key, "options": list(self.options), "margin": self.margin, "phase": self.phase,
                "themes": list(self.themes), "rating": self.rating, "rd": self.rd, "vol": self.vol,
                "source": self.source, "choices": self.choices}

    @classmethod
    def from_json(cls, game: str, data: dict) -> Puzzle:
        """The puzzle of a stored object; :class:`PuzzleFileError` when a field is missing or wrong."""
        try:
            made = cls(game, str(data["id"]), dict(data["state"]), int(data["seat"]), str(data["kind"]),
                       tuple(dict(a) for a in data["answer"]), str(data["key"]),
                       tuple(dict(o) for o in data["options"]), float(data["margin"]), str(data["phase"]),
                       tuple(str(t) for t in data["themes"]), float(data.get("rating", 1500.0)),
                       float(data.get("rd", 350.0)), float(data.get("vol", 0.06)), dict(data.get("source", {})),
                       int(data.get("choices", len(data["options"]))))
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleFileError(f"a malformed puzzle ({exc!r})") from exc
        if not made.answer or not made.options or made.phase not in PHASES:
            raise PuzzleFileError(f"a malformed puzzle {made.id!r}")
        return made


def assets_dir() -> Path:
    """The ``assets`` folder: beside the packages in a source tree, in ``sys._MEIPASS`` when frozen
    (as the app's other assets are found)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    return Path(__file__).resolve().parent.parent.parent / "assets"


def path_of(game: str) -> Path:
    """Where the puzzles of ``game`` are shipped."""
    return assets_dir() / "puzzles" / f"{game}.json"


def read(path: Path, game: str | None = None) -> tuple[dict, tuple[Puzzle, ...]]:
    """A puzzle file's head (its fields but the puzzles) and its puzzles.  A missing file raises
    ``FileNotFoundError``; a file that is not a puzzle file of ``game``, :class:`PuzzleFileError`."""
    raw = path.read_bytes()
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PuzzleFileError(f"{path}: not a puzzle file ({exc})") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("puzzles"), list):
        raise PuzzleFileError(f"{path}: not a puzzle file (format {FORMAT!r} expected)")
    if doc.get("version") != VERSION:
        raise PuzzleFileError(f"{path}: puzzle file version {doc.get('version')!r}, this app reads {VERSION}")
    name = str(doc.get("game"))
    if game is not None and name != game:
        raise PuzzleFileError(f"{path}: the puzzles of {name!r}, not of {game!r}")
    try:
        puzzles = tuple(Puzzle.from_json(name, p) for p in doc["puzzles"])
    except PuzzleFileError as exc:
        raise PuzzleFileError(f"{path}: {exc}") from exc
    return {k: v for k, v in doc.items() if k != "puzzles"}, puzzles


@cache
def load(game: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``game`` (cached).  No file: ``FileNotFoundError``; an unreadable one:
    :class:`PuzzleFileError` saying why."""
    return read(path_of(game), game)[1]


def parse(p: Puzzle, actions: list[dict]) -> list[Any]:
    """A move's action objects as the game's actions in the puzzle's position (raises for a
    malformed or illegal one)."""
    from .adapt import adapter

    return adapter(p.game).parse(p.position(), actions)


def key_of(p: Puzzle, actions: list[dict]) -> str | None:
    """The key of a move in the puzzle's position (``None``: not a legal move there)."""
    from .adapt import adapter

    made = adapter(p.game)
    state = p.position()
    try:
        plan = made.parse(state, actions)
    except Exception:  # noqa: BLE001  (a malformed or illegal move is nobody's answer)
        return None
    return made.key(made.view(made.front.observe(state, p.seat)), plan)


def is_answer(p: Puzzle, actions: list[dict]) -> bool:
    """The move (CONTRACT.md action objects) is the puzzle's answer: it leads where the answer does."""
    return bool(actions) and key_of(p, list(actions)) == p.key


def word_move(p: Puzzle, actions: list[dict]) -> str:
    """A move of the puzzle in a player's words, in the language in force ("take 7♥ from the
    discard pile")."""
    from .adapt import adapter

    made = adapter(p.game)
    state = p.position()
    plan = made.parse(state, actions)
    return made.describe(made.view(made.front.observe(state, p.seat)), plan)


def explain(p: Puzzle, actions: list[dict] | None = None) -> str:
    """Why the answer is best, in a player's words and the language in force: what it keeps, what
    the other moves (or ``actions``, the move tried) give away, and the win chances as plain words."""
    from .words import explain as worded

    return worded(p, actions)


__all__ = ["FORMAT", "KINDS", "PHASES", "THEMES", "VERSION", "Puzzle", "PuzzleFileError", "explain", "is_answer",
           "key_of", "load", "path_of", "read", "word_move"]
