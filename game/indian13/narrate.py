"""An Indian Rummy deal told in words, for the terminal (``python -m game --text --game indian13``):
who dealt, the cut joker, every public action, and how the deal ended."""

from __future__ import annotations

from game.core import soak
from game.core.cards import kind_pretty

from .deal import new_deal
from .deck import KIND
from .rules import RuleSet
from .simulate import random_action
from .state import State
from .turn import apply

MAX_ACTIONS = 4000


def narrate(start: State, end: State) -> list[str]:
    names = [s.name for s in start.seats]
    cut = "none" if start.cut_joker is None else kind_pretty(KIND[start.cut_joker])
    lines = [f"Dealer: {names[start.dealer]}.  Cut joker: {cut}."]
    lines += soak.dropping_lines(end, names, "declares", "shows")
    result = end.result
    if result is None:
        return lines + ["The deal was left unfinished."]
    winner = "nobody" if result.winner is None else names[result.winner]
    return lines + [f"The deal ends ({result.reason.replace('_', ' ')}). Points: "
                    f"{soak.seat_numbers(names, result.points)}. Winner: {winner}."]


def demo(seed: int, players: int) -> list[str]:
    """A deal between ``players`` computer players of the soak runs' random policy, told line by line."""
    return soak.demo("Indian Rummy", new_deal, RuleSet(players=players), apply, random_action, narrate, seed,
                     MAX_ACTIONS)
