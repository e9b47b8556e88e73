"""A Vazhushal hand told in words, for the terminal (``python -m game --text``): who dealt, the
wild cards, every public action, and how the hand ended."""

from __future__ import annotations

import random

from game.core.cards import kind_pretty, parse_kind

from .deal import new_hand
from .rules import RuleSet
from .simulate import play_hand
from .state import State


def narrate(start: State, end: State) -> list[str]:
    names = [s.name for s in start.seats]
    wild = ", ".join(kind_pretty(k) for k in range(53) if start.wild[k])
    lines = [f"Dealer: {names[start.dealer]}.  Negative joker: "
             f"{kind_pretty(start.indicator) if start.indicator is not None else 'none'}.  Wild: {wild}."]
    for entry in end.history:
        who = names[entry["player"]]
        kind = entry["type"]
        if kind == "draw_stock":
            lines.append(f"{who} draws from the stock.")
        elif kind == "take_line":
            meld = entry.get("meld")
            what = f" for {'-'.join(kind_pretty(parse_kind(t)) for t in meld)}" if meld else ""
            lines.append(f"{who} wipes the line from position {entry['index']}{what}.")
        elif kind in ("meld", "arrange"):
            melds = "  ".join("-".join(kind_pretty(parse_kind(t)) for t in m) for m in entry["melds"])
            lines.append(f"{who} melds: {melds}")
        elif kind == "discard":
            lines.append(f"{who} discards {kind_pretty(parse_kind(entry['card']))}.")
        elif kind == "done":
            lines.append(f"{who} is done.")
    result = end.result
    assert result is not None
    if result.reason == "went_out":
        lines.append(f"{names[result.winner]} goes out and wins the hand.")  # type: ignore[index]
    else:
        scores = ", ".join(f"{names[i]} {s}" for i, s in enumerate(result.scores or ()))
        winner = "nobody (a drawn hand)" if result.winner is None else names[result.winner]
        lines.append(f"The stock ran out. Scores: {scores}. Winner: {winner}.")
    return lines


def demo(seed: int, players: int) -> list[str]:
    """A hand between ``players`` computer players of the benchmark policy, told line by line."""
    rng = random.Random(seed)
    start = new_hand(RuleSet(players=players), rng)
    end, _ = play_hand(start, rng)
    return [f"Vazhushal: a hand between {players} computer players (seed {seed}).", *narrate(start, end)]
