"""One game's decisions as the puzzles see them, reached through the game's bot front alone (no game
is named here: :mod:`ai.games` lists them).

A puzzle is one decision of one seat.  What the generator, the solvers and the puzzle screen need of
a game is the same few things, which :class:`Adapter` gives over the game's review (its bot front's
``review``):

* the seat's **decision** in a state (the review's kind word: ``draw``, ``discard``, ``play``,
  ``expose``), or none;
* every distinct legal **move** of that decision from the seat's observation alone, each a plan
  (a list of actions: one in the in-hand games, the whole draw or play in Vazhushal), told apart
  by a **key** (two moves that lead to the same position are the same move: the review's key);
* the **rating** of moves on the same determinizations with the review's play-outs (win chance
  and score of each play-out), as the review rates a decision;
* a **bot's answer** to the decision, asked from the seat's observation (a solver);
* a move in a player's **words** (the review's).

The in-hand games (13-card, 21-card, Marriage) have a review object (``review.REVIEW``, a
:class:`ai.hand_review.HandReview`); Vazhushal's review is a module of functions (its draws are
several steps, its play is melds and a discard), so it has an adapter of its own.
"""

from __future__ import annotations

import hashlib
import importlib
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from ..front import BotFront
from ..rating import ITERATIONS
from ..registry import Level

RANDOM, RANDOM_BOT = "Random", "random"  # the solvers' weakest level is the game's random bot


def plan_of(answer: object) -> list[Any]:
    """A bot's answer (an action or a sequence of actions) as a list of actions."""
    return list(answer) if isinstance(answer, (list, tuple)) else [answer]


def unclocked(level: Level, iterations: int | None) -> Level:
    """``level`` thinking to a fixed depth rather than against a clock (reproducible, whatever the
    machine): its ``time_s`` dropped, its search's iterations capped at ``iterations`` when given."""
    if level.bot != "search" and "time_s" not in level.options:
        return level
    options = {**level.options, "time_s": None}
    if iterations is not None:
        options["iterations"] = min(int(options.get("iterations", iterations)), iterations)  # type: ignore[arg-type]
    return Level(level.name, level.bot, options, level.budget_s, level.description, registry=level.registry)


class Adapter:
    """The puzzles' view of one game (see the module docstring); the in-hand games' by default."""

    def __init__(self, front: BotFront) -> None:
        self.front = front
        self.engine = front.engine
        self.review: Any = front.review
        self.moves: Any = importlib.import_module(f"{front.bots.package}.base").LegalMoves

    # --- what a decision is ----------------------------------------------------------------------

    def view(self, obs: Any) -> Any:
        """The seat's view as a state (the hidden cards in a fixed order)."""
        return self.review.REVIEW.view_state(obs)

    def decision(self, obs: Any) -> str | None:
        """The review's kind word for the seat's decision now, or ``None`` (nothing to choose)."""
        rev = self.review.REVIEW
        kind = rev.decision_kind(obs)
        if kind is None or not rev.rated_step(kind, self.view(obs)):
            return None
        return kind

    def plans(self, obs: Any) -> list[list[Any]]:
        """Every distinct legal move of the seat's decision, first found first."""
        out: dict[str, list[Any]] = {}
        for a in self.moves(obs).actions():
            out.setdefault(self.review.REVIEW.key(a), [a])
        return list(out.values())

    def shortlist(self, obs: Any, plans: list[list[Any]], width: int) -> list[list[Any]]:
        """The moves worth rating (a cheap cut before any play-out): every move but a discard, and
        the ``width`` discards the Expert's search would look at first (its policy's ranking of
        every discard, :meth:`~ai.paired.PairedSearch.candidates`)."""
        discards = [p for p in plans if p[-1].type == "discard"]
        if len(discards) <= width:
            return plans
        rev = self.review.REVIEW
        _rng, bot, record, view = rev.setup(obs, 0, 1)
        first = [rev.key(a) for a in bot.candidates(view, record)][:width]
        return [p for p in plans if p[-1].type != "discard" or rev.key(p[0]) in first]

    def key(self, view: Any, plan: Sequence[Any]) -> str:
        """The move's key: equal keys, the same position after it."""
        return self.review.REVIEW.key(plan[0]) if len(plan) == 1 else "plan:" + "|".join(
            self.review.REVIEW.key(a) for a in plan)

    def single(self) -> bool:
        """A decision is one action (the in-hand games)."""
        return True

    def depth(self) -> int:
        """The determinizations behind a puzzle's rating in this game (the review's ``PUZZLE_DEPTH``:
        its own depth unless its play-outs are much noisier; a review module without one, its depth)."""
        return int(getattr(getattr(self.review, "REVIEW", self.review), "PUZZLE_DEPTH", ITERATIONS))

    # --- rating moves ----------------------------------------------------------------------------

    def rate(self, obs: Any, plans: list[list[Any]], iterations: int,
             seed: int) -> tuple[list[list[float]], list[float]]:
        """Every plan played out on the same ``iterations`` determinizations dealt from ``seed``, as
        the review does: the wins of each play-out of each plan, and each plan's mean score."""
        rev = self.review.REVIEW
        rng, bot, record, view = rev.setup(obs, seed, iterations)
        options, wins = rev.rated(obs, plans, view, bot, record, rng, iterations, None, None, None)
        return [list(w) for w in wins], [o.score for o in options]

    # --- words -----------------------------------------------------------------------------------

    def describe(self, view: Any, plan: Sequence[Any]) -> str:
        """The move in a player's words, in the language in force (the review's)."""
        return self.review.REVIEW.describe(plan[0], view)

    # --- plans as JSON ---------------------------------------------------------------------------

    def parse(self, state: Any, actions: Sequence[dict]) -> list[Any]:
        """CONTRACT.md action objects as the game's actions, each read in the state it is played in
        (raises ``ValueError`` or the engine's errors for a malformed or illegal one)."""
        out = []
        for data in actions:
            action = self.engine.parse_action(data, state)
            state = self.engine.apply(state, action)
            out.append(action)
        return out

    # --- a bot's answer ---------------------------------------------------------------------------

    def level(self, name: str, *, clock: bool = True, iterations: int | None = None) -> Level:
        """The level (or registered bot) called ``name``, unclocked unless ``clock``."""
        level = self.front.level_or_bot(RANDOM_BOT if name == RANDOM else name)
        if level is None:
            raise KeyError(f"no level or bot {name!r} in {self.front.name}")
        return level if clock else unclocked(level, iterations)

    def answer(self, level: Level, seed: int, obs: Any) -> list[Any]:
        """What a bot of ``level`` seeded with ``seed`` plays for the seat's decision, asked from the
        seat's observation alone (on the view state: the hidden cards in a fixed order).  An
        answer that is not legal stops the plan where it went wrong (it is then no puzzle's answer)."""
        bot = level.make(random.Random(seed))
        state = self.view(obs)
        seat, phase = obs.seat, state.phase
        plan: list[Any] = []
        for _ask in range(40):
            try:
                steps = plan_of(self.front.ask(bot, self.front.observe(state, seat)))
            except Exception:  # noqa: BLE001  (a bot that fails answers nothing)
                return plan
            for action in steps:
                try:
                    state = self.engine.apply(state, action)
                except Exception:  # noqa: BLE001  (an illegal answer: the plan stops)
                    return plan
                plan.append(action)
                if self.single() or state.turn != seat or state.phase != phase:
                    return plan
        return plan


class PlanAdapter(Adapter):
    """Vazhushal's decisions: a draw is the steps of one way to draw (the stock, or a wipe of the
    line and the meld it goes to), a play is the turn's melds and its discard (or going out).  The
    review's own functions give the moves' outcomes, the play-outs and the words."""

    def view(self, obs: Any) -> Any:
        return self.moves.view(obs)

    def single(self) -> bool:
        return False

    def decision(self, obs: Any) -> str | None:
        kind = self.review.decision_kind(obs)
        if kind == "draw" and len(self.moves(obs).draws()) < 2:
            return None
        return kind

    def plans(self, obs: Any) -> list[list[Any]]:
        """The draws: every legal way to draw.  The play: the heuristic's plan, and its melds with
        every other discard (the melds are the policy's; what is asked is the card to keep)."""
        view = self.view(obs)
        if self.review.decision_kind(obs) == "draw":
            found = [list(option.steps) for option in self.moves(obs).draws()]
        else:
            bot = self.review.SearchBot(random.Random(0), iterations=1, time_s=None)
            record = self.review.public_record(obs)
            plan = bot.policy.play(view, record)
            found = [plan]
            if plan and plan[-1].type == "discard":
                melds, base = plan[:-1], view
                for a in melds:
                    base = self.engine.apply(base, a)
                for _value, k in bot.policy.discard_values(base, record):
                    found.append(melds + [type(plan[-1]).discard(view.turn, k)])
        out: dict[str, list[Any]] = {}
        for plan in found:
            out.setdefault(self.key(view, plan), plan)
        return list(out.values())

    def shortlist(self, obs: Any, plans: list[list[Any]], width: int) -> list[list[Any]]:
        """The draws: all of them.  The play: the heuristic's plan and the ``width`` discards its
        policy values most (:meth:`plans` lists them best first)."""
        return plans if self.review.decision_kind(obs) == "draw" else plans[:width + 1]

    def key(self, view: Any, plan: Sequence[Any]) -> str:
        return "plan:" + hashlib.sha256(self.review.outcome(view, plan).encode()).hexdigest()[:16]

    def rate(self, obs: Any, plans: list[list[Any]], iterations: int,
             seed: int) -> tuple[list[list[float]], list[float]]:
        rng = random.Random(seed)
        bot = self.review.SearchBot(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None)
        record = self.review.public_record(obs)
        wins, scores = self.review.play_outs(obs, record, plans, bot, rng, iterations)
        return [list(w) for w in wins], [sum(s) / len(s) for s in scores]

    def describe(self, view: Any, plan: Sequence[Any]) -> str:
        return self.review.describe(plan, view)


@cache
def adapter(game: str) -> Adapter:
    """The adapter of the game called ``game`` (``KeyError`` for an unknown game)."""
    from ..games import front

    made = front(game)
    if made.review is None:
        raise KeyError(f"{game} has no review, so no puzzles")
    return Adapter(made) if hasattr(made.review, "REVIEW") else PlanAdapter(made)
