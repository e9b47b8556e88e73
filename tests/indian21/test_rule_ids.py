"""Every rule of INDIAN_21.md Part A (T1-T17) has at least one test named by its id
(``test_t7_2b_...``), and every worked example of T17 has its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = Path(__file__).resolve().parents[3] / "shared" / "rules" / "INDIAN_21.md"

IDS = (["t1_1", "t1_2", "t1_3"] + [f"t2_{i}" for i in range(1, 6)] + [f"t3_{i}" for i in range(1, 7)]
       + [f"t4_{i}" for i in range(1, 4)] + ["t5"] + [f"t6_{i}" for i in range(1, 7)]
       + ["t7_1", "t7_2a", "t7_2b", "t7_2c", "t7_2d", "t7_3", "t8", "t9"] + [f"t10_{i}" for i in range(1, 5)]
       + [f"t11_{i}" for i in range(1, 4)] + ["t12", "t13", "t14", "t15", "t16"]
       + [f"t17_{i}" for i in range(1, 13)])


def _test_names() -> list[str]:
    names = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.append(node.name)
    return names


def test_every_t_rule_has_a_test_named_by_it():
    names = _test_names()
    missing = [rule for rule in IDS if not any(re.search(rf"^test_{rule}(_|$)", n) for n in names)]
    assert missing == []


def test_the_ids_are_the_rule_books():
    if not RULES.is_file():  # the rule book lives beside the project, not in it
        return
    text = RULES.read_text(encoding="utf-8").split("# Part B")[0]
    sections = {int(m) for m in re.findall(r"^## T(\d+) ", text, re.M)}
    assert sections == set(range(1, 18))
    examples = re.findall(r"^(\d+)\. ", text.split("## T17")[1], re.M)
    assert [int(e) for e in examples] == list(range(1, 13))
