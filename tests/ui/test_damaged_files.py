"""A match is never lost and the game never crashes on a damaged file (issue #10).

Every file the game reads goes through one loading path (``Store.load``): whatever the bytes, no
exception escapes, the defaults (or the previous copy) are used with one message, and the
original bytes stay in the data folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ui.persist import SAVE_FILE, SETTINGS_FILE, STATS_FILE, Settings, Stats, Store
from game.ui.vazhushal.match import VazhushalMatch

from .helpers import human_vs_bot

BOM = b"\xef\xbb\xbf"


def good_save() -> dict:
    return human_vs_bot(seed=4).to_json()


def good_doc(name: str) -> dict:
    if name == SAVE_FILE:
        return good_save()
    if name == STATS_FILE:
        return {"levels": {"Medium": {"hands_played": 3, "hands_won": 1, "matches_played": 0, "matches_won": 0}}}
    return Settings(music_volume=0, card_size="Large").to_json()


def named(name: str, who: str) -> bytes:
    """A readable file whose free text (a seat name, a level name) holds ``who``."""
    doc = good_doc(name)
    if name == SAVE_FILE:
        doc["state"]["seats"][1]["name"] = who
        for s in doc["undo"]:
            s["seats"][1]["name"] = who
    elif name == STATS_FILE:
        doc["levels"] = {who: doc["levels"]["Medium"]}
    else:
        doc["animation"] = who
    return json.dumps(doc, ensure_ascii=True).encode()


def wrong_types(name: str) -> bytes:
    doc = good_doc(name)
    if name == SAVE_FILE:
        doc["seed"] = "seven"
    elif name == STATS_FILE:
        doc["levels"]["Medium"]["hands_won"] = "many"
    else:
        doc["effects_volume"] = "loud"
    return json.dumps(doc).encode()


def huge_int(name: str) -> bytes:
    text = json.dumps(good_doc(name))
    key = {SAVE_FILE: '"seed": ', STATS_FILE: '"hands_won": ', SETTINGS_FILE: '"effects_volume": '}[name]
    start = text.index(key) + len(key)
    end = start
    while text[end].isdigit():
        end += 1
    return (text[:start] + "9" * 5000 + text[end:]).encode()


DAMAGE = {
    "truncated": lambda name: json.dumps(good_doc(name)).encode()[:40],
    "binary": lambda name: bytes(range(256)) * 3,
    "deep nesting": lambda name: b"[" * 100_000,
    "deep nesting closed": lambda name: b"[" * 50_000 + b"]" * 50_000,
    "huge integer": huge_int,
    "null": lambda name: b"null",
    "list": lambda name: b"[1, 2, 3]",
    "BOM": lambda name: BOM + json.dumps(good_doc(name)).encode(),
    "NUL name": lambda name: named(name, "Ra\u0000vi"),
    "surrogate name": lambda name: named(name, "Ra\ud800vi"),
    "long name": lambda name: named(name, "R" * 100_000),
    "wrong types": wrong_types,
    "empty": lambda name: b"",
    "a number": lambda name: b"42",
    "not UTF-8": lambda name: "{\"a\": \"é\"}".encode("latin-1"),
}
FILES = (SETTINGS_FILE, STATS_FILE, SAVE_FILE)


def bytes_kept(folder: Path, content: bytes) -> bool:
    return any(p.is_file() and p.read_bytes() == content for p in folder.iterdir())


@pytest.fixture
def start_env(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("VAZHUSHAL_DATA_DIR", str(folder))
    monkeypatch.setenv("VAZHUSHAL_EXIT_AFTER_FIRST_FRAME", "1")
    return folder


@pytest.mark.parametrize("resume", [False, True], ids=["start", "continue"])
@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("name", FILES)
def test_every_damaged_file_starts_to_the_first_frame_and_keeps_its_bytes(start_env, name, damage, resume):
    from game.__main__ import main

    content = DAMAGE[damage](name)
    (start_env / name).write_bytes(content)
    assert main(["--continue"] if resume else []) == 0
    assert bytes_kept(start_env, content)


@pytest.mark.parametrize("name, damage", [(SAVE_FILE, "deep nesting"), (STATS_FILE, "surrogate name"),
                                          (SETTINGS_FILE, "huge integer"), (SAVE_FILE, "NUL name")])
def test_a_real_start_prints_no_traceback(tmp_path, name, damage):
    folder = tmp_path / "data"
    folder.mkdir()
    content = DAMAGE[damage](name)
    (folder / name).write_bytes(content)
    env = dict(os.environ, VAZHUSHAL_DATA_DIR=str(folder), VAZHUSHAL_EXIT_AFTER_FIRST_FRAME="1",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for args in ([], ["--continue"]):
        done = subprocess.run([sys.executable, "-m", "game", *args], env=env, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        assert b"Traceback" not in done.stderr
        assert bytes_kept(folder, content)


# --- the one loading path, fuzzed --------------------------------------------------------------

json_trees = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def _shaped(name: str, tree: object) -> object:
    """Random JSON, sometimes dropped into a real document so the shape checks are reached too."""
    doc = good_doc(name)
    if isinstance(tree, dict) and tree:
        key = next(iter(tree))
        target = doc["state"] if name == SAVE_FILE and len(key) % 2 else doc
        target[next(iter(target)) if len(key) % 3 == 0 else key] = tree[key]
        return doc
    return tree


LOADERS = {
    SETTINGS_FILE: (Settings.parse, Settings),
    STATS_FILE: (Stats.parse, Stats),
    SAVE_FILE: (VazhushalMatch.from_json, type(None)),
}


def _load_never_raises(folder: Path, name: str, content: bytes) -> None:
    for p in folder.iterdir():
        p.unlink()
    (folder / name).write_bytes(content)
    store = Store(folder)
    parse, default_type = LOADERS[name]
    value = store.load(name, parse, lambda: None, "The file")
    expected = VazhushalMatch if name == SAVE_FILE else default_type
    assert value is None or isinstance(value, expected)
    assert bytes_kept(folder, content)
    if value is None:  # not read: set aside with exactly one message naming where it went
        assert len(store.notices) == 1 and "kept as" in store.notices[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(FILES), content=st.binary(max_size=300))
def test_fuzz_random_bytes(tmp_path, name, content):
    _load_never_raises(tmp_path, name, content)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(FILES), tree=json_trees, ascii_only=st.booleans())
def test_fuzz_random_json_trees(tmp_path, name, tree, ascii_only):
    content = json.dumps(_shaped(name, tree), ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    _load_never_raises(tmp_path, name, content)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(FILES), depth=st.integers(1000, 200_000), opener=st.sampled_from([b"[", b'{"a":']),
       digits=st.integers(4300, 20_000))
def test_fuzz_deep_nesting_and_huge_numbers(tmp_path, name, depth, opener, digits):
    _load_never_raises(tmp_path, name, opener * depth)
    _load_never_raises(tmp_path, name, b'{"seed": ' + b"7" * digits + b"}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(FILES), odd=st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF),
                                                max_size=30))
def test_fuzz_odd_unicode_in_the_free_text(tmp_path, name, odd):
    content = named(name, odd)
    _load_never_raises(tmp_path, name, content)


# --- what the player sees ------------------------------------------------------------------------

def test_a_bad_file_is_reported_once_and_the_previous_copy_used(store):
    match = human_vs_bot(seed=4)
    assert store.write(SAVE_FILE, match.to_json())
    assert store.write(SAVE_FILE, match.to_json())  # the first version is now the .bak
    store.path(SAVE_FILE).write_bytes(b"{torn")
    loaded = store.load(SAVE_FILE, VazhushalMatch.from_json, lambda: None, "Your saved match")
    assert loaded is not None and loaded.seed == match.seed
    assert len(store.notices) == 1 and "previous copy" in store.notices[0]
    assert any(p.read_bytes() == b"{torn" for p in store.folder.iterdir())


def test_a_missing_file_with_a_bak_is_read_from_the_bak(store):
    match = human_vs_bot(seed=4)
    store.write(SAVE_FILE, match.to_json())
    store.write(SAVE_FILE, match.to_json())
    store.path(SAVE_FILE).unlink()
    loaded = store.load(SAVE_FILE, VazhushalMatch.from_json, lambda: None, "Your saved match")
    assert loaded is not None and loaded.seed == match.seed


def test_corrupt_settings_reported_at_start_defaults_used(store):
    from game.ui.app import App

    store.folder.mkdir(parents=True, exist_ok=True)
    store.path(SETTINGS_FILE).write_bytes(b"[" * 100_000)
    app = App(store=store, audio=False)
    try:
        assert app.settings == Settings()
        app.step([])
        assert any("Your settings could not be read" in t and "settings.corrupt-" in t for t, _ in app.toasts)
    finally:
        app.shutdown()


def test_the_title_checks_the_save_and_names_the_kept_file(app):
    from game.ui.scenes.title import TitleScene

    path = app.store.path(SAVE_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("null", encoding="utf-8")
    app.reset_to(TitleScene(app))
    app.step([])
    captions = [getattr(w, "caption", "") for w in app.top.form.widgets]
    assert "Continue" not in captions  # no dead button
    kept = [p.name for p in path.parent.iterdir() if p.name.startswith("autosave.corrupt-")]
    assert len(kept) == 1
    assert any("Your saved match could not be read (" in t and kept[0] in t for t, _ in app.toasts)


def test_new_game_never_overwrites_an_unread_save(app):
    """The title screen moves a bad save aside before New game can write a new one."""
    from game.ui.scenes.title import TitleScene

    path = app.store.path(SAVE_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\x01garbage")
    app.reset_to(TitleScene(app))
    app.autosave(human_vs_bot(seed=2))
    app.flush_saves()
    assert bytes_kept(path.parent, b"\x00\x01garbage")


def test_a_save_whose_seat_to_move_has_no_move_is_refused(store):
    """A spread of cards no hand can reach: the draw phase with an empty stock and no legal take."""
    doc = good_save()
    state = doc["state"]
    seat = state["turn"]
    other = 1 - seat
    state["hands"][other] += state["stock"][:-1] if state["indicator"] else state["stock"]
    state["stock"] = state["stock"][-1:] if state["indicator"] else []
    # no take from the line is legal with a hand of one card and a one-card line
    state["hands"][other] += state["hands"][seat][1:] + state["line"][:-1]
    state["hands"][seat] = state["hands"][seat][:1]
    state["line"] = state["line"][-1:]
    state["line_first_dealt"] = False
    state["stock"], state["hands"][other] = [], state["hands"][other] + state["stock"]
    state["indicator"] = None
    state["rules"]["negative_joker"] = False
    doc["undo"] = []
    from game.vazhushal import from_json

    from_json(state)  # a valid CONTRACT.md document...
    with pytest.raises(ValueError, match="cannot go on"):
        VazhushalMatch.from_json(doc)  # ...from which the game cannot go on
    store.write(SAVE_FILE, doc)
    assert store.load(SAVE_FILE, VazhushalMatch.from_json, lambda: None, "Your saved match") is None
    assert "cannot go on" in store.notices[-1]


def test_names_that_cannot_be_drawn_are_cleaned(app):
    from game.ui.vazhushal.table import TableScene

    doc = good_save()
    doc["state"]["seats"][1]["name"] = "A\u0000B\ud800" + "C" * 500
    for s in doc["undo"]:
        s["seats"][1]["name"] = doc["state"]["seats"][1]["name"]
    match = VazhushalMatch.from_json(doc)
    assert match.name(1).startswith("A\ufffdB\ufffd") and len(match.name(1)) <= 24
    app.push(TableScene(app, match))
    app.step([])  # draws the table, the name included


def test_drawing_any_text_never_raises(app):
    from game.ui.resources import text, wrap

    for s in ("\x00", "\ud800", "a\udfffb", "\u2028", "x" * 100_000, "\x1b[31m", "\ufeff", "\U0010ffff"):
        assert text(s, 18).get_width() > 0
        assert wrap(s, 18, 300)


def test_a_second_window_reads_but_never_writes(store):
    other = Store(store.folder)
    assert store.claim()
    try:
        assert not other.claim() and other.read_only
        assert "already open" in other.notices[0]
        assert other.write(SETTINGS_FILE, {"x": 1}) is False
        assert not other.path(SETTINGS_FILE).exists()
    finally:
        store.release()
        other.release()
    third = Store(store.folder)
    assert third.claim()  # the lock went with the first window
    third.release()


def test_a_second_process_is_told_the_game_is_open(tmp_path):
    folder = tmp_path / "data"
    holder = Store(folder)
    assert holder.claim()
    try:
        code = ("from pathlib import Path; from game.ui.persist import Store; import sys; "
                f"s = Store(Path({str(folder)!r})); print(s.claim(), s.read_only)")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert done.stdout.split() == ["False", "True"]
    finally:
        holder.release()


def test_missing_font_exits_1_with_one_line(tmp_path, monkeypatch, capsys):
    import game.ui.resources as resources
    from game.__main__ import main

    monkeypatch.setattr(resources, "assets_dir", lambda: tmp_path / "no-assets")
    assert main(["--smoke-test"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "installation is incomplete" in err[0] and "fonts/DejaVuSans.ttf" in err[0]
