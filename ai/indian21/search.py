"""The ``search`` bot of 21-card Indian Rummy: determinized Monte Carlo (PIMC).

At a draw or a discard with more than one sensible choice, the bot takes the heuristic's best few
candidates (at most ``width``; discards whose value is within ``margin`` of the best, never a wild
card while a natural one may go) and plays each of them out on many *determinizations*: states
dealt from its observation with the hidden cards placed at random, consistently with the public
record (:func:`ai.indian21.view.sample_state`: a card a seat took from the discard pile and still
holds is in that hand).  In a play-out every seat plays on with the heuristic policy in its fast
form (:class:`ai.indian21.heuristic.Policy` with ``fast``: a draw weighed against the loose cards
only, the loose card whose loss hurts least thrown, a show made when the engine finds one): the
other seats matter to the comparison of the bot's candidates only through what they take, throw
and show, and the same for every candidate.  After ``max_turns`` rounds, once the time is up (at
its next draw), or at the end of the deal, the play-out is scored 1 for a win, 0 for a loss (the
highest net, as the arena counts a deal; a tie shares), or, when cut short, by the chance of
winning estimated from how far each seat is from showing (a softmax of the evaluations, ``scale``
evaluation units making a factor e, with an edge for the seat about to draw).

All candidates are tried on the same determinizations (and so on the same stock), so luck cancels
out of their *paired* difference (:mod:`ai.paired`); a candidate replaces the heuristic's own
choice only when it wins more by ``confidence`` standard errors of that difference.  Candidates
race: one clearly worse than the first choice is dropped every few determinizations, so the budget
goes to the close calls, and the search stops as soon as one candidate is left.

Budget: at most ``iterations`` determinizations and, when ``time_s`` is set, no play-out started
after that many seconds (a determinization left half played is dropped, so every comparison stays
paired).  With ``time_s=None`` the same seed and iterations give the same move.  Showing, dropping
and the losers' show are left to the heuristic.
"""

from __future__ import annotations

import random

from game.indian21 import Action, State, apply
from game.indian21.actions import DECLARE
from game.indian21.deck import KIND
from game.indian21.legal import legal_actions
from game.indian21.state import DISCARD, DRAW, OVER

from ..paired import PairedSearch, hand_value_share, net_share
from ..weights import laid_over
from .base import register
from .heuristic import DEFAULT_PARAMS, MOVER_EDGE, WIN_SLOPE, Policy
from .view import PublicRecord, public_record, sample_state, view_state


@register("search")
class SearchBot(PairedSearch):
    """See the module docstring.  Options: ``iterations``, ``time_s``, ``width``, ``margin``,
    ``max_turns``, ``confidence``, ``scale`` and any heuristic option (for the bot's own choices
    and its play-outs)."""

    view = staticmethod(view_state)
    record = staticmethod(public_record)
    apply = staticmethod(apply)
    legal_actions = staticmethod(legal_actions)
    round_every = 6

    def __init__(self, rng: random.Random, iterations: int = 300, time_s: float | None = 0.7,
                 width: int = 3, margin: float = 1.0, max_turns: int | None = 2, confidence: float = 1.0,
                 scale: float = 1 / WIN_SLOPE, **options: object) -> None:
        super().__init__(rng, iterations, time_s, width, margin, max_turns, confidence, scale)
        # the time a decision may take, as the levels give it (Hard 0.35 s of search in 0.5 s, Expert
        # 0.7 in 1.0): the candidates are weighed before the clock and the last play-out ends after it
        self.budget_s = None if time_s is None else round(time_s / 0.7, 3)
        self.policy = Policy(laid_over(DEFAULT_PARAMS, options))
        quick = {**options, "exact_hope": False, "danger_weight": 0.0, "drop": False, "lookahead": 0}
        self.rollout = Policy(laid_over(DEFAULT_PARAMS, quick), fast=True)
        self.sample = sample_state  # type: ignore[method-assign]  # how a determinization is dealt (an experiment may swap it)

    def candidates(self, state: State, record: PublicRecord) -> list[Action]:
        """The actions worth searching, the heuristic's own choice first, or the one action to
        play with no search (showing, dropping, a single legal draw)."""
        if state.phase == DRAW:
            return self.drop_or_draws(state, record)
        policy = self.policy
        show = policy.show(state)
        if show is not None:
            return [show]
        kept = self.kept_discards(policy.discard_values(state, record), state.wild)  # T3: wild cards stay
        return [Action.discard(state.turn, k) for k in kept]

    def play_out(self, state: State, seat: int, record: PublicRecord) -> float:
        """Play on, every seat with the fast policy: 1 if ``seat`` wins, 0 if it loses (a tie
        shares); after ``max_turns`` rounds, or once the time is up, the estimated chance that
        ``seat`` wins."""
        return self.play_out_state(state, seat, record)[0]

    def play_out_state(self, state: State, seat: int, record: PublicRecord, *,
                       finish: bool = False) -> tuple[float, State]:
        """:meth:`play_out`, and the state where it stopped; with ``finish`` a show that ends it
        is played too (the deal review charges the seat what that state says)."""
        policy = self.rollout
        turns = 0
        while state.phase != OVER:
            if state.phase == DRAW:
                turns += 1
                if self.cut_short(turns, len(state.in_play()), first_turn_free=True):
                    return self.estimate(state, seat), state  # after max_turns rounds, or out of time
                action = policy.draw(state, record if state.turn == seat else None)
            elif state.phase == DISCARD:
                action = policy.quick_discard(state)
                if action.type == DECLARE:  # valid by construction: the deal ends, the declarer wins
                    if not finish:
                        return (1.0 if state.turn == seat else 0.0), state
                    state = apply(state, action)
                    while state.phase != OVER:  # the losers show (T10): the engine's grouping
                        state = apply(state, legal_actions(state)[0])
                    return won(state, seat), state
            else:
                action = legal_actions(state)[0]
            state = apply(state, action)
        return won(state, seat), state

    def estimate(self, state: State, seat: int) -> float:
        """Chance that ``seat`` wins, from how far each seat in play is from showing: a softmax
        of the evaluations (``scale`` evaluation units make a factor e) with an edge for the seat
        about to draw."""
        if state.out[seat] is not None:
            return 0.0
        return hand_value_share(self.rollout.evaluator(state), state, seat, KIND, self.scale, MOVER_EDGE)


def won(state: State, seat: int) -> float:
    """1 when ``seat`` has the highest net of a finished deal (a tie shares), else 0."""
    return 0.0 if state.result is None else net_share(state.result.net, seat)
