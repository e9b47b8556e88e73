"""Atomic JSON files: save_json, load_json, set_aside."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.engine import RuleSet, from_json, new_hand, to_json
from game.engine.storage import CorruptFile, load_json, save_json, set_aside


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
    assert first.name.startswith("save.json.corrupt-")
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
