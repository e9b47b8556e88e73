"""One running game per data folder: an advisory lock on ``instance.lock``.

The operating system drops the lock when the process ends, however it ends (a crash, a kill), so
a stale lock can never keep the game from saving.  No pygame here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO


class InstanceLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: IO[bytes] | None = None

    def acquire(self) -> bool:
        """``True`` when this process now holds the lock (or the folder cannot take a lock file at
        all, in which case there is nothing to share safely and writing will report its own errors);
        ``False`` when another process holds it."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fh = open(self.path, "a+b")  # noqa: SIM115  (held open for the life of the game)
        except OSError:
            return True
        try:
            _lock(fh)
        except BlockingIOError:
            fh.close()
            return False
        except OSError as exc:
            fh.close()
            return not _held_elsewhere(exc)
        self._fh = fh
        return True

    def release(self) -> None:
        if self._fh is not None:
            try:
                _unlock(self._fh)
            except OSError:
                pass
            self._fh.close()
            self._fh = None


def _held_elsewhere(exc: OSError) -> bool:
    return getattr(exc, "winerror", None) in (33, 36) or exc.errno in (13, 11, 35)


if os.name == "nt":
    import msvcrt

    def _lock(fh: IO[bytes]) -> None:
        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(fh: IO[bytes]) -> None:
        fh.seek(0)
        msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fh: IO[bytes]) -> None:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fh: IO[bytes]) -> None:
        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
