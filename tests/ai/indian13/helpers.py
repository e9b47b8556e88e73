"""Shared helpers for the 13-card Indian Rummy bot tests: quick bot options, hands built to order,
and a driver that checks every bot action with the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.indian13 import make_bot
from game.core.cards import parse_kind
from game.indian13 import Action, RuleSet, State, apply, new_deal, observe
from game.indian13.deck import KIND
from tests import family

quick_bot = family.quick_bots(make_bot)


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def with_hand(state: State, seat: int, text: str, top: str | None = None) -> State:
    """A copy of ``state`` where ``seat`` holds exactly the cards of ``text`` (and the discard
    pile's top card is ``top``): :func:`tests.family.with_hand`."""
    return family.with_hand(state, seat, text, top, KIND)


def play_checked(rules: RuleSet, bots: Sequence, seed: int, max_actions: int = 400,
                 check: Callable[[State, Action], None] | None = None) -> State:
    """Deal with ``seed`` and play up to ``max_actions`` actions, each with the checked engine
    (:func:`tests.family.play_checked`)."""
    return family.play_checked(new_deal, observe, apply, rules, bots, seed, max_actions, check)
