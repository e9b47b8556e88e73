"""Engine messages in a player's words, for both games' tables: card tokens with suit symbols,
the rule id moved to the end.

>>> pretty_text("the 9S and 10H")
'the 9♠ and 10♥'
>>> plain("I5.5: the 8S just taken may not be the finish card")
'The 8♠ just taken may not be the finish card (rule I5.5)'
>>> plain("I7.2b: 5S-5S-10S is not a meld (I6)")
'5♠-5♠-10♠ is not a meld (rule I7.2b)'
"""

from __future__ import annotations

import re

from game.core.cards import kind_pretty, parse_kind

_TOKEN = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b|\bJK\b")
_RULE = re.compile(r"^\s*([VI]\d+(?:\.\d+[a-z]?)?)\s*:\s*")
_INNER_RULE = re.compile(r"\s*\([VI]\d+(?:\.\d+[a-z]?)?\)")


def pretty_text(message: str) -> str:
    """Card tokens of an engine message shown with suit symbols: ``2S-5S`` -> ``2♠-5♠``."""
    return _TOKEN.sub(lambda m: kind_pretty(parse_kind(m.group(0))), message)


def plain(message: str) -> str:
    """``"I7.2d: a declaration needs ..."`` -> ``"A declaration needs ... (rule I7.2d)"``."""
    m = _RULE.match(message)
    rule, rest = (m.group(1), message[m.end():]) if m else (None, message)
    rest = pretty_text(_INNER_RULE.sub("", rest) if rule else rest)
    rest = rest[:1].upper() + rest[1:]
    return f"{rest} (rule {rule})" if rule else rest
