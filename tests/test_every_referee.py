"""The referee's guarantees, tested for every game of the engine registry (a game registered later
gets them by being registered): a legal game plays through ``run()`` and the command line (exit 0)
to the state the engine reaches; the first illegal action stops it (exit 1) with the rule it broke;
junk (fuzzed documents, fuzzed action lists, truncated or byte-flipped input) never crashes: a clean
report or a clean refusal (exit 2, a message, no traceback)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games import GAMES
from game.referee import BadInput, run

ROOT = Path(__file__).resolve().parent.parent
NAMES = list(GAMES)
RULE_ID = re.compile(r"[A-Z][0-9]+(\.[0-9]+[a-z]?)*\Z")
CARDS = ["AS", "JK", "7D", "10H", "2S", "3S", "KD", "2D"]
# every action type any game has, so each game also meets the types of the others
TYPES = ["drop", "draw_stock", "take_discard", "discard", "declare", "show", "expose", "see_maal", "draw", "meld",
         "wipe", "pass"]


def cli(*args: str, stdin: bytes | str = b"") -> subprocess.CompletedProcess:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "game.referee", *args], input=data, capture_output=True,
                          cwd=ROOT, timeout=120)


def names_its_rule(error: dict) -> bool:
    """A refusal's message starts with the rule id (``I5: ...``; the error's ``rule`` when it has one)."""
    rule = error.get("rule") or error["message"].split(":")[0]
    return bool(RULE_ID.match(rule)) and error["message"].startswith(rule + ": ")


def legal_game(name: str, seed: int = 3, players: int = 2, steps: int = 40):
    """A fresh state document, legal action objects from it, and the document they lead to."""
    game = GAMES[name]
    rng = random.Random(seed)
    start = state = game.from_json(game.new_document(game.default_preset, players, {}, seed))
    actions = []
    for _ in range(steps):
        if state.result is not None:
            break
        action = game.random_action(state, rng)
        actions.append(action.to_json())
        state = game.apply(state, action)
    return game.to_json(start), actions, game.to_json(state)


@pytest.mark.parametrize("name", NAMES)
def test_a_legal_game_plays_to_the_engines_state(name):
    start, actions, end = legal_game(name)
    assert run({"state": start, "actions": actions}) == {"ok": True, "applied": len(actions), "error": None,
                                                          "state": end}


@pytest.mark.parametrize("name", NAMES)
def test_the_first_illegal_action_stops_the_run_with_its_rule(name):
    start, actions, _ = legal_game(name, steps=6)
    wrong_seat = dict(actions[2], player=(actions[2]["player"] + 1) % 2)
    report = run({"state": start, "actions": actions[:2] + [wrong_seat] + actions[3:]})
    assert report["ok"] is False and report["applied"] == 2
    error = report["error"]
    assert error["index"] == 2 and error["code"] == "not_your_turn" and names_its_rule(error)


@pytest.mark.parametrize("name", NAMES)
def test_cli_exit_0_for_a_legal_game_and_1_at_an_illegal_action(name, tmp_path):
    start, actions, end = legal_game(name, seed=8)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"state": start, "actions": actions}), encoding="utf-8")
    proc = cli(str(path))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["state"] == end
    wrong_seat = dict(actions[-1], player=(actions[-1]["player"] + 1) % 2)
    proc = cli(stdin=json.dumps({"state": start, "actions": actions[:-1] + [wrong_seat]}))
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["applied"] == len(actions) - 1


def _junk():
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=4),
                     st.sampled_from(CARDS + ["draw", "over", "show", "first_drop", "cut", "pure"]))
    return st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                          max_size=3), max_leaves=6)


@settings(max_examples=160, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(NAMES), st.data(), _junk(), st.integers(0, 5))
def test_fuzzed_documents_never_crash(name, data, value, index):
    start, actions, _ = legal_game(name, seed=index, steps=8)
    key = data.draw(st.sampled_from(sorted(start)))
    target = start[key]
    if isinstance(target, list) and target and index % 2:
        target[index % len(target)] = value
    else:
        start[key] = value
    try:
        report = run({"state": start, "actions": actions})
    except BadInput:
        return
    assert set(report) == {"ok", "applied", "error", "state"}
    GAMES[name].from_json(report["state"])


@settings(max_examples=160, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(NAMES), st.lists(st.fixed_dictionaries(
    {"player": st.integers(0, 2), "type": st.sampled_from(TYPES)},
    optional={"card": st.sampled_from(CARDS), "finish": st.sampled_from(CARDS),
              "groups": st.lists(st.lists(st.sampled_from(CARDS), max_size=4), max_size=4)}), max_size=12))
def test_fuzzed_action_lists_never_crash(name, actions):
    start, _, _ = legal_game(name, seed=1, players=3, steps=0)
    try:
        report = run({"state": start, "actions": actions})
    except BadInput:
        return
    assert report["applied"] <= len(actions)
    if report["error"] is not None:
        assert names_its_rule(report["error"])
    GAMES[name].from_json(report["state"])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(2))
def test_cli_junk_never_crashes(name, seed):
    """Truncated and byte-flipped documents: exit 0, 1 or 2 with a clean message, never a traceback."""
    rng = random.Random(seed)
    start, actions, _ = legal_game(name, seed=seed, steps=6)
    data = bytearray(json.dumps({"state": start, "actions": actions}).encode())
    if seed % 2:
        data = data[:rng.randrange(len(data))]
    else:
        for _ in range(5):
            data[rng.randrange(len(data))] = rng.randrange(32, 127)
    proc = cli(stdin=bytes(data))
    assert proc.returncode in (0, 1, 2) and b"Traceback" not in proc.stderr, proc.stderr[-500:]
    if proc.returncode == 2:
        assert proc.stderr.strip() and proc.stdout == b""
