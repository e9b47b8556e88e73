"""Headless UI tests: the dummy SDL drivers are set before pygame is imported."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tests.app_fixtures import app, store  # noqa: E402, F401  (the app's fixtures)
