"""Saves: round trip, corrupt file, missing directory, read-only directory; settings persist."""

from __future__ import annotations

import json
import os

from game.ui.persist import SAVE_FILE, Settings, Store
from game.ui.vazhushal.match import VazhushalMatch
from game.vazhushal import to_json

from .helpers import human_vs_bot, open_table


def test_round_trip_resumes_exactly(app):
    match = human_vs_bot(seed=4)
    app.autosave(match)
    app.flush_saves()
    loaded = app.load_match()
    assert loaded is not None
    assert to_json(loaded.state) == to_json(match.state)
    assert loaded.levels == match.levels and loaded.seed == match.seed and loaded.hand_no == match.hand_no


def test_autosave_after_every_action(app):
    match = human_vs_bot(seed=8)
    table = open_table(app, match)
    from game.ui.selftest import wait_for
    assert wait_for(app, table.my_turn, 30)
    table.draw_stock()
    app.flush_saves()
    doc = json.loads(app.store.path(SAVE_FILE).read_text())
    assert doc["state"]["history"] == match.state.history


def test_corrupt_save_is_kept_aside_with_a_message(app):
    path = app.store.path(SAVE_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json", encoding="utf-8")
    assert app.load_match() is None
    assert not path.exists()
    kept = [p for p in path.parent.iterdir() if p.name.startswith("autosave.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    app.step([])
    assert any("Your saved match could not be read" in t and kept[0].name in t for t, _ in app.toasts)


def test_a_valid_json_that_is_not_a_save_is_kept_aside(app):
    path = app.store.path(SAVE_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "vazhushal-save", "version": 1, "state": {"nope": 1}}))
    assert app.load_match() is None
    assert not path.exists()


def test_missing_directory_is_created(tmp_path):
    store = Store(tmp_path / "not" / "there" / "yet")
    match = human_vs_bot(seed=1)
    assert store.write(SAVE_FILE, match.to_json())
    assert store.load(SAVE_FILE, VazhushalMatch.from_json, lambda: None, "Your saved match").seed == match.seed


def test_read_only_directory_gives_a_message_not_a_crash(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    os.chmod(folder, 0o500)
    try:
        if os.access(folder, os.W_OK):  # root ignores permissions: refuse the write the same way
            import game.core.storage as storage

            def refuse(*args, **kwargs):
                raise PermissionError(13, "Permission denied")
            monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
        store = Store(folder)
        assert store.write(SAVE_FILE, {"x": 1}) is False
        assert store.notices and "Could not save" in store.notices[0]
    finally:
        os.chmod(folder, 0o700)


def test_settings_persist(store):
    from game.ui.app import App

    app = App(store=store, audio=False)
    app.settings.four_colour = True
    app.settings.card_size = "Large"
    app.settings.music_volume = 0
    app.save_settings()
    app.shutdown()
    again = App(store=store, audio=False)
    assert again.settings.four_colour and again.settings.card_size == "Large" and again.settings.music_volume == 0
    again.shutdown()


def test_bad_settings_values_fall_back_to_defaults():
    s = Settings.from_json({"effects_volume": 99, "animation": "Warp", "four_colour": "yes"})
    assert s.effects_volume == 10 and s.animation == "Normal" and s.four_colour is False
