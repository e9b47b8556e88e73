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


def test_a_wild_card_is_marked_whole_in_its_index_strip_at_every_size():
    """Issue 31.14: the W badge was cut to a sliver on small cards.  At every card width the wild
    mark lies wholly on the card, in the strip an overlapped card keeps visible: the badge with its
    whole outline, or on the smallest cards a gold frame."""
    from game.ui.cardart import GOLD

    pygame.init()  # run alone (a worker of its own) nothing else has started the fonts
    pygame.display.set_mode((10, 10))
    art = CardArt()
    outline = (120, 80, 0)
    framed = badged = 0
    for width in range(24, 121, 4):
        for kind in (6, 9 + 13, 12 + 39):
            face = art.face(kind, width, True)
            w, h = face.get_size()
            gold = [(x, y) for x in range(w) for y in range(h) if face.get_at((x, y))[:3] == GOLD]
            assert gold, (width, kind)
            if any(x <= 1 for x, _ in gold) and any(x >= w - 2 for x, _ in gold):  # the frame
                framed += 1
                continue
            badged += 1
            right, bottom = max(x for x, _ in gold), max(y for _, y in gold)
            assert right < strip_width(width), (width, kind)  # inside the overlap strip
            assert bottom + 1 < h and any(face.get_at((x, bottom + 1))[:3] == outline for x, _ in gold), (
                width, kind, "the badge's bottom edge is cut")
    assert framed and badged
