"""What every game's bots keep, tested for each game of the bot registry: a game added later gets
these tests by being registered (its rule-specific bot tests stay in its own folder).

- The three bots (``random``, ``heuristic``, ``search``) and the four levels, Easy to Expert.
- Every bot's every answer is legal at every table size the game allows and under every preset
  (I5, I12, T5, T16, M2, V1): played behind the safety net, which must never have to step in.
- A bot sees only its seat's observation (I13, T15, M13, V12): the same deal with the hidden cards
  dealt another way (the game's own ``view``: the observation rebuilt as a state) gets the same
  answer from a bot seeded alike.
- The search without a clock, and a whole hand between seeded bots, are reproducible.
"""

from __future__ import annotations

import random

import pytest

from ai.games import GAMES as BOTS
from ai.safety import SafeBot
from game.core.errors import RulesError
from tests.family import QUICK

NAMES = ["random", "heuristic", "search"]


def quick(front, name: str, seed: int, **options: object):
    return front.bots.make(name, random.Random(seed), **{**QUICK[name], **options})


def played(front, rules, bots, seed: int, max_actions: int):
    """Deal ``rules`` with ``seed`` and play up to ``max_actions`` actions, seat ``s`` by ``bots[s]``
    behind the safety net; the final state, and every fault the net had to mend (none, for sound
    bots)."""
    seats = [SafeBot(bot, front, budget_s=None) for bot in bots]
    state = front.deal(rules, random.Random(seed))
    for _ in range(max_actions):
        if state.result is not None:
            break
        state = seats[state.turn].advance(state)[1]
    return state, [f for seat in seats for f in seat.faults]


def mid_hand(front, players: int, seed: int, actions: int):
    """A hand between heuristics, ``actions`` actions in (still going)."""
    rules = front.preset(front.engine.default_preset, players)
    seats = [SafeBot(quick(front, "heuristic", s), front, budget_s=None) for s in range(players)]
    state = front.deal(rules, random.Random(seed))
    for _ in range(actions):
        state = seats[state.turn].advance(state)[1]
        assert state.result is None
    return state


@pytest.fixture(params=list(BOTS))
def front(request):
    return BOTS[request.param]


def test_every_game_offers_the_three_bots_and_the_four_levels(front):
    assert sorted(front.bots.names()) == sorted(NAMES)
    with pytest.raises(KeyError, match="unknown bot"):
        front.bots.make("nobody", random.Random(1))
    assert list(front.levels) == ["Easy", "Medium", "Hard", "Expert"]
    state = mid_hand(front, 2, seed=4, actions=3)
    obs = front.observe(state, state.turn)
    for level in front.levels.values():
        assert level.description.startswith(level.name + ":")
        assert level.budget_s > 0
        if level.bot == "search":
            assert level.options.get("time_s", 0) <= level.budget_s + 1e-9
            bot = front.bots.make("search", random.Random(1), **{**level.options, "iterations": 2, "time_s": None})
        else:
            bot = level.make(random.Random(1))
        seat = SafeBot(bot, front, budget_s=None)
        seat.advance(state)
        assert seat.faults == [], (level.name, seat.faults)
        assert front.observe(state, state.turn) == obs  # asking changed nothing


@pytest.mark.parametrize("name", NAMES)
def test_every_bot_action_is_legal_at_every_table_size(front, name):
    """The bot under test sits at the even seats, the heuristic at the others (so hands end)."""
    low, high = front.engine.players
    deals, budget = (1, 40) if name == "search" else (2, 300)
    for players in range(low, high + 1):
        rules = front.preset(front.engine.default_preset, players)
        bots = [quick(front, name if s % 2 == 0 else "heuristic", 10 * players + s) for s in range(players)]
        for deal in range(deals):
            state, faults = played(front, rules, bots, seed=100 * players + deal, max_actions=budget)
            assert faults == [], faults
            assert len(state.history) > 0


PRESETS = [(game, name) for game, front in BOTS.items() for name in front.engine.presets]


@pytest.mark.parametrize("game, preset", PRESETS)
def test_every_bot_is_legal_under_every_preset(game, preset):
    front = BOTS[game]
    low, high = front.engine.players
    tables = 0
    for players in range(low, high + 1):
        try:
            rules = front.preset(preset, players)
        except RulesError:  # a preset for fewer seats
            continue
        tables += 1
        if tables > 2:
            break
        bots = [quick(front, NAMES[(s + 1) % 3], s) for s in range(players)]
        _, faults = played(front, rules, bots, seed=5 + players, max_actions=60)
        assert faults == [], (players, faults)
    assert tables > 0


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("actions", [6, 9])
def test_a_bot_decides_the_same_whatever_the_hidden_cards(front, name, actions):
    """The game's ``view`` deals what the seat cannot see in the deck's order: another deal that
    looks the same to the seat, to which its bot (seeded alike) answers the same."""
    engine = front.engine
    state = mid_hand(front, 3, seed=4, actions=actions)
    seat = state.turn
    obs = front.observe(state, seat)
    other = engine.from_json(engine.view(obs.to_json()))
    assert other.hands != state.hands or other.stock != state.stock
    assert front.observe(other, seat).to_json() == obs.to_json()
    options = {"iterations": 4} if name == "search" else {}
    first = front.ask(quick(front, name, 7, **options), obs)
    again = front.ask(quick(front, name, 7, **options), front.observe(other, seat))
    assert first == again


def test_the_search_without_a_clock_is_reproducible(front):
    state = mid_hand(front, 2, seed=3, actions=5)
    obs = front.observe(state, state.turn)
    picks = [front.ask(front.bots.make("search", random.Random(11), iterations=6, time_s=None), obs)
             for _ in range(2)]
    assert picks[0] == picks[1]


def test_a_whole_hand_replays_from_its_seeds(front):
    def hand() -> list:
        rules = front.preset(front.engine.default_preset, 2)
        state, faults = played(front, rules, [quick(front, "search", 1), quick(front, "heuristic", 2)], seed=9,
                               max_actions=40)
        assert faults == []
        return list(state.history)

    assert hand() == hand()


def test_the_random_bot_never_drops(front):
    """A drop gives the hand up: the random bot plays on (I9, T9; a game without drops trivially)."""
    bot = quick(front, "random", 1)
    for seed in range(20):
        state = front.deal(front.preset(front.engine.default_preset, 3), random.Random(seed))
        answer = front.ask(bot, front.observe(state, state.turn))
        plan = answer if isinstance(answer, list) else [answer]
        assert all(action.type != "drop" for action in plan)
