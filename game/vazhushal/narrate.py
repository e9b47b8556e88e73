"""A Vazhushal hand told in words, for the terminal (``python -m game --text``): who dealt, the
wild cards, every public action, and how the hand ended.  Worded as the table words it: line
positions count from 1 (as the table's log), a printed joker is "Joker", melds in the order they
are read (``Q♠-K♠-A♠``)."""

from __future__ import annotations

import random

from game.core.cards import JOKER, kind_pretty, parse_kind

from .deal import new_hand
from .melds import kinds_reading
from .rules import RuleSet
from .simulate import play_hand
from .state import State


def card(kind: int) -> str:
    """A card for a reader: ``10♥``, ``Joker``."""
    return "Joker" if kind == JOKER else kind_pretty(kind)


def meld_words(tokens, wild) -> str:
    """A meld's cards in the order the engine reads it (:func:`~game.vazhushal.melds.kinds_reading`;
    as written when they make no meld), joined by dashes."""
    kinds = [parse_kind(t) for t in tokens]
    return "-".join(card(k) for k in kinds_reading(kinds, wild) or kinds)


def narrate(start: State, end: State) -> list[str]:
    names = [s.name for s in start.seats]
    wild = ", ".join(card(k) for k in range(53) if start.wild[k])
    lines = [f"Dealer: {names[start.dealer]}.  Negative joker: "
             f"{card(start.indicator) if start.indicator is not None else 'none'}.  Wild: {wild}."]
    for entry in end.history:
        who = names[entry["player"]]
        kind = entry["type"]
        if kind == "draw_stock":
            lines.append(f"{who} draws from the stock.")
        elif kind == "take_line":
            meld = entry.get("meld")
            what = f" for {meld_words(meld, start.wild)}" if meld else ""
            lines.append(f"{who} wipes the line from position {entry['index'] + 1}{what}.")
        elif kind in ("meld", "arrange"):
            melds = "  ".join(meld_words(m, start.wild) for m in entry["melds"])
            lines.append(f"{who} melds: {melds}")
        elif kind == "discard":
            lines.append(f"{who} discards {card(parse_kind(entry['card']))}.")
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
