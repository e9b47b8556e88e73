"""Round trip (docs/replays.md): random hands of every game, every preset, 2-6 players, recorded
and played again through :func:`game.replay.validate`, end at identical final states.

2,000 hands of the fastest players (Vazhushal: the ``random`` bot, a twentieth of the seats the
``heuristic`` bot; Indian Rummy: :func:`game.indian13.simulate.random_action`) are a long check
(``dev.py test --long``); the suite plays three hands at each of the tables (every game, preset and
player count): every table is still recorded and played again, as in the long run, with fewer
deals of each.  ``python -m tools.replay_bench --hands 5000`` runs more."""

from __future__ import annotations

import pytest

from ai.games import GAMES
from tools.replay_bench import TABLES, run


def round_trip(hands: int) -> None:
    report = run(hands, seed=2024, heuristic_share=0.05, log=lambda line: None)
    assert report["breaks"] == 0
    assert report["mismatches"] == 0
    assert report["validated"] == hands
    # every game of the bot registry, every preset, every player count it allows; hand i at table i
    per_game = {name: sum(t.game == name for t in TABLES) for name in GAMES}
    assert report["tables"] == len(TABLES) == sum(per_game.values()) and all(per_game.values())
    for name, tables in per_game.items():
        assert report["games"][name] >= hands // len(TABLES) * tables, (name, report["games"])


def test_three_recorded_hands_at_every_table_replay_to_identical_ends():
    round_trip(3 * len(TABLES))


@pytest.mark.long
def test_two_thousand_recorded_hands_replay_to_identical_ends():
    round_trip(2000)
