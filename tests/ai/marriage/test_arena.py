"""The arena plays Indian Marriage by name (``--game marriage``): the report's shape, the deal won
by the highest net (M11; ties shared), duplicate deals and results that do not depend on --jobs."""

from __future__ import annotations

import json

import pytest

from ai.arena import game_front, main, play_hands, run
from ai.marriage.front import ENDINGS, STAT_KEYS, outcome
from game.marriage import RuleSet, preset
from tests.marriage.helpers import make_state


def test_m11_arena_json_for_marriage(capsys):
    assert main(["--game", "marriage", "--bots", "heuristic,random,search:iterations=2:time_s=null:max_turns=1",
                 "--players", "3", "--hands", "3", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "marriage" and data["hands"] == 3 and data["players"] == 3
    assert list(data["endings"]) == list(ENDINGS) and sum(data["endings"].values()) == 3
    assert sum(b["hands_won"] for b in data["bots"].values()) + data["drawn"] == pytest.approx(3)
    for b in data["bots"].values():
        low, high = b["ci95"]
        assert 0 <= low <= b["win_rate"] <= high <= 1
        assert set(b["decision_ms"]) == {"p50", "p95", "p99", "max"}
        assert set(STAT_KEYS) <= set(b) and b["faults"] == 0
        assert b["seat_share"] == pytest.approx(1 / 3, abs=1e-3)


def test_arena_table_for_marriage(capsys):
    assert main(["--game", "marriage", "--bots", "heuristic,random", "--hands", "2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("marriage: 2 deals") and "net" in out and "95% CI" in out


def test_m11_the_highest_net_wins_and_the_deal_is_zero_sum():
    outcome_ = play_hands(["heuristic", "random"], RuleSet(players=2), seed=4, hands=range(6), game="marriage")
    heuristic, random_bot = outcome_.tallies["heuristic"], outcome_.tallies["random"]
    assert heuristic.wins + random_bot.wins == 6
    nets = heuristic.stats["mean_net"] + random_bot.stats["mean_net"]
    assert sum(nets) == 0  # M11: the nets of a deal sum to 0
    assert all(0 <= v <= 1 for v in heuristic.stats["seen_share"] + heuristic.stats["finish_share"])


def test_m9_a_void_deal_is_shared_and_an_unfinished_one_won_by_nobody():
    void = make_state(2, phase="over", result={"winner": None, "reason": "void", "maal": [0, 0],
                                                 "game_points": [0, 0], "net": [0, 0], "groups": [None, None]})
    record = outcome(void)
    assert record.ending == "void" and record.winners == [0, 1]
    going = make_state(2)
    record = outcome(going)
    assert record.ending == "unfinished" and record.winners == [] and record.stats == [{}, {}]


def test_duplicate_deals_play_each_deal_in_every_rotation():
    rules = preset("Marriage standard", 2)
    outcome_ = play_hands(["heuristic", "heuristic:blunder=0.3"], rules, seed=3, hands=range(4), duplicate=True,
                          game="marriage")
    assert outcome_.hands == 4
    assert all(t.seats == 4 for t in outcome_.tallies.values())


def test_marriage_results_do_not_depend_on_the_number_of_jobs():
    rules = RuleSet(players=2)
    one, _ = run(["heuristic", "random"], rules, 4, seed=5, jobs=1, game="marriage")
    two, _ = run(["heuristic", "random"], rules, 4, seed=5, jobs=2, game="marriage")
    assert {k: v.wins for k, v in one.tallies.items()} == {k: v.wins for k, v in two.tallies.items()}


def test_marriage_is_picked_by_name_with_its_presets():
    front = game_front("marriage")
    assert front.engine.default_preset == "Marriage standard" and front.hand_word == "deal"
    with pytest.raises(SystemExit):
        main(["--game", "marriage", "--preset", "Standard"])  # Vazhushal's preset name
    with pytest.raises(SystemExit):
        main(["--game", "marriage", "--bots", "nobody"])
