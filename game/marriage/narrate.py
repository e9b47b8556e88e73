"""An Indian Marriage deal told in words, for the terminal (``python -m game --text``): who dealt,
every public action, the tiplu once the first seat sees, and how the deal ended."""

from __future__ import annotations

from game.core import soak
from game.core.cards import kind_pretty, parse_kind

from .deal import new_deal
from .deck import KIND
from .policy import random_action
from .rules import RuleSet
from .state import State
from .turn import apply

MAX_ACTIONS = 4000


def narrate(start: State, end: State) -> list[str]:
    names = [s.name for s in start.seats]
    lines = [f"Dealer: {names[start.dealer]}.  Open card: {kind_pretty(KIND[start.discard[-1]])}."]
    sighted = False
    for entry in end.history:
        who, kind = names[entry["player"]], entry["type"]
        said = soak.common_line(who, entry)
        if said is not None:
            lines.append(said)
        elif kind == "expose":
            if entry["groups"]:
                lines.append(f"{who} exposes {soak.groups_text(entry['groups'])}.")
        elif kind == "see_maal":
            lines.append(f"{who} sees the maal: {soak.groups_text(entry['groups']) or 'the exposed tunnelas'}.")
            if not sighted and end.tiplu is not None:
                sighted = True
                lines.append(f"The tiplu is {kind_pretty(KIND[end.tiplu])} (told here; the players who have not "
                             "seen do not know it).")
        elif kind == "declare":
            lines.append(f"{who} declares with {kind_pretty(parse_kind(entry['finish']))} face down: "
                         f"{soak.groups_text(entry['groups'])}")
    result = end.result
    if result is None:
        return lines + ["The deal was left unfinished."]
    if result.winner is None:
        return lines + ["The stock ran out: the deal is void."]
    nets = ", ".join(f"{names[i]} {p:+d} (maal {m})" for i, (p, m) in enumerate(zip(result.net, result.maal)))
    reason = {"declared": "finishes with seven combinations", "dublees": "finishes with eight dublees",
              "all_out": "is the last seat in play"}[result.reason]
    return lines + [f"{names[result.winner]} {reason}. Net points: {nets}."]


def demo(seed: int, players: int) -> list[str]:
    """A deal between ``players`` computer players of the soak runs' random policy, told line by line."""
    return soak.demo("Indian Marriage", new_deal, RuleSet(players=players), apply, random_action, narrate, seed,
                     MAX_ACTIONS)
