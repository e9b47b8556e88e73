"""Atomic JSON files: save_json, load_json, set_aside."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.core.storage import CorruptFile, load_json, save_json, set_aside
from game.vazhushal import RuleSet, from_json, new_hand, to_json


def test_round_trip(tmp_path):
    doc = to_json(new_hand(RuleSet(players=4), random.Random(1)))
    path = save_json(tmp_path / "save.json", doc)
    assert path == tmp_path / "save.json"
    assert load_json(path) == doc
    assert to_json(from_json(load_json(path))) == doc


def test_unicode_round_trip(tmp_path):
    data = {"name": "வழுஷல் ♠♥", "n": [1, 2.5, None, True]}
    save_json(tmp_path / "u.json", data)
    assert load_json(tmp_path / "u.json") == data


def test_previous_file_kept_as_bak(tmp_path):
    path = tmp_path / "save.json"
    save_json(path, {"v": 1})
    assert not (tmp_path / "save.json.bak").exists()
    save_json(path, {"v": 2})
    assert load_json(path) == {"v": 2}
    assert json.loads((tmp_path / "save.json.bak").read_text(encoding="utf-8")) == {"v": 1}
    save_json(path, {"v": 3})
    assert load_json(tmp_path / "save.json.bak") == {"v": 2}


def test_no_temp_files_left(tmp_path):
    save_json(tmp_path / "a.json", [1])
    save_json(tmp_path / "a.json", [2])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.json.bak"]


def test_missing_directory_created(tmp_path):
    path = tmp_path / "deep" / "er" / "save.json"
    save_json(path, {"ok": True})
    assert load_json(path) == {"ok": True}


def test_missing_file_is_none(tmp_path):
    assert load_json(tmp_path / "nothing.json") is None


@pytest.mark.parametrize("content", [b"{not json", b"", b"\xff\xfe\x00garbage", b'{"a": 1}{'])
def test_corrupt_file_raises_and_is_not_modified(tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    before = os.stat(path)
    with pytest.raises(CorruptFile) as info:
        load_json(path)
    assert info.value.path == path and str(path) in str(info.value) and info.value.reason
    assert path.read_bytes() == content
    assert os.stat(path).st_mtime_ns == before.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_unreadable_path_is_corrupt(tmp_path):
    folder = tmp_path / "dir.json"
    folder.mkdir()
    with pytest.raises(CorruptFile):
        load_json(folder)


def test_set_aside_renames_and_never_overwrites(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("{bad", encoding="utf-8")
    first = set_aside(path)
    assert not path.exists() and first.exists() and first.read_text(encoding="utf-8") == "{bad"
    assert first.name.startswith("save.corrupt-") and first.name.endswith(".json")  # still opens as JSON
    path.write_text("{worse", encoding="utf-8")
    second = set_aside(path)
    assert second != first and second.read_text(encoding="utf-8") == "{worse"
    assert first.read_text(encoding="utf-8") == "{bad"


def test_unserialisable_data_leaves_old_file(tmp_path):
    path = tmp_path / "save.json"
    save_json(path, {"v": 1})
    with pytest.raises(TypeError):
        save_json(path, {"v": object()})
    assert load_json(path) == {"v": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_the_bak_of_a_file_set_aside_keeps_its_json_ending(tmp_path):
    path = tmp_path / "autosave.json.bak"
    path.write_text("{bad", encoding="utf-8")
    kept = set_aside(path)
    assert kept.name.startswith("autosave.bak.corrupt-") and kept.name.endswith(".json")


@pytest.mark.parametrize("content, reason", [
    (b"[" * 100_000, "nested too deeply"),
    (b"9" * 5000, "game can read"),
    (b"   \n\t ", "empty"),
    (b"\xff\xfe\x00g", "not UTF-8"),
])
def test_every_parse_failure_is_a_corrupt_file(tmp_path, content, reason):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(CorruptFile) as info:
        load_json(path)
    assert reason in info.value.reason
    assert path.read_bytes() == content


def test_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"v": 1}).encode())
    assert load_json(path) == {"v": 1}


def test_a_file_too_large_is_refused_unread(tmp_path, monkeypatch):
    import game.core.storage as storage

    monkeypatch.setattr(storage, "MAX_BYTES", 10)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(list(range(20))), encoding="utf-8")
    with pytest.raises(CorruptFile, match="larger than"):
        load_json(path)


def test_the_file_is_never_missing_while_the_bak_is_made(tmp_path, monkeypatch):
    """The previous version is kept by a link (or a copy), never by renaming the file away."""
    import game.core.storage as storage

    path = tmp_path / "save.json"
    save_json(path, {"v": 1})
    seen = []
    real = storage._replace

    def watch(source, target):
        seen.append(path.exists())
        real(source, target)

    monkeypatch.setattr(storage, "_replace", watch)
    save_json(path, {"v": 2})
    assert seen and all(seen)
    assert load_json(path) == {"v": 2} and load_json(storage.backup_path(path)) == {"v": 1}


def test_without_hard_links_the_bak_is_a_copy(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    save_json(path, {"v": 1})

    def no_links(*args, **kwargs):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    save_json(path, {"v": 2})
    assert load_json(tmp_path / "save.json.bak") == {"v": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json", "save.json.bak"]


def test_stale_temps_are_cleaned_fresh_ones_kept(tmp_path):
    from game.core.storage import clean_stale_temps

    old = tmp_path / ".autosave.json.abc.tmp"
    fresh = tmp_path / ".autosave.json.def.tmp"
    keep = tmp_path / "autosave.json"
    for p in (old, fresh, keep):
        p.write_text("x", encoding="utf-8")
    os.utime(old, (1, 1))
    assert clean_stale_temps(tmp_path, older_than_s=60) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [".autosave.json.def.tmp", "autosave.json"]


def test_two_writers_at_once_never_fail_and_never_tear(tmp_path):
    """Two processes (threads here: the same system calls) saving the same file in a tight loop."""
    import threading

    path = tmp_path / "autosave.json"
    errors: list[BaseException] = []

    def writer(tag: str) -> None:
        try:
            for i in range(150):
                save_json(path, {"writer": tag, "i": i, "pad": "x" * 2000})
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in "ab"]
    for t in threads:
        t.start()
    for _ in range(200):
        doc = load_json(path)
        assert doc is None or doc["writer"] in "ab"
    for t in threads:
        t.join()
    assert errors == []
    assert load_json(path)["i"] == 149
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


KILL_WRITER = """
import os, sys, time
from game.core.storage import load_json, save_json
real_replace = os.replace
def slow_replace(*args):  # widen every gap between two steps of a save, as a busy disk would
    time.sleep(0.002)
    real_replace(*args)
os.replace = slow_replace
path = sys.argv[1]
i = load_json(path)["version"]  # numbering goes on from the last whole version on disk
print("ready", flush=True)
while True:
    i += 1
    save_json(path, {"version": i, "pad": "x" * 20000})
"""


def test_a_writer_killed_at_random_points_always_leaves_a_whole_file(tmp_path):
    """SIGKILL a process that saves in a loop, many times: the file on disk is always a complete
    version (the old or the new one), never missing, never half written."""
    import signal
    import subprocess
    import sys
    import time

    if not hasattr(signal, "SIGKILL"):
        pytest.skip("no SIGKILL on this platform")
    path = tmp_path / "autosave.json"
    save_json(path, {"version": 0, "pad": ""})
    rng = random.Random(7)
    versions = [0]
    for _ in range(25):
        proc = subprocess.Popen([sys.executable, "-c", KILL_WRITER, str(path)], stdout=subprocess.PIPE)
        try:
            assert proc.stdout.readline().strip() == b"ready"
            deadline = time.monotonic() + 30
            while load_json(path)["version"] == versions[-1] and time.monotonic() < deadline:
                time.sleep(0.001)  # until this writer is under way (a slow machine starts it late)
            time.sleep(rng.uniform(0.0, 0.03))
        finally:  # never leave a writer running, whatever failed
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            proc.stdout.close()
        doc = load_json(path)  # never None (missing), never CorruptFile (torn)
        assert isinstance(doc, dict) and isinstance(doc["version"], int)
        assert doc["version"] >= versions[-1]  # the old version or a newer one, never an older one
        versions.append(doc["version"])
    assert versions[-1] >= 25  # every writer was killed in the middle of its writes


# --- one reading rule for every document (issue 30) ---------------------------------------------

def test_a_byte_order_mark_is_fine_and_json_errors_read_plainly():
    from game.core.storage import UnreadableDocument, parse_document

    assert parse_document(b"\xef\xbb\xbf[1]") == [1] == parse_document("\ufeff[1]")
    with pytest.raises(UnreadableDocument) as info:
        parse_document(b'{"a": "unterminated')
    assert "at at" not in str(info.value) and "line 1, column" in str(info.value)
    for bad in (b"", b"  ", b"\xff\xfe", b"[" * 100_000):
        with pytest.raises(UnreadableDocument):
            parse_document(bad)


def test_a_dead_writers_temp_files_go_when_the_app_takes_its_folder(tmp_path):
    from game.ui.persist import Store

    (tmp_path / "replays").mkdir()
    fresh = [tmp_path / ".autosave.json.1234.tmp", tmp_path / "replays" / ".x.json.99.tmp"]
    for path in fresh:
        path.write_text("{half")
    store = Store(tmp_path)
    assert store.claim()
    assert not any(path.exists() for path in fresh)
    store.release()


def test_a_huge_damaged_value_makes_a_short_message(tmp_path):
    from game.ui.persist import MAX_REASON, Store

    (tmp_path / "stats.json").write_text(json.dumps({"levels": {"x" * 2_000_000: 3}}))
    store = Store(tmp_path)
    store.load_stats()
    assert store.notices and all(len(n) < MAX_REASON + 300 for n in store.notices)
