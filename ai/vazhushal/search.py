"""The ``search`` bot: determinized Monte Carlo (perfect-information Monte Carlo, PIMC).

At a draw or a discard with more than one sensible choice, the bot takes the heuristic's best few
candidates and plays each of them out on many *determinizations*: states dealt from its
observation with the hidden cards placed at random, consistently with the public record
(:func:`ai.vazhushal.determinize.sample_state`: cards an opponent took from the line and still holds are in
that hand, the indicator at the bottom of the stock).  Every seat then plays the hand to its end
with the heuristic policy (:class:`ai.vazhushal.heuristic.Policy`, reading only its own seat's cards).  The
candidate that wins most often is played, but only when it beats the heuristic's own choice by
``confidence`` standard errors: all candidates are tried on the same determinizations, so luck
cancels out of their paired difference, and noise alone does not overrule the heuristic.

Play-outs are cut short after ``max_turns`` turns per two seats (default 3: three turns at a table of
two, six at a table of four, so every seat still plays about as often) and scored by how close each seat
then is to going out (a softmax of the heuristic's evaluations, fitted on self-play): a short
play-out is cheaper and far less noisy than a whole hand decided by the luck of the stock, so many
more determinizations fit in the budget.  Candidates race: one clearly worse than the first
choice is dropped every few determinizations, so the budget goes to the close calls.

With ``belief`` the determinizations are dealt from :mod:`ai.vazhushal.belief` (each opponent less likely
to hold what melds with its discards and the line tops it left, more likely what goes with the
cards it took) instead of uniformly; with ``tilt``, each is the pick of ``tries`` deals,
resampled towards opponent hands as good as those of players who keep their best cards
(:func:`ai.vazhushal.belief.hand_score`).  Both are off by default: they predict the hidden cards better
but did not win measurably more hands (the figures are in :mod:`ai.vazhushal.belief`).

With ``widen``, the race widens as it narrows (progressive widening): whenever fewer than
``width`` candidates are left, the next of the heuristic's choices joins (at most ``widen`` more
in all), so time a clear decision would have saved goes to alternatives further down the list.
A candidate that joins late is compared with the first choice on the determinizations both
played.

Budget: at most ``iterations`` determinizations and, when ``time_s`` is set, no new one after that
many seconds.  With ``time_s=None`` the same seed and iterations give the same move.  Going out,
the final melding and the melds a rule requires are left to the heuristic (there is nothing to
gain by searching them).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.core.cards import KIND_OF
from game.vazhushal import DRAW, OVER, PLAY, Action, Observation, State, apply

from ..paired import SearchBudget
from ..paired import collector_paused as _collector_paused
from ..paired import pick as _pick
from ..paired import upper_gain as _upper_gain
from .base import LegalMoves, Plan, register
from .belief import Weights, belief_weights, hand_score
from .determinize import PublicRecord, public_record, sample_state
from .heuristic import DEFAULT_PARAMS, Policy


@register("search")
class SearchBot(SearchBudget):
    """See the module docstring.  Options: ``iterations``, ``time_s``, ``width`` (candidates
    searched at once), ``widen`` (candidates that may join later), ``confidence``, ``max_turns``
    (turns a play-out may last before it is scored by who is closer to going out; ``None``: to
    the end of the hand), ``belief``, ``tilt`` and ``tries`` (how determinizations are dealt, see
    the module docstring) and any heuristic :class:`Params` field (for the bot's own choices and
    its play-outs)."""

    name = "search"

    def __init__(self, rng: random.Random, iterations: int = 200, time_s: float | None = 0.8,
                 width: int = 3, max_turns: int | None = 3, confidence: float = 1.0,
                 belief: bool = False, tilt: float = 0.0, tries: int = 4, widen: int = 0,
                 **params: object) -> None:
        super().__init__(rng, iterations, time_s, width, max_turns, confidence)
        self.belief = belief
        self.tilt = tilt
        self.tries = tries
        self.widen = widen
        self.policy = Policy(replace(DEFAULT_PARAMS, **params))  # type: ignore[arg-type]
        quick = {"line_live": -1.0, "danger_weight": 0.0, "take_depth": 3, **params}  # quick play-outs
        self.rollout_policy = Policy(replace(DEFAULT_PARAMS, **quick))  # type: ignore[arg-type]
        # how a determinization is dealt (an experiment may give the bot another: tools.vazhushal.study oracle)
        self.sample = sample_state

    def choose(self, obs: Observation, legal: LegalMoves) -> Plan:
        self.start_clock()
        with _collector_paused():
            return self._choose(obs, legal)

    def _choose(self, obs: Observation, legal: LegalMoves) -> Plan:
        record = public_record(obs)
        candidates = self.candidates(legal.state, record)
        if len(candidates) == 1:
            return candidates[0]
        weights = belief_weights(obs, record) if self.belief else None
        score = hand_score(obs, self.policy.brain(legal.state).evaluator.value, self.tilt) if self.tilt else None
        return candidates[self._search(obs, record, candidates, weights, score)]

    def candidates(self, state: State, record: PublicRecord) -> list[list[Action]]:
        """The plans worth searching for the seat to move, the heuristic's own choice first (at
        most ``width`` + ``widen``), or the one plan to play with no search: going out, a single
        legal draw, a meld a rule requires first (V6.5b), the final melding."""
        most = self.width + self.widen
        if state.phase == DRAW:
            values = self.policy.draw_values(state, None, record)
            values.sort(key=lambda vo: -vo[0])
            if len(values) == 1 or values[0][0] == float("inf"):
                return [list(values[0][1].steps)]
            return [list(option.steps) for _, option in values[:most]]
        if state.phase != PLAY:
            return [self.policy.plan(state, record)]
        plan = self.policy.play(state, record)
        if len(plan) != 1 or plan[0].type != "discard":
            return [plan]  # going out, or a meld a rule requires first (V6.5b)
        return [[Action.discard(state.turn, k)] for _, k in self.policy.discard_values(state, record)[:most]]

    def _search(self, obs: Observation, record: PublicRecord, candidates: Sequence[list[Action]],
                weights: Weights | None = None, score: Callable[[list[list[int]]], float] | None = None) -> int:
        """Index of the candidate to play: the heuristic's first choice (index 0) unless another
        one wins clearly more play-outs on the same determinizations (by ``confidence``
        standard errors of the paired difference).  A race: every ``_ROUND`` determinizations,
        a candidate that is clearly worse than the first choice (two standard errors) is
        dropped, so the budget goes to the close ones, and the search ends when none is left."""
        deadline = self._deadline
        results: list[list[float]] = [[] for _ in candidates]
        starts = [0] * len(candidates)  # the determinization at which each candidate joined
        active = list(range(min(len(candidates), self.width) if self.widen else len(candidates)))
        waiting = list(range(len(active), len(candidates)))  # progressive widening (``widen``)
        for done in range(1, self.iterations + 1):
            world = self.sample(obs, self.rng, record, weights, score, self.tries)
            for i in active:
                if deadline is not None and time.perf_counter() > deadline:
                    return _pick(results, self.confidence, starts)  # this determinization is left unfinished
                state = world
                for action in candidates[i]:
                    state = apply(state, action, check=False)
                results[i].append(self.play_out(state, obs.seat))
            if done % _ROUND == 0:
                active = [0] + [i for i in active[1:] if _upper_gain(results[i], results[0][starts[i]:]) > 0.0]
                while waiting and len(active) < self.width:
                    joining = waiting.pop(0)
                    starts[joining] = done
                    active.append(joining)
                if len(active) == 1:
                    break
        return _pick(results, self.confidence, starts)

    def play_out(self, state: State, seat: int) -> float:
        """Play the hand on with the heuristic for every seat: 1 if ``seat`` wins, ½ for a
        drawn hand, 0 if it loses; after ``max_turns`` turns, or once the time is up, the
        estimated chance that ``seat`` wins."""
        return self.play_out_state(state, seat)[0]

    def play_out_state(self, state: State, seat: int) -> tuple[float, State]:
        """:meth:`play_out`, and the state where the play-out stopped (the hand review scores it)."""
        policy = self.rollout_policy
        deadline = self._deadline
        turns = 0
        while state.phase != OVER:
            if state.phase == DRAW:
                turns += 1
                if self.max_turns is not None and 2 * turns > self.max_turns * state.players:
                    return self._estimate(state, seat), state
                if deadline is not None and turns > 1 and time.perf_counter() > deadline:
                    return self._estimate(state, seat), state  # out of time: score it as it stands
            for action in policy.plan(state):
                state = apply(state, action, check=False)
                if state.phase == OVER:
                    break
        result = state.result
        assert result is not None
        return (0.5 if result.winner is None else float(result.winner == seat)), state

    def _estimate(self, state: State, seat: int) -> float:
        """Chance that ``seat`` wins, from how close each seat is to going out: a softmax of the
        evaluations with a bonus for the seat to move, fitted on heuristic self-play
        (P(mover wins) = 1 / (1 + exp(-(0.29 + (E_mover - E_other) / 26))) with two players)."""
        brain = self.rollout_policy.brain(state)
        scores = []
        for p in range(state.players):
            hand = [KIND_OF[c] for c in state.hands[p]]
            table = [tuple(KIND_OF[c] for c in m.cards) for m in state.melds[p]]
            scores.append(brain.evaluator.value(hand, table) + (_MOVER_BONUS if p == state.turn else 0.0))
        top = max(scores)
        weights = [math.exp((v - top) / _SCALE) for v in scores]
        return weights[seat] / sum(weights)


_SCALE = 26.0
_MOVER_BONUS = 0.29 * _SCALE


_ROUND = 16  # determinizations between two culls of the race
