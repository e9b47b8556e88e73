"""Text that is safe to draw, whatever a file or the keyboard holds.  No pygame here.

``font.render`` raises on a NUL or an unpaired surrogate, and a name of ten thousand characters
would bury the table; every string the UI draws goes through :func:`clean_text`, and every seat
name read from a save through :func:`clean_name`.
"""

from __future__ import annotations

import unicodedata

MAX_TEXT = 300  # characters of one drawn line; no label in the game comes near it


def clean_text(s: object, limit: int = MAX_TEXT, *, newlines: bool = False) -> str:
    """``s`` made safe to draw: control characters (but newlines, when kept) and unpaired
    surrogates become U+FFFD, and the text is cut to ``limit`` characters with an ellipsis.

    >>> clean_text("Ann" + chr(0) + "a" + chr(0xD800)) == "Ann\N{REPLACEMENT CHARACTER}a\N{REPLACEMENT CHARACTER}"
    True
    >>> clean_text("x" * 10, 5)
    'xxxx…'
    """
    s = s if isinstance(s, str) else str(s)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    if s.isprintable():
        return s
    out = []
    for ch in s:
        if ch.isprintable() or ch == " " or (newlines and ch == "\n"):
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in "\u2028\u2029":
            out.append("\ufffd")
        else:  # other separators and format characters (tabs aside, already Cc): a plain space
            out.append(" ")
    return "".join(out)


NAME_MAX = 24  # characters of a seat name (the new-game field takes 16)


def clean_name(s: object) -> str:
    """A seat name fit for the table: cleaned, bounded, never empty.

    >>> clean_name("  Ravi" + chr(7) + "  ") == "Ravi\N{REPLACEMENT CHARACTER}"
    True
    """
    return clean_text(s, NAME_MAX).strip() or "Player"
