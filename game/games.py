"""The games of the family, by name: the one list of them at the engine layer.

Each game's package offers one :class:`~game.core.front.GameFront` (``GAME``); everything that
handles a game's documents without caring which game it is (the referee, hand replays, saves)
finds it here.  A new game is one package and one entry below; names (and state formats) are
checked unique as the list is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from game.core.front import GameFront

from . import indian13, indian21, marriage, vazhushal

T = TypeVar("T")


def unique(items: Iterable[T], *fields: str, what: str = "games") -> dict[Any, T]:
    """``items`` by their first field (the name); two sharing the value of any of ``fields`` raise a
    ``ValueError`` naming it, at registration (the registries and the scene catalog use it: a second
    game or scene under a taken name or title would otherwise hide the first without a word)."""
    items = tuple(items)
    for field in fields:
        seen: set = set()
        for item in items:
            value = getattr(item, field)
            if value in seen:
                raise ValueError(f"two {what} have the {field} {value!r}: each must have its own")
            seen.add(value)
    return {getattr(item, fields[0]): item for item in items}


GAMES: dict[str, GameFront] = unique((vazhushal.GAME, indian13.GAME, indian21.GAME, marriage.GAME), "name", "format")
DEFAULT_GAME = next(iter(GAMES))  # the first registered: what a document without a game name is
