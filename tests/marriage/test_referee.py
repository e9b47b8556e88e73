"""The referee for Indian Marriage documents (CONTRACT.md "21-card Indian Rummy and Indian Marriage"):
``run()`` and the command line, routed by the state's ``format``.  What every game's referee keeps
(a legal game through ``run()`` and the command line, the first illegal action, ``--new`` at every
table size and preset, damaged input refused) is tested once for every game in
``tests/test_every_referee.py``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.games import GAMES
from game.marriage import GAME, RuleSet, apply, from_json, new_deal, to_json
from game.marriage.simulate import check_state, random_action
from game.referee import BadInput, run
from tests.family import cli, play_legal

from .helpers import flat, make_doc

ROOT = Path(__file__).resolve().parents[2]
PURE3 = "AS 2S 3S | 9C 10C JC | 4H 5H 6H"


def legal_game(seed: int = 3, players: int = 3, steps: int = 400, **options: object):
    """A fresh state and a list of legal action objects from it (to the end of the deal or ``steps``)."""
    rng = random.Random(seed)
    start = new_deal(RuleSet(players=players, **options), rng)
    return play_legal(start, apply, random_action, rng, steps)


def test_marriage_is_registered_last_and_routed_by_format():
    assert list(GAMES)[-1] == "marriage" and GAMES["marriage"] is GAME
    assert GAME.format == "marriage-state" and GAME.players == (2, 5)


def test_run_a_whole_deal():
    start, actions, end = legal_game()
    assert end.phase == "over"
    report = run({"state": to_json(start), "actions": actions})
    assert report == {"ok": True, "applied": len(actions), "error": None, "state": to_json(end)}
    check_state(from_json(report["state"]))


def test_run_joker_on_the_discard_pile_is_refused_with_the_rule():
    doc = make_doc(2, seen=["pure", None], shown=[PURE3], tiplu="5D", discard="9C 6D")
    report = run({"state": doc, "actions": [{"player": 0, "type": "take_discard"}]})
    assert report["error"]["code"] == "joker_on_discard_pile" and report["error"]["message"].startswith("M5.1: ")
    assert report["state"] == doc


def test_run_see_maal_refused_or_accepted():
    doc = make_doc(2, hands=[flat(PURE3)], phase="discard", stock="2D 3D 4C 7C 8D")
    bad = {"player": 0, "type": "see_maal", "groups": [["AS", "2S", "3S"]]}
    report = run({"state": doc, "actions": [bad]})
    assert report["error"]["code"] == "wrong_see_groups" and report["state"] == doc
    good = {"player": 0, "type": "see_maal", "groups": [g.split() for g in PURE3.split(" | ")]}
    report = run({"state": doc, "actions": [good]})
    assert report["ok"] and report["state"]["seen"] == ["pure", None] and report["state"]["tiplu"] == "4C"
    assert report["state"]["stock"] == ["2D", "3D", "7C", "8D"]


def test_run_declare_with_cards_not_held_is_exit_1_and_charges_nothing():
    hand = "2H 3H 4H 7D 8D 9D JH QH KH 10C 10D 10S QS"
    doc = make_doc(2, hands=[hand], seen=["pure", None], shown=[PURE3], tiplu="5D", phase="discard")
    action = {"player": 0, "type": "declare", "finish": "QS", "groups": [["2H", "3H", "4H"]]}
    report = run({"state": doc, "actions": [action]})
    assert report["error"]["code"] == "declare_cards_mismatch" and report["state"] == doc
    good = dict(action, groups=[["2H", "3H", "4H"], ["7D", "8D", "9D"], ["JH", "QH", "KH"], ["10C", "10D", "10S"]])
    report = run({"state": doc, "actions": [good]})
    assert report["ok"] and report["state"]["result"]["reason"] == "declared" and report["state"]["finish"] == "QS"
    invalid = dict(action, groups=[["2H", "3H", "7D"], ["4H", "8D", "9D"], ["JH", "QH", "KH"], ["10C", "10D", "10S"]])
    report = run({"state": doc, "actions": [invalid]})
    assert report["ok"] and report["state"]["out"] == ["invalid_finish", None]
    assert report["state"]["result"]["reason"] == "all_out" and report["state"]["result"]["winner"] == 1


@pytest.mark.parametrize("action", [
    {"player": 0, "type": "fly"}, {"player": 0, "type": "draw_stock", "card": "AS"},
    {"player": 0, "type": "discard"}, {"player": 0, "type": "discard", "card": "1S"},
    {"player": 2, "type": "draw_stock"}, {"player": -1, "type": "draw_stock"}, {"player": True, "type": "draw_stock"},
    {"player": 0, "type": "declare", "finish": "AS"}, {"player": 0, "type": "see_maal", "groups": "AS"},
    {"player": 0, "type": "expose", "groups": ["AS"]}, {"player": 0, "type": "expose"},
    {"player": 0, "type": "drop"}, {"player": 0, "type": "show", "groups": []}, {"type": "draw_stock"}, "draw", [],
])
def test_run_malformed_actions_are_bad_input(action):
    with pytest.raises(BadInput):
        run({"state": make_doc(2), "actions": [action]})


def test_run_bad_documents_are_bad_input():
    for change in ({"format": "marriage"}, {"version": 2}, {"extra": 1}, {"tiplu": "JK"}):
        with pytest.raises(BadInput):
            run({"state": {**make_doc(2), **change}, "actions": []})
    doc = make_doc(2)
    doc["rules"]["show_dublees"] = 8  # a T-option
    with pytest.raises(BadInput, match="show_dublees"):
        run({"state": doc, "actions": []})


# --- the command line ----------------------------------------------------------------------------

def test_cli_new_with_preset_and_rules():
    proc = cli("--new", "--game", "marriage", "--players", "4", "--seed", "2", "--preset", "Marriage maalCounter",
               "--rules", '{"unseen_maal": "zero", "deals": 2}')
    assert proc.returncode == 0, proc.stderr
    rules = json.loads(proc.stdout)["rules"]
    assert rules["double_marriage_points"] == 30 and rules["unseen_maal"] == "zero" and rules["deals"] == 2
    proc = cli("--new", "--game", "marriage", "--players", "3", "--preset", "Marriage seen-only maal")
    assert json.loads(proc.stdout)["rules"]["unseen_maal"] == "zero"


@pytest.mark.parametrize("args", [
    ("--preset", "Standard points"), ("--preset", "21-card standard"),
    ("--rules", '{"cap": 120}'), ("--rules", '{"wild_rank": "all_suits"}'), ("--rules", '{"format": "pool101"}'),
    ("--rules", '{"max_wilds_per_combo": 3}'), ("--rules", '{"point_value": -1}'), ("--rules", '{"deals": 0}'),
])
def test_cli_new_bad_options_exit_2_with_a_reason(args):
    proc = cli("--new", "--game", "marriage", "--seed", "1", *args)
    assert proc.returncode == 2 and proc.stderr.startswith(b"referee:") and b"Traceback" not in proc.stderr
    assert proc.stdout == b""


@pytest.mark.parametrize("stdin", [
    json.dumps({"state": {}, "actions": []}),
    json.dumps({"state": make_doc(2), "actions": [{"player": 0, "type": "discard", "card": "11H"}]}),
])
def test_cli_bad_input_exit_2_without_a_traceback(stdin):
    proc = cli(stdin=stdin)
    assert proc.returncode == 2 and proc.stderr.startswith(b"referee:") and b"Traceback" not in proc.stderr
