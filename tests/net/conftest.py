"""Network tests: every socket on loopback (127.0.0.1), discovery bound to it; the dummy SDL
drivers for the app's screens; processes started here are ended here, by their id."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["VAZHUSHAL_NET_INTERFACES"] = "127.0.0.1"  # the app listens and advertises on loopback only

import pytest  # noqa: E402

from tests.app_fixtures import app, store  # noqa: E402, F401  (the app's fixtures)

from .helpers import Processes  # noqa: E402


@pytest.fixture
def processes():
    procs = Processes()
    yield procs
    procs.end()


@pytest.fixture
def hosts():
    started = []

    def start(**kwargs):
        from game.net.host import Host

        host = Host("127.0.0.1", 0, **kwargs).start()
        started.append(host)
        return host

    yield start
    for host in started:
        host.stop()
