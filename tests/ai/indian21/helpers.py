"""Shared helpers for the 21-card Indian Rummy bot tests: quick bot options, hands built to order,
and a driver that checks every bot action with the engine."""

from __future__ import annotations

import random

from ai.indian21 import make_bot
from game.core.cards import parse_kind
from game.indian21 import RuleSet, State, apply, new_deal, observe
from game.indian21.deck import KIND
from tests import family
from tests.inhand_helpers import bound_helpers

quick_bot = family.quick_bots(make_bot)


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def dealt(rules: RuleSet, seed: int, cut: str | None = None) -> State:
    """A fresh deal; with ``cut``, the cut joker swapped for a card of that kind."""
    state = new_deal(rules, random.Random(seed))
    if cut is not None:
        state = state.copy()
        kind = parse_kind(cut)
        if KIND[state.cut_joker] != kind:
            for pile in (state.stock, *state.hands, state.discard):
                for j, card in enumerate(pile):
                    if KIND[card] == kind:
                        pile[j], state.cut_joker = state.cut_joker, card
                        break
                else:
                    continue
                break
        state = State(state.rules, state.seats, state.dealer, state.cut_joker, state.stock, state.discard,
                      state.hands, state.finish, state.out, state.has_drawn, state.taken_discard, state.turn,
                      state.phase, state.totals, state.result, state.history)
    return state


with_hand, play_checked = bound_helpers(new_deal, observe, apply, KIND)  # family.with_hand, family.play_checked
