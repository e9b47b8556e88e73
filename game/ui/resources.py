"""Where the assets are, and the fonts and text surfaces made from them (cached).

Only the bundled fonts are used (``pygame.font.Font(path)``), never a system font: DejaVu Sans for
Latin letters, digits and symbols (the suits), Noto Sans Tamil and Noto Sans Devanagari for those
scripts, which DejaVu lacks.  A string is drawn as runs of one script each (:func:`runs`), every run
with its face, the Indic faces told their script (``Font.set_script``: SDL_ttf shapes with HarfBuzz
only then, and without it the vowel signs of "சென்னை" and "मैरिज" land on the wrong side of their
consonants), joined on one baseline.  :func:`font` hands out a :class:`ScriptFont` whose ``size``
and ``render`` work so, so every caller measures what is drawn (:func:`measure`).

Every string drawn passes through :func:`clean_text` first, so text from a file or the keyboard (a
NUL, a lone surrogate, a name of ten thousand characters) can never stop the game.
"""

from __future__ import annotations

import re
import string
import sys
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from .safe_text import MAX_TEXT, clean_text


def assets_dir() -> Path:
    """The ``assets`` folder: beside the package in a source tree, in ``sys._MEIPASS`` when frozen."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    import game

    return Path(game.__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


REQUIRED_ASSETS = tuple(("fonts", name) for name in (
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"))


def missing_assets() -> list[str]:
    """The bundled files the game cannot run without that are not there (``fonts/DejaVuSans.ttf``)."""
    return ["/".join(parts) for parts in REQUIRED_ASSETS if not asset(*parts).is_file()]


LATIN, TAMIL, DEVANAGARI = "Latn", "Taml", "Deva"  # the ISO 15924 codes set_script takes
FACES = {  # script -> (regular, bold) file under assets/fonts
    LATIN: ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    TAMIL: ("NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf"),
    DEVANAGARI: ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"),
}
_INDIC = re.compile("[\u0b80-\u0bff\u0900-\u097f\ua8e0-\ua8ff]")
# Characters of no script of their own that the Noto faces carry: they go with the run before them
# (or after them, at the start), so "3 சீட்டுகள்:" is one Tamil run while the "♠" of "K♠" stays DejaVu's.
NEUTRAL = frozenset(" \u00a0" + string.digits + string.punctuation + "…–—‘’“”·•×‹›«»\u200c\u200d")


def script_of(ch: str) -> str | None:
    """The script a character is drawn in (``None``: no script of its own, :data:`NEUTRAL`)."""
    if ch in NEUTRAL:
        return None
    o = ord(ch)
    if 0x0B80 <= o <= 0x0BFF:
        return TAMIL
    if 0x0900 <= o <= 0x097F or 0xA8E0 <= o <= 0xA8FF:
        return DEVANAGARI
    return LATIN


def runs(s: str) -> list[tuple[str, str]]:
    """``s`` cut into ``(script, text)`` runs; neutral characters join the run before them (the one
    after them at the start), except that a word of them touching Latin is Latin ("10" of "10♦")."""
    out: list[list[str]] = []
    lead = ""
    for ch in s:
        script = script_of(ch)
        if script is None:
            if out:
                out[-1][1] += ch
            else:
                lead += ch
            continue
        if out and out[-1][0] == script:
            out[-1][1] += ch
            continue
        if out and script == LATIN:  # the end of the Indic run since its last space goes with the Latin
            prev = out[-1][1]
            cut = len(prev)
            while cut > 0 and prev[cut - 1] in NEUTRAL and not prev[cut - 1].isspace():
                cut -= 1
            out[-1][1], lead = prev[:cut], prev[cut:]
        out.append([script, lead + ch])
        lead = ""
    if lead:
        out.append([LATIN, lead])
    return [(script, text) for script, text in out]


@lru_cache(maxsize=192)
def face(script: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled face of ``script`` at ``size`` pixels, told its script (Indic faces)."""
    f = pygame.font.Font(str(asset("fonts", FACES[script][int(bold)])), max(8, int(size)))
    if script != LATIN:
        try:
            f.set_script(script)
        except (pygame.error, AttributeError):  # an SDL_ttf without HarfBuzz: unshaped, but drawn
            pass
    return f


class ScriptFont:
    """DejaVu Sans at a size, drawing and measuring each script's runs with its own face.

    ``size`` and ``render`` are script-aware; everything else (``get_linesize``, ``get_ascent``, ...)
    is DejaVu's.  A string with no Tamil or Devanagari costs one regular-expression search more."""

    def __init__(self, size: int, bold: bool) -> None:
        self.px, self.bold = max(8, int(size)), bold
        self.base = face(LATIN, size, bold)
        self.faces: dict[str, pygame.font.Font] = {LATIN: self.base}
        self.sizes: dict[str, int] = {LATIN: self.px}  # the pixel size each script's face was fitted to
        self.measured: dict[str, tuple[int, int]] = {}  # size() of the strings measured so far

    def face_of(self, script: str) -> pygame.font.Font:
        """The face of ``script`` for this size: an Indic face at the largest size whose line is no
        taller than DejaVu's (Noto's vowel signs reach further above and below), so that every
        screen's line spacing, worked out from the size, holds in Tamil and Hindi too."""
        got = self.faces.get(script)
        if got is None:
            room, px = self.base.get_height(), self.px
            got = face(script, px, self.bold)
            while px > 8 and got.get_height() > room:
                px -= 1
                got = face(script, px, self.bold)
            self.faces[script], self.sizes[script] = got, px
        return got

    def __getattr__(self, name: str):
        return getattr(self.base, name)

    def size(self, s: str) -> tuple[int, int]:
        """The drawn size of ``s``, remembered: layouts measure the same words (a wrap, word by word)
        every frame, and a Tamil or Devanagari string is measured run by run."""
        got = self.measured.get(s)
        if got is None:
            if len(self.measured) > 4000:
                self.measured.clear()
            got = self.measured[s] = self._size(s)
        return got

    def _size(self, s: str) -> tuple[int, int]:
        if not _INDIC.search(s):
            return self.base.size(s)
        parts = [(self.face_of(script), words) for script, words in runs(s)]
        baseline = max(f.get_ascent() for f, _ in parts)
        width = sum(f.size(words)[0] for f, words in parts)
        return width, max(baseline - f.get_ascent() + f.size(words)[1] for f, words in parts)

    def render(self, s: str, antialias: bool, color, background=None) -> pygame.Surface:
        if not _INDIC.search(s):
            return self.base.render(s, antialias, color, background)
        images = [(self.face_of(script), self.face_of(script).render(words, antialias, color, background))
                  for script, words in runs(s)]
        baseline = max(f.get_ascent() for f, _ in images)
        width = sum(img.get_width() for _, img in images)
        height = max(baseline - f.get_ascent() + img.get_height() for f, img in images)
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x = 0
        for f, img in images:
            out.blit(img, (x, baseline - f.get_ascent()))
            x += img.get_width()
        return out


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ScriptFont:
    """The bundled fonts at ``size`` pixels: DejaVu Sans, with Noto for Tamil and Devanagari."""
    return ScriptFont(size, bold)


def measure(s: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The width and height of ``s`` as :func:`text` draws it."""
    return font(size, bold).size(clean_text(s))


_TEXT: dict[tuple, pygame.Surface] = {}


def text(s: str, size: int, color: tuple = (240, 240, 240), bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: the table redraws the same words every frame)."""
    key = (s, int(size), color, bold)
    surf = _TEXT.get(key)
    if surf is None:
        if len(_TEXT) > 3000:
            _TEXT.clear()
        surf = font(size, bold).render(clean_text(s), True, color)
        _TEXT[key] = surf
    return surf


_elision_listener: Callable[[str], None] | None = None


def set_elision_listener(listener: Callable[[str], None] | None) -> None:
    """Tell ``listener`` every string :func:`elide` shortens (``textdraw.recording`` uses it)."""
    global _elision_listener
    _elision_listener = listener


_break_listener: Callable[[str], None] | None = None


def set_break_listener(listener: Callable[[str], None] | None) -> None:
    """Tell ``listener`` the first part of every word :func:`wrap` breaks between its letters, as
    the line it ends (``textdraw.recording`` uses it: the layout check calls a broken word a fault)."""
    global _break_listener
    _break_listener = listener


def elide(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` on one line of at most ``width`` pixels, cut with an ellipsis when it is longer."""
    s = clean_text(s)
    f = font(size, bold)  # measures as text() draws (ScriptFont)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[: max(0, len(s) - max(1, len(s) // 20))]
    out = s.rstrip() + "…"
    if _elision_listener is not None:
        _elision_listener(out)
    return out


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (paragraphs kept at newlines); a word
    wider than a whole line is broken between its letters (never inside a letter and its marks)."""
    f = font(size, bold)  # measures as text() draws (ScriptFont)
    out: list[str] = []
    for para in clean_text(s, 20 * MAX_TEXT, newlines=True).split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line and f.size(w)[0] <= width:
                line = trial
                continue
            if line:
                out.append(line)
            line = w
            while f.size(line)[0] > width:  # a word longer than the line: as many letters as fit, then the rest
                cut = _fitting(line, f, width)
                if cut >= len(line):  # one letter wider than the line: it stands alone
                    break
                out.append(line[:cut])
                if _break_listener is not None and any(ch.isalpha() for ch in line[:cut]):  # a word, not a leader
                    _break_listener(line[:cut])
                line = line[cut:]
        out.append(line)
    return out


def _fitting(word: str, f: ScriptFont, width: int) -> int:
    """How many characters of ``word`` fit in ``width`` (one letter with its marks at least), ending
    where a new letter starts (a combining mark, a virama or a joiner stays with its letter)."""
    starts = [i for i in range(1, len(word)) if not _joins(word[i]) and word[i - 1] not in _JOINERS]
    best = starts[0] if starts else len(word)
    for i in starts:
        if f.size(word[:i])[0] > width:
            break
        best = i
    return best


_JOINERS = "\u200c\u200d\u094d\u0bcd"  # ZWNJ, ZWJ, the Devanagari and Tamil viramas (the next letter joins)


def _joins(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M") or ch in _JOINERS
