"""Shared helpers for the 13-card Indian Rummy bot tests: quick bot options, hands built to order,
and a driver that checks every bot action with the engine."""

from __future__ import annotations

from ai.indian13 import make_bot
from game.core.cards import parse_kind
from game.indian13 import apply, new_deal, observe
from game.indian13.deck import KIND
from tests import family
from tests.inhand_helpers import bound_helpers

quick_bot = family.quick_bots(make_bot)


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


with_hand, play_checked = bound_helpers(new_deal, observe, apply, KIND)  # family.with_hand, family.play_checked
