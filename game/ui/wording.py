"""Engine messages in a player's words, for every game's table: card tokens with suit symbols (a
printed joker is "Joker", never "JK"), and no rule id in what a player reads (the ids stay in the
log and behind the table's "?").

>>> pretty_text("the 9S and 10H and JK")
'the 9♠ and 10♥ and Joker'
>>> plain("I5.5: the 8S just taken may not be the finish card")
'The 8♠ just taken may not be the finish card (rule I5.5)'
>>> plain("I7.2b: 5S-5S-10S is not a meld (I6)")
'5♠-5♠-10♠ is not a meld (rule I7.2b)'
>>> shown("I7.2b: 5S-5S-10S is not a meld (rule I7.2b)")
'5♠-5♠-10♠ is not a meld'
>>> shown("V6.4: the 9S must go into a pure sequence (or lay down a pure sequence first, V6.4b); no such meld")
'The 9♠ must go into a pure sequence (or lay down a pure sequence first); no such meld'
"""

from __future__ import annotations

import re

from game.core.cards import JOKER, kind_pretty, parse_kind
from game.i18n import N_, _

_TOKEN = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b|\bJK\b")
_RULE = re.compile(r"^\s*([VI]\d+(?:\.\d+[a-z]?)?)\s*:\s*")
_INNER_RULE = re.compile(r"\s*\([VI]\d+(?:\.\d+[a-z]?)?\)")
JOKER_WORD = N_("Joker")  # translated where a card is worded (card_text)

# A rule id of any game's rule book: V6.4b (Vazhushal), I7.2 (Indian Rummy), T.., M..
_ID = r"(?:rule\s+)?\b[VITM]\d+(?:\.\d+)*[a-z]?(?!\w)(?!\.\d)"
_SHOWN = (
    (re.compile(rf"^\s*{_ID}\s*:\s*"), ""),  # "V6.3: the ..." -> "the ..."
    (re.compile(rf"\s*\(\s*{_ID}(?:\s*[,;]\s*{_ID})*\s*\)"), ""),  # " (rule I7.2b)", " (V6)"
    (re.compile(rf"\s*[,;]\s*{_ID}(?=\s*[)\].,;]|\s*$)"), ""),  # "..., V6.4b)" -> "...)"
    (re.compile(rf"\s*{_ID}"), ""),  # anything else left
    (re.compile(r"\(\s*\)"), ""),
    (re.compile(r"\s{2,}"), " "),
    (re.compile(r"\s+([.,;:)])"), r"\1"),
)


COMPUTER = N_("Computer")


def seat_label(kind: str, levels=None) -> str:
    """Who played a seat, as players name it: ``Human``, or for a seat kind ``bot:<name>`` the
    level of the game that plays that bot with no options (``Medium`` for ``bot:heuristic``), else
    ``Computer``.  ``levels``: the game's levels by name (``app.games[game].bots.levels``).

    >>> seat_label("human"), seat_label("bot:random")
    ('Human', 'Computer')
    """
    if kind == "human":
        return _("Human")
    name = str(kind).removeprefix("bot:")
    for level_name, level in (levels or {}).items():
        if getattr(level, "bot", None) == name and not getattr(level, "options", None):
            return _(level_name)
    return _(COMPUTER)


def card_text(kind: int) -> str:
    """One card for a player: ``10♥``, ``Joker`` (the word in the language in force)."""
    return _(JOKER_WORD) if kind == JOKER else kind_pretty(kind)


def cards_text(kinds) -> str:
    return " ".join(card_text(k) for k in kinds)


def pretty_text(message: str) -> str:
    """Card tokens of an engine message shown with suit symbols: ``2S-5S`` -> ``2♠-5♠``."""
    return _TOKEN.sub(lambda m: card_text(parse_kind(m.group(0))), message)


def plain(message: str) -> str:
    """``"I7.2d: a declaration needs ..."`` -> ``"A declaration needs ... (rule I7.2d)"`` (for the
    log; what is drawn goes through :func:`shown`)."""
    m = _RULE.match(message)
    rule, rest = (m.group(1), message[m.end():]) if m else (None, message)
    rest = pretty_text(_INNER_RULE.sub("", rest) if rule else rest)
    rest = rest[:1].upper() + rest[1:]
    return f"{rest} (rule {rule})" if rule else rest


def shown(message: str) -> str:
    """``message`` as a player reads it: card tokens with suit symbols, every rule id taken out,
    the first letter capitalised."""
    out = pretty_text(str(message))
    for pattern, repl in _SHOWN:
        out = pattern.sub(repl, out)
    out = out.strip()
    return out[:1].upper() + out[1:]
