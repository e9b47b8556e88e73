"""Headless UI tests: the dummy SDL drivers are set before pygame is imported."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture
def store(tmp_path):
    from game.ui.persist import Store

    return Store(tmp_path / "data")


@pytest.fixture
def app(store):
    from game.ui.app import App
    from game.ui.selftest import quick_settings

    application = App(store=store, audio=False)
    quick_settings(application)
    yield application
    application.shutdown()
