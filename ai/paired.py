"""What both games' searches (and the hand review) share: comparing candidates played out on the
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
