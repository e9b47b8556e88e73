"""The deal review of Indian Marriage: every decision of one seat rated by the Expert's search.

    python -m ai.marriage.review REPLAY [--seat N] [--json] [--iterations K] [--seed S]
    (or python -m ai.review REPLAY: the replay names its game)

A Marriage deal asks a seat three kinds of decision:

* **expose** (M2.3): which of its dealt tunnelas to lay face up before the first turn (a decision
  only when it was dealt one);
* **draw** (M5): the stock or the top discard;
* **discard** (M5-M7): which card goes, or seeing the maal (M6: by pure combinations or by
  dublees, then a discard follows as a decision of its own), or finishing (M7).

For each one the review takes *only the seat's observation at that moment* (M13: its hand, the
table, the public history, and the tiplu only once the seat has seen the maal), lists the move
played and the Expert's first choices (the candidates its search weighs,
:meth:`ai.marriage.search.SearchBot.candidates`; at the expose step the heuristic's choice and the
other ways to expose), and plays every one of them out to the end of the deal on the same
determinizations of the hidden cards (:func:`ai.marriage.view.sample_state`) with the search's
play-outs (:meth:`~ai.marriage.search.SearchBot.play_out_state`).  For a seat that has not seen
while another has, each determinization puts the tiplu on a random card among those the seat
cannot see, and while nobody has seen, the tiplu is the stock card a play-out turns up: the review
knows no more of the jokers than the seat did.  Each option gets

* ``win``: the estimated chance that the seat wins the deal (the highest net, M11, as the arena
  counts it: a tie shares), and
* ``score``: the seat's expected net (M11) at the end of the deal, so the *point swing* of a
  choice is the difference of two options' scores.

The rating is the one every game's review shares (:mod:`ai.rating`): paired differences, best /
good / inaccuracy / mistake, accuracy.

Reproducible: the same replay, seat, iterations and seed give the same review.  :func:`analyse`
reads nothing but an observation, so the review cannot depend on a hidden card or on a joker the
seat did not know (a test deals them again and gets the same analysis).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from game.core.cards import kind_pretty
from game.marriage import Action, Observation, State, apply, legal_actions, observe
from game.marriage.actions import DECLARE, DISCARD, DRAW_STOCK, EXPOSE, SEE_MAAL, TAKE_DISCARD
from game.marriage.deck import KIND
from game.marriage.state import DISCARD as DISCARD_PHASE
from game.marriage.state import DRAW, OVER
from game.marriage.state import EXPOSE as EXPOSE_PHASE
from game.marriage.turn import DUBLEES_TO_SEE
from game.replay import states

from .. import rating as core
from ..rating import ITERATIONS, WIDTH, Cancel, Cancelled, Decision, Option, Progress, Review  # noqa: F401
from .heuristic import live_counts
from .search import SearchBot, win_share
from .view import PublicRecord, public_record, sample_state, view_state

KINDS = {EXPOSE_PHASE: "expose", DRAW: "draw", DISCARD_PHASE: "discard"}  # the phases whose decisions are rated


# --- describing moves -----------------------------------------------------------------------

def _cards(kinds: Sequence[int]) -> str:
    return " ".join(kind_pretty(k) for k in kinds)


def describe(action: Action, state: State) -> str:
    """A decision in a player's words: "take 7♥ from the discard pile", "discard K♠", "see the
    maal by seven dublees", "finish, putting 4♣ face down"."""
    kind = action.type
    groups = action.groups or ()
    if kind == EXPOSE:
        if not groups:
            return "expose no tunnela"
        return "expose the tunnela" + ("s " if len(groups) > 1 else " ") + ", ".join(_cards(g) for g in groups)
    if kind == DRAW_STOCK:
        return "draw from the stock"
    if kind == TAKE_DISCARD:
        top = state.discard[-1] if state.discard else None
        return "take the top discard" if top is None else f"take {kind_pretty(KIND[top])} from the discard pile"
    if kind == SEE_MAAL:
        if len(groups) >= DUBLEES_TO_SEE and all(len(g) == 2 for g in groups):
            return "see the maal by seven dublees"
        return "see the maal showing " + ", ".join(_cards(g) for g in groups)
    if kind == DISCARD:
        return f"discard {kind_pretty(action.card)}"  # type: ignore[arg-type]
    if kind == DECLARE:
        return f"finish, putting {kind_pretty(action.card)} face down"  # type: ignore[arg-type]
    return kind.replace("_", " ")


def _key(action: Action) -> str:
    """Two actions that lead to the same position are the same move: the groups of an exposure or
    a sight in any order, a finish by its card (how its groups are written does not change who
    wins; its maal is the engine's best split, M10)."""
    if action.type == DECLARE:
        return f"declare:{action.card}"
    if action.type in (EXPOSE, SEE_MAAL):
        return f"{action.type}:{sorted(tuple(sorted(g)) for g in action.groups or ())}"
    return f"{action.type}:{action.card}"


# --- one decision ---------------------------------------------------------------------------

def decision_seed(seed: int, obs: Observation) -> int:
    """The seed of the determinizations of the decision ``obs`` is about (:func:`ai.rating.decision_seed`)."""
    return core.decision_seed(seed, len(obs.history))


def decision_kind(obs: Observation) -> str | None:
    """``expose``, ``draw``, ``discard``, or ``None`` (not the seat's turn, or the deal is over)."""
    return KINDS.get(obs.phase) if obs.turn == obs.seat and obs.phase != OVER else None


def _expert(view: State, bot: SearchBot, record: PublicRecord) -> list[Action]:
    """The Expert's first choices for the decision at hand, its own first."""
    if view.phase == EXPOSE_PHASE:
        first = bot.policy.expose(view)
        return [first] + [a for a in legal_actions(view) if _key(a) != _key(first)][:WIDTH - 1]
    return bot.candidates(view, record)[:WIDTH]


def _run(bot: SearchBot, seat: int, world: State, plan: Sequence[Action]) -> tuple[float, float]:
    """One play-out of ``plan`` from ``world`` to the end of the deal: (win, net)."""
    state = world
    for a in plan:
        state = apply(state, a)
    if state.phase != OVER:
        _, state = bot.play_out_state(state, seat)
    return win_share(state, seat), float(state.result.net[seat]) if state.result is not None else 0.0


def _option(action: Action, view: State, wins: Sequence[float], scores: Sequence[float],
            expert_key: str | None) -> Option:
    return Option((action.to_json(),), describe(action, view), core.mean(wins), core.mean(scores),
                  _key(action) == expert_key)


def _rated(obs: Observation, plans: list[list[Action]], view: State, bot: SearchBot, record: PublicRecord,
           rng: random.Random, iterations: int, expert_key: str | None, progress: Progress | None,
           cancel: Cancel | None) -> tuple[list[Option], list[list[float]]]:
    bot.rollout.fixed_live = live_counts(view, obs.seat, record)  # the outs as the seat saw them
    bot.rollout.fixed_seat = obs.seat
    wins, scores = core.play_outs(plans, iterations, lambda: sample_state(obs, rng, record),
                                  lambda world, plan: _run(bot, obs.seat, world, plan), progress, cancel)
    return [_option(p[0], view, w, s, expert_key) for p, w, s in zip(plans, wins, scores)], wins


def _searcher(seed: int, iterations: int) -> tuple[random.Random, SearchBot]:
    """The Expert's search, its play-outs to the end of the deal (the net is the score) and no clock."""
    rng = random.Random(seed)
    return rng, SearchBot(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None, max_turns=None)


def _setup(obs: Observation, seed: int, iterations: int) -> tuple[random.Random, SearchBot, PublicRecord, State]:
    rng, bot = _searcher(seed, iterations)
    return rng, bot, public_record(obs), view_state(obs)


def analyse(obs: Observation, chosen: Sequence[Action], kind: str, *, iterations: int = ITERATIONS,
            seed: int = 0, step: int = 0, progress: Progress | None = None,
            cancel: Cancel | None = None) -> Decision:
    """Rate the ``chosen`` action of one decision (``kind`` "expose", "draw" or "discard") from
    ``obs`` alone: every option played out on the same determinizations (dealt from ``seed``), so
    the best move found by :func:`best_move` with the same seed and depth, played, is rated best."""
    rng, bot, record, view = _setup(obs, seed, iterations)
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
    if decision_kind(obs) is None:
        raise ValueError("not this seat's turn")
    rng, bot, record, view = _setup(obs, decision_seed(seed, obs), iterations)
    plans = core.distinct([[a] for a in _expert(view, bot, record)], lambda plan: _key(plan[0]))
    if len(plans) == 1:
        return _option(plans[0][0], view, [1.0], [0.0], None)
    options, _ = _rated(obs, plans, view, bot, record, rng, iterations, None, progress, cancel)
    return options[core.best_index(options)]


# --- a whole deal ---------------------------------------------------------------------------

def decisions_of(doc: dict, seat: int) -> list[tuple[int, str, list[Action], State]]:
    """The decisions of ``seat`` in a replay: ``(action index, kind, [action], state before)``;
    an expose step is one only when the seat was dealt a tunnela (else it has nothing to choose)."""
    if doc.get("game") != "marriage":
        raise ValueError("this is the review of Indian Marriage deals")
    all_states = states(doc)
    out: list[tuple[int, str, list[Action], State]] = []
    for i, entry in enumerate(doc["actions"]):
        before = all_states[i]
        kind = KINDS.get(before.phase)
        if kind is None or before.turn != seat:
            continue
        if kind == "expose" and len(legal_actions(before)) == 1:
            continue
        out.append((i, kind, [Action.from_json(entry["action"], before.players)], before))
    return out


def review(doc: dict, seat: int, *, iterations: int = ITERATIONS, seed: int = 0,
           progress: Progress | None = None, cancel: Cancel | None = None) -> Review:
    """Rate every decision of ``seat`` (raises :class:`Cancelled` when ``cancel()`` turns true),
    each at the same depth and on the same determinizations as :func:`best_move` for it."""
    found = decisions_of(doc, seat)
    rated = []
    for n, (step, kind, chosen, before) in enumerate(found):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(n, len(found))
        obs = observe(before, seat)
        rated.append(analyse(obs, chosen, kind, iterations=iterations, seed=decision_seed(seed, obs), step=step,
                             cancel=cancel))
    if progress is not None:
        progress(len(found), len(found))
    return Review(seat, tuple(rated))


def main(argv: list[str] | None = None) -> int:
    return core.command(sys.modules[__name__], argv, "python -m ai.marriage.review")


if __name__ == "__main__":
    sys.exit(main())
