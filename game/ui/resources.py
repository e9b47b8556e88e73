"""Where the assets are, and the fonts and text surfaces made from them (cached).

Only the bundled DejaVu fonts are used (``pygame.font.Font(path)``), never a system font.  Every
string drawn passes through :func:`clean_text` first, so text from a file or the keyboard (a NUL,
a lone surrogate, a name of ten thousand characters) can never stop the game.
"""

from __future__ import annotations

import sys
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


REQUIRED_ASSETS = (("fonts", "DejaVuSans.ttf"), ("fonts", "DejaVuSans-Bold.ttf"))


def missing_assets() -> list[str]:
    """The bundled files the game cannot run without that are not there (``fonts/DejaVuSans.ttf``)."""
    return ["/".join(parts) for parts in REQUIRED_ASSETS if not asset(*parts).is_file()]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at ``size`` pixels."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(asset("fonts", name)), max(8, int(size)))


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


def elide(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` on one line of at most ``width`` pixels, cut with an ellipsis when it is longer."""
    s = clean_text(s)
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[: max(0, len(s) - max(1, len(s) // 20))]
    out = s.rstrip() + "…"
    if _elision_listener is not None:
        _elision_listener(out)
    return out


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (paragraphs kept at newlines)."""
    f = font(size, bold)
    out: list[str] = []
    for para in clean_text(s, 20 * MAX_TEXT, newlines=True).split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = w
        out.append(line)
    return out
