"""The deal review of 21-card Indian Rummy: every decision of one seat rated by the Expert's search.

    python -m ai.indian21.review REPLAY [--seat N] [--json] [--iterations K] [--seed S]
    (or python -m ai.review REPLAY: the replay names its game)

A turn holds two decisions: the **draw** (the stock, the top discard, or dropping) and the
**discard** (which card goes, or showing).  For each one the review takes *only the seat's
observation at that moment* (T15: its hand, the discard pile, the public history; never a hidden
card), lists the move played and the Expert's first choices (the candidates its search weighs,
:meth:`ai.indian21.search.SearchBot.candidates`), and plays every one of them out on the same
determinizations of the hidden cards (:func:`ai.indian21.view.sample_state`) with the search's
play-outs (:meth:`~ai.indian21.search.SearchBot.play_out_state`).  Each option gets

* ``win``: the estimated chance that the seat wins the deal (the highest net, as the arena
  counts it), and
* ``score``: minus the points the seat is charged where the play-outs stop (0 when it showed;
  its drop or invalid show when it is out; else its count as the engine would group it if
  someone showed then, T10), so the *point swing* of a choice is the difference of two options'
  scores.

The rating is the one every game's review shares (:mod:`ai.rating`): paired differences, best /
good / inaccuracy / mistake, accuracy.  The losers' show after a valid show is not rated (the
engine's grouping is always the lowest count, and the table offers it).

Reproducible: the same replay, seat, iterations and seed give the same review.  :func:`analyse`
reads nothing but an observation, so the review cannot depend on a hidden card (a test changes
them and gets the same analysis); the determinizations depend on the kinds of the cards only
(:func:`ai.indian21.view.hidden_cards`), so a replayed deal, whose identical copies are numbered
otherwise than at the table, is reviewed as the table's Hint saw it.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from game.core.cards import kind_pretty
from game.indian21 import Action, Observation, State, apply, legal_actions, lowest_count, observe
from game.indian21.actions import DECLARE, DISCARD, DRAW_STOCK, DROP, TAKE_DISCARD
from game.indian21.deck import KIND
from game.indian21.scoring import capped, last_declaration, out_charge
from game.indian21.state import DISCARD as DISCARD_PHASE
from game.indian21.state import DRAW, OVER, SHOW
from game.replay import states

from .. import rating as core
from ..rating import ITERATIONS, WIDTH, Cancel, Cancelled, Decision, Option, Progress, Review  # noqa: F401
from .search import SearchBot, won
from .view import PublicRecord, public_record, sample_state, view_state

KINDS = {DRAW: "draw", DISCARD_PHASE: "discard"}  # the phases whose decisions are rated
GAME_NAME = "indian21"


# --- describing moves -----------------------------------------------------------------------

def describe(action: Action, state: State) -> str:
    """A decision in a player's words: "take 7♥ from the discard pile", "discard K♠", "show"."""
    kind = action.type
    if kind == DRAW_STOCK:
        return "draw from the stock"
    if kind == TAKE_DISCARD:
        top = state.discard[-1] if state.discard else None
        return "take the top discard" if top is None else f"take {kind_pretty(KIND[top])} from the discard pile"
    if kind == DROP:
        return "drop"
    if kind == DISCARD:
        return f"discard {kind_pretty(action.card)}"  # type: ignore[arg-type]
    if kind == DECLARE:
        return f"show, finishing with {kind_pretty(action.card)}"  # type: ignore[arg-type]
    return kind.replace("_", " ")


def _key(action: Action) -> str:
    """Two actions that lead to the same position are the same move: a show is its finish card
    (how its groups are written does not change who wins)."""
    if action.type == DECLARE:
        return f"declare:{action.card}"
    return f"{action.type}:{action.card}"


# --- one decision ---------------------------------------------------------------------------

def decision_seed(seed: int, obs: Observation) -> int:
    """The seed of the determinizations of the decision ``obs`` is about (:func:`ai.rating.decision_seed`)."""
    return core.decision_seed(seed, len(obs.history))


def decision_kind(obs: Observation) -> str | None:
    """``draw``, ``discard``, or ``None`` (a show, or not the seat's turn: not rated)."""
    return KINDS.get(obs.phase) if obs.turn == obs.seat else None


def _expert(view: State, bot: SearchBot, record: PublicRecord) -> list[Action]:
    """The Expert's first choices for the decision at hand, its own first."""
    return bot.candidates(view, record)[:WIDTH]


def charged(state: State, seat: int) -> int:
    """The points ``seat`` is charged in ``state``: the result's when the deal is over; 0 for the
    declarer of a valid show; its drop (or invalid-show penalty) when it is out; else its count
    as the engine would group it if the deal ended now (T10, after the cap and the half rule)."""
    if state.result is not None:
        return state.result.points[seat]
    if state.out[seat] is not None:
        return out_charge(state, seat)
    if state.phase == SHOW:
        declaration = last_declaration(state.history)
        if declaration is not None and declaration["player"] == seat:
            return 0
    return capped(state, seat, lowest_count(state.hand_kinds(seat), state.meld_rules).points)  # type: ignore[arg-type]


def _run(bot: SearchBot, record: PublicRecord, seat: int, world: State, plan: Sequence[Action]) -> tuple[float, float]:
    """One play-out of ``plan`` from ``world``: (win, score)."""
    state = world
    for a in plan:
        state = apply(state, a)
    if state.phase == SHOW:  # the plan was a valid show: the losers show the engine's grouping
        while state.phase != OVER:
            state = apply(state, legal_actions(state)[0])
    if state.phase == OVER:
        return won(state, seat), -float(charged(state, seat))
    if state.out[seat] is not None:  # the seat dropped: it cannot win
        return 0.0, -float(charged(state, seat))
    win, end = bot.play_out_state(state, seat, record, finish=True)
    return win, -float(charged(end, seat))


def _option(action: Action, view: State, wins: Sequence[float], scores: Sequence[float],
            expert_key: str | None) -> Option:
    return Option((action.to_json(),), describe(action, view), core.mean(wins), core.mean(scores),
                  _key(action) == expert_key)


def _rated(obs: Observation, plans: list[list[Action]], view: State, bot: SearchBot, record: PublicRecord,
           rng: random.Random, iterations: int, expert_key: str | None, progress: Progress | None,
           cancel: Cancel | None) -> tuple[list[Option], list[list[float]]]:
    wins, scores = core.play_outs(plans, iterations, lambda: sample_state(obs, rng, record),
                                  lambda world, plan: _run(bot, record, obs.seat, world, plan), progress, cancel)
    return [_option(p[0], view, w, s, expert_key) for p, w, s in zip(plans, wins, scores)], wins


def _searcher(seed: int, iterations: int) -> tuple[random.Random, SearchBot]:
    rng = random.Random(seed)
    return rng, SearchBot(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None)


def analyse(obs: Observation, chosen: Sequence[Action], kind: str, *, iterations: int = ITERATIONS,
            seed: int = 0, step: int = 0, progress: Progress | None = None,
            cancel: Cancel | None = None) -> Decision:
    """Rate the ``chosen`` action of one decision (``kind`` "draw" or "discard") from ``obs`` alone:
    every option played out on the same determinizations (dealt from ``seed``), so the best move
    found by :func:`best_move` with the same seed and depth, played, is rated best here."""
    rng, bot = _searcher(seed, iterations)
    record = public_record(obs)
    view = view_state(obs)
    bot.policy.look(view, record)
    expert = _expert(view, bot, record)
    plans = core.distinct([list(chosen), *([a] for a in expert)], lambda plan: _key(plan[0]))
    expert_key = _key(expert[0]) if expert else None
    if len(plans) == 1:
        return core.only(step, obs.seat, kind, _option(plans[0][0], view, [1.0], [0.0], expert_key))
    options, wins = _rated(obs, plans, view, bot, record, rng, iterations, expert_key, progress, cancel)
    return core.rate(step, obs.seat, kind, options, wins)


def best_move(obs: Observation, *, iterations: int = ITERATIONS, seed: int = 0,
              progress: Progress | None = None, cancel: Cancel | None = None) -> Option:
    """The review's best move for the seat's current decision (a Hint): the option :func:`review`
    would rate best for this decision with the same ``iterations`` and ``seed``.  Raises
    :class:`Cancelled` when ``cancel()`` turns true, ``ValueError`` when the seat has no decision."""
    kind = decision_kind(obs)
    if kind is None:
        raise ValueError("not this seat's draw or discard")
    rng, bot = _searcher(decision_seed(seed, obs), iterations)
    record = public_record(obs)
    view = view_state(obs)
    bot.policy.look(view, record)
    plans = core.distinct([[a] for a in _expert(view, bot, record)], lambda plan: _key(plan[0]))
    if len(plans) == 1:
        return _option(plans[0][0], view, [1.0], [0.0], None)
    options, _ = _rated(obs, plans, view, bot, record, rng, iterations, None, progress, cancel)
    return options[core.best_index(options)]


# --- a whole deal ---------------------------------------------------------------------------

def decisions_of(doc: dict, seat: int) -> list[tuple[int, str, list[Action], State]]:
    """The decisions of ``seat`` in a replay: ``(action index, kind, [action], state before)``."""
    if doc.get("game") != GAME_NAME:
        raise ValueError("this is the review of 21-card Indian Rummy deals")
    all_states = states(doc)
    out: list[tuple[int, str, list[Action], State]] = []
    for i, entry in enumerate(doc["actions"]):
        before = all_states[i]
        kind = KINDS.get(before.phase)
        if kind is not None and before.turn == seat:
            out.append((i, kind, [Action.from_json(entry["action"])], before))
    return out


def review(doc: dict, seat: int, *, iterations: int = ITERATIONS, seed: int = 0,
           progress: Progress | None = None, cancel: Cancel | None = None) -> Review:
    """Rate every draw and discard of ``seat`` (raises :class:`Cancelled` when ``cancel()`` turns
    true), each at the same depth and on the same determinizations as :func:`best_move` for it."""
    found = decisions_of(doc, seat)
    rated = []
    for n, (step, kind, chosen, before) in enumerate(found):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(n, len(found))
        obs = observe(before, seat)
        rated.append(analyse(obs, chosen, kind, iterations=iterations, seed=decision_seed(seed, obs), step=step))
    if progress is not None:
        progress(len(found), len(found))
    return Review(seat, tuple(rated))


def main(argv: list[str] | None = None) -> int:
    return core.command(sys.modules[__name__], argv, "python -m ai.indian21.review")


if __name__ == "__main__":
    sys.exit(main())
