"""The simulated solvers: the game's bots answer a puzzle from the seat's observation, and the puzzle
is rated by who solved it, as lichess rates a puzzle by the players who try it (docs/puzzles.md).

Each level is a player of a fixed, known Glicko-2 rating (:data:`SOLVERS`), spread in the order the
calibration measured them in every game (docs/skill.md: Random far below Easy, Easy below Medium,
Hard and Expert above it by less): 1000, 1300, 1500, 1650 and 1800, each with a small deviation
(50: they are reference players, not learners).  A puzzle starts as a newcomer (1500, deviation 350)
and takes one Glicko-2 rating period of every answer (:func:`ai.glicko2.update`): solved, the puzzle
lost to that solver; missed, it won.  With three answers a level, a puzzle only Expert solves ends at
1760, one every level but Random solves at 1180.

The level check (:func:`level_check`): over a set, the share of puzzles each level answers right;
Random's is compared with chance, the mean over the puzzles of one over the number of moves the
random bot picks among (every distinct move but a drop: it never drops).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..glicko2 import Rating, update
from ..rating import decision_seed

LEVELS = ("Random", "Easy", "Medium", "Hard", "Expert")
SOLVERS: dict[str, Rating] = {
    "Random": Rating(1000.0, 50.0, 0.06),
    "Easy": Rating(1300.0, 50.0, 0.06),
    "Medium": Rating(1500.0, 50.0, 0.06),
    "Hard": Rating(1650.0, 50.0, 0.06),
    "Expert": Rating(1800.0, 50.0, 0.06),
}


def attempts(made: Any, obs: Any, key: str, seeds: int, seed: int, *, clock: bool = True,
             iterations: int | None = None, levels: Sequence[str] = LEVELS) -> dict[str, list[int]]:
    """Each level's answers (1 solved, 0 missed), ``seeds`` of them, each bot seeded apart."""
    view = made.view(obs)
    out: dict[str, list[int]] = {}
    for level_name in levels:
        level = made.level(level_name, clock=clock, iterations=iterations)
        marks = []
        for n in range(seeds):
            plan = made.answer(level, decision_seed(seed, 7_000 + 100 * LEVELS.index(level_name) + n), obs)
            marks.append(int(bool(plan) and made.key(view, plan) == key))
        out[level_name] = marks
    return out


def rate(results: Mapping[str, Iterable[int]], start: Rating | None = None) -> Rating:
    """The puzzle's rating after one period of the solvers' answers (a solve is the puzzle's loss)."""
    games = [(SOLVERS[level], 1.0 - mark) for level, marks in results.items() if level in SOLVERS for mark in marks]
    return update(start or Rating(), games)


@dataclass(frozen=True)
class LevelCheck:
    """What a set of puzzles says of the levels: each level's share of right answers, and chance."""

    puzzles: int
    shares: dict[str, float]  # level -> share of its answers that were the puzzle's answer
    chance: float  # the mean over the puzzles of 1 / the number of moves the random bot picks among

    @property
    def separates(self) -> bool:
        """Expert at least 90 %, Medium below Expert, Random below Medium."""
        s = self.shares
        return s.get("Expert", 0) >= 0.9 and s.get("Medium", 1) < s.get("Expert", 0) and \
            s.get("Random", 1) < s.get("Medium", 0)

    def lines(self) -> list[str]:
        out = [f"{self.puzzles} puzzles"]
        for level, share in self.shares.items():
            out.append(f"  {level:7s} {100 * share:5.1f} % right")
        out.append(f"  chance  {100 * self.chance:5.1f} % (the mean of 1 / the moves the random bot picks among)")
        out.append("  the levels are separated" if self.separates else "  the levels are NOT separated")
        return out


def level_check(solved: Sequence[Mapping[str, Sequence[int]]], chances: Sequence[float]) -> LevelCheck:
    """The check over puzzles whose solvers' answers are ``solved`` and whose answers are found by
    luck with ``chances`` (one over the moves the random bot picks among)."""
    shares = {}
    for level in LEVELS:
        marks = [m for s in solved for m in s.get(level, ())]
        if marks:
            shares[level] = sum(marks) / len(marks)
    chance = sum(chances) / len(chances) if chances else 0.0
    return LevelCheck(len(solved), shares, chance)
