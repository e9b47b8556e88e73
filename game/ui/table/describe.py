"""Plain words for the table: the wild cards, public actions (the log), hints."""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.engine import Action, kind_pretty, parse_kind
from game.engine.cards import JOKER, RANK_NAMES, SUIT_NAMES, is_red, rank_of, suit_of

PLURAL = {"ace": "aces", "jack": "jacks", "queen": "queens", "king": "kings", "6": "6s"}


def pretty(kinds: Sequence[int]) -> str:
    return " ".join(kind_pretty(k) for k in kinds)


def pretty_tokens(tokens: Sequence[str]) -> str:
    return " ".join(kind_pretty(parse_kind(t)) for t in tokens)


def wild_statement(indicator: int | None, negative_joker: bool = True) -> str:
    """``Wild: red 8s and jokers`` (V3)."""
    if not negative_joker or indicator is None:
        return "Wild: printed jokers only"
    if indicator == JOKER:
        return "Wild: jokers only (the negative joker is a joker)"
    rank = RANK_NAMES[rank_of(indicator) - 1]
    colour = "black" if is_red(suit_of(indicator)) else "red"
    ranks = PLURAL.get(rank, rank + "s")
    return f"Wild: {colour} {ranks} and jokers"


def entry_text(entry: dict, names: Sequence[str]) -> str:
    """One public history entry (V12) in words."""
    who = names[entry["player"]] if 0 <= entry["player"] < len(names) else "?"
    kind = entry["type"]
    if kind == "draw_stock":
        return f"{who} drew from the stock"
    if kind == "take_line":
        meld = entry.get("meld")
        base = f"{who} wiped the line from card {entry['index'] + 1}"
        return base + (f" for {pretty_tokens(meld)}" if meld else "")
    if kind == "meld":
        return f"{who} laid down " + ",  ".join(pretty_tokens(m) for m in entry["melds"])
    if kind == "arrange":
        return f"{who} melded: " + ",  ".join(pretty_tokens(m) for m in entry["melds"])
    if kind == "discard":
        return f"{who} discarded {pretty_tokens([entry['card']])}"
    if kind == "done":
        return f"{who} finished melding"
    return f"{who}: {kind}"


def action_text(action: Action, line: Sequence[int] = ()) -> str:
    """A suggested action in words (hints)."""
    t = action.type
    if t == "draw_stock":
        return "Draw from the stock"
    if t == "take_line":
        what = f"Wipe the line from card {action.index + 1}"
        if action.index is not None and action.index < len(line):
            what += f" ({kind_pretty(line[action.index])})"
        return what + (f" and meld {pretty(action.meld)}" if action.meld else "")
    if t == "meld":
        return "Lay down " + ",  ".join(pretty(m) for m in action.melds or ())
    if t == "arrange":
        return "Meld: " + ",  ".join(pretty(m) for m in action.melds or ())
    if t == "discard":
        return f"Discard the {kind_pretty(action.card)}"  # type: ignore[arg-type]
    if t == "done":
        return "Finish (nothing more to meld)"
    return t


def card_name(kind: int) -> str:
    if kind == JOKER:
        return "joker"
    return f"{RANK_NAMES[rank_of(kind) - 1]} of {SUIT_NAMES[suit_of(kind)]}"


_TOKEN = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b|\bJK\b")


def pretty_text(message: str) -> str:
    """Card tokens of an engine message shown with suit symbols: ``2S-5S`` -> ``2♠-5♠``."""
    return _TOKEN.sub(lambda m: kind_pretty(parse_kind(m.group(0))), message)


def reason(err) -> str:
    """An :class:`IllegalAction` in words for the player (it starts with the rule id)."""
    return pretty_text(err.message)
