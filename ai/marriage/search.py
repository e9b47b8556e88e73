"""The ``search`` bot of Indian Marriage: determinized Monte Carlo (PIMC).

At a draw or a discard with more than one sensible choice, the bot takes the heuristic's best few
candidates (at most ``width``; discards whose price is within ``margin`` missing cards of the best,
never a joker it knows while another card may go; both draws when the take does not finish) and
plays each of them out on many *determinizations*: states dealt from its observation with the
hidden cards placed at random, consistently with the public record
(:func:`ai.marriage.view.sample_state`: a card a seat took from the discard pile and still holds is
in that hand; for a seat that has not seen while another has, the tiplu is a random one of the
cards it cannot see, so the bot learns nothing of jokers it may not know, M13).  In a play-out the
bot's seat plays on with the heuristic policy in its fast form (:class:`ai.marriage.heuristic.Policy`:
no danger term, only the few cards kept least priced as discards, the outs as the seat saw them at
the decision) and the other seats with :func:`quick_other`, a quicker form of the engine's plain
policy (``smart_others``: the heuristic too).  They matter to the comparison of the bot's
candidates only through what they take, throw and finish, and the same for every candidate.  A
play-out that reaches the end of the deal scores 1 when the bot's seat wins it (the highest net,
as the arena counts it; a tie shares), else 0, plus ``net_weight`` times its net (M11).  After
``max_turns`` rounds (``None``: to the end), or once the time is up, it is scored by the chance of
winning estimated from how far each seat is from finishing: a softmax of the heuristic's prices,
``scale`` missing cards making a factor e (fitted on heuristic self-play: 3.1).

All candidates are tried on the same determinizations (and so on the same stock), so luck cancels
out of their *paired* difference (:mod:`ai.paired`); a candidate replaces the heuristic's own
choice only when it scores more by ``confidence`` standard errors of that difference.  Candidates
race: one clearly worse than the first choice is dropped every few determinizations, and the
search stops as soon as one candidate is left.

Budget: at most ``iterations`` determinizations and, when ``time_s`` is set, no play-out started
after :data:`RESERVE` of it (a determinization left half played is dropped, so every comparison
stays paired; a play-out under way when the time is up is scored at its next draw).  With
``time_s=None`` the same seed and iterations give the same move.  Exposing, seeing and finishing
are left to the heuristic.
"""

from __future__ import annotations

import random

from game.marriage import Action, State, apply, legal_actions, see_options
from game.marriage.deck import KIND
from game.marriage.legal import dublee_finish
from game.marriage.solver import dublee_kinds, finishes
from game.marriage.state import DRAW, DUBLEE_ROUTE, EXPOSE, OVER, PURE_ROUTE
from game.marriage.turn import DUBLEES_TO_SEE, banned_kind, joker_take_refused

from ..paired import PairedSearch, net_share, softmax_share
from ..weights import laid_over
from .base import register
from .evaluate import Evaluator
from .heuristic import DEFAULT_PARAMS, Policy, Pricer, live_counts, may_finish_w1, quick_keep, seat_jokers
from .view import PublicRecord, public_record, sample_state, view_state

RESERVE = 0.85  # share of the time budget after which no play-out starts


@register("search")
class SearchBot(PairedSearch):
    """See the module docstring.  Options: ``iterations``, ``time_s``, ``width``, ``margin``,
    ``max_turns``, ``confidence``, ``scale``, ``net_weight``, ``quick_self`` (the bot's seat plays
    on with :func:`quick_other` too), ``smart_others`` and any heuristic option (for the bot's own
    choices and its play-outs; ``lookahead`` re-ranks its candidates)."""

    view = staticmethod(view_state)
    record = staticmethod(public_record)
    sample = staticmethod(sample_state)
    round_every = 6
    # the clock: no play-out starts after ``RESERVE`` of the budget (the one under way and the
    # setup take the rest)
    reserve = RESERVE

    def __init__(self, rng: random.Random, iterations: int = 400, time_s: float | None = 0.7,
                 width: int = 3, margin: float = 1.0, max_turns: int | None = 2, confidence: float = 1.5,
                 scale: float = 3.0, net_weight: float = 0.0, quick_self: bool = False,
                 smart_others: bool = False, **options: object) -> None:
        super().__init__(rng, iterations, time_s, width, margin, max_turns, confidence, scale)
        self.net_weight = net_weight
        self.quick_self = quick_self  # play-outs: the bot's seat plays on as quickly as the others
        self.smart_others = smart_others  # play-outs: the other seats play on with the heuristic too
        params = laid_over(DEFAULT_PARAMS, options)
        self.policy = Policy(params)
        quick = {**options, "danger_weight": 0.0, "dublee_danger": 0.0, "lookahead": 0}
        self.rollout = Policy(laid_over(DEFAULT_PARAMS, quick), fast=True)
        self.gate = Evaluator()  # the other seats' quick look for a finish

    def unsearched(self, state: State) -> Action:
        return self.policy.act(state)

    def prepare(self, state: State, seat: int, record: PublicRecord) -> None:
        """The play-outs price every hand with the outs ``seat`` sees now."""
        self.rollout.fixed_live = live_counts(state, seat, record)
        self.rollout.fixed_seat = seat

    def score(self, world: State, action: Action, seat: int, record: PublicRecord) -> float:
        return self.play_out(apply(world, action), seat)

    def candidates(self, state: State, record: PublicRecord) -> list[Action]:
        """The actions worth searching, the heuristic's own choice first, or the one action to
        play with no search (finishing, seeing, a single legal draw, a take that finishes)."""
        policy = self.policy
        p = state.turn
        if state.phase == DRAW:
            first = policy.draw(state, record)
            options = legal_actions(state)
            if len(options) == 1 or policy.take_value(state, record) == float("inf"):
                return [first]
            return [first] + [a for a in options if a != first]
        fixed = policy.finish(state) or policy.see(state)
        if fixed is not None:
            return [fixed]
        jokers = seat_jokers(state, p)
        kept = self.kept_discards(policy.discard_values(state, record), None if jokers is None else jokers.wild)
        return [Action.discard(p, k) for k in kept]

    def play_out(self, state: State, seat: int) -> float:
        """Play on, ``seat`` with the heuristic and the other seats with the plain policy; the
        score of the end (see the module docstring), or the estimate after ``max_turns`` rounds or
        once the time is up."""
        score, end = self.play_out_state(state, seat)
        result = end.result
        if result is None or not self.net_weight:
            return score
        return score + self.net_weight * result.net[seat]

    def play_out_state(self, state: State, seat: int) -> tuple[float, State]:
        """:meth:`play_out` without the net term, and the state where it stopped (the end of the
        deal, or where it was cut and estimated): the hand review reads the seat's net there."""
        policy = self.rollout
        turns = 0
        while state.phase != OVER:
            if state.phase == DRAW:
                turns += 1
                if self.cut_short(turns, len(state.in_play()), first_turn_free=False):
                    return self.estimate(state, seat), state  # after max_turns rounds, or out of time
            if (state.turn == seat and not self.quick_self) or (state.turn != seat and self.smart_others):
                action = policy.act(state)
            else:
                action = quick_other(state, self.gate)
            state = apply(state, action)
        return win_share(state, seat), state

    def estimate(self, state: State, seat: int) -> float:
        """Chance that ``seat`` wins, from how far each seat in play is from finishing: a softmax
        of the heuristic's prices (each seat priced from its own hand in this determinization, with
        the outs the bot's seat saw at the decision)."""
        if state.out[seat] is not None:
            return 0.0
        ev = self.rollout.ev
        live = self.rollout.fixed_live
        logits = {s: -Pricer(state, s, ev, None, live).price([KIND[c] for c in state.hands[s]]) / self.scale
                  for s in state.in_play()}
        return softmax_share(logits, seat)


def win_share(state: State, seat: int) -> float:
    """A finished deal as the arena counts it: 1 to the seat with the highest net, shared by a tie
    (a void deal: every seat); 0 when another seat nets more or the deal has no result."""
    return 0.0 if state.result is None else net_share(state.result.net, seat)


def quick_other(state: State, gate: Evaluator) -> Action:
    """The other seats' move in a play-out (a quicker form of :func:`game.marriage.plain_action`,
    reading only what the seat to move may know): expose every dealt tunnela; take the top discard
    when it pairs a card of the hand or joins two of its suit, else draw; finish when it can (the
    exact search only after a quick look finds the hand close), see when it can, else throw the
    card the hand keeps least (never a joker it knows)."""
    p = state.turn
    hand = [KIND[c] for c in state.hands[p]]
    seen = state.seen[p]
    jokers = state.jokers if seen is not None else None
    if state.phase == EXPOSE:
        return legal_actions(state)[-1]
    if state.phase == DRAW:
        if state.discard and not joker_take_refused(state):
            top = KIND[state.discard[-1]]
            keep = quick_keep(hand + [top], jokers, seen == PURE_ROUTE)[top]
            if keep >= (6.0 if seen != DUBLEE_ROUTE else 1.0) or (seen == DUBLEE_ROUTE and top in hand):
                return Action.take_discard(p)
        return Action.draw_stock(p)
    banned = banned_kind(state)
    if seen == PURE_ROUTE and may_finish_w1(gate, state, p, hand):
        found = finishes(hand, banned, state.tiplu_kind, state.rules.max_wilds_per_combo)
        if found:
            card = min(found, key=lambda f: (jokers is not None and jokers.wild[f], f))
            return Action.declare(p, card, found[card])
    elif seen == DUBLEE_ROUTE or (seen is None and state.rules.dublee_finish_without_show):
        pairs = dublee_kinds(hand)
        wanted = 1 if seen is not None else DUBLEES_TO_SEE + 1
        if len(pairs) >= wanted:
            finish = dublee_finish(p, hand, [(k, k) for k in pairs[:wanted]], banned)
            if finish is not None:
                return finish
    if seen is None:
        sights = see_options(state)
        if sights:
            return min(sights, key=lambda a: len(a.groups or ()) == DUBLEES_TO_SEE)
    scores = quick_keep(hand, jokers, seen == PURE_ROUTE)
    options = [k for k in scores if k != banned]
    return Action.discard(p, min(options, key=lambda k: (scores[k], k)))
