"""The deal review of 13-card Indian Rummy: every decision of one seat rated by the Expert's search.

    python -m ai.indian13.review REPLAY [--seat N] [--json] [--iterations K] [--seed S]
    (or python -m ai.review REPLAY: the replay names its game)

An Indian Rummy turn holds two decisions: the **draw** (the stock, the top discard, or dropping)
and the **discard** (which card goes, or declaring).  For each one the review takes *only the
seat's observation at that moment* (I13: its hand, the discard pile, the public history; never a
hidden card), lists the move played and the Expert's first choices (the candidates its search
weighs, :meth:`ai.indian13.search.SearchBot.candidates`), and plays every one of them out on the
same determinizations of the hidden cards (:func:`ai.indian13.view.sample_state`) with the
search's play-outs (:meth:`~ai.indian13.search.SearchBot.play_out_state`).  Each option gets

* ``win``: the estimated chance that the seat wins the deal (the fewest points), and
* ``score``: minus the points the seat is charged where the play-outs stop (0 when it declared;
  its drop when it dropped; else its count as the engine would group it if someone declared
  then), so the *point swing* of a choice is the difference of two options' scores.

The rating is the one every game's review shares (:mod:`ai.rating`): paired differences, best /
good / inaccuracy / mistake, accuracy.  The losers' show after a declaration is not rated (the
engine's grouping is always the lowest count, and the table offers it).

Reproducible: the same replay, seat, iterations and seed give the same review.  :func:`analyse`
reads nothing but an observation, so the review cannot depend on a hidden card (a test changes
them and gets the same analysis).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.i18n import N_
from game.indian13 import Action, State, apply, observe
from game.indian13.deck import KIND
from game.indian13.scoring import doubled, drop_charge, last_declaration, loser_count
from game.indian13.state import DISCARD as DISCARD_PHASE
from game.indian13.state import DRAW, OVER, SHOW

from .. import rating as core
from ..hand_review import HandReview, move_key, move_words
from ..rating import ITERATIONS, WIDTH, Cancel, Cancelled, Decision, Option, Progress, Review  # noqa: F401
from .search import SearchBot
from .view import PublicRecord, public_record, sample_state, view_state

KINDS = {DRAW: "draw", DISCARD_PHASE: "discard"}  # the phases whose decisions are rated


# --- describing moves -----------------------------------------------------------------------

def describe(action: Action, state: State) -> str:
    """A decision in a player's words: "take 7♥ from the discard pile", "discard K♠", "declare"."""
    # Translators: a move of the Hint and the review; {card} is the card put down last ("J♥").
    return move_words(action, state, KIND, N_("declare, finishing with {card}"))


# --- one decision ---------------------------------------------------------------------------

def charged(state: State, seat: int) -> int:
    """The points ``seat`` is charged in ``state``: the result's when the deal is over; 0 for the
    declarer of a valid declaration; its drop (or invalid-declaration penalty) when it is out;
    else its count as the engine would group it if the deal ended now (I10)."""
    if state.result is not None:
        return state.result.points[seat]
    if state.out[seat] is not None:
        return drop_charge(state, seat) * doubled(state)
    if state.phase == SHOW:
        declaration = last_declaration(state.history)
        if declaration is not None and declaration["player"] == seat:
            return 0
    return loser_count(state, seat)[0] * doubled(state)


def _run(bot: SearchBot, record: PublicRecord, seat: int, world: State, plan: Sequence[Action]) -> tuple[float, float]:
    """One play-out of ``plan`` from ``world``: (win, score)."""
    state = world
    for a in plan:
        state = apply(state, a)
    if state.phase in (SHOW, OVER):  # the plan ended the deal (a declaration) or set the seat aside
        declaration = last_declaration(state.history)
        won = declaration is not None and declaration["player"] == seat and state.out[seat] is None
        if state.phase == OVER and state.result is not None:
            low = min(state.result.points)
            winners = [s for s, p in enumerate(state.result.points) if p == low]
            return (1.0 / len(winners) if seat in winners else 0.0), -float(charged(state, seat))
        return (1.0 if won else 0.0), -float(charged(state, seat))
    win, end = bot.play_out_state(state, seat, record, finish=True)
    return win, -float(charged(end, seat))


REVIEW = HandReview(GAME="indian13", TITLE="Indian Rummy", KINDS=KINDS, SEARCH=SearchBot, ACTION=Action,
                    sample_state=sample_state, public_record=public_record, view_state=view_state, observe=observe,
                    describe=describe, key=move_key, run=_run)
decision_seed, decision_kind, analyse, best_move, decisions_of, review = REVIEW.api()


def main(argv: list[str] | None = None) -> int:
    return core.command(sys.modules[__name__], argv, "python -m ai.indian13.review")


if __name__ == "__main__":
    sys.exit(main())
