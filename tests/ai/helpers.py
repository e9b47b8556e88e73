"""Shared helpers for the bot tests: quick bot options and rule variants."""

from __future__ import annotations

import random

from ai.safety import SafeBot
from ai.vazhushal.base import make_bot
from ai.vazhushal.runner import play_hand, safe_bot
from game.vazhushal import RuleSet, State, new_hand

# small budgets so every bot plays fast in tests; search without a clock is deterministic
QUICK = {
    "random": {},
    "heuristic": {},
    "search": {"iterations": 3, "time_s": None, "width": 2, "max_turns": 2},
}

RULE_VARIANTS = [
    RuleSet(players=2),
    RuleSet(players=3),
    RuleSet(players=3, one_deck_for_three=True),
    RuleSet(players=4, first_wild="must_meld"),
    RuleSet(players=5, negative_joker=False),
    RuleSet(players=6, first_wild="first_player_takes", wild_in_hand_value=10),
    RuleSet(players=2, first_wild="return_to_deck"),
    RuleSet(players=4, redeal_on_three_doubles=False),
]


def quick_bot(name: str, seed: int):
    return make_bot(name, random.Random(seed), **QUICK[name])


def play(rules: RuleSet, names: list[str], seed: int) -> tuple[State, list[SafeBot]]:
    """Deal and play one hand; seat ``s`` is played by ``names[s % len(names)]``."""
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    bots = [safe_bot(quick_bot(names[s % len(names)], seed * 10 + s)) for s in range(rules.players)]
    return play_hand(bots, state), bots
