"""The games the viewer can show, one adapter module each (:mod:`.board` says what one holds).

A third game adds its module here; nothing else in the viewer names a game.
"""

from __future__ import annotations

from types import ModuleType

from game.replay import MalformedReplay

from . import indian13, vazhushal

ADAPTERS: dict[str, ModuleType] = {adapter.GAME: adapter for adapter in (vazhushal, indian13)}


def adapter_for(doc: object) -> ModuleType:
    """The adapter of the document's game; :class:`MalformedReplay` for a game it cannot show."""
    game = doc.get("game") if isinstance(doc, dict) else None
    if not isinstance(game, str) or game not in ADAPTERS:
        raise MalformedReplay("unknown_game", f"a replay of a game this window cannot show ({str(game)[:20]!r})")
    return ADAPTERS[game]
