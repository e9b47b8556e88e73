"""Hand replays (docs/replays.md): record a hand as it is played, play it again, check it.

One JSON document per finished hand holds the state document of the deal (CONTRACT.md: rules,
seats, every card), every action in order with its seat, and the end: the final ``result`` in
clear and the SHA-256 of the final state document.  Nothing else is needed to see the hand again,
because the engines are deterministic: the initial state and the actions fix every later state.

- :class:`Recorder` (``start``, ``add``, ``undo``, ``finish``) builds the document while a table
  plays; any game of :data:`game.games.GAMES` the same way.
- :func:`replay` / :func:`states` play a document again through the checked ``apply`` of its game;
  :func:`validate` also checks that it ends where it was recorded.  Errors carry the rule broken
  (:class:`ReplayError`) or the structural problem (:class:`MalformedReplay`).
- :func:`save_replay` writes a file atomically and keeps the newest :data:`KEEP`.

Pure: no pygame, no bots.  ``python -m game.referee --replay FILE`` is the command line.
"""

from .check import States, Step, play, replay, states, validate
from .document import FORMAT, MATCH_ID, VERSION, Header, MalformedReplay, ReplayError, canonical, read, state_sha256
from .files import KEEP, file_name, prune, replay_files, save_replay
from .record import Recorder, new_match_id

__all__ = [
    "FORMAT", "Header", "KEEP", "MATCH_ID", "MalformedReplay", "Recorder", "ReplayError", "States", "Step", "VERSION",
    "canonical", "file_name", "new_match_id", "play", "prune", "read", "replay", "replay_files", "save_replay",
    "state_sha256", "states", "validate",
]
