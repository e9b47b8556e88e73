"""The evaluation's memos are only a speed-up: a long-lived evaluator (memos shared between free
sets of table kinds, kept while the live counts change without changing any share) answers
exactly what a fresh one answers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.vazhushal.evaluate import Evaluator
from ai.vazhushal.solver import Solver
from game.vazhushal import JOKER
from game.vazhushal.melds import wild_table


def _table(rng: random.Random) -> list[tuple[int, ...]]:
    """Empty, or a pure sequence and maybe a set of three."""
    if rng.random() < 0.4:
        return []
    suit, low = rng.randrange(4), rng.randrange(1, 12)
    melds = [tuple(suit * 13 + low - 1 + i for i in range(3))]
    if rng.random() < 0.5:
        rank = rng.randrange(13)
        melds.append(tuple(s * 13 + rank for s in rng.sample(range(4), 3)))
    return melds


def _live(rng: random.Random, wild: tuple[bool, ...]) -> list[float] | None:
    """Live counts: none, plenty of wilds left (every share the same), or few."""
    choice = rng.random()
    if choice < 0.2:
        return None
    live = [float(rng.choice([0, 0.5, 1, 2])) for _ in range(52)] + [2.0]
    if choice < 0.5:
        live = [0.0 if wild[k] else v for k, v in enumerate(live[:52])] + [rng.choice([0.0, 0.5, 1.0])]
    return live


def _wild(rng: random.Random) -> tuple[bool, ...]:
    """A wild table: printed jokers only, or with a negative joker (a joker or a natural kind)."""
    indicator = rng.choice([None, JOKER, rng.randrange(52)])
    return wild_table(indicator is not None, indicator)


def _position(rng: random.Random, most: int) -> tuple[list[int], list[tuple[int, ...]], list[float] | None]:
    """A hand of 2 to ``most - 1`` kinds beside a table (:func:`_table`), and discard costs or none."""
    table = _table(rng)
    used = [k for m in table for k in m]
    deck = [k for k in list(range(52)) * 2 + [JOKER] * 4 if k not in used]
    hand = rng.sample(deck, rng.randrange(2, most))
    cost = [rng.random() * 15 for _ in range(53)] if rng.random() < 0.5 else None
    return hand, table, cost


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9))
def test_a_long_lived_evaluator_answers_like_a_fresh_one(seed):
    rng = random.Random(seed)
    wild = _wild(rng)
    shared = Evaluator(wild, count_weight=6.0, meld_weight=0.0)
    solver = Solver(wild)
    for _ in range(12):
        live = _live(rng, wild)
        hand, table, cost = _position(rng, 15)
        fresh = Evaluator(wild, count_weight=6.0, meld_weight=0.0)
        shared.set_live(live)
        fresh.set_live(live)
        assert shared.value(hand, table) == fresh.value(hand, table)
        assert shared.best_discard(hand, table, cost) == fresh.best_discard(hand, table, cost)
        flat = [k for m in table for k in m]
        assert solver.going_out(hand, flat) == Solver(wild).going_out(hand, flat)
