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
    for entry in end.history:
        who, kind = names[entry["player"]], entry["type"]
        said = soak.common_line(who, entry)
        if said is not None:
            lines.append(said)
        elif kind in ("declare", "show"):
            groups = soak.groups_text(entry["groups"])
            lines.append(f"{who} {'declares' if kind == 'declare' else 'shows'}: {groups}")
    result = end.result
    if result is None:
        return lines + ["The deal was left unfinished."]
    points = ", ".join(f"{names[i]} {p}" for i, p in enumerate(result.points))
    winner = "nobody" if result.winner is None else names[result.winner]
    return lines + [f"The deal ends ({result.reason.replace('_', ' ')}). Points: {points}. Winner: {winner}."]


def demo(seed: int, players: int) -> list[str]:
    """A deal between ``players`` computer players of the soak runs' random policy, told line by line."""
    return soak.demo("Indian Rummy", new_deal, RuleSet(players=players), apply, random_action, narrate, seed,
                     MAX_ACTIONS)
