"""What a kill cannot take: every change of a network table is on disk before any seat is told of it.

A table's record (:class:`Record`) is two files in one folder.  The *snapshot* is the match's save
document with the table's ``network`` part (``table-K7QX2M.json``; the app's ``autosave.json``),
written atomically (:func:`game.core.storage.save_json`) when the table starts, when a deal ends
(that deal's replay written first, so no finished deal's replay is lost to a kill) and when the
next deal is dealt.  The *journal* beside it (``table-K7QX2M.journal``, ``autosave.journal``)
holds one line for each change since: a move (the action as CONTRACT.md writes it), the table
opened again, a seat newly taken.  A move costs one short line and one ``fdatasync``, however long
the match; the snapshot, which grows with the match, is written twice a deal.

Why snapshots only where a deal starts or ends: the engines choose which of two identical cards a
move takes by the card's identity in memory, which a state document does not keep, so a deal
played on from a document written in its middle may order a hand otherwise than the deal played
straight through (the same cards, another order).  Played from the deal as dealt, the journal's
moves give exactly the deal its players saw, as a replay does.

The order is the point.  :meth:`game.net.table.Table._changed` calls :meth:`Record.persist` before it
sends anything; the record queues the write and holds every message of its table
(:meth:`Record.send` replaces the table's ``send``) until that write is on disk, then lets them go
in their order.  The writes run on a thread (``executor``): the host's loop never waits for the
disk, and other tables play on meanwhile.  One table's writes run one batch at a time, in order; a
batch of moves queued while the disk was busy costs one ``fdatasync`` together.

A snapshot names its journal (``network.journal``: a random epoch, repeated on the journal's first
line), so a journal older than its snapshot (a kill between writing the one and emptying the
other) is never replayed onto it.  :func:`resume` reads the snapshot's deal and update counts and
replays the journal's moves through the match's own ``play``; a torn last line (a kill in the
middle of its write) was sent to nobody: it is cut off, and the journal goes on after the last
whole line (:meth:`Record.go_on`).  A write that fails is logged (any exception), the table's
messages go out anyway (a table never stops for its disk), and the next change writes a snapshot.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import CancelledError, Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

log = logging.getLogger(__name__)

SUFFIX = ".journal"
FORMAT = "vazhushal-journal"
DEAL, JOIN, CLOSE = "deal", "join", "close"  # the table's names of its changes
_COUNT_LIMIT = 10**9  # deals and updates a saved table may count


def journal_path(snapshot: str | os.PathLike[str]) -> Path:
    """The journal beside a snapshot: ``table-K7QX2M.json`` -> ``table-K7QX2M.journal``."""
    return Path(snapshot).with_suffix(SUFFIX)


def _datasync(fd: int) -> None:
    (getattr(os, "fdatasync", None) or os.fsync)(fd)


def _sync_folder(folder: Path) -> None:
    """A new file's name on disk too (POSIX: the folder's entry is flushed with the folder)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _line(doc: dict) -> str:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=True) + "\n"


@dataclass
class _Write:
    """One change to put on disk: a journal line, or a snapshot (and a finished deal's replay)."""

    mark: int = 0  # the record's count of writes asked for, this one included
    line: str | None = None
    doc: dict | None = None
    epoch: str | None = None
    replay: dict | None = None


class Record:
    """The durable record of one table: ``write_snapshot(doc)`` writes the snapshot atomically at
    ``snapshot`` (raising on failure), ``write_replay(doc)`` a finished deal's replay; both run on
    ``executor`` (``None``: at once, on the caller's thread).  Every method but the writing itself
    runs on the table's thread."""

    def __init__(self, snapshot: str | os.PathLike[str], write_snapshot: Callable[[dict], object],
                 write_replay: Callable[[dict], object], executor: Executor | None = None) -> None:
        self.path = Path(snapshot)
        self.journal = journal_path(self.path)
        self.write_snapshot = write_snapshot
        self.write_replay = write_replay
        self.executor = executor
        self.loop: asyncio.AbstractEventLoop | None = None  # the table's loop: where a finished write is told
        self.inner: Callable[[Hashable, dict], None] | None = None  # the table's own send (the host's)
        self.queued = 0  # writes asked for
        self.synced = 0  # writes done (on disk, or failed and logged)
        self.waiting: deque[_Write] = deque()
        self.running: Future | None = None
        self.batch: list[_Write] = []  # the writes ``running`` does
        self.held: deque[tuple[int, Hashable, dict]] = deque()  # (writes it waits for, link, message)
        self.epoch: str | None = None  # the journal lines go to (None: the next change writes a snapshot)
        self.claimed: list[bool] | None = None  # the seats taken, as written
        self._file: IO[bytes] | None = None  # the journal, open to append (only the writing touches it)
        self._reopen = False  # the journal of a resumed table: its next line opens it to append

    # --- on the table's thread ---------------------------------------------------------------

    def go_on(self, table: Any, epoch: str) -> None:
        """``table`` was resumed (:func:`resume`) from the snapshot of ``epoch`` and its whole journal:
        its changes are added to that journal."""
        self.epoch, self._reopen = epoch, True
        self.claimed = [s.claimed for s in table.seats]

    def persist(self, table: Any, why: str, action: Any = None) -> None:
        """``table`` changed (``why``; ``action``: the move played, if it was one): its write is
        queued, and its messages wait for it.  Never raises: a failure is logged."""
        try:
            self._attach(table)
            if self.epoch is None or why == DEAL or table.match.state.result is not None:
                self.snapshot(table)  # a new table, a deal dealt or ended, or after a failed write
                return
            change: dict = {"n": table.n}
            if action is not None:
                change["a"] = action.to_json()
            self._queue(_Write(line=_line(change)))
        except Exception:  # noqa: BLE001  (the table plays on; the next change writes a snapshot)
            log.exception("table %s: a change could not be saved", getattr(table, "code", "?"))
            self.epoch = None

    def snapshot(self, table: Any) -> None:
        """Queue a whole snapshot of ``table`` (with a deal's replay just finished, written first)."""
        self._attach(table)
        epoch = secrets.token_hex(8)
        replay = table.match.take_replay()
        network = {**table.network_json(), "deal": table.deal, "n": table.n, "journal": epoch}
        doc = {**table.match.to_json(), "network": network}
        self.epoch, self._reopen = epoch, False
        self.claimed = [s.claimed for s in table.seats]
        self._queue(_Write(doc=doc, epoch=epoch, replay=replay))

    def changed(self, table: Any, why: str) -> None:
        """The table's ``on_change`` after its messages: a seat newly taken is written; a closing
        table's writes are all finished (waiting for them)."""
        try:
            if why == CLOSE:
                self.close()
            elif why == JOIN and self.epoch is not None and table.started:
                claimed = [s.claimed for s in table.seats]
                if claimed != self.claimed:
                    self.claimed = claimed
                    self._queue(_Write(line=_line({"claimed": claimed})))
        except Exception:  # noqa: BLE001
            log.exception("table %s: a change could not be saved", getattr(table, "code", "?"))
            self.epoch = None

    def send(self, link: Hashable, message: dict) -> None:
        """The table's ``send`` once it is recorded: a message waits until every write asked for
        before it is on disk."""
        if self.held or self.synced < self.queued:
            self.held.append((self.queued, link, message))
        elif self.inner is not None:
            self.inner(link, message)

    def close(self) -> None:
        """The table closes: what is queued is written (waiting for it), what waited is sent."""
        self.flush()
        if self._file is not None:
            self._file.close()
            self._file = None

    def flush(self, timeout: float = 30.0) -> None:
        """Wait (on this thread) until every write asked for is done, and send what waited for them."""
        while self.running is not None or self.waiting:
            if self.running is None:
                self._pump()
                continue
            future, batch, self.running = self.running, self.batch, None
            try:
                future.result(timeout)
                error: BaseException | None = None
            except BaseException as exc:  # noqa: BLE001  (logged by _done)
                error = exc
            self._done(batch, error)

    def _attach(self, table: Any) -> None:
        if table.send != self.send:
            self.inner = table.send
            table.send = self.send
            try:
                self.loop = asyncio.get_running_loop()
            except RuntimeError:
                self.loop = None

    def _queue(self, write: _Write) -> None:
        self.queued += 1
        write.mark = self.queued
        self.waiting.append(write)
        self._pump()

    def _pump(self) -> None:
        if self.running is not None or not self.waiting:
            return
        batch = list(self.waiting)
        self.waiting.clear()
        if self.executor is None or self.loop is None:
            try:
                self._write(batch, self._reopen)
                error: BaseException | None = None
            except Exception as exc:  # noqa: BLE001  (logged by _done)
                error = exc
            self._done(batch, error)
            return
        self.batch = batch
        self.running = future = self.executor.submit(self._write, batch, self._reopen)
        future.add_done_callback(self._wake)

    def _wake(self, future: Future) -> None:
        loop = self.loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(self._finished, future)
        except RuntimeError:  # the loop is closed: the host has stopped (``flush`` waited for it)
            pass

    def _finished(self, future: Future) -> None:
        if future is not self.running:
            return  # already seen to by ``flush``
        batch, self.running = self.batch, None
        error = CancelledError() if future.cancelled() else future.exception()
        self._done(batch, error)

    def _done(self, batch: list[_Write], error: BaseException | None) -> None:
        if error is not None:
            log.error("%s: a change of the table could not be saved; its next change writes a snapshot", self.path,
                      exc_info=error)
            self.epoch, self._reopen = None, False
        self.synced = max(self.synced, batch[-1].mark)
        while self.held and self.held[0][0] <= self.synced:
            _, link, message = self.held.popleft()
            if self.inner is not None:
                self.inner(link, message)
        self._pump()

    # --- on the writing thread ---------------------------------------------------------------

    def _write(self, batch: list[_Write], reopen: bool = False) -> None:
        """Put ``batch`` on disk: replays, the last snapshot of it (and a new journal), then the lines
        after it, with one ``fdatasync`` (``reopen``: the lines go on a resumed table's journal)."""
        try:
            for write in batch:
                if write.replay is not None:
                    try:
                        self.write_replay(write.replay)
                    except Exception:  # noqa: BLE001  (a replay lost is logged; the match is saved on)
                        log.exception("%s: the replay of deal %s could not be written", self.path,
                                      write.replay.get("hand_no"))
            last = max((i for i, w in enumerate(batch) if w.doc is not None), default=-1)
            if last >= 0:
                self.write_snapshot(batch[last].doc)  # type: ignore[arg-type]
                self._new_journal(batch[last].epoch or "")
            text = "".join(w.line for w in batch[last + 1:] if w.line is not None)
            if text:
                if self._file is None and reopen and last < 0:
                    self._file = open(self.journal, "ab")  # noqa: SIM115  (a resumed table's journal goes on)
                if self._file is None:
                    raise OSError(f"{self.journal} is not open: an earlier write failed")
                self._file.write(text.encode("ascii"))
                self._file.flush()
                _datasync(self._file.fileno())
        except BaseException:
            if self._file is not None:  # a journal of unknown standing takes no more lines
                try:
                    self._file.close()
                except OSError:
                    pass
                self._file = None
            raise

    def _new_journal(self, epoch: str) -> None:
        """The journal of the snapshot just written: empty but for its first line."""
        if self._file is not None:
            self._file.close()
            self._file = None
        new = not self.journal.exists()
        handle = open(self.journal, "wb")  # noqa: SIM115  (kept open for the lines to come)
        try:
            handle.write(_line({"format": FORMAT, "journal": epoch}).encode("ascii"))
            handle.flush()
            _datasync(handle.fileno())
            if new:
                _sync_folder(self.journal.parent)
        except BaseException:
            handle.close()
            raise
        self._file = handle


@dataclass
class Resumed:
    """What :func:`resume` found: the changes replayed, and the journal's epoch when the table's
    changes may be added to it (its lines all replayed, a torn end cut off)."""

    changes: int = 0
    epoch: str | None = None


def resume(table: Any, snapshot: str | os.PathLike[str]) -> Resumed:
    """Bring a table made from its snapshot (not started yet) to the last change on disk: its deal
    and update counts from the snapshot's ``network`` part, then its journal's changes, moves played
    through the match's ``play``.  Never raises: what cannot be replayed is logged, and the table
    goes on from the change before it."""
    network = getattr(table.match, "network", None)
    if not isinstance(network, dict):
        return Resumed()
    for key in ("deal", "n"):
        value = network.get(key)
        if type(value) is int and 0 <= value < _COUNT_LIMIT:
            setattr(table, key, value)
    epoch = network.get("journal")
    path = journal_path(snapshot)
    if not isinstance(epoch, str):
        return Resumed()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Resumed()
    except OSError as exc:
        log.warning("%s cannot be read (%s): the table goes on from its snapshot", path, exc)
        return Resumed()
    lines = raw.split(b"\n")[:-1]  # the last piece: empty, or a line cut short by a kill (sent to nobody)
    try:
        header = json.loads(lines[0]) if lines else None
    except ValueError:
        header = None
    if header != {"format": FORMAT, "journal": epoch}:
        return Resumed()  # the journal of an earlier snapshot, or none yet: the snapshot holds everything
    parse, match = table.front.engine.parse_action, table.match
    good = len(lines[0]) + 1  # bytes of the journal replayed
    done = 0
    for number, line in enumerate(lines[1:], 2):
        try:
            change = json.loads(line)
            if not isinstance(change, dict):
                raise ValueError("not an object")
            if "claimed" in change:
                claimed = change["claimed"]
                if not (isinstance(claimed, list) and len(claimed) == len(table.seats)
                        and all(isinstance(c, bool) for c in claimed)):
                    raise ValueError("a bad list of seats taken")
                for seat, taken in zip(table.seats, claimed):
                    seat.claimed = taken
            else:
                if change.get("n") != table.n + 1:
                    raise ValueError(f"update {str(change.get('n'))[:20]} where {table.n + 1} was due")
                if "a" in change:
                    match.play(parse(change["a"], match.state))
                table.n += 1
        except Exception as exc:  # noqa: BLE001
            log.warning("%s: line %d cannot be replayed (%s); the table goes on from the change before", path,
                        number, str(exc)[:200])
            break
        good += len(line) + 1
        done += 1
    if good < len(raw):
        try:
            with open(path, "r+b") as handle:  # what follows the last line replayed is cut off
                handle.truncate(good)
                handle.flush()
                _datasync(handle.fileno())
        except OSError as exc:
            log.warning("%s cannot be cut to its last whole line (%s): the next change writes a snapshot", path, exc)
            return Resumed(done)
    return Resumed(done, epoch)
