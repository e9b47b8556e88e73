"""Match me (issue 50, item 2: ai.match_me): the opponents' setting follows the player's results."""

from __future__ import annotations

import math

import pytest

from ai.games import GAMES
from ai.match_me import (
    HEADROOM,
    K_MIN,
    K_START,
    LEVEL,
    Hand,
    MatchMe,
    bounds,
    is_match_me,
    level_name,
    played,
    simulate,
    start,
    style_of,
    summary,
)
from ai.strength import floor, merged_levels, offered, parse, top


def test_a_win_raises_the_setting_and_a_loss_lowers_it_by_the_step_at_two_and_four_seats() -> None:
    me = MatchMe(0.0, 0)
    assert me.step == K_START
    assert me.after(1.0, 0.5, -50, 9).strength == pytest.approx(K_START)
    assert me.after(0.0, 0.5, -50, 9).strength == pytest.approx(-K_START)
    assert me.after(1.0, 0.25, -50, 30).strength == pytest.approx(1.5 * K_START)  # four seats: a win is rarer
    assert me.after(0.0, 0.25, -50, 9).strength == pytest.approx(-0.5 * K_START)
    assert me.after(0.5, 0.5, -50, 9).strength == 0.0  # a shared win at two seats: its share exactly
    assert me.after(1.0, 0.5, -50, 9).hands == 1


def test_the_step_falls_to_its_floor_and_the_setting_stays_in_its_bounds() -> None:
    steps = [MatchMe(0.0, n).step for n in range(300)]
    assert steps == sorted(steps, reverse=True) and steps[-1] == K_MIN and steps[0] == K_START
    assert MatchMe(8.0, 200).after(1.0, 0.5, -28, 9).strength == 9  # never above its highest
    assert MatchMe(-27.5, 200).after(0.0, 0.5, -28, 9).strength == -28  # nor below the floor
    assert MatchMe(-12.4).setting("greedy").name == "Strength -12 greedy"
    assert MatchMe(3.6).setting().name == "Strength +4"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_estimate_may_rise_above_the_top_where_the_bots_play_the_expert(game):
    """A player as strong as the Expert: above the top the estimate waits where the player meets
    the Expert (stopped at the top, the luck of the hands could only take it below the player)."""
    front = GAMES[game]
    low, high = bounds(front)
    assert low == floor(front) and high == top(front) + HEADROOM
    above = MatchMe(top(front) + 6.4, 200)
    assert played(above, front).strength == top(front) and played(above, front, "greedy").style == "greedy"
    assert played(MatchMe(top(front) - 1.2), front).strength == top(front) - 1
    assert MatchMe(high - 0.5, 200).after(1.0, 0.5, low, high).strength == high  # never more than the headroom above


def test_match_me_is_kept_as_json_and_a_damaged_one_is_refused() -> None:
    me = MatchMe(-12.25, 40)
    assert MatchMe.from_json(me.to_json()) == me
    for bad in (None, [], {"strength": "x", "hands": 1}, {"strength": 1.0, "hands": -1}, {"strength": math.nan,
                                                                                          "hands": 1},
                {"strength": 1.0}, {"hands": 3}, {"strength": 1.0, "hands": 2.5}):
        with pytest.raises(ValueError):
            MatchMe.from_json(bad)


def test_a_match_me_seat_keeps_its_style() -> None:
    assert level_name() == LEVEL and level_name("cautious") == "Match me cautious"
    assert is_match_me("Match me cautious") and is_match_me(LEVEL) and not is_match_me("Medium")
    assert style_of("Match me pile-reader") == "pile-reader" and style_of(LEVEL) is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_it_starts_at_the_players_rating_inside_the_games_bounds(game) -> None:
    front = GAMES[game]
    low, high = bounds(front)
    assert low == floor(front) and high == top(front) + HEADROOM and low < 0 < high
    assert start(front).strength == 0.0 and start(front, -12.5).strength == -12.5
    assert start(front, -500).strength == low and start(front, 500).strength == high


def test_the_summary_reads_the_last_hands_and_where_the_setting_settled() -> None:
    run = [Hand(-20 + min(i, 20), float(i % 2)) for i in range(300)]  # climbs for 20 hands, then stays at 0
    s = summary(run, 2)
    assert s.won_last == 0.5 and s.window == 150 and s.level == 0 and s.drift == 0 and s.largest_step == 0
    # its 25-hand running mean: -7.6 at hand 25 (the 19 climbing hands -19..-1 among them), -6.84 at hand 26
    assert s.settled_by == 26


def test_quick_a_weak_player_brings_match_me_down_and_a_strong_one_up() -> None:
    """The quick version in the suite (the measurement is `python -m tools.match_me`, docs/skill.md):
    the random bot in the person's seat loses nearly every hand of Vazhushal, so Match me goes down
    toward the floor; Medium against opponents at the floor wins, so it comes back up."""
    front = GAMES["vazhushal"]
    weak = simulate("vazhushal", "Bot: random", 2, 8, seed=4100)
    assert weak[0].setting == 0 and weak[-1].setting <= -20, [h.setting for h in weak]
    strong = simulate("vazhushal", "Medium", 2, 6, seed=4200, first=MatchMe(float(floor(front)), 0))
    assert strong[-1].setting > strong[0].setting, [h.setting for h in strong]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_choices_run_from_the_floor_to_the_top_with_levels_no_measurement_told_apart_merged(game) -> None:
    front = GAMES[game]
    merged = merged_levels(front)
    assert merged["Medium"] == "Medium" and set(merged) <= set(front.levels)
    choices = offered(front)
    assert "Medium" in choices and all(merged[name] == name for name in choices if name in front.levels)
    assert not any(name in choices for name, into in merged.items() if into != name)  # merged: offered as another
    points = [front.calibration[c][0] if c in front.calibration else parse(c).strength for c in choices]
    assert points == sorted(points)  # weakest first
    assert parse(choices[0]) is not None and parse(choices[0]).strength >= floor(front)
