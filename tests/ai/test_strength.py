"""The strength setting (issue 50, :mod:`ai.strength`): a setting's name, p(s) and T(s) and the
budget monotone in the strength, the extremes (the top is the Expert, the bottom always leaves its
best move when it can), answers from the seed and the observation alone, whole hands legal at every
setting and style in every game, and a setting recorded in a replay and played again."""

from __future__ import annotations

import random

import pytest

from ai import players
from ai.games import GAMES
from ai.players import SeatPlayer, level_words, play_recorded
from ai.same_cards import play_again
from ai.skill import bot_hand
from ai.strength import (
    LOWEST,
    T_HIGH,
    T_LOW,
    Setting,
    StrengthBot,
    base_level,
    deviation,
    expert_share,
    game_strength,
    knob,
    level_points,
    parse,
    pick_worse,
    strength_level,
    top,
)
from game.replay import Recorder


def mid_hand(front, seed: int, actions: int):
    """A two-seat hand of the default preset, ``actions`` actions into Medium against Medium (the
    first deal from ``seed`` on that lasts so long)."""
    for deal in range(seed, seed + 10):
        state = front.deal(front.preset(front.engine.default_preset, 2), random.Random(deal))
        seats = [SeatPlayer(front, "Medium", s) for s in range(2)]
        for p in seats:
            p.safe.budget_s = None  # (a loaded test machine must not replace a move)
        for _ in range(actions):
            if state.result is not None:
                break
            state = seats[state.turn].advance(state)[1]
        if state.result is None:
            return state
    raise AssertionError("no deal lasted")


def test_a_setting_is_named_and_read_back():
    for setting in (Setting(-20), Setting(0), Setting(5, "greedy"), Setting(-50, "pile-reader")):
        assert parse(setting.name) == setting
    assert Setting(-20).name == "Strength -20" and Setting(3, "cautious").name == "Strength +3 cautious"
    for other in ("Medium", "Bot: random", "Strength", "Strength twenty", "strength -20", "Strength -20 Greedy"):
        assert parse(other) is None
    assert level_words("Strength -20 cautious") == "Strength -20, cautious"
    front = GAMES["indian13"]
    assert strength_level(front, "Medium") is None and strength_level(front, "Strength -20 bold") is None


@pytest.mark.parametrize("game", list(GAMES))
def test_p_and_t_fall_and_the_budget_rises_with_the_strength(game):
    front = GAMES[game]
    curve = game_strength(front).curve
    assert [s for s, _x in curve] == sorted(s for s, _x in curve) and all(s < 0 for s, _x in curve)
    assert [x for _s, x in curve] == sorted((x for _s, x in curve), reverse=True)
    last = (2.0, 99.0, -1.0)
    for s in range(LOWEST - 10, top(front) + 10):
        p, t = deviation(s, curve)
        share = expert_share(s, front)
        assert 0.0 <= p <= 1.0 and t >= 0.0
        assert p <= last[0] and t <= last[1] and share >= last[2], s
        last = (p, t, share)
    assert deviation(0, curve) == (0.0, 0.0) and deviation(-1, curve)[0] > 0.0
    assert deviation(-10, curve)[0] < deviation(-30, curve)[0] and deviation(-10, curve)[1] < deviation(-30, curve)[1]
    assert expert_share(0, front) == 0.0 and expert_share(top(front), front) == 1.0


def test_the_knob_is_read_off_the_curve():
    curve = ((-40.0, 1.0), (-20.0, 0.5))
    assert knob(-60, curve) == 1.0 and knob(-40, curve) == 1.0 and knob(-30, curve) == pytest.approx(0.75)
    assert knob(-10, curve) == pytest.approx(0.25) and knob(0, curve) == 0.0 and knob(7, curve) == 0.0
    assert knob(-25) == pytest.approx(0.5) and deviation(LOWEST) == (1.0, T_LOW + T_HIGH)


def test_a_deviation_is_worse_and_its_size_follows_the_temperature():
    options = [(10.0, "best"), (9.0, "close"), (5.0, "middling"), (0.0, "awful")]
    draws = [i / 200 for i in range(200)]
    cold = [pick_worse(options, "best", 0.05, u) for u in draws]
    hot = [pick_worse(options, "best", 50.0, u) for u in draws]
    assert "best" not in cold + hot
    assert cold.count("close") > 190  # a small deviation: the second best
    assert all(60 <= hot.count(a) <= 75 for a in ("close", "middling", "awful"))  # any worse option
    assert pick_worse([(1.0, "only")], "only", 1.0, 0.3) == "only"
    assert pick_worse([(float("inf"), "win"), (0.0, "other")], "win", 0.1, 0.5) == "other"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_top_is_the_expert_and_the_named_levels_are_points_on_the_scale(game):
    front = GAMES[game]
    points = level_points(front)
    assert points["Medium"] == 0.0 and set(points) <= set(front.levels)
    assert top(front) == max(1, round(points["Expert"]))
    level, options = base_level(front, Setting(top(front)))
    assert level is front.levels["Expert"] and options == level.options  # its bot, its options, its budget
    assert base_level(front, Setting(0))[0] is front.levels["Medium"]
    bot = strength_level(front, f"Strength {top(front):+d}").make(random.Random(5))
    assert bot.p == 0.0 and type(bot.inner) is type(level.make(random.Random(5)))
    if level.options.get("time_s", 1.0) is None or level.bot != "search":  # an Expert that answers from its seed
        state = mid_hand(front, 2, 5)
        obs = front.observe(state, state.turn)
        assert front.ask(bot, obs) == front.ask(level.make(random.Random(5)), obs)


@pytest.mark.parametrize("game", list(GAMES))
def test_between_medium_and_the_top_a_hand_is_the_experts_or_mediums(game):
    """A setting between 0 and the top plays a share s / top of its hands as the Expert at its full
    budget and the others as Medium, so that its share of wins is the mix of theirs (a
    searched-down Expert was weaker than Medium, and a mix of single decisions pulled a hand two
    ways: docs/skill.md); which, its seed decides; at the ends one bot plays."""
    front = GAMES[game]
    assert not strength_level(front, "Strength +0").make(random.Random(1)).expert_hand
    assert strength_level(front, f"Strength {top(front):+d}").make(random.Random(1)).share == 0.0  # the Expert itself
    if top(front) < 2:  # 13-card: the Expert is +1, no whole setting lies between
        return
    value = top(front) // 2
    level = strength_level(front, f"Strength {value:+d}")
    bots = [level.make(random.Random(seed)) for seed in range(400)]
    assert all(b.share == pytest.approx(value / top(front)) and b.p == 0.0 for b in bots)
    experts = [b.expert_hand for b in bots]
    assert abs(sum(experts) / 400 - value / top(front)) < 0.07
    assert experts == [level.make(random.Random(seed)).expert_hand for seed in range(400)]  # from its seed
    expert, medium = front.levels["Expert"], front.levels["Medium"]
    if expert.bot != medium.bot:  # the hand's one bot is the Expert's or Medium's
        kinds = {type(expert.make(random.Random(1))): True, type(medium.make(random.Random(1))): False}
        assert all(kinds[type(b.inner)] == b.expert_hand for b in bots)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_bottom_leaves_its_best_move_whenever_it_can(game):
    front = GAMES[game]
    for actions in range(4, 12):  # the first position with something to deviate to
        state = mid_hand(front, 3, actions)
        obs = front.observe(state, state.turn)
        medium = front.ask(front.levels["Medium"].make(random.Random(1)), obs)
        policy = front.levels["Medium"].make(random.Random(1)).policy
        if len(game_strength(front).options(policy, obs, medium)) >= 2:
            break
    deviated = 0
    for seed in range(6):
        bot = StrengthBot(front, Setting(LOWEST), random.Random(seed))
        answer = front.ask(bot, obs)
        assert (answer != medium) == bool(bot.deviations)
        deviated += bot.deviations
    assert deviated >= 4  # p is 0.87 or more at the bottom of every game's curve
    plain = StrengthBot(front, Setting(0), random.Random(1))
    assert front.ask(plain, obs) == medium and plain.deviations == 0


@pytest.mark.parametrize("game", list(GAMES))
def test_an_answer_comes_from_the_seed_and_the_observation_alone(game):
    """The same seed answers alike; a deal that looks the same to the seat (the hidden cards dealt
    another way by the game's ``view``) gets the same answer."""
    front = GAMES[game]
    engine = front.engine
    state = mid_hand(front, 4, 6)
    seat = state.turn
    obs = front.observe(state, seat)
    other = engine.from_json(engine.view(obs.to_json()))
    assert other.hands != state.hands or other.stock != state.stock
    for s in (LOWEST, -20):
        answers = [front.ask(StrengthBot(front, Setting(s, "pile-reader"), random.Random(9)), o)
                   for o in (obs, obs, front.observe(other, seat))]
        assert answers[0] == answers[1] == answers[2]


SETTINGS = ["Strength -50", "Strength -30 pile-reader", "Strength -15 cautious", "Strength -5 greedy"]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_setting_and_style_plays_whole_hands_legally_and_again_alike(game):
    front = GAMES[game]
    rules = front.preset(front.engine.default_preset, 2)
    deviations = 0
    for k, name in enumerate(SETTINGS):
        histories = []
        for _again in range(2 if k == 1 else 1):
            state = front.deal(rules, random.Random(40 + k))
            seats = [SeatPlayer(front, name, 7), SeatPlayer(front, "Medium", 8)]
            for p in seats:
                p.safe.budget_s = None  # (a loaded test machine must not replace a move)
            recorder = Recorder()
            recorder.start(state, game, match_id="test", hand_no=0, seed=40 + k, bots=[])
            state = play_recorded(front, state, seats, recorder)
            assert state.result is not None
            assert seats[0].safe.faults == [], (name, seats[0].safe.faults)
            assert type(seats[0].safe.bot).__name__ == "StrengthBot"
            deviations += seats[0].safe.bot.deviations
            histories.append(list(state.history))
        assert histories[0] == histories[-1]
    assert deviations > 0


@pytest.mark.parametrize("game", ["vazhushal", "indian21", "marriage"])
def test_a_setting_above_medium_decides_legally(game):
    """Between Medium and the top: the Expert on a share of its budget (13-card's top is +1, so it
    has none but the Expert itself)."""
    front = GAMES[game]
    state = mid_hand(front, 5, 4)
    seat = SeatPlayer(front, "Strength +1", 3)
    assert seat.clocked == (front.levels["Expert"].bot == "search")
    seat.advance(state)
    assert seat.safe.faults == [] and seat.safe.bot.p == 0.0


def test_a_setting_is_recorded_in_the_replay_and_played_again_exactly(monkeypatch):
    """A hand with a strength seat: the replay names the setting and its seed, and Same cards plays
    that seat again move for move while Medium takes the other seat."""
    unclocked = players.SafeBot
    monkeypatch.setattr(players, "SafeBot", lambda bot, front, _budget, **kw: unclocked(bot, front, None, **kw))
    doc = bot_hand("indian13", "Strength -30 greedy", 31)
    assert doc["bots"][0]["level"] == "Strength -30 greedy"
    again = play_again(doc, 1, "Medium")
    assert again.level == "Medium"
    assert doc["bots"][1]["level"] == "Medium"  # the same player: the hand goes exactly as it went
    assert again.exact and again.first_difference is None and again.theirs == again.yours


def test_every_games_strength_part_comes_with_the_game():
    """``game_strength`` finds a game's ``levels`` module by name; the frozen app only bundles what
    is imported, so importing the games must import every one of them (the smoke test of a build
    once failed on Vazhushal's: its levels live in ``base``)."""
    import subprocess
    import sys

    code = ("import sys, ai.games; print(all(f.bots.package + '.levels' in sys.modules"
            " for f in ai.games.GAMES.values()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True", out.stderr
