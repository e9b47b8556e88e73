"""The Match me measurement's command (issue 50: docs/skill.md, "Match me"): several runs on new
deals for each player and number of seats, counted against the checks, and a clear refusal of a
player the game does not have."""

from __future__ import annotations

import pytest

from ai.match_me import Summary
from tools import match_me


def _summary(won: float, drift: float, settled: int, seats: int = 2) -> Summary:
    return Summary(300, 1.0 / seats, won, 150, -10.0, settled, 7.0, drift, 1)


def test_the_tally_counts_the_runs_that_hold_each_check_and_their_mean_share() -> None:
    runs = [_summary(0.55, 7.0, 100), _summary(0.4499, -7.1, 101), _summary(0.45, 0.0, 0), _summary(0.60, 1.0, 40)]
    within, steady, settled, mean = match_me.tally(runs)
    assert (within, steady, settled) == (2, 3, 3)  # 5 points exactly holds, just over does not
    assert mean == pytest.approx((0.55 + 0.4499 + 0.45 + 0.60) / 4)
    assert match_me.tally([_summary(0.30, 0.0, 0, seats=4)])[0] == 1  # four seats: within 5 of 25 %


def test_several_runs_each_on_new_deals_and_their_tally(capsys) -> None:
    assert match_me.main(["--game", "vazhushal", "--players", "Bot: random", "--seats", "2", "--hands", "6",
                          "--runs", "2", "--seed", "7100"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [[c.strip() for c in line.split("|")] for line in out if line.startswith("| vazhushal |")]
    runs, tallies = [r for r in rows if len(r) == 13], [r for r in rows if len(r) == 10]
    assert [r[11] for r in runs] == ["7100", str(7100 + match_me.RUN_SEEDS)]  # run 0 is the single run's deals
    assert len(tallies) == 1 and tallies[0][4] == "2"  # one row for the player and seats, over its 2 runs
    assert all(r[4].endswith("%") for r in runs)


def test_a_player_the_game_does_not_have_is_refused_before_any_hand(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        match_me.main(["--game", "marriage", "--players", "Medium,Random", "--hands", "5"])
    assert exc.value.code == 2
    assert "no level or bot 'Random'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        match_me.main(["--game", "marriage", "--runs", "0"])
