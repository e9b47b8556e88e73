"""A network client draws from a state rebuilt from its seat's observation (the engine's ``view``):
the rebuilt state looks to that seat exactly as the real one does, and holds nothing else."""

from __future__ import annotations

import random

import pytest

from ai.games import GAMES as BOTS
from game.core.errors import StateError
from game.games import GAMES as ENGINES
from game.ui.games import GAMES as TABLES


def test_every_game_with_a_table_can_be_played_over_the_network():
    assert [name for name in TABLES if ENGINES[name].view is None] == []


@pytest.mark.parametrize("name", [g for g in TABLES])
def test_the_view_of_every_seat_observes_as_the_real_state(name):
    front, bots = ENGINES[name], BOTS[name]
    rng = random.Random(5)
    checked = 0
    for _ in range(2):
        players = rng.randint(*front.players)
        state = front.from_json(front.new_document(rng.choice(front.presets), players, None, rng.randrange(10**6)))
        for _ in range(300):
            for seat in range(state.players):
                obs = bots.observe(state, seat).to_json()
                doc = front.view(obs)
                assert bots.observe(front.from_json(doc), seat).to_json() == obs
                if state.result is None:  # the hidden cards are dealt in a fixed order: no trace of the real deal
                    assert front.view(obs) == doc
                checked += 1
            if state.result is not None:
                break
            state = front.apply(state, front.random_action(state, rng))
    assert checked > 100


@pytest.mark.parametrize("name", [g for g in TABLES])
def test_a_view_of_junk_is_refused_with_a_state_error(name):
    front, bots = ENGINES[name], BOTS[name]
    obs = bots.observe(front.from_json(front.new_document(front.default_preset, 2, None, 1)), 0).to_json()
    spoilt = [None, [], {}, {**obs, "hand": obs["hand"] * 9}, {**obs, "hand_counts": [99, 99]},
              {**obs, "rules": "x"}, {k: v for k, v in obs.items() if k != "seat"}, {**obs, "hand": ["ZZ"]}]
    for doc in spoilt:
        with pytest.raises(StateError):
            front.from_json(front.view(doc))
