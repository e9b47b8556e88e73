"""The ``search`` bot of 13-card Indian Rummy: determinized Monte Carlo (PIMC).

At a draw or a discard with more than one sensible choice, the bot takes the heuristic's best few
candidates (at most ``width``; those whose value is within ``margin`` of the best, never a wild
card while a natural one may go) and plays each
of them out on many *determinizations*: states dealt from its observation with the hidden cards
placed at random, consistently with the public record (:func:`ai.indian13.view.sample_state`: a
card a seat took from the discard pile and still holds is in that hand).  The bot's seat then
plays on with the heuristic policy (:class:`ai.indian13.heuristic.Policy` in its fast form: the
best discard in one search) and the other seats with a quick one (take a discard that joins two
of their cards, throw the card with the fewest partners, declare when the engine finds it): they
matter to the comparison of the bot's candidates only through what they take and throw, and the
same for every candidate.  After ``max_turns`` rounds, once the time is up (at its next draw: a
play-out to the end of the deal keeps the clock too), or at the end of the deal, the play-out is
scored 1 for a win, 0 for a loss (a tie shares), or, when cut short, by the chance of winning
estimated from how far each seat is from declaring (a softmax of the evaluations, fitted on
self-play).

All candidates are tried on the same determinizations (and so on the same stock), so luck
cancels out of their *paired* difference; a candidate replaces the heuristic's own choice only
when it wins more by ``confidence`` standard errors of that difference.  Candidates race: one
clearly worse than the first choice is dropped every few determinizations, so the budget goes to
the close calls, and the search stops as soon as one candidate is left.

Budget: at most ``iterations`` determinizations and, when ``time_s`` is set, no play-out started
after that many seconds (a determinization left half played is dropped, so every comparison stays
paired).  With ``time_s=None`` the same seed and iterations give the same move.
Declaring, dropping and showing are left to the heuristic.
"""

from __future__ import annotations

import random
from collections import Counter

from game.indian13 import Action, State, apply, find_declaration
from game.indian13.actions import DECLARE
from game.indian13.arrange import loners
from game.indian13.deck import KIND
from game.indian13.legal import declarations_of, legal_actions
from game.indian13.scoring import meld_rules
from game.indian13.state import DISCARD, DRAW, OVER
from game.indian13.turn import banned_kind, joker_take_refused

from ..paired import PairedSearch, hand_value_share
from ..weights import laid_over
from .base import register
from .evaluate import NEAR
from .heuristic import DEFAULT_PARAMS, MOVER_EDGE, WIN_SLOPE, Policy
from .view import PublicRecord, public_record, sample_state, view_state


@register("search")
class SearchBot(PairedSearch):
    """See the module docstring.  Options: ``iterations``, ``time_s``, ``width``, ``margin``,
    ``max_turns``, ``confidence``, ``scale`` (of the softmax estimate) and any heuristic option
    (for the bot's own choices and its play-outs)."""

    view = staticmethod(view_state)
    record = staticmethod(public_record)
    apply = staticmethod(apply)
    legal_actions = staticmethod(legal_actions)

    def __init__(self, rng: random.Random, iterations: int = 200, time_s: float | None = 0.7,
                 width: int = 5, margin: float = 3.0, max_turns: int | None = 2, confidence: float = 1.0,
                 scale: float = 1 / WIN_SLOPE, **options: object) -> None:
        super().__init__(rng, iterations, time_s, width, margin, max_turns, confidence, scale)
        self.policy = Policy(laid_over(DEFAULT_PARAMS, options))
        quick = {**options, "exact_hope": False, "danger_weight": 0.0, "drop": False, "lookahead": 0, "live": False}
        self.rollout = Policy(laid_over(DEFAULT_PARAMS, quick), fast=True)
        # how a determinization is dealt and how the other seats play on in a play-out: the
        # functions below (an experiment may give the bot others, tools.indian13.study)
        self.sample = sample_state  # type: ignore[method-assign]
        self.other_draw = quick_draw
        self.other_discard = quick_discard

    def candidates(self, state: State, record: PublicRecord) -> list[Action]:
        """The actions worth searching, the heuristic's own choice first, or the one action to
        play with no search (declaring, dropping, a single legal draw)."""
        if state.phase == DRAW:
            return self.drop_or_draws(state, record)
        policy = self.policy
        declarations = declarations_of(state)
        if declarations:
            return [declarations[0]]
        kept = self.kept_discards(policy.discard_values(state, record), state.wild)  # I3: wild cards stay
        return [Action.discard(state.turn, k) for k in kept]

    def play_out(self, state: State, seat: int, record: PublicRecord) -> float:
        """Play on, ``seat`` with the heuristic and the other seats with a quick policy: 1 if
        ``seat`` wins, 0 if it loses (a tie shares); after ``max_turns`` rounds, or once the time
        is up, the estimated chance that ``seat`` wins."""
        return self.play_out_state(state, seat, record)[0]

    def play_out_state(self, state: State, seat: int, record: PublicRecord, *,
                       finish: bool = False) -> tuple[float, State]:
        """:meth:`play_out`, and the state where it stopped; with ``finish`` a declaration that
        ends it is played too (the hand review charges the seat what that state says)."""
        policy = self.rollout
        other_draw, other_discard = self.other_draw, self.other_discard
        turns = 0
        while state.phase != OVER:
            mover = state.turn
            if state.phase == DRAW:
                turns += 1
                if self.cut_short(turns, len(state.in_play()), first_turn_free=True):
                    return self.estimate(state, seat), state  # after max_turns rounds, or out of time
                action = policy.draw(state, record) if mover == seat else other_draw(state)
            elif state.phase == DISCARD:
                action = policy.quick_discard(state) if mover == seat else other_discard(state)
                if action.type == DECLARE:  # valid by construction: the deal ends, the declarer wins
                    return (1.0 if mover == seat else 0.0), (apply(state, action) if finish else state)
            else:
                break
            state = apply(state, action)
        result = state.result
        if result is None:  # a show phase: the declaration was already scored above
            return 0.0, state
        low = min(result.points)
        winners = [s for s, p in enumerate(result.points) if p == low]
        return (1.0 / len(winners) if seat in winners else 0.0), state

    def estimate(self, state: State, seat: int) -> float:
        """Chance that ``seat`` wins, from how far each seat in play is from declaring: a softmax
        of the evaluations (``scale`` evaluation units make a factor e) with an edge for the seat
        about to draw (both fitted on heuristic self-play, :data:`~ai.indian13.heuristic.WIN_SLOPE`)."""
        if state.out[seat] is not None:
            return 0.0
        return hand_value_share(self.rollout.evaluator(state), state, seat, KIND, self.scale, MOVER_EDGE)


def quick_draw(state: State) -> Action:
    """The other seats' draw in a play-out: the top discard when it joins two cards of the hand
    (a meld, most likely), else the stock."""
    p = state.turn
    if state.discard and not joker_take_refused(state):
        top = KIND[state.discard[-1]]
        hand = [KIND[c] for c in state.hands[p]]
        if state.wild[top] or sum(1 for k in hand if k in NEAR[top]) >= 2:
            return Action.take_discard(p)
    return Action.draw_stock(p)


def quick_discard(state: State) -> Action:
    """The other seats' discard in a play-out: a valid declaration when the engine's quick look
    finds one, else the natural card with the fewest partners (then the highest points)."""
    p = state.turn
    hand = [KIND[c] for c in state.hands[p]]
    banned = banned_kind(state)
    wild = state.wild
    counts = Counter(hand)
    naturals = [k for k in counts if not wild[k] and k != banned] or [k for k in counts if k != banned]

    def partners(k: int) -> int:
        return sum(counts[o] for o in NEAR[k]) if k < 52 and not wild[k] else 99

    worst = min(naturals, key=lambda k: (partners(k), -state.points[k], k))
    rules = meld_rules(state)
    alone = loners(hand, rules)
    if alone is not None and len(alone) <= 1:
        finish = alone[0] if alone else worst
        if finish != banned:
            rest = list(hand)
            rest.remove(finish)
            groups = find_declaration(rest, rules)
            if groups is not None:
                return Action.declare(p, finish, groups)
    return Action.discard(p, worst)
