"""A 21-card Indian Rummy deal told in words, for the terminal: who dealt, the cut joker and what it
makes wild, every public action, and how the deal ended (counts, value points, settlement)."""

from __future__ import annotations

from game.core import soak
from game.core.cards import kind_pretty

from .deal import new_deal
from .deck import KIND
from .policy import random_action
from .rules import RuleSet
from .state import State
from .turn import apply

MAX_ACTIONS = 20000


def narrate(start: State, end: State) -> list[str]:
    names = [s.name for s in start.seats]
    assert start.jokers is not None
    wild = " ".join(kind_pretty(k) for k in range(53) if start.wild[k])
    values = " ".join(kind_pretty(k) for k in start.jokers.value_kinds)
    lines = [f"Dealer: {names[start.dealer]}.  Cut joker: {kind_pretty(KIND[start.cut_joker])} "
             f"(wild: {wild}; value cards: {values}).  Open card: {kind_pretty(KIND[start.discard[0]])}."]
    lines += soak.dropping_lines(end, names, "shows", "groups for scoring")
    result = end.result
    if result is None:
        return lines + ["The deal was left unfinished."]
    winner = "nobody" if result.winner is None else names[result.winner]
    points, value = soak.seat_numbers(names, result.points), soak.seat_numbers(names, result.value)
    return lines + [f"The deal ends ({result.reason.replace('_', ' ')}). Winner: {winner}. Points: {points}. "
                    f"Value points: {value}. Settlement: {soak.seat_numbers(names, result.net, signed=True)}."]


def demo(seed: int, players: int) -> list[str]:
    """A deal between ``players`` computer players of the soak runs' random policy, told line by line."""
    return soak.demo("21-card Indian Rummy", new_deal, RuleSet(players=players), apply, random_action, narrate, seed,
                     MAX_ACTIONS)
