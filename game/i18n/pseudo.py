"""The pseudo-language (``en_XA``): English made to look foreign, to find what bypasses the catalogue.

:func:`transform` accents every letter and makes a message at least 40 % longer (the padding inside
brackets that DejaVu Sans draws: ``Settings`` → ``⟦Šéťťíñğš ····⟧``), so that a screen drawn in it
shows at a glance an English string that was never translated (plain letters) and text that no
longer fits (the brackets cut).  Placeholders (``{name}``, ``{n:d}``, ``%(x)s``, ``%s``) and the
names of keyboard keys (:data:`KEYS`, printed on the keys) are left as they are.

:func:`english_words` finds the untransformed English in a drawn string: runs of two or more plain
ASCII letters, less the app's name and the key names.  Card tokens ("10♦", "K♠") have one letter
at most and pass.  Pure Python.
"""

from __future__ import annotations

import gettext
import math
import re

from . import APP_NAME

OPEN, CLOSE, PAD = "⟦", "⟧", "·"
GROWTH = 0.4  # at least this much longer than the English

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = _LOWER.upper()
_ACCENTED = str.maketrans(_LOWER + _UPPER, "áƀçďéƒğĥíĵķĺḿñóṕʠŕšťúṽŵẋýž" + "ÁḂÇĎÉƑĞĤÍĴĶĹḾÑÓṔǪŔŠŤÚṼŴẊÝŽ")

# Keyboard keys as they are printed on the keys: never translated, in any language.
KEYS = frozenset({"Esc", "Enter", "Tab", "Space", "Shift", "Ctrl", "Alt", "Backspace", "PgUp", "PgDn", "Home", "End",
                  *(f"F{i}" for i in range(1, 13))})
# Names kept in Latin letters in every language: the app's, and the rule sources' (a website, an app) in presets' names.
NAMES = frozenset({APP_NAME, "CatsAtCards", "MaalCounter"})

# {{ and }} are literal braces; then a format field; then the %-style forms (a bare one takes no space flag:
# "95 % range" is words, not "% r").
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[-#0+]*\d*[sdifr%]")
_KEY = re.compile(r"\b(?:" + "|".join(sorted(KEYS, key=len, reverse=True)) + r")\b")
_ENGLISH = re.compile(r"[A-Za-z]{2,}")


def placeholders(message: str) -> list[str]:
    """The placeholders of ``message`` (``{name}``, ``%(x)s``), sorted (literal braces left out)."""
    return sorted(p for p in PLACEHOLDER.findall(message) if p not in ("{{", "}}", "%%"))


def _accent(text: str) -> str:
    """``text`` with every letter accented, key names kept."""
    out, last = [], 0
    for m in _KEY.finditer(text):
        out.append(text[last:m.start()].translate(_ACCENTED))
        out.append(m.group())
        last = m.end()
    out.append(text[last:].translate(_ACCENTED))
    return "".join(out)


def transform(message: str) -> str:
    """``message`` in the pseudo-language (empty stays empty)."""
    if not message:
        return message
    out, last = [], 0
    for m in PLACEHOLDER.finditer(message):
        out.append(_accent(message[last:m.start()]))
        out.append(m.group())
        last = m.end()
    out.append(_accent(message[last:]))
    pad = PAD * max(1, math.ceil(GROWTH * len(message)))
    return f"{OPEN}{''.join(out)} {pad}{CLOSE}"


def english_words(drawn: str, allowed: frozenset[str] = KEYS | NAMES) -> list[str]:
    """The untransformed English words in a drawn string (empty: none): runs of two or more plain
    ASCII letters that are not ``allowed``, outside placeholders (a message not yet formatted)."""
    return [w for w in _ENGLISH.findall(PLACEHOLDER.sub(" ", drawn)) if w not in allowed]


class Everything(gettext.NullTranslations):
    """Every message in the pseudo-language, as if the catalogue held them all (no compiled
    catalogue needed: a message marked a moment ago is transformed too)."""

    def gettext(self, message: str) -> str:
        return transform(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return transform(singular if n == 1 else plural)
