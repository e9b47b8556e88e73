"""Seat names as the player reads them: :mod:`game.i18n.names` (pure, so the bots' words in ai/ use
it too); imported here by the scenes."""

from game.i18n.names import BOT_NAMES, shown_name

__all__ = ["BOT_NAMES", "shown_name"]
