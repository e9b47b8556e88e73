"""Test configuration: a reproducible hypothesis profile (override with HYPOTHESIS_PROFILE), English, and
the message catalogues compiled."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=100, derandomize=True, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=2000, derandomize=False, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Network play in any test (the smoke test, the monkey) listens, advertises and connects on loopback only.
os.environ["VAZHUSHAL_NET_INTERFACES"] = "127.0.0.1"

# The suite speaks English whatever the machine's language (a test choosing another sets it itself);
# the message catalogues are compiled first when a .mo is missing or older than its .po
# (build_scripts/i18n.py; docs/translating.md), once, by the controlling process.
os.environ["VAZHUSHAL_LANGUAGE"] = "en"


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the controller has compiled them
        return
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "build_scripts" / "i18n.py"
    spec = importlib.util.spec_from_file_location("vazhushal_i18n_build", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_if_stale()


@pytest.fixture
def pseudo_language(monkeypatch):
    """Every message in the pseudo-language for the test (``game.i18n.pseudo.Everything``), English after."""
    from game import i18n
    from game.i18n import pseudo

    monkeypatch.setattr(i18n, "_current", pseudo.Everything())
    yield
    i18n.set_language("en")
