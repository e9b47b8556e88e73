"""Replay files on disk: one atomic JSON file per finished hand, the newest :data:`KEEP` kept.

A replay is written by :func:`game.core.storage.save_json` (a crash leaves the old file or the
new one, never half of one) as ``<match_id>-h<hand_no:03>.json``.  Match ids begin with the UTC
time the match began, so the files of one match sort together and matches sort by age; pruning
keeps the last :data:`KEEP` in that order and deletes whole files, never part of one.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from game.core.storage import backup_path, save_json

from .document import MATCH_ID

KEEP = 200
_NAME = re.compile(r"(?P<match>[A-Za-z0-9_-]{1,64})-h(?P<hand>\d{3,9})\.json\Z")


def file_name(doc: dict) -> str:
    """``<match_id>-h<hand_no:03>.json``; ``ValueError`` for an id that is not safe in a name."""
    match_id, hand_no = doc.get("match_id"), doc.get("hand_no")
    if not (isinstance(match_id, str) and MATCH_ID.match(match_id)) or type(hand_no) is not int or hand_no < 0:
        raise ValueError("a replay needs a match id of letters, digits, '-' or '_' and a hand number from 0")
    return f"{match_id}-h{hand_no:03}.json"


def replay_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The replay files in ``folder``, oldest first (by match, then hand)."""
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return []
    found = [(m["match"], int(m["hand"]), p) for p in entries if (m := _NAME.match(p.name)) and p.is_file()]
    return [p for _, _, p in sorted(found)]


def prune(folder: str | os.PathLike[str], keep: int = KEEP) -> list[Path]:
    """Delete all but the newest ``keep`` replay files (and their previous copies); returns the
    files deleted.  A file that cannot be deleted is left and skipped."""
    files = replay_files(folder)
    gone = []
    for path in files[: max(0, len(files) - keep)]:
        try:
            path.unlink()
        except OSError:
            continue
        gone.append(path)
        try:
            backup_path(path).unlink()
        except OSError:
            pass
    return gone


def save_replay(folder: str | os.PathLike[str], doc: dict, keep: int = KEEP) -> Path:
    """Write ``doc`` to its file in ``folder`` (created if need be), then prune to ``keep`` files;
    returns the path.  Raises ``OSError`` (or ``ValueError`` for a document without a good name);
    the caller decides that a failed write does not stop the game."""
    path = save_json(Path(folder) / file_name(doc), doc)
    prune(folder, keep)
    return path
