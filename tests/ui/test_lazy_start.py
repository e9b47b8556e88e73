"""The app starts without the network stack (issue 47): the title screen's first frame is drawn
before ``game.net``, websockets, asyncio, ssl or zeroconf are imported; the network scenes bring
them when first opened (``game.ui.catalog``).  The frozen app's start time depends on it
(docs/packaging.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.ui import catalog

ROOT = Path(__file__).resolve().parent.parent.parent
NETWORK_STACK = ("game.net", "game.ui.lobby", "websockets", "zeroconf", "ifaddr", "asyncio", "ssl", "_ssl", "socket")

FIRST_FRAME = """
import json, sys
from game.ui.launch import run_game
assert run_game() == 0
print(json.dumps(sorted(sys.modules)))
"""


def test_the_first_frame_is_drawn_without_the_network_stack(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", VAZHUSHAL_EXIT_AFTER_FIRST_FRAME="1",
               VAZHUSHAL_DATA_DIR=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, "-c", FIRST_FRAME], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    modules = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "game.ui.scenes.title" in modules  # the title screen was made and drawn
    loaded = [m for m in modules if m.split(".")[0] in NETWORK_STACK or m.startswith(NETWORK_STACK)]
    assert loaded == []


def test_the_network_scenes_are_found_by_their_own_names():
    from game.ui.lobby import scenes

    for name, factory in catalog.NETWORK.items():
        cls = getattr(scenes, factory.__name__)
        assert cls.name == name
        assert catalog.SCENES[name] is factory
    assert set(catalog.NETWORK) == {"host", "join", "lobby"}
