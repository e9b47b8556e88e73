"""The referee (CONTRACT.md) on Vazhushal documents: game.referee.run and the command line.  What
every game's referee keeps (a legal game through ``run()`` and the command line, the first illegal
action, ``--new`` at every table size and preset, damaged input refused) is tested once for every
game in ``tests/test_every_referee.py``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.referee import BadInput, run
from game.vazhushal import Action, RuleSet, apply, from_json, legal_actions, legal_draws, new_hand, preset, to_json
from tests.helpers import K, check_invariants, make_doc

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str, stdin: bytes | str = b"") -> subprocess.CompletedProcess:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "game.referee", *args], input=data, capture_output=True,
                          cwd=ROOT, timeout=60)


def legal_game(seed=4, players=3, turns=6):
    """A fresh state and a list of legal action objects from it."""
    rng = random.Random(seed)
    start = new_hand(RuleSet(players=players), rng)
    state, actions = start, []
    for _ in range(turns):
        option = rng.choice(legal_draws(state))
        for step in option.steps:
            actions.append(step.to_json())
            state = apply(state, step)
        a = rng.choice(legal_actions(state))
        actions.append(a.to_json())
        state = apply(state, a)
    return start, actions, state


# --- run() -------------------------------------------------------------------------------------

def test_run_no_actions():
    doc = to_json(new_hand(RuleSet(), random.Random(1)))
    assert run({"state": doc, "actions": []}) == {"ok": True, "applied": 0, "error": None, "state": doc}


def test_run_stops_at_the_first_illegal_action():
    start, actions, _ = legal_game()
    state = from_json(to_json(start))
    for a in actions[:3]:
        state = apply(state, a)
    bad = dict(actions[3])
    bad["player"] = (bad["player"] + 1) % 3  # someone else's turn
    report = run({"state": to_json(start), "actions": actions[:3] + [bad] + actions[4:]})
    assert report["ok"] is False and report["applied"] == 3
    assert report["error"]["index"] == 3 and report["error"]["code"] == "not_your_turn"
    assert report["error"]["message"].startswith("V5")
    assert report["state"] == to_json(state)


def test_run_illegal_rule_codes():
    doc = make_doc(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    take = {"player": 0, "type": "take_line", "index": 1, "meld": ["KD", "KC", "KH"]}
    report = run({"state": doc, "actions": [take]})
    assert report["error"] == {"index": 0, "code": "deepest_card_not_in_meld", "message": report["error"]["message"]}
    assert report["error"]["message"].startswith("V6.3: ")
    assert report["state"] == doc


@pytest.mark.parametrize("document", [
    [], "x", {"state": {}}, {"actions": []}, {"state": {}, "actions": [], "more": 1},
])
def test_run_bad_documents(document):
    with pytest.raises(BadInput):
        run(document)


@pytest.mark.parametrize("action", [
    {"player": 0, "type": "fly"},
    {"player": 0, "type": "draw_stock", "card": "AS"},
    {"player": 0, "type": "discard", "card": "1S"},
    {"player": 0, "type": "discard"},
    {"player": 5, "type": "draw_stock"},
    {"player": -1, "type": "draw_stock"},
    {"player": True, "type": "draw_stock"},
    {"player": 0, "type": "take_line", "index": "1", "meld": ["AS", "2S", "3S"]},
    {"player": 0, "type": "take_line", "index": 0, "meld": "AS 2S 3S"},
    {"player": 0, "type": "meld", "melds": ["AS", "2S", "3S"]},
    {"player": 0, "type": "meld", "melds": [["AS", "2S", "XS"]]},
    {"player": 0, "type": ["draw_stock"]},
    {"type": "draw_stock"},
    "draw_stock",
])
def test_run_malformed_actions_are_bad_input(action):
    doc = make_doc(hands=["5S 6S 2C"], line="9C")
    with pytest.raises(BadInput):
        run({"state": doc, "actions": [{"player": 0, "type": "draw_stock"}, action]})


def test_run_actions_not_a_list():
    with pytest.raises(BadInput):
        run({"state": make_doc(), "actions": {"player": 0}})


# --- the command line ----------------------------------------------------------------------------

def test_cli_legal_game_exit_0(tmp_path):
    start, actions, end = legal_game(seed=8, players=2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"state": to_json(start), "actions": actions}), encoding="utf-8")
    proc = cli(str(path))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["ok"] and report["applied"] == len(actions) and report["state"] == to_json(end)
    # the same from standard input
    proc = cli(stdin=path.read_text(encoding="utf-8"))
    assert proc.returncode == 0 and json.loads(proc.stdout) == report


def test_cli_illegal_action_exit_1():
    doc = make_doc(hands=["5S 6S 2C", "9D"], line="9C 7S")
    actions = [{"player": 0, "type": "draw_stock"}, {"player": 0, "type": "discard", "card": "2C"},
               {"player": 1, "type": "discard", "card": "9D"}]
    proc = cli(stdin=json.dumps({"state": doc, "actions": actions}))
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    assert report["ok"] is False and report["applied"] == 2
    assert report["error"]["index"] == 2 and report["error"]["code"] == "wrong_phase"
    assert report["error"]["message"].startswith("V5.1: ")
    state = apply(apply(from_json(doc), Action.draw_stock(0)), Action.discard(0, K("2C")))
    assert report["state"] == to_json(state)


BAD_INPUTS = {
    "not json": b"{\"state\": ",
    "empty": b"",
    "not utf-8": b"\xff\xfe\x00{}",
    "array": b"[]",
    "unknown top key": json.dumps({"state": {}, "actions": [], "x": 0}).encode(),
    "missing key": json.dumps({"actions": []}).encode(),
    "unknown state key": json.dumps({"state": {**make_doc(), "colour": 1}, "actions": []}).encode(),
    "missing state key": json.dumps({"state": {k: v for k, v in make_doc().items() if k != "turn"},
                                     "actions": []}).encode(),
    "bad card token": json.dumps({"state": make_doc(hands=["5S"]) | {"hands": [["5X"], []]}, "actions": []}).encode(),
    "impossible card counts": json.dumps(
        {"state": make_doc(hands=["5S"]) | {"hands": [["5S"], ["5S"]]}, "actions": []}).encode(),
    "bad action type": json.dumps({"state": make_doc(), "actions": [{"player": 0, "type": "jump"}]}).encode(),
    "bad action card": json.dumps({"state": make_doc(hands=["5S"], phase="play"),
                                   "actions": [{"player": 0, "type": "discard", "card": "5"}]}).encode(),
    "bad action player": json.dumps({"state": make_doc(), "actions": [{"player": 2, "type": "draw_stock"}]}).encode(),
    "unknown action key": json.dumps({"state": make_doc(),
                                      "actions": [{"player": 0, "type": "draw_stock", "fast": True}]}).encode(),
}


@pytest.mark.parametrize("name", list(BAD_INPUTS))
def test_cli_bad_input_exit_2(name):
    proc = cli(stdin=BAD_INPUTS[name])
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.strip() and b"Traceback" not in proc.stderr
    assert proc.stdout == b""


@pytest.mark.parametrize("data", [
    pytest.param(b"[" * 100000 + b"]" * 100000, id="deeply_nested"),
    pytest.param(b'{"state": ' + b"1" * 5000 + b', "actions": []}', id="5000_digit_number"),
])
def test_cli_pathological_json_is_bad_input_not_a_crash(data):
    """Valid JSON syntax that Python's json module refuses (RecursionError for deep nesting,
    ValueError for a number over 4300 digits) is still bad input: exit 2, no traceback."""
    proc = cli(stdin=data)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr, proc.stderr[-300:]


def test_cli_missing_file_exit_2(tmp_path):
    proc = cli(str(tmp_path / "none.json"))
    assert proc.returncode == 2 and proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("players", [2, 3, 6])
def test_cli_new_is_deterministic_and_valid(players):
    a = cli("--new", "--players", str(players), "--seed", "17")
    b = cli("--new", "--players", str(players), "--seed", "17")
    assert a.returncode == 0 and a.stdout == b.stdout
    doc = json.loads(a.stdout)
    state = from_json(doc)
    check_invariants(state)
    assert state.players == players and all(len(h) == 13 for h in state.hands)
    assert doc == to_json(new_hand(RuleSet(players=players), random.Random(17)))
    c = cli("--new", "--players", str(players), "--seed", "18")
    assert c.stdout != a.stdout


def test_cli_new_with_preset():
    proc = cli("--new", "--players", "3", "--seed", "2", "--preset", "Three with one deck")
    assert proc.returncode == 0
    doc = json.loads(proc.stdout)
    assert doc == to_json(new_hand(preset("Three with one deck", 3), random.Random(2)))
    assert len(from_json(doc).all_cards()) == 54
