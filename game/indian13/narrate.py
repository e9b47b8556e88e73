"""An Indian Rummy deal told in words, for the terminal (``python -m game --text --game indian13``):
who dealt, the cut joker, every public action, and how the deal ended."""

from __future__ import annotations

from game.core import soak
from game.core.cards import kind_pretty, parse_kind

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
        if kind == "draw_stock":
            lines.append(f"{who} draws from the stock.")
        elif kind == "take_discard":
            lines.append(f"{who} takes the top discard.")
        elif kind == "discard":
            lines.append(f"{who} discards {kind_pretty(parse_kind(entry['card']))}.")
        elif kind == "drop":
            lines.append(f"{who} drops.")
        elif kind in ("declare", "show"):
            groups = "  ".join("-".join(kind_pretty(parse_kind(t)) for t in g) for g in entry["groups"])
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
