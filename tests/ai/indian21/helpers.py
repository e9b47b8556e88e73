"""Shared helpers for the 21-card Indian Rummy bot tests: quick bot options, hands built to order,
and a driver that checks every bot action with the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ai.indian21 import make_bot
from game.core.cards import parse_kind
from game.indian21 import Action, RuleSet, State, apply, new_deal, observe
from game.indian21.deck import KIND
from tests import family

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


def with_hand(state: State, seat: int, text: str, top: str | None = None) -> State:
    """A copy of ``state`` where ``seat`` holds exactly the cards of ``text`` (and the discard
    pile's top card is ``top``): :func:`tests.family.with_hand`."""
    return family.with_hand(state, seat, text, top, KIND)


def play_checked(rules: RuleSet, bots: Sequence, seed: int, max_actions: int = 400,
                 check: Callable[[State, Action], None] | None = None) -> State:
    """Deal with ``seed`` and play up to ``max_actions`` actions, each with the checked engine
    (:func:`tests.family.play_checked`)."""
    return family.play_checked(new_deal, observe, apply, rules, bots, seed, max_actions, check)
