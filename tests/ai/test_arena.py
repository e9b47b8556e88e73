"""The arena (issue #3, part 6; ``--game``, issue 13) for every game of the bot registry: its JSON
report and table, duplicate deals, results that do not depend on ``--jobs``, bad arguments refused;
and its statistics.  What a game's report counts is tested in its own folder."""

from __future__ import annotations

import json
import random

import pytest

from ai.arena import main, parse_bot, play_hands, run, wilson
from ai.games import GAMES as BOTS
from ai.vazhushal.runner import bots_for_seats, play_hand
from game.vazhushal import OVER, RuleSet, Seat, new_hand


@pytest.fixture(params=list(BOTS))
def front(request):
    return BOTS[request.param]


def test_the_json_report_of_every_game(front, capsys):
    assert main(["--game", front.name, "--bots", "heuristic,random,search:iterations=2:time_s=null:max_turns=1",
                 "--players", "3", "--hands", "3", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == front.name and data["hands"] == 3 and data["players"] == 3
    assert list(data["endings"]) == list(front.endings) and sum(data["endings"].values()) == 3
    assert sum(b["hands_won"] for b in data["bots"].values()) + data["drawn"] == pytest.approx(3)
    for b in data["bots"].values():
        low, high = b["ci95"]
        assert 0 <= low <= b["win_rate"] <= high <= 1
        assert set(b["decision_ms"]) == {"p50", "p95", "p99", "max"}
        assert set(front.stat_keys) <= set(b) and b["faults"] == 0
        assert b["seat_share"] == pytest.approx(1 / 3, abs=1e-3)


def test_the_table_of_every_game(front, capsys):
    assert main(["--game", front.name, "--bots", "heuristic,random", "--hands", "2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{front.name}: 2 {front.hand_word}s") and "95% CI" in out and "p95 ms" in out
    assert "heuristic" in out and "random" in out and front.score_column[0] in out


def test_results_do_not_depend_on_the_number_of_jobs(front):
    rules = front.preset(front.engine.default_preset, 2)
    one, _ = run(["heuristic", "random"], rules, 4, seed=5, jobs=1, game=front.name)
    two, _ = run(["heuristic", "random"], rules, 4, seed=5, jobs=2, game=front.name)
    assert {k: v.wins for k, v in one.tallies.items()} == {k: v.wins for k, v in two.tallies.items()}


def test_duplicate_deals_play_each_deal_in_every_rotation(front):
    rules = front.preset(front.engine.default_preset, 2)
    outcome = play_hands(["heuristic", "heuristic:blunder=0.3"], rules, seed=3, hands=range(4), duplicate=True,
                         game=front.name)
    assert outcome.hands == 4
    assert all(t.seats == 4 for t in outcome.tallies.values())


def test_a_bad_bot_or_another_games_preset_is_an_argument_error(front):
    other = next(f for f in BOTS.values() if f is not front)
    with pytest.raises(SystemExit):
        main(["--game", front.name, "--bots", "nobody"])
    with pytest.raises(SystemExit):
        main(["--game", front.name, "--preset", other.engine.default_preset])


def test_bot_options_on_the_command_line():
    assert parse_bot("search:iterations=50:time_s=null:width=3") == (
        "search", {"iterations": 50, "time_s": None, "width": 3})


def test_wilson_interval():
    low, high = wilson(950, 1000)
    assert low == pytest.approx(0.9346, abs=1e-3) and high == pytest.approx(0.9619, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0


def test_bots_for_seats_plays_bot_seats_by_name():
    rules = RuleSet(players=3)
    seats = [Seat("a", "bot:heuristic"), Seat("b", "bot:random"), Seat("c", "bot:heuristic")]
    state = new_hand(rules, random.Random(3), seats)
    bots = bots_for_seats(state, random.Random(4))
    assert sorted(bots) == [0, 1, 2] and bots[1].name == "random"
    assert play_hand(bots, state).phase == OVER


def test_the_game_is_picked_by_name_and_vazhushal_is_the_default(capsys):
    """``--game`` (issue 13): every game's report has the same keys, its endings its own."""
    assert main(["--game", "vazhushal", "--bots", "heuristic,random", "--hands", "2", "--seed", "3", "--json"]) == 0
    named = json.loads(capsys.readouterr().out)
    assert main(["--bots", "heuristic,random", "--hands", "2", "--seed", "3", "--json"]) == 0
    default = json.loads(capsys.readouterr().out)
    assert list(named) == list(default) == ["game", "players", "hands", "seed", "seconds", "hands_per_s", "endings",
                                            "drawn", "bots"]
    assert list(named["endings"]) == ["went_out", "stock_out", "unfinished"]
    assert named["bots"]["heuristic"]["hands_won"] == default["bots"]["heuristic"]["hands_won"]
