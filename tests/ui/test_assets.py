"""Assets: found beside the package or in a frozen bundle; the bundled font only; small synthesised
sounds; silence (not an error) when no audio device opens; card faces recorded for privacy."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game.ui import resources
from game.ui.cardart import CardArt, index_size, strip_width

UI = Path(resources.__file__).resolve().parent


def test_assets_are_found_and_small():
    root = resources.assets_dir()
    assert (root / "fonts" / "DejaVuSans.ttf").exists() and (root / "fonts" / "LICENSE-DejaVu.txt").exists()
    sounds = list((root / "sounds").glob("*.wav"))
    assert {p.stem for p in sounds} >= {"deal", "draw", "wipe", "meld", "discard", "win"}
    assert sum(p.stat().st_size for p in sounds) < 2_000_000


def test_frozen_bundle_lookup(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_dir() == tmp_path / "assets"


def test_no_system_fonts_anywhere_in_the_ui():
    for path in UI.rglob("*.py"):
        assert "SysFont" not in path.read_text(encoding="utf-8").replace('"SysFont"', ""), path


def test_no_audio_device_means_silence(monkeypatch):
    from game.ui.sound import Sounds

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(7, 3)
    assert not sounds.ok
    sounds.play("win")
    sounds.set_volumes(5, 5)


def test_card_index_is_readable_and_faces_are_recorded():
    pygame.display.init()
    pygame.font.init()
    art = CardArt()
    assert index_size(40) >= 18 and strip_width(40) >= 24
    surf = pygame.Surface((200, 200))
    art.begin_frame()
    art.draw_face(surf, (0, 0), 9, 56, wild=True, card_id=62)
    art.draw_back(surf, (60, 0), 56)
    assert art.faces_drawn == [62]
