"""The puzzle screens for the screenshot harness and the layout checks (``SCENES``: name, setup), and
a small made-up puzzle set for the tests and for the screenshots while no puzzles are shipped.

The made-up puzzles (:func:`made_up`) are real positions: a seeded deal of each game played on by
random legal moves to a seat's draw or its throw; every legal move of the kind is an option and
the "answer" is a fixed legal one (taking the discard, throwing the highest card).  They test the
screen, not the play: :class:`MadeUpApi` answers like :mod:`ai.puzzles` (``load``, ``is_answer``,
``explain``, ``word_move``) for them.  The screenshots use the shipped puzzles when there are any.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from game.core.cards import kind_pretty, parse_kind
from game.games import GAMES
from game.i18n import _


@dataclass(frozen=True)
class MadeUpPuzzle:
    """The fields of :class:`ai.puzzles.Puzzle` the screen reads."""

    id: str
    state: dict
    seat: int
    kind: str
    answer: tuple
    key: str
    options: tuple
    margin: float = 0.2
    phase: str = "middle"
    themes: tuple = ()
    rating: float = 1500.0
    rd: float = 80.0
    vol: float = 0.06
    source: dict = field(default_factory=dict)


def key(actions: list[dict]) -> str:
    last = actions[-1]
    return f"{last['type']}:{last.get('card', '')}:{last.get('index', '')}"


def _legal(g: Any, state: Any, action: dict) -> bool:
    try:
        g.apply(state, g.parse_action(action, state))
    except Exception:  # noqa: BLE001  (an illegal or malformed move: not an option)
        return False
    return True


def _moves(g: Any, state: Any, rng: random.Random) -> list[list[dict]]:
    """The distinct legal moves of the seat to move, found by asking the engine for random ones."""
    found: dict[str, list[dict]] = {}
    for _try in range(200):
        action = g.random_action(state, rng).to_json()
        found.setdefault(json.dumps(action, sort_keys=True), [action])
    return sorted(found.values(), key=lambda m: (m[0]["type"] == "draw_stock", -_rank(m[0].get("card", "JK"))))


def _puzzle(game: str, state: Any, kind: str, rating: float, number: int) -> MadeUpPuzzle | None:
    g = GAMES[game]
    doc = g.to_json(state)
    moves = [m for m in _moves(g, state, random.Random(number)) if m[0]["type"] != "arrange"]
    if len(moves) < 2:
        return None
    pid = f"{game}-" + hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:12]
    options = tuple({"actions": m, "key": key(m), "win": round(0.6 - 0.02 * i, 2), "score": 0.0}
                    for i, m in enumerate(moves))
    themes = ("take",) if kind == "draw" else ("discard", "high")
    return MadeUpPuzzle(pid, doc, state.turn, kind, tuple(moves[0]), key(moves[0]), options, themes=themes,
                        rating=rating, source={"seed": number})


def _rank(card: str) -> int:
    kind = parse_kind(card)
    return -1 if kind == 52 else kind % 13 or 13


PHASES = {"draw": ("draw",), "discard": ("discard", "play")}  # the engines' phases of each decision


def made_up(game: str, count: int = 6, seed: int = 7, players: int = 3) -> tuple[MadeUpPuzzle, ...]:
    """``count`` puzzles of ``game`` from seeded deals at ``players`` seats, draw and throw decisions
    in turn, rated 1300, 1400, ... (so "near the rating" can be told)."""
    g = GAMES[game]
    out: list[MadeUpPuzzle] = []
    number = 0
    while len(out) < count and number < count * 8:
        rng = random.Random(seed * 1000 + number)
        state = g.from_json(g.new_document(g.default_preset, players, None, seed + number))
        kind = "draw" if len(out) % 2 == 0 else "discard"
        for _step in range(6 + number % 9):
            if state.result is not None:
                break
            state = g.apply(state, g.random_action(state, rng))
        for _step in range(12):
            if state.result is not None or state.phase in PHASES[kind]:
                break
            state = g.apply(state, g.random_action(state, rng))
        number += 1
        if state.result is None and state.phase in PHASES[kind]:
            p = _puzzle(game, state, kind, 1300.0 + 100 * len(out), number)
            if p is not None and all(p.id != q.id for q in out):
                out.append(p)
    return tuple(out)


class MadeUpApi:
    """What the screen asks of :mod:`ai.puzzles`, for :func:`made_up` puzzles (``games``: which games have some)."""

    def __init__(self, games: tuple[str, ...] | None = None, count: int = 6, players: int = 3) -> None:
        self.sets = {name: made_up(name, count, players=players) for name in (games if games is not None
                                                                              else tuple(GAMES))}

    def load(self, game: str) -> tuple:
        if game not in self.sets:
            raise FileNotFoundError(game)
        return self.sets[game]

    @staticmethod
    def is_answer(p: Any, actions: list[dict]) -> bool:
        return key(actions) == p.key

    @staticmethod
    def word_move(p: Any, actions: list[dict]) -> str:
        last = actions[-1]
        if last["type"] == "draw_stock":
            return _("draw from the stock")
        if last["type"].startswith("take"):
            return _("take the top discard")
        if "card" not in last:
            return last["type"].replace("_", " ")
        return _("discard {card}").format(card=kind_pretty(parse_kind(last["card"])))

    @staticmethod
    def explain(p: Any, actions: list[dict] | None = None) -> str:
        return _("draw from the stock") + ": " + "wins about 6 hands in 10 against 4 in 10 for the other moves."


# --- the screens -------------------------------------------------------------------------------

DAY = dt.date(2026, 11, 29)


def _use_puzzles() -> None:
    """The shipped puzzles when there are any, else the made-up set (for the screenshots)."""
    from ai.puzzles import pick
    from game.ui.scenes import puzzles as screen

    try:
        if any(pick.puzzles_of(g) for g in GAMES):
            return
    except ImportError:
        pass
    fake = MadeUpApi(count=4)
    screen.api = lambda: fake


def _first_game(kind: str | None = None) -> str:
    """The first game with puzzles (with a puzzle of ``kind`` when one has it)."""
    from ai.puzzles import pick
    from game.ui.scenes import puzzles as screen

    having = {g: found for g in GAMES if (found := pick.puzzles_of(g, screen.api().load))}
    of_kind = [g for g, found in having.items() if any(p.kind == kind for p in found)]
    return (of_kind or list(having) or list(GAMES))[0]


def _open(app, **kwargs):
    from tools.ui.screenshots import title

    _use_puzzles()
    title(app)
    return app.open("puzzles", rng=random.Random(3), **kwargs)


def choose(app) -> None:
    _open(app)


def puzzle(game: str | None = None, kind: str = "draw", answer: str = ""):
    """A puzzle of ``game`` (the first with puzzles) whose decision is ``kind``; ``answer``:
    ``right``, ``wrong``, ``shown`` (wrong, then the answer shown) or unanswered."""

    def setup(app) -> None:
        from ai.puzzles import pick
        from game.ui.scenes import puzzles as screen

        _use_puzzles()
        name = game or _first_game(kind)
        scene = _open(app, game=name)
        found = sorted((p for p in pick.puzzles_of(name, screen.api().load) if p.kind == kind), key=lambda p: p.id)
        if found:
            scene.show(found[0])
        if answer and scene.puzzle is not None:
            p = scene.puzzle
            if answer == "right":
                scene.play(list(p.answer))
            else:
                wrong = next(list(o["actions"]) for o in p.options if o["key"] != p.key)
                scene.play(wrong)
                if answer == "shown":
                    scene.show_answer()
        elif kind == "discard" and scene.puzzle is not None:
            scene.select(min(2, len(scene.hand_kinds()) - 1))

    return setup


def most_seats(app) -> None:
    """A made-up puzzle at the most seats the first game allows (the narrowest seat boxes)."""
    _use_puzzles()
    name = next(iter(GAMES))
    found = made_up(name, 2, players=GAMES[name].players[1])
    scene = _open(app, game=name)
    scene.api = MadeUpApi((), 0)  # its words (the shipped ones word only shipped puzzles)
    scene.show(found[1])
    scene.select(0)


def daily(app) -> None:
    _open(app, daily=True, day=DAY)


def no_puzzles(app) -> None:
    from tools.ui.screenshots import title

    title(app)
    app.open("puzzles", game=next(iter(GAMES)), theme="no such theme")


SCENES = [("puzzles_choose", choose), ("puzzle_draw", puzzle()), ("puzzle_discard", puzzle(kind="discard")),
          ("puzzle_right", puzzle(answer="right")), ("puzzle_wrong", puzzle(kind="discard", answer="wrong")),
          ("puzzle_answer_shown", puzzle(kind="discard", answer="shown")), ("puzzle_daily", daily),
          ("puzzle_none_of_a_theme", no_puzzles), ("puzzle_most_seats", most_seats)]
SCENES += [(f"puzzle_{name}", puzzle(name, "discard", "shown")) for name in GAMES]
# a puzzle whose moves are all buttons, no pile or card to click (Marriage's exposing of dealt tunnelas, M2.3)
SCENES += [("puzzle_expose", puzzle(kind="expose")), ("puzzle_expose_shown", puzzle(kind="expose", answer="shown"))]
