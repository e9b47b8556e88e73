"""Round trip (docs/replays.md): random hands of every game, every preset, 2-6 players, recorded
and played again through :func:`game.replay.validate`, end at identical final states.

2,000 hands of the fastest players (Vazhushal: the ``random`` bot, a twentieth of the seats the
``heuristic`` bot; Indian Rummy: :func:`game.indian13.simulate.random_action`) in about half a
minute; ``python -m tools.replay_bench --hands 5000`` runs more."""

from __future__ import annotations

from ai.games import GAMES
from tools.replay_bench import TABLES, run


def test_two_thousand_recorded_hands_replay_to_identical_ends():
    report = run(2000, seed=2024, heuristic_share=0.05, log=lambda line: None)
    assert report["breaks"] == 0
    assert report["mismatches"] == 0
    assert report["validated"] == 2000
    # every game of the bot registry, every preset, every player count it allows; hand i at table i
    per_game = {name: sum(t.game == name for t in TABLES) for name in GAMES}
    assert report["tables"] == len(TABLES) == sum(per_game.values()) and all(per_game.values())
    for name, tables in per_game.items():
        assert report["games"][name] >= 2000 // len(TABLES) * tables, (name, report["games"])
