"""The deal review of the in-hand games (13-card and 21-card Indian Rummy, Marriage), the part they
share: every decision of one seat rated by the Expert's search from that seat's observation alone
(:mod:`ai.rating` holds the ratings and their words).

For each decision the review lists the move played and the Expert's first choices, plays every one
of them out on the same determinizations of the hidden cards with the search's play-outs, and rates
them by their chance of winning (and a score: the points or the net where the play-outs stop).
The Hint at the table asks :meth:`HandReview.best_move`: the option the review would rate best for
that decision with the same depth and seed.

A game's ``ai.<game>.review`` makes a :class:`HandReview` of its pieces (its search bot, its view
functions, how it words and keys a move, how a play-out is run and scored), or subclasses it when
it needs a hook, and offers the module functions the table and the command line call
(:meth:`HandReview.api`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from game.core.cards import kind_pretty
from game.i18n import N_, _
from game.replay import states

from . import rating as core
from .rating import ITERATIONS, WIDTH, Cancel, Decision, Option, Progress, Review

# The other moves a review may word, by their action type (the fallback: the type's own words).
OTHER_MOVES = {"drop": N_("drop"), "show": N_("show")}  # translated where a move is worded


def move_words(action: Any, state: Any, kind_of: Sequence[int], declare: str) -> str:
    """A draw, a discard, a drop or a declaration in a player's words ("take 7♥ from the discard
    pile", "discard K♠"), in the language in force; ``declare`` (an ``N_``-marked message) words a
    declaration, its finish card as ``{card}``."""
    kind = action.type
    if kind == "draw_stock":
        return _("draw from the stock")
    if kind == "take_discard":
        top = state.discard[-1] if state.discard else None
        if top is None:
            return _("take the top discard")
        return _("take {card} from the discard pile").format(card=kind_pretty(kind_of[top]))
    if kind == "discard":
        return _("discard {card}").format(card=kind_pretty(action.card))
    if kind == "declare":
        return _(declare).format(card=kind_pretty(action.card))
    return _(OTHER_MOVES[kind]) if kind in OTHER_MOVES else kind.replace("_", " ")


def move_key(action: Any) -> str:
    """Two actions that lead to the same position are the same move: a declaration is its finish
    card (how its groups are written does not change who wins)."""
    return f"{action.type}:{action.card}"


class HandReview:
    """See the module docstring.  A game sets the class attributes and the game's methods."""

    GAME: ClassVar[str]  # the replay's game
    TITLE: ClassVar[str]  # in "this is the review of ... deals"
    KINDS: ClassVar[dict[str, str]]  # the phases whose decisions are rated, and their kinds
    SEARCH: ClassVar[Callable[..., Any]]  # the game's search bot class
    SEARCH_OPTIONS: ClassVar[dict[str, Any]] = {}  # the review's search options besides its depth
    NO_DECISION: ClassVar[str] = "not this seat's draw or discard"  # what a Hint asked off turn says
    # the determinizations behind a practice puzzle's rating (ai.puzzles.generate): the review's own depth
    # unless the game's play-outs are much noisier (docs/puzzles.md)
    PUZZLE_DEPTH: ClassVar[int] = ITERATIONS
    sample_state: Callable[..., Any]
    public_record: Callable[[Any], Any]
    view_state: Callable[[Any], Any]
    observe: Callable[[Any, int], Any]

    def __init__(self, **pieces: Any) -> None:
        """A review of a game that needs none of the hooks below: its pieces given by name (the
        class attributes and ``describe``, ``key``, ``run`` as plain functions)."""
        known = {n for cls in type(self).__mro__ for n in getattr(cls, "__annotations__", {})}
        for name, piece in pieces.items():
            if not hasattr(type(self), name) and name not in known:
                raise TypeError(f"a review has no piece {name!r}")
            setattr(self, name, piece)

    # --- the game's pieces -------------------------------------------------------------------

    # describe(action, state): a decision in a player's words
    describe: Callable[[Any, Any], str]
    # key(action): two actions that lead to the same position are the same move
    key: Callable[[Any], str]
    # run(bot, record, seat, world, plan): one play-out of ``plan`` from ``world``: (win, score)
    run: Callable[[Any, Any, int, Any, Sequence[Any]], tuple[float, float]]
    ACTION: ClassVar[Any]  # the game's action type

    def action(self, entry: dict, before: Any) -> Any:
        """The recorded action of a replay entry, in the state it was played in."""
        return self.ACTION.from_json(entry)

    def api(self) -> tuple[Callable[..., Any], ...]:
        """What a game's review module offers the table and the command line: ``decision_seed``,
        ``decision_kind``, ``analyse``, ``best_move``, ``decisions_of``, ``review``."""
        return (self.decision_seed, self.decision_kind, self.analyse, self.best_move, self.decisions_of,
                self.review)

    def expert(self, view: Any, bot: Any, record: Any) -> list[Any]:
        """The Expert's first choices for the decision at hand, its own first."""
        return bot.candidates(view, record)[:WIDTH]

    def look(self, bot: Any, view: Any, record: Any) -> None:
        """What the search learns of the seat's view before it chooses (its policy's look)."""
        bot.policy.look(view, record)

    def before_play_outs(self, bot: Any, view: Any, obs: Any, record: Any) -> None:
        """What the play-outs are told of the seat's view before they run (nothing by default)."""

    def rated_step(self, kind: str, before: Any) -> bool:
        """A decision of ``kind`` in ``before`` is rated (it has something to choose)."""
        return True

    # --- one decision ---------------------------------------------------------------------------

    def decision_seed(self, seed: int, obs: Any) -> int:
        """The seed of the determinizations of the decision ``obs`` is about (:func:`ai.rating.decision_seed`)."""
        return core.decision_seed(seed, len(obs.history))

    def decision_kind(self, obs: Any) -> str | None:
        """The kind of the seat's decision now, or ``None`` (not its turn, or nothing rated)."""
        return self.KINDS.get(obs.phase) if obs.turn == obs.seat else None

    def option(self, action: Any, view: Any, wins: Sequence[float], scores: Sequence[float],
               expert_key: str | None) -> Option:
        return Option((action.to_json(),), self.describe(action, view), core.mean(wins), core.mean(scores),
                      self.key(action) == expert_key)

    def rated(self, obs: Any, plans: list[list[Any]], view: Any, bot: Any, record: Any, rng: random.Random,
              iterations: int, expert_key: str | None, progress: Progress | None,
              cancel: Cancel | None) -> tuple[list[Option], list[list[float]]]:
        self.before_play_outs(bot, view, obs, record)
        wins, scores = core.play_outs(plans, iterations, lambda: self.sample_state(obs, rng, record),
                                      lambda world, plan: self.run(bot, record, obs.seat, world, plan), progress,
                                      cancel)
        return [self.option(p[0], view, w, s, expert_key) for p, w, s in zip(plans, wins, scores)], wins

    def setup(self, obs: Any, seed: int, iterations: int) -> tuple[random.Random, Any, Any, Any]:
        """The review's search (no clock), the public record and the seat's view."""
        rng = random.Random(seed)
        bot = self.SEARCH(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None,
                          **self.SEARCH_OPTIONS)
        record = self.public_record(obs)
        view = self.view_state(obs)
        self.look(bot, view, record)
        return rng, bot, record, view

    def analyse(self, obs: Any, chosen: Sequence[Any], kind: str, *, iterations: int = ITERATIONS,
                seed: int = 0, step: int = 0, progress: Progress | None = None,
                cancel: Cancel | None = None) -> Decision:
        """Rate the ``chosen`` action of one decision of ``kind`` from ``obs`` alone: every option
        played out on the same determinizations (dealt from ``seed``), so the best move found by
        :meth:`best_move` with the same seed and depth, played, is rated best here."""
        rng, bot, record, view = self.setup(obs, seed, iterations)
        expert = self.expert(view, bot, record)
        plans = core.distinct([list(chosen), *([a] for a in expert)], lambda plan: self.key(plan[0]))
        expert_key = self.key(expert[0]) if expert else None
        if len(plans) == 1:
            return core.only(step, obs.seat, kind, self.option(plans[0][0], view, [1.0], [0.0], expert_key))
        options, wins = self.rated(obs, plans, view, bot, record, rng, iterations, expert_key, progress, cancel)
        return core.rate(step, obs.seat, kind, options, wins)

    def best_move(self, obs: Any, *, iterations: int = ITERATIONS, seed: int = 0,
                  progress: Progress | None = None, cancel: Cancel | None = None) -> Option:
        """The review's best move for the seat's current decision (a Hint): the option
        :meth:`review` would rate best for this decision with the same ``iterations`` and ``seed``.
        Raises :class:`Cancelled` when ``cancel()`` turns true, ``ValueError`` when the seat has no
        decision."""
        if self.decision_kind(obs) is None:
            raise ValueError(self.NO_DECISION)
        rng, bot, record, view = self.setup(obs, self.decision_seed(seed, obs), iterations)
        plans = core.distinct([[a] for a in self.expert(view, bot, record)], lambda plan: self.key(plan[0]))
        if len(plans) == 1:
            return self.option(plans[0][0], view, [1.0], [0.0], None)
        options, _wins = self.rated(obs, plans, view, bot, record, rng, iterations, None, progress, cancel)
        return options[core.best_index(options)]

    # --- a whole deal ---------------------------------------------------------------------------

    def decisions_of(self, doc: dict, seat: int) -> list[tuple[int, str, list[Any], Any]]:
        """The decisions of ``seat`` in a replay: ``(action index, kind, [action], state before)``."""
        if doc.get("game") != self.GAME:
            raise ValueError(f"this is the review of {self.TITLE} deals")
        all_states = states(doc)
        out: list[tuple[int, str, list[Any], Any]] = []
        for i, entry in enumerate(doc["actions"]):
            before = all_states[i]
            kind = self.KINDS.get(before.phase)
            if kind is not None and before.turn == seat and self.rated_step(kind, before):
                out.append((i, kind, [self.action(entry["action"], before)], before))
        return out

    def review(self, doc: dict, seat: int, *, iterations: int = ITERATIONS, seed: int = 0,
               progress: Progress | None = None, cancel: Cancel | None = None) -> Review:
        """Rate every decision of ``seat`` (raises :class:`Cancelled` when ``cancel()`` turns
        true), each at the same depth and on the same determinizations as :meth:`best_move` for it."""
        def rate_one(step: int, kind: str, chosen: list[Any], before: Any) -> Decision:
            obs = self.observe(before, seat)
            return self.analyse(obs, chosen, kind, iterations=iterations, seed=self.decision_seed(seed, obs),
                                step=step, cancel=cancel)

        return core.review_each(self.decisions_of(doc, seat), seat, rate_one, progress, cancel)
