"""The calibration's quick version (issue 50: docs/skill.md, "The strength setting"): the command
rates a setting as it rates a level, prints what it won, and the weakest setting a game plays
rates below Medium on the same cards."""

from __future__ import annotations

from tools import calibrate


def test_the_weakest_setting_rates_below_medium_on_the_same_cards(capsys) -> None:
    assert calibrate.main(["--game", "vazhushal", "--levels", "Medium", "--strengths=-28", "--hands", "16",
                           "--seed", "5150"]) == 0
    rows = {cells[2]: cells for line in capsys.readouterr().out.splitlines()
            if line.startswith("| vazhushal |") for cells in [[c.strip() for c in line.split("|")]]}
    assert float(rows["Medium"][3]) == 0.0  # Medium played again by Medium: exactly 0
    assert float(rows["Strength -28"][3]) < 0.0 and rows["Strength -28"][5].endswith("%")
    assert float(rows["Strength -28"][5].rstrip(" %")) < float(rows["Medium"][5].rstrip(" %"))
