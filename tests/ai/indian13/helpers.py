"""Shared helpers for the 13-card Indian Rummy bot tests: quick bot options, hands built to order,
and a driver that checks every bot action with the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ai.indian13 import make_bot
from game.core.cards import parse_kind
from game.indian13 import Action, RuleSet, State, apply, new_deal, observe
from game.indian13.deck import KIND
from tests import family
from tests.family import place_card

# small budgets so every bot plays fast in tests; search without a clock is deterministic
QUICK: dict[str, dict] = {
    "random": {},
    "heuristic": {},
    "search": {"iterations": 2, "time_s": None, "width": 2, "max_turns": 1},
}


def quick_bot(name: str, seed: int, **options: object):
    return make_bot(name, random.Random(seed), **{**QUICK[name], **options})


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def with_hand(state: State, seat: int, text: str, top: str | None = None) -> State:
    """A copy of ``state`` where ``seat`` holds exactly the cards of ``text`` (and the discard
    pile's top card is ``top``), the physical cards swapped in from the stock and other hands."""
    state = state.copy()
    wanted = kinds(text)
    if top is not None:
        _place(state, state.discard, len(state.discard) - 1, parse_kind(top), avoid=[])
    hand = state.hands[seat]
    assert len(hand) == len(wanted)
    kept = [state.discard[-1]] if top is not None else []
    for i, kind in enumerate(wanted):
        _place(state, hand, i, kind, avoid=hand[:i] + kept)
    return state


def _place(state: State, pile: list[int], index: int, kind: int, avoid: list[int]) -> None:
    place_card(state, pile, index, kind, avoid, KIND)


def play_checked(rules: RuleSet, bots: Sequence, seed: int, max_actions: int = 400,
                 check: Callable[[State, Action], None] | None = None) -> State:
    """Deal with ``seed`` and play up to ``max_actions`` actions, each with the checked engine
    (:func:`tests.family.play_checked`)."""
    return family.play_checked(new_deal, observe, apply, rules, bots, seed, max_actions, check)
