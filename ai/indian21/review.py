"""The deal review of 21-card Indian Rummy: every decision of one seat rated by the search bot.

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

import sys
from collections.abc import Sequence

from game.i18n import N_
from game.indian21 import Action, State, apply, legal_actions, lowest_count, observe
from game.indian21.deck import KIND
from game.indian21.scoring import capped, last_declaration, out_charge
from game.indian21.state import DISCARD as DISCARD_PHASE
from game.indian21.state import DRAW, OVER, SHOW

from .. import rating as core
from ..hand_review import HandReview, move_key, move_words
from ..rating import ITERATIONS, WIDTH, Cancel, Cancelled, Decision, Option, Progress, Review  # noqa: F401
from .search import SearchBot, won
from .view import PublicRecord, public_record, sample_state, view_state

KINDS = {DRAW: "draw", DISCARD_PHASE: "discard"}  # the phases whose decisions are rated


# --- describing moves -----------------------------------------------------------------------

def describe(action: Action, state: State) -> str:
    """A decision in a player's words: "take 7♥ from the discard pile", "discard K♠", "declare,
    finishing with J♥" (the word of the table's button, so that a Hint names it)."""
    # Translators: a move of the Hint and the review; {card} is the card put down last ("J♥").
    return move_words(action, state, KIND, N_("declare, finishing with {card}"))


# --- one decision ---------------------------------------------------------------------------

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


REVIEW = HandReview(GAME="indian21", TITLE="21-card Indian Rummy", KINDS=KINDS, SEARCH=SearchBot, ACTION=Action,
                    sample_state=sample_state, public_record=public_record, view_state=view_state, observe=observe,
                    describe=describe, key=move_key, run=_run)
decision_seed, decision_kind, analyse, best_move, decisions_of, review = REVIEW.api()


def main(argv: list[str] | None = None) -> int:
    return core.command(sys.modules[__name__], argv, "python -m ai.indian21.review")


if __name__ == "__main__":
    sys.exit(main())
