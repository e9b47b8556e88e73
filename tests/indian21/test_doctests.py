"""The examples in the engine's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["actions", "arrange", "deal", "deck", "formats", "legal", "melds", "rules", "scoring", "search"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"game.indian21.{name}")
    assert doctest.testmod(module).failed == 0


def test_core_group_readers_examples():
    assert doctest.testmod(importlib.import_module("game.core.groups")).failed == 0
    assert doctest.testmod(importlib.import_module("game.core.hand_actions")).failed == 0
