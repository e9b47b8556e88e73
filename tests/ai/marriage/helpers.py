"""Shared helpers for the Indian Marriage bot tests: quick bot options, a driver that checks every
bot action with the engine, and the same deal with what a seat may not know dealt again."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ai.marriage import make_bot
from ai.marriage.view import public_record
from game.marriage import Action, RuleSet, State, apply, new_deal, observe
from game.marriage.deck import KIND
from tests import family

quick_bot = family.quick_bots(make_bot, iterations=3)


def play_checked(rules: RuleSet, bots: Sequence, seed: int, max_actions: int = 400,
                 check: Callable[[State, Action], None] | None = None) -> State:
    """Deal with ``seed`` and play up to ``max_actions`` actions, each with the checked engine
    (:func:`tests.family.play_checked`)."""
    return family.play_checked(new_deal, observe, apply, rules, bots, seed, max_actions, check)


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same deal seen from ``seat``: the other hands and the stock dealt again at random (each
    hand keeping the cards it took from the discard pile and still holds), and, for a seat that has
    not seen while the tiplu is set, the tiplu swapped for another card it cannot see (M13)."""
    record = public_record(observe(state, seat))
    new = state.copy()
    pool = list(new.stock)
    kept: dict[int, list[int]] = {}
    for s in range(state.players):
        if s == seat:
            continue
        known = dict(record.known[s])
        if state.taken_discard is not None and state.turn == s:
            known[KIND[state.taken_discard]] = known.get(KIND[state.taken_discard], 0) + 1
        kept[s] = []
        for card in new.hands[s]:
            if known.get(KIND[card], 0) > 0 or card == state.taken_discard:
                known[KIND[card]] = known.get(KIND[card], 0) - 1
                kept[s].append(card)
            else:
                pool.append(card)
    hide_tiplu = new.tiplu is not None and new.seen[seat] is None
    if hide_tiplu:
        pool.append(new.tiplu)  # type: ignore[arg-type]
    rng.shuffle(pool)
    if hide_tiplu:
        new.tiplu = pool.pop()
    for s, cards in kept.items():
        need = len(new.hands[s]) - len(cards)
        new.hands[s] = cards + pool[:need]
        pool = pool[need:]
    new.stock = pool
    return new
