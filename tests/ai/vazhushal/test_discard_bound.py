"""The heuristic's quick draw choice: :meth:`Evaluator.discard_bound` is an upper bound of
:meth:`Evaluator.best_discard` (so a wipe it rules out could not be the best draw), and
:meth:`Policy.best_draw` picks exactly what the full :meth:`Policy.draw_values` picks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.vazhushal.base import make_bot
from ai.vazhushal.evaluate import Evaluator
from ai.vazhushal.heuristic import Params, Policy
from ai.vazhushal.runner import safe_bot
from game.vazhushal import DRAW, OVER, legal_draws, new_hand, parse_kind, preset
from game.vazhushal.melds import wild_table

from .test_evaluate_memo import _live, _position, _wild


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_the_bound_is_never_below_the_best_discard(seed):
    rng = random.Random(seed)
    wild = _wild(rng)
    unbounded = rng.random() < 0.3  # melds worth something, or a hand without a pure sequence
    gains = unbounded and rng.random() < 0.5  # worth more: there is no bound to give
    ev = Evaluator(wild, count_weight=rng.choice([0.0, 6.0]), value_weight=rng.choice([0.5, 1.0]),
                   meld_weight=1.0 if unbounded and not gains else 0.0, partial=rng.choice([0.0, 0.5, 1.0, 1.5]),
                   no_pure=-5.0 if gains else rng.choice([0.0, 20.0]), wild_hold=rng.choice([-2.0, 0.0, 10.0]))
    bounded = 0
    for _ in range(15):
        ev.set_live(_live(rng, wild))
        hand, table, cost = _position(rng, 24)
        bound = ev.discard_bound(hand, table)
        assert ev.best_discard(hand, table, cost)[0] <= bound + 1e-9
        bounded += bound != float("inf")
    assert bounded == (0 if unbounded else 15)


def test_the_bound_counts_lone_cards_in_full_and_others_at_the_partial_share():
    ev = Evaluator(wild_table(False, None), count_weight=6.0, meld_weight=0.0, partial=0.5, wild_hold=10.0)
    cards = [parse_kind(t) for t in "5H 6H 7H 9S 9D KC 2D".split()]
    # 5H 6H 7H may be melded; the nines are a pair, no meld without a third suit: each pays at
    # least half of 6 + 9; KC and 2D are alone: each costs 6 + its value (V10: 10 and 2); the
    # best discard saves the dearest cost
    assert ev.discard_bound(cards) == -(6 + 9) / 2 * 2 - (6 + 10) - (6 + 2) + (6 + 10)
    ev2 = Evaluator(wild_table(False, None), meld_weight=1.0)  # melds worth something: no bound
    assert ev2.discard_bound(cards) == float("inf")


def _draw_states(hands: int, seed: int, players: int):
    for h in range(hands):
        rng = random.Random(seed + h)
        state = new_hand(preset("Standard", players), rng)
        bots = [safe_bot(make_bot("heuristic", random.Random(rng.getrandbits(64)))) for _ in range(players)]
        while state.phase != OVER:
            if state.phase == DRAW and len(legal_draws(state)) > 2:
                yield state
            state = bots[state.turn].advance(state)[1]


def test_best_draw_is_the_first_best_of_all_draw_values():
    policy = Policy()
    careful = Policy(Params(draw_danger=True))  # the discard's danger counted: costs in the bound's search
    reckless = Policy(Params(draw_danger=True, danger_weight=-5.0))  # costs that are gains: no bound
    checked = 0
    for players in (2, 4):
        for state in _draw_states(8, 4100 + players, players):
            for p in (policy, careful, reckless):
                values = p.draw_values(state)
                want = max(values, key=lambda vo: vo[0])
                assert p.best_draw(state) == want
            checked += 1
    assert checked >= 20
