"""A short fuzz of a live table (``python -m game.server.fuzz`` runs the long one): malformed,
oversized, deep, out-of-turn, other-seat, stale and replayed messages change nothing, crash
nothing, and the honest players at the table are never refused nor dropped."""

from __future__ import annotations

import pytest

from game.server.fuzz import CLOSING, KINDS, run


@pytest.mark.parametrize("game", ["vazhushal", "indian13"])
def test_a_live_table_shrugs_off_junk(game):
    report = run(messages=220, game=game, seed=4, seconds=40)
    counts = report["messages"]
    assert report["crashes"] == 0 and report["host_alive"], report["host_failures"]
    assert counts["sent"] == 220 and all(counts.get(kind, 0) > 5 for kind in KINDS)
    assert counts.get("changed by a refused message", 0) == 0
    assert counts["own turn checks"] > 80  # the state was compared around most messages
    closed = counts.get("closed 1008", 0) + counts.get("closed 1009", 0)
    assert closed >= sum(counts[k] for k in CLOSING) - 3  # malformed input closes that client
    assert counts.get("not closed", 0) == 0
    assert [(h["refused"], h["dropped"]) for h in report["honest_players"]] == [(0, 0), (0, 0)]
    assert all(h["moves"] > 0 for h in report["honest_players"])
