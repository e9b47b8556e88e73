"""The app's fixtures, for the folders whose tests open screens (their ``conftest`` imports these,
after setting the dummy SDL drivers): ``store``, a save store in the test's own folder, and
``app``, the app on it with quick settings and no audio."""

from __future__ import annotations

import pytest


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
