"""What the games' searches (and the hand review) share: comparing candidates played out on the
same determinizations, and thinking without the garbage collector.

All candidates are tried on the same determinizations, so the luck of the deal cancels out of
their *paired* difference; a candidate replaces the first choice only when its mean gain is
larger than ``confidence`` standard errors of that difference.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a bot thinks: play-outs make only acyclic
    garbage (freed at once by reference counting), and a full collection over the memo tables
    would stall a decision for a large part of a second."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def paired(results: Sequence[float], base: Sequence[float]) -> tuple[float, float, int]:
    """Mean and standard error of the paired differences ``results - base``, and their number."""
    diffs = [a - b for a, b in zip(results, base)]
    n = len(diffs)
    if n < 2:
        return 0.0, float("inf"), n
    gain = sum(diffs) / n
    var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
    return gain, math.sqrt(var / n), n


def upper_gain(results: Sequence[float], base: Sequence[float], z: float = 2.0) -> float:
    """An upper bound of a candidate's gain over the first choice (``z`` standard errors)."""
    gain, se, _ = paired(results, base)
    return gain + z * se


def pick(results: Sequence[Sequence[float]], confidence: float, starts: Sequence[int] | None = None) -> int:
    """The candidate with the best mean gain over candidate 0 among those whose paired gain is
    significant (``confidence`` standard errors); 0 when there is none.  ``starts[i]``: the
    determinization at which candidate ``i`` joined the race (a search that widens), so it is
    paired with candidate 0's results from there on."""
    best, best_gain = 0, 0.0
    for i in range(1, len(results)):
        gain, se, n = paired(results[i], results[0][starts[i]:] if starts else results[0])
        if n < 2 or gain <= confidence * se:
            continue
        if gain > best_gain:
            best, best_gain = i, gain
    return best


def race(count: int, iterations: int, deal: Callable[[], Any], score: Callable[[Any, int], float],
         deadline: float | None, every: int) -> list[list[float]]:
    """Candidates ``0..count-1`` played on the same determinizations: ``deal()`` makes one,
    ``score(world, i)`` plays candidate ``i`` out on it.  At most ``iterations`` determinizations;
    none started past ``deadline`` (``time.perf_counter``), and one left half played is dropped so
    every comparison stays paired.  Every ``every`` determinizations a candidate clearly worse
    than the first (its :func:`upper_gain` below zero) leaves the race, which ends when only the
    first is left.  Each candidate's scores, in the order played."""
    results: list[list[float]] = [[] for _ in range(count)]
    active = list(range(count))
    for done in range(1, iterations + 1):
        world = deal()
        scores = []
        for i in active:
            if deadline is not None and time.perf_counter() > deadline:
                break
            scores.append(score(world, i))
        if len(scores) < len(active):  # out of time: a half-played determinization is not paired
            break
        for i, s in zip(active, scores):
            results[i].append(s)
        if done % every == 0:
            active = [0] + [i for i in active[1:] if upper_gain(results[i], results[0]) > 0.0]
            if len(active) == 1:
                break
    return results


def softmax_share(logits: dict[int, float], seat: int) -> float:
    """``seat``'s share of a softmax over ``logits`` (one a seat in play)."""
    top = max(logits.values())
    weights = {s: math.exp(v - top) for s, v in logits.items()}
    return weights[seat] / sum(weights.values())


def net_share(net: Sequence[int], seat: int) -> float:
    """A finished deal as the arena counts it: 1 to the seat with the highest net, shared by a tie."""
    best = max(net)
    winners = [s for s, v in enumerate(net) if v == best]
    return 1.0 / len(winners) if seat in winners else 0.0


def hand_value_share(evaluator: Any, state: Any, seat: int, kind_of: Sequence[int], scale: float,
                     mover_edge: float) -> float:
    """The chance that ``seat`` wins a play-out cut short, from how far each seat in play is from
    going out: a softmax of minus the evaluator's values of the hands (``scale`` evaluation units
    make a factor e), with an edge for the seat about to draw."""
    logits = {s: -evaluator.value([kind_of[c] for c in state.hands[s]]) / scale for s in state.in_play()}
    if state.turn in logits:
        logits[state.turn] += mover_edge
    return softmax_share(logits, seat)


class SearchBudget:
    """What every search bot keeps of its options and its clock: its ``rng``, at most
    ``iterations`` determinizations and ``time_s`` seconds a decision (``None``: no clock; also
    the safety net's ``budget_s``), ``width`` candidates, play-outs of ``max_turns`` turns and the
    ``confidence`` a candidate needs to overrule the heuristic's; :meth:`start_clock` as a
    decision starts."""

    def __init__(self, rng: Any, iterations: int, time_s: float | None, width: int, max_turns: int | None,
                 confidence: float) -> None:
        self.rng = rng
        self.iterations = iterations
        self.time_s = time_s
        self.budget_s = time_s
        self.width = width
        self.max_turns = max_turns
        self.confidence = confidence
        self._deadline: float | None = None

    def start_clock(self, share: float = 1.0) -> None:
        """The decision's deadline: ``share`` of ``time_s`` from now."""
        self._deadline = None if self.time_s is None else time.perf_counter() + share * self.time_s


class PairedSearch(SearchBudget):
    """What the in-hand games' ``search`` bots share (13- and 21-card Indian Rummy, Indian
    Marriage): their budget and race options, the decision (the heuristic's candidates, a race
    over the same determinizations when there is more than one) and the clock.  A game's bot
    gives its engine's functions (``view``, ``record``, ``sample``, ``apply``, ``legal_actions``),
    :meth:`candidates` and :meth:`play_out`, and may change how a phase nobody searches is played
    (:meth:`unsearched`), what happens before the candidates are weighed (:meth:`prepare`) and
    how a candidate is scored (:meth:`score`)."""

    name = "search"
    searched_phases: tuple[str, ...] = ("draw", "discard")
    round_every = 8  # determinizations between two culls of the race
    reserve = 1.0  # share of ``time_s`` after which no play-out starts

    def __init__(self, rng: Any, iterations: int, time_s: float | None, width: int, margin: float,
                 max_turns: int | None, confidence: float, scale: float) -> None:
        super().__init__(rng, iterations, time_s, width, max_turns, confidence)
        self.margin = margin
        self.scale = scale
        self.last_search: tuple[int, int] = (0, 0)  # (candidates, determinizations) of the last search
        self.overruled = 0  # searches that played another candidate than the heuristic's

    # --- what a game gives: the functions of its engine and bot package (class attributes, as
    # ``view = staticmethod(view_state)``), the candidates and how a candidate is played out

    view: Callable[[Any], Any]  # observation -> the state as the seat sees it
    record: Callable[[Any], Any]  # observation -> the public record
    sample: Callable[[Any, Any, Any], Any]  # (observation, rng, record) -> one determinization
    apply: Callable[[Any, Any], Any]  # (state, action) -> the state after it
    legal_actions: Callable[[Any], list]  # state -> its legal actions

    def candidates(self, state: Any, record: Any) -> list:
        raise NotImplementedError

    def play_out(self, state: Any, seat: int, record: Any) -> float:
        raise NotImplementedError

    def drop_or_draws(self, state: Any, record: Any) -> list:
        """The candidates at a turn's start in a game with drops: the drop of a hopeless hand (when
        the policy may drop), else the policy's best draws."""
        policy = self.policy  # type: ignore[attr-defined]
        if policy.params.drop and policy.should_drop(state):
            return [policy.action.drop(state.turn)]
        return self.best_draws(policy.draw_values(state, record))

    def unsearched(self, state: Any) -> Any:
        """The action in a phase that is never searched: the engine's first legal one."""
        return self.legal_actions(state)[0]

    def prepare(self, state: Any, seat: int, record: Any) -> None:
        """Before the candidates are weighed: the policy looks at the table."""
        self.policy.look(state, record)  # type: ignore[attr-defined]

    def deal(self, obs: Any, record: Any) -> Any:
        """One determinization."""
        return self.sample(obs, self.rng, record)

    def score(self, world: Any, action: Any, seat: int, record: Any) -> float:
        """``action`` played out on ``world`` for ``seat``."""
        return self.play_out(self.apply(world, action), seat, record)

    # --- the decision ----------------------------------------------------------------------

    def choose(self, obs: Any) -> Any:
        self.start_clock(self.reserve)
        state = self.view(obs)
        if obs.phase not in self.searched_phases:
            return self.unsearched(state)
        record = self.record(obs)
        self.prepare(state, obs.seat, record)
        candidates = self.candidates(state, record)
        if len(candidates) == 1:
            return candidates[0]
        with collector_paused():
            return candidates[self._search(obs, record, candidates)]

    def _search(self, obs: Any, record: Any, candidates: Sequence[Any]) -> int:
        """Index of the candidate to play: the race of :func:`race`, then :func:`pick`."""
        results = race(len(candidates), self.iterations, lambda: self.deal(obs, record),
                       lambda world, i: self.score(world, candidates[i], obs.seat, record),
                       self._deadline, self.round_every)
        self.last_search = (len(candidates), len(results[0]))
        picked = pick(results, self.confidence)
        self.overruled += picked != 0
        return picked

    def cut_short(self, turns: int, seats_in_play: int, first_turn_free: bool) -> bool:
        """Whether a play-out at its ``turns``-th draw stops to be estimated: after ``max_turns``
        rounds, or once the clock has run out (not at its first draw when ``first_turn_free``)."""
        if self.max_turns is not None and turns > self.max_turns * seats_in_play:
            return True
        deadline = self._deadline
        return deadline is not None and (turns > 1 or not first_turn_free) and time.perf_counter() > deadline

    def best_draws(self, values: Sequence[tuple[float, Any]]) -> list:
        """The draws worth searching from ``values`` ((value, action), best first): the best
        alone when it is sure (an infinite value), else at most ``width``."""
        if values[0][0] == math.inf:
            return [values[0][1]]
        return [a for _, a in values[:self.width]]

    def kept_discards(self, ranked: Sequence[tuple[float, int]], wild: Sequence[bool] | None) -> list[int]:
        """The discards worth searching: at most ``width`` of ``ranked`` ((value, kind), best
        first), within ``margin`` of the best, never a wild card while another may go."""
        best = ranked[0][0]
        keep = [k for v, k in ranked[:self.width] if v <= best + self.margin and (wild is None or not wild[k])]
        return keep or [ranked[0][1]]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
