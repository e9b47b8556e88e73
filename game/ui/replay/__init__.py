"""The replay viewer (issue 14): a finished hand of any game shown again, step by step.

One entry, :class:`ReplayScene` (``app.open("replay", doc, seat=None, start=0)``), and the file
reader the window's ``--replay FILE`` uses (:func:`load_replay`).  The rooms:

- :mod:`.timeline`: the states of the hand, each step in words, the key moves (no pygame);
- :mod:`.scene`: the step, the seat and the controls (keys, buttons, the progress strip);
- :mod:`.controls`: the buttons' names and places, the progress strip;
- :mod:`.board`: what the scene hands a game's board (:class:`~.board.Frame`) and asks of it;
- each game's adapter is its front's ``replay`` (``game.ui.<game>.replay``): the game's wording
  and its table, drawn by that table's own code from one seat's observation;
- :mod:`.source`: reading and checking a replay file, every failure one plain message.
"""

from .scene import ReplayScene
from .source import UnreadableReplay, load_replay, read_replay

__all__ = ["ReplayScene", "UnreadableReplay", "load_replay", "read_replay"]
