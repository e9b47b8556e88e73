"""The referee for 21-card Indian Rummy documents (CONTRACT.md "21-card Indian Rummy and Indian
Marriage"): ``run()`` and the command line, routed by the state's ``format``.  What every game's
referee keeps (a legal game through ``run()`` and the command line, the first illegal action,
``--new`` at every table size and preset, damaged input refused) is tested once for every game in
``tests/test_every_referee.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.indian21 import new_deal, preset, to_json
from game.referee import run
from tests.family import cli
from tests.inhand_helpers import new_by_cli, refused_as_bad_input

from .helpers import groups, hand_of, make_doc

ROOT = Path(__file__).resolve().parents[2]
EX1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"


def test_run_joker_on_the_discard_pile_is_refused_with_the_rule():
    doc = make_doc(3, discard="4C JK")
    report = run({"state": doc, "actions": [{"player": 0, "type": "take_discard"}]})
    assert report["error"]["code"] == "joker_on_discard_pile" and report["error"]["message"].startswith("T4.2: ")
    assert report["state"] == doc


def test_run_a_show_with_the_wrong_cards_is_exit_1_and_charges_nothing():
    doc = make_doc(2, hands=[hand_of(EX1, "4C")], phase="discard")
    text = [[t for t in g.split()] for g in EX1.split("|")]
    action = {"player": 0, "type": "declare", "finish": "4C", "groups": text[:-1]}
    report = run({"state": doc, "actions": [action]})
    assert report["error"]["code"] == "declare_cards_mismatch" and report["state"] == doc
    report = run({"state": doc, "actions": [dict(action, groups=text)]})
    assert report["ok"] and report["state"]["result"]["reason"] == "declared"
    assert report["state"]["result"]["groups"][0] == text and report["state"]["finish"] == "4C"
    assert report["state"]["result"]["net"][0] == -report["state"]["result"]["net"][1]
    assert len(groups(EX1)) == 7


def test_run_an_invalid_show_is_accepted_and_charged():
    doc = make_doc(3, hands=[hand_of(EX1.replace("KC", "JK"), "4C")], phase="discard")
    text = [[t for t in g.split()] for g in EX1.replace("KC", "JK").split("|")]
    report = run({"state": doc, "actions": [{"player": 0, "type": "declare", "finish": "4C", "groups": text}]})
    assert report["ok"] and report["state"]["out"][0] == "invalid_declaration"
    assert len(report["state"]["hands"][0]) == 22 and report["state"]["finish"] is None


# --- the command line ----------------------------------------------------------------------------

BAD_INPUTS = {
    "a 13-card option": lambda: {"state": {**make_doc(2), "rules": {"players": 2, "jokers": "cut"}}, "actions": []},
    "bad option value": lambda: {"state": {**make_doc(2), "rules": {"players": 2, "cap": "none"}}, "actions": []},
    "impossible card counts": lambda: {"state": make_doc(2) | {"discard": ["5C", "5C", "5C", "5C"]}, "actions": []},
    "hand size": lambda: {"state": make_doc(2) | {"phase": "discard"}, "actions": []},
    "show without the declare": lambda: {"state": make_doc(2) | {"phase": "show"}, "actions": []},
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_cli_bad_input_exit_2(name):
    refused_as_bad_input(BAD_INPUTS[name]())


def test_cli_new_with_preset_and_rules():
    options = {"cap": None, "middle_drop": 40, "value_table": [5, 15, 25]}
    doc = new_by_cli("indian21", 5, 2, "27-card", options, preset, new_deal, to_json)
    assert doc["rules"]["cap"] is None and doc["rules"]["hand_size"] == 27
    assert doc["rules"]["value_table"] == [5, 15, 25]


@pytest.mark.parametrize("args", [
    ["--preset", "Standard points"], ["--preset", "27-card", "--players", "6"], ["--rules", '{"cap": "high"}'],
    ["--rules", '{"hand_size": 24}'], ["--rules", '{"hand_size": 27}', "--players", "6"],
    ["--rules", '{"point_value": NaN}'], ["--rules", '{"value_table": [10, 30]}'], ["--rules", '{"deals": 0}'],
    ["--rules", '{"jokers": "cut"}'], ["--rules", '{"max_jokers_per_meld": 2}'],
])
def test_cli_new_bad_options_exit_2(args):
    proc = cli("--new", "--game", "indian21", "--seed", "1", *args)
    assert proc.returncode == 2 and proc.stderr and b"Traceback" not in proc.stderr and proc.stdout == b""


# Fuzzed documents, fuzzed action lists and junk on the command line: tests/test_every_referee.py
