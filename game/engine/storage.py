"""Atomic JSON files: the save game, settings and statistics.

:func:`save_json` writes a temp file in the same folder, fsyncs it, keeps the previous file as
``<name>.bak`` and moves the new one into place with ``os.replace``, so a crash leaves either the
old or the new file, never half of one.  :func:`load_json` raises :class:`CorruptFile` with a
clear message; it never overwrites or deletes anything.  :func:`set_aside` moves a bad file out of
the way under a new name so the player's data is kept.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path


class CorruptFile(ValueError):
    """A file that exists but cannot be read as the JSON expected."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} cannot be read: {reason}")
        self.path = path
        self.reason = reason


def save_json(path: str | os.PathLike[str], data: object) -> Path:
    """Write ``data`` as JSON to ``path`` atomically (creating the folder); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            os.replace(path, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
    return path


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def load_json(path: str | os.PathLike[str]) -> object | None:
    """The JSON in ``path``; ``None`` when there is no such file; :class:`CorruptFile` when it
    cannot be read or parsed."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise CorruptFile(path, str(exc)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptFile(path, f"not valid JSON ({exc})") from None


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a bad file to ``<name>.corrupt-<timestamp>`` (never overwriting); returns the new path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target
