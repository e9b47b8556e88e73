"""The referee for Indian Rummy documents (CONTRACT.md "13-card Indian Rummy"): ``run()`` and the
command line, routed by the state's ``format``.  What every game's referee keeps (a legal game
through ``run()`` and the command line, the first illegal action, ``--new`` at every table size and
preset, damaged input refused) is tested once for every game in ``tests/test_every_referee.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.indian13 import new_deal, preset, to_json
from game.referee import run
from tests.family import cli
from tests.inhand_helpers import new_by_cli, refused_as_bad_input

from .helpers import make_doc

ROOT = Path(__file__).resolve().parents[2]


def test_run_joker_on_the_discard_pile_is_refused_with_the_rule():
    doc = make_doc(3, discard="4C JK", has_drawn=[True, True, True])
    report = run({"state": doc, "actions": [{"player": 0, "type": "take_discard"}]})
    assert report["error"]["code"] == "joker_on_discard_pile" and report["error"]["message"].startswith("I5.6: ")
    assert report["state"] == doc


def test_run_declaration_with_the_wrong_cards_is_exit_1_and_charges_nothing():
    doc = make_doc(2, hands=["3H 4H 5H 9S 10S JS QS 8C 8D 8S KH KC KD 2D"], phase="discard")
    action = {"player": 0, "type": "declare", "finish": "2D", "groups": [["3H", "4H", "5H"]]}
    report = run({"state": doc, "actions": [action]})
    assert report["error"]["code"] == "declare_cards_mismatch" and report["state"] == doc
    good = dict(action, groups=[["3H", "4H", "5H"], ["9S", "10S", "JS", "QS"], ["8C", "8D", "8S"], ["KH", "KC", "KD"]])
    report = run({"state": doc, "actions": [good]})
    assert report["ok"] and report["state"]["result"]["reason"] == "declared"
    assert report["state"]["result"]["groups"][0] == good["groups"] and report["state"]["finish"] == "2D"


# --- the command line ----------------------------------------------------------------------------

BAD_INPUTS = {
    "bad option value": lambda: {"state": {**make_doc(2), "rules": {"players": 2, "cap": "none"}}, "actions": []},
    "impossible card counts": lambda: {"state": make_doc(2) | {"discard": ["5C", "5C", "5C"]}, "actions": []},
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_cli_bad_input_exit_2(name):
    refused_as_bad_input(BAD_INPUTS[name]())


def test_cli_new_with_preset_and_rules():
    options = {"cap": None, "middle_drop": 40}
    doc = new_by_cli("indian13", 3, 2, "Strict online (004)", options, preset, new_deal, to_json)
    assert doc["rules"]["four_card_life"] is True and doc["rules"]["cap"] is None
    classic = json.loads(cli("--new", "--game", "indian13", "--players", "2", "--preset", "CatsAtCards classic").stdout)
    assert len(classic["stock"]) + len(classic["discard"]) + 26 + 1 == 53


@pytest.mark.parametrize("args", [
    ["--preset", "Standard"], ["--rules", '{"cap": "high"}'], ["--rules", '{"jokers": "all"}'],
    ["--rules", '{"point_value": NaN}'],
])
def test_cli_new_bad_options_exit_2(args):
    proc = cli("--new", "--game", "indian13", "--seed", "1", *args)
    assert proc.returncode == 2 and proc.stderr and b"Traceback" not in proc.stderr


def test_cli_new_default_game_is_still_vazhushal():
    doc = json.loads(cli("--new", "--players", "2", "--seed", "1").stdout)
    assert doc["format"] == "vazhushal-state"
    proc = cli("--new", "--seed", "1", "--rules", '{"negative_joker": false}')
    assert proc.returncode == 0 and json.loads(proc.stdout)["indicator"] is None
    assert cli("--new", "--seed", "1", "--rules", '{"speed": 1}').returncode == 2


# Fuzzed documents, fuzzed action lists and junk on the command line: tests/test_every_referee.py
