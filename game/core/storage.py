"""Atomic JSON files: the save game, settings, statistics and replays.

:func:`save_json` writes a temp file in the same folder (flush, fsync), keeps the previous version
as ``<name>.bak`` by a hard link (a copy where links are not supported), and only then moves the
new file into place with ``os.replace``.  The file itself is never renamed away, so a crash or a
kill at any point leaves the old or the new version on disk, never none and never half of one.
Temp names are unique, so two processes writing the same file at once both succeed (the last one
wins).

:func:`load_json` never raises anything but :class:`CorruptFile` for a file that exists: bad
bytes, bad UTF-8, deep nesting, integers too long to read and files too large all become one
clear reason.  A UTF-8 byte-order mark is accepted.  It never overwrites or deletes anything;
:func:`set_aside` moves a bad file out of the way under a dated name (``autosave.corrupt-
20261123-101500.json``) so the player's bytes are kept, and :func:`clean_stale_temps` removes the
temp files of writes that were killed.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

MAX_BYTES = 32 * 1024 * 1024  # no file the game writes comes near this; a larger one is not ours
TEMP_SUFFIX = ".tmp"


class CorruptFile(ValueError):
    """A file that exists but cannot be read as the JSON expected."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} cannot be read: {reason}")
        self.path = path
        self.reason = reason


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where :func:`save_json` keeps the previous version of ``path``."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


def save_json(path: str | os.PathLike[str], data: object) -> Path:
    """Write ``data`` as JSON to ``path`` atomically (creating the folder); returns the path.

    Raises ``OSError`` (disk full, read-only folder...) with the old file untouched, and
    ``TypeError``/``ValueError`` for data that is not JSON, before anything is written."""
    path = Path(path)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate in some string: JSON escapes carry it safely
        text = json.dumps(data, ensure_ascii=True, indent=1)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _write_temp(path, text)
    try:
        if path.exists():
            _keep_previous(path)
        _replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise
    _fsync_dir(path.parent)
    return path


def _write_temp(path: Path, text: str) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        _unlink(Path(name))
        raise
    return Path(name)


def _keep_previous(path: Path) -> None:
    """Make ``<name>.bak`` the current version of ``path`` without ever moving ``path`` itself."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.bak.", suffix=TEMP_SUFFIX, dir=path.parent)
    os.close(fd)
    staged = Path(name)
    try:
        os.unlink(staged)
        try:
            os.link(path, staged)
        except FileNotFoundError:
            return  # another process replaced it at this instant: nothing to keep
        except OSError:  # no hard links here (FAT, some network folders): a copy does the same
            shutil.copyfile(path, staged)
        _replace(staged, backup_path(path))
    finally:
        _unlink(staged)


def _replace(source: Path, target: Path) -> None:
    """``os.replace``, retried briefly on Windows, where a reader holding ``target`` open blocks it."""
    for attempt in range(6):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 5:
                raise
            time.sleep(0.02 * (attempt + 1))


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


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
    """The JSON in ``path``; ``None`` when there is no such file; :class:`CorruptFile` for anything
    else that goes wrong (unreadable, too large, not UTF-8, not JSON, nested too deeply, numbers
    too long).  Nothing else escapes."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CorruptFile(path, exc.strerror or str(exc)) from None
    if len(raw) > MAX_BYTES:
        raise CorruptFile(path, f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    return parse_json_bytes(raw, path)


class UnreadableDocument(ValueError):
    """Bytes or text that are no JSON document; ``str()`` is the reason, fit for a person."""


def parse_document(raw: bytes | str) -> object:
    """The one reading rule of every document the program reads (saves, settings, replays, the
    referee's input): UTF-8 with an optional byte-order mark, then JSON.  Raises
    :class:`UnreadableDocument` with a short reason on any failure; nothing else escapes.

    >>> parse_document(b"\xef\xbb\xbf{\"a\": 1}")
    {'a': 1}
    """
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise UnreadableDocument(f"not UTF-8 text (byte {exc.start})") from None
    else:
        text = raw.removeprefix("\ufeff")
    if not text.strip():
        raise UnreadableDocument("it is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableDocument(f"not valid JSON ({exc.msg}; line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise UnreadableDocument("the JSON is nested too deeply") from None
    except (ValueError, MemoryError) as exc:  # e.g. an integer of thousands of digits
        raise UnreadableDocument(f"not JSON this game can read ({str(exc)[:80]})") from None


def parse_json_bytes(raw: bytes, path: Path) -> object:
    """:func:`parse_document` of a file's bytes; :class:`CorruptFile` on any failure."""
    try:
        return parse_document(raw)
    except UnreadableDocument as exc:
        reason = str(exc)
        raise CorruptFile(path, "the file is empty" if reason == "it is empty" else reason) from None


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a bad file to ``<stem>.corrupt-<timestamp><suffix>`` (never overwriting another);
    returns the new path.  ``autosave.json`` becomes ``autosave.corrupt-20261123-101500.json``."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem, suffix = _split_name(path.name)
    target = path.with_name(f"{stem}.corrupt-{stamp}{suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{stem}.corrupt-{stamp}-{n}{suffix}")
    os.replace(path, target)
    return target


def _split_name(name: str) -> tuple[str, str]:
    """``autosave.json`` -> (``autosave``, ``.json``); ``autosave.json.bak`` -> (``autosave.bak``,
    ``.json``), so a set-aside file still opens as JSON."""
    if name.endswith(".json.bak"):
        return name[: -len(".json.bak")] + ".bak", ".json"
    stem, dot, ext = name.rpartition(".")
    return (stem, dot + ext) if stem else (name, "")


def clean_stale_temps(folder: str | os.PathLike[str], older_than_s: float = 600.0) -> int:
    """Remove the temp files left by writes that were killed (older than ``older_than_s``, so a
    write in flight in another process is left alone; 0 when no other process writes here, as
    when the app has just taken its folder); returns how many went."""
    folder = Path(folder)
    now = time.time()
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            if now - entry.stat().st_mtime >= older_than_s and entry.is_file():
                entry.unlink()
                removed += 1
        except OSError:
            pass
    return removed
