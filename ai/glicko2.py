"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", http://www.glicko.net/glicko/glicko2.pdf):
the player's puzzle rating per game and each puzzle's own rating (docs/app.md, Puzzles).

A rating is three numbers: the rating ``r`` (1500 for a newcomer), the rating deviation ``rd`` (how
unsure the rating is: 350 for a newcomer, shrinking as results come in) and the volatility ``vol``
(how erratic the player is).  :func:`update` rates one *rating period* (a list of results against
opponents, here puzzles) exactly as the paper's steps 1-8 do, with the Illinois-algorithm solution
for the new volatility (step 5.1-5.5) and ``tau`` (the system constant bounding how fast the
volatility moves) of 0.5.  A period with no games only widens ``rd`` (step 6).

Written here rather than taken from PyPI: the one established package (``glicko2``) is a single
person's module last released in January 2024 with a mutable, class-only interface, and the
algorithm is a page of arithmetic; a frozen value type that both the puzzle generator and the app
use is simpler to test and adds no dependency to the packaged game.  The tests check it against
the paper's worked example (tests/ai/test_glicko2.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178  # Glicko to Glicko-2 scale (the paper's 173.7178)
TAU = 0.5  # system constant: how much the volatility may change in one period
EPSILON = 1e-6  # convergence tolerance of the volatility iteration
START_R, START_RD, START_VOL = 1500.0, 350.0, 0.06  # a newcomer
MAX_RD = 350.0  # an unrated player's deviation: never wider


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``r`` (mean), ``rd`` (deviation), ``vol`` (volatility)."""

    r: float = START_R
    rd: float = START_RD
    vol: float = START_VOL

    def to_json(self) -> dict[str, float]:
        """The rating as a JSON object (``{"r", "rd", "vol"}``)."""
        return {"r": self.r, "rd": self.rd, "vol": self.vol}

    @classmethod
    def from_json(cls, data: dict) -> Rating:
        """The rating of :meth:`to_json`'s object; a ``ValueError`` on a malformed one."""
        try:
            r, rd, vol = float(data["r"]), float(data["rd"]), float(data["vol"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a rating: {data!r}") from exc
        if not all(math.isfinite(x) for x in (r, rd, vol)) or rd <= 0 or vol <= 0:
            raise ValueError(f"not a rating: {data!r}")
        return cls(r, rd, vol)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` beats ``opponent`` (solves the puzzle), by the Glicko-2 model (step 3's E)."""
    return _e((player.r - START_R) / SCALE, (opponent.r - START_R) / SCALE, opponent.rd / SCALE)


def _new_vol(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one period of ``results``: (opponent, score) pairs, score 1 a win
    (puzzle solved), 0 a loss, 0.5 a draw.  No results: only the deviation widens (step 6)."""
    results = list(results)
    mu, phi, sigma = (player.r - START_R) / SCALE, player.rd / SCALE, player.vol
    if not results:
        phi_new = min(math.sqrt(phi * phi + sigma * sigma), MAX_RD / SCALE)
        return Rating(player.r, phi_new * SCALE, sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in results:
        mu_j, phi_j = (opp.r - START_R) / SCALE, opp.rd / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _new_vol(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(mu_new * SCALE + START_R, min(phi_new * SCALE, MAX_RD), sigma_new)


def update_one(player: Rating, opponent: Rating, score: float, tau: float = TAU) -> tuple[Rating, Rating]:
    """Both sides after one game (a puzzle tried): ``player`` scored ``score`` against ``opponent``.
    Each side is rated on the other's rating *before* the game, as one-game periods."""
    return update(player, [(opponent, score)], tau), update(opponent, [(player, 1.0 - score)], tau)
