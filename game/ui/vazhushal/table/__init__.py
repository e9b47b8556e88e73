"""The table: the scene where a hand is played.  One entry, :class:`TableScene`; the rooms:

- :mod:`.scene`: the scene's presentation state and the player's commands (through the engine);
- :mod:`.flow`: the turn flow (bots off the UI thread, animations, hints, the end of a hand);
- :mod:`.input`: mouse, keys, drag and drop;
- :mod:`.staging`, :mod:`.wipe_rules`: melds staged before they are confirmed, the wipe dialog;
- :mod:`.layout`, :mod:`.geometry`: sizes for a window, then where every card is this frame;
- :mod:`.view`, :mod:`.panels`: drawing (never changes the game);
- :mod:`.presentation`: drags, cards in flight, and the read-only view drawing takes;
- :mod:`.describe`: moves and errors in words.
"""

from .scene import TableScene

__all__ = ["TableScene"]
