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
    for entry in end.history:
        who, kind = names[entry["player"]], entry["type"]
        said = soak.common_line(who, entry)
        if said is not None:
            lines.append(said)
        elif kind in ("declare", "show"):
            groups = soak.groups_text(entry["groups"])
            lines.append(f"{who} {'shows' if kind == 'declare' else 'groups for scoring'}: {groups}")
    result = end.result
    if result is None:
        return lines + ["The deal was left unfinished."]
    points = ", ".join(f"{names[i]} {p}" for i, p in enumerate(result.points))
    value = ", ".join(f"{names[i]} {v}" for i, v in enumerate(result.value))
    net = ", ".join(f"{names[i]} {v:+d}" for i, v in enumerate(result.net))
    winner = "nobody" if result.winner is None else names[result.winner]
    return lines + [f"The deal ends ({result.reason.replace('_', ' ')}). Winner: {winner}. Points: {points}. "
                    f"Value points: {value}. Settlement: {net}."]


def demo(seed: int, players: int) -> list[str]:
    """A deal between ``players`` computer players of the soak runs' random policy, told line by line."""
    return soak.demo("21-card Indian Rummy", new_deal, RuleSet(players=players), apply, random_action, narrate, seed,
                     MAX_ACTIONS)
