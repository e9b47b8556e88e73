"""Test configuration: a reproducible hypothesis profile (override with HYPOTHESIS_PROFILE)."""

from __future__ import annotations

import os

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
