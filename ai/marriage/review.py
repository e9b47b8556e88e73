"""The deal review of Indian Marriage: every decision of one seat rated by the search bot.

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
played and the search's first choices (the candidates it weighs,
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

import sys
from collections.abc import Sequence

from game.core.cards import kind_pretty
from game.i18n import N_, _, ngettext
from game.marriage import Action, Observation, State, apply, legal_actions, observe
from game.marriage.actions import EXPOSE, SEE_MAAL
from game.marriage.deck import KIND
from game.marriage.state import DISCARD as DISCARD_PHASE
from game.marriage.state import DRAW, OVER
from game.marriage.state import EXPOSE as EXPOSE_PHASE
from game.marriage.turn import DUBLEES_TO_SEE

from .. import rating as core
from ..hand_review import HandReview, move_key, move_words
from ..rating import ITERATIONS, WIDTH, Cancel, Cancelled, Decision, Option, Progress, Review  # noqa: F401
from .search import SearchBot, win_share
from .view import PublicRecord, public_record, sample_state, view_state

KINDS = {EXPOSE_PHASE: "expose", DRAW: "draw", DISCARD_PHASE: "discard"}  # the phases whose decisions are rated


# --- describing moves -----------------------------------------------------------------------

def _cards(kinds: Sequence[int]) -> str:
    return " ".join(kind_pretty(k) for k in kinds)


def describe(action: Action, state: State) -> str:
    """A decision in a player's words, in the language in force: "take 7♥ from the discard pile",
    "discard K♠", "see the maal by seven dublees", "declare, putting 4♣ face down" (the table's
    button is Declare)."""
    kind = action.type
    groups = action.groups or ()
    shown = ", ".join(_cards(g) for g in groups)
    if kind == EXPOSE:
        if not groups:
            return _("expose no tunnela")
        # Translators: {groups} are the tunnelas' cards, each apart ("7♥ 7♥ 7♥, K♠ K♠ K♠").
        return ngettext("expose the tunnela {groups}", "expose the tunnelas {groups}", len(groups)).format(groups=shown)
    if kind == SEE_MAAL:
        if len(groups) >= DUBLEES_TO_SEE and all(len(g) == 2 for g in groups):
            return _("see the maal by seven dublees")
        # Translators: {groups} are the sets shown to see the maal, each apart ("5♦ 6♦ 7♦, Q♣ Q♣ Q♣").
        return _("see the maal showing {groups}").format(groups=shown)
    # Translators: a move of the Hint and the review; {card} is the card put face down to finish ("4♣").
    return move_words(action, state, KIND, N_("declare, putting {card} face down"))


def _key(action: Action) -> str:
    """Two actions that lead to the same position are the same move: the groups of an exposure or
    a sight in any order, a finish by its card (how its groups are written does not change who
    wins; its maal is the engine's best split, M10)."""
    if action.type in (EXPOSE, SEE_MAAL):
        return f"{action.type}:{sorted(tuple(sorted(g)) for g in action.groups or ())}"
    return move_key(action)


# --- one decision ---------------------------------------------------------------------------

def _run(bot: SearchBot, seat: int, world: State, plan: Sequence[Action]) -> tuple[float, float]:
    """One play-out of ``plan`` from ``world`` to the end of the deal: (win, net)."""
    state = world
    for a in plan:
        state = apply(state, a)
    if state.phase != OVER:
        _win, state = bot.play_out_state(state, seat)
    return win_share(state, seat), float(state.result.net[seat]) if state.result is not None else 0.0


class ReviewM(HandReview):
    """The review's pieces of Marriage (:mod:`ai.hand_review`): its expose step rated too (only when
    the seat was dealt a tunnela, else it has nothing to choose), the play-outs to the end of the
    deal (the net is the score) with the outs as the seat saw them."""

    GAME = "marriage"
    TITLE = "Indian Marriage"
    KINDS = KINDS
    SEARCH = SearchBot
    SEARCH_OPTIONS = {"max_turns": None}
    # a Marriage play-out runs to the end of the deal and the highest net wins it, so two moves' play-outs on
    # the same guesses part far more often than in the other games (a paired noise about three times
    # 13-card's at 48, docs/puzzles.md): a puzzle is rated on three times the review's depth
    PUZZLE_DEPTH = 3 * ITERATIONS
    NO_DECISION = "not this seat's turn"
    ACTION = Action
    sample_state, public_record, view_state, observe = map(staticmethod, (sample_state, public_record, view_state,
                                                                          observe))
    describe, key = staticmethod(describe), staticmethod(_key)

    def run(self, bot: SearchBot, record: PublicRecord, seat: int, world: State,
            plan: Sequence[Action]) -> tuple[float, float]:
        return _run(bot, seat, world, plan)

    def action(self, entry: dict, before: State) -> Action:
        return Action.from_json(entry, before.players)

    def expert(self, view: State, bot: SearchBot, record: PublicRecord) -> list[Action]:
        if view.phase == EXPOSE_PHASE:
            first = bot.policy.expose(view)
            return [first] + [a for a in legal_actions(view) if _key(a) != _key(first)][:WIDTH - 1]
        return bot.candidates(view, record)[:WIDTH]

    def look(self, bot: SearchBot, view: State, record: PublicRecord) -> None:
        pass  # Marriage's policy learns the seat's view as it chooses

    def before_play_outs(self, bot: SearchBot, view: State, obs: Observation, record: PublicRecord) -> None:
        bot.prepare(view, obs.seat, record)  # the outs as the seat saw them

    def rated_step(self, kind: str, before: State) -> bool:
        return kind != "expose" or len(legal_actions(before)) > 1


REVIEW = ReviewM()
decision_seed, decision_kind, analyse, best_move, decisions_of, review = REVIEW.api()


def main(argv: list[str] | None = None) -> int:
    return core.command(sys.modules[__name__], argv, "python -m ai.marriage.review")


if __name__ == "__main__":
    sys.exit(main())
