"""The referee's guarantees, tested for every game of the engine registry (a game registered later
gets them by being registered): a legal game plays through ``run()`` and the command line (exit 0)
to the state the engine reaches; the first illegal action stops it (exit 1) with the rule it broke;
junk (fuzzed documents, fuzzed action lists, truncated or byte-flipped input) never crashes: a clean
report or a clean refusal (exit 2, a message, no traceback); ``--new`` deals every preset at every
table size it allows, the same document for the same seed, and refuses bad options with a reason."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import RulesError
from game.games import GAMES
from game.referee import BadInput, run
from tests.family import cli

NAMES = list(GAMES)
RULE_ID = re.compile(r"[A-Z][0-9]+(\.[0-9]+[a-z]?)*\Z")
CARDS = ["AS", "JK", "7D", "10H", "2S", "3S", "KD", "2D"]
# every action type any game has, so each game also meets the types of the others
TYPES = ["drop", "draw_stock", "take_discard", "discard", "declare", "show", "expose", "see_maal", "draw", "meld",
         "wipe", "pass"]


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


# --- a new hand (``--new``) ------------------------------------------------------------------------

def _tables(name: str, preset: str) -> list[int]:
    """The table sizes ``preset`` allows."""
    game = GAMES[name]
    low, high = game.players
    sizes = []
    for players in range(low, high + 1):
        try:
            game.new_document(preset, players, None, 1)
        except RulesError:
            continue
        sizes.append(players)
    return sizes


@pytest.mark.parametrize("name", NAMES)
def test_cli_new_is_deterministic_and_valid_at_the_smallest_and_largest_table(name):
    game = GAMES[name]
    for players in game.players:
        args = ("--new", "--game", name, "--players", str(players), "--seed", "17")
        first, again = cli(*args), cli(*args)
        assert first.returncode == 0 and first.stdout == again.stdout, first.stderr
        doc = json.loads(first.stdout)
        assert doc["format"] == game.format and doc == game.new_document(game.default_preset, players, None, 17)
        assert game.to_json(game.from_json(doc)) == doc
        assert cli(*args[:-1], "18").stdout != first.stdout


@pytest.mark.parametrize("name, preset", [(name, preset) for name in NAMES for preset in GAMES[name].presets])
def test_cli_new_deals_every_preset(name, preset):
    game = GAMES[name]
    players = _tables(name, preset)[-1]
    proc = cli("--new", "--game", name, "--players", str(players), "--seed", "2", "--preset", preset)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == game.new_document(preset, players, None, 2)


def _bad_options(name: str) -> list[tuple[str, ...]]:
    low, high = GAMES[name].players
    return [("--players", str(high + 1)), ("--players", str(low - 1)), ("--preset", "Nope"),
            ("--rules", '{"speed": 3}'), ("--rules", "[1]"), ("--rules", "{nope"), ("--game", "chess")]


@pytest.mark.parametrize("name, args", [(name, args) for name in NAMES for args in _bad_options(name)])
def test_cli_new_bad_options_exit_2_with_a_reason(name, args):
    proc = cli("--new", "--game", name, "--seed", "1", *args)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and proc.stdout == b""
    reason = proc.stderr.strip().splitlines()[-1]  # "referee: ...", or the usage error of argparse
    assert reason.split(b":")[0].endswith(b"referee") and len(reason) > 20, proc.stderr


@pytest.mark.parametrize("name", NAMES)
def test_cli_output_state_round_trips(name):
    game = GAMES[name]
    start, actions, _ = legal_game(name, seed=5, players=game.players[1] - 1, steps=30)
    proc = cli(stdin=json.dumps({"state": start, "actions": actions}))
    doc = json.loads(proc.stdout)["state"]
    assert game.to_json(game.from_json(doc)) == doc


def _damaged(doc: dict, kind: str) -> object:
    """``doc`` damaged as ``kind`` says (a referee input the command line must refuse, exit 2)."""
    state = dict(doc)
    if kind == "unknown state key":
        state["colour"] = 1
    elif kind == "missing state key":
        del state["turn"]
    elif kind == "unknown rules key":
        state["rules"] = {**state["rules"], "speed": 3}
    elif kind == "bad card token":
        state["stock"] = ["5X"] + state["stock"][1:]
    elif kind == "a card missing":
        state["stock"] = state["stock"][1:]
    elif kind == "a card too many":
        state["stock"] = state["stock"] + state["stock"][:1] * 4
    elif kind == "bad action":
        return {"state": state, "actions": [{"player": 0, "type": "jump"}]}
    elif kind == "actions not a list":
        return {"state": state, "actions": {}}
    return {"state": state, "actions": []}


DAMAGE = ["unknown state key", "missing state key", "unknown rules key", "bad card token", "a card missing",
          "a card too many", "bad action", "actions not a list", "not json"]


@pytest.mark.parametrize("name, kind", [(name, kind) for name in NAMES for kind in DAMAGE])
def test_cli_bad_input_exit_2_with_a_reason(name, kind):
    game = GAMES[name]
    doc = game.new_document(game.default_preset, 2, None, 4)
    stdin = "{" if kind == "not json" else json.dumps(_damaged(doc, kind))
    proc = cli(stdin=stdin)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.startswith(b"referee:") and b"Traceback" not in proc.stderr and proc.stdout == b""


MALFORMED = [  # action objects no game reads
    {"player": 0, "type": "fly"}, {"player": 0, "type": "draw_stock", "card": "AS"}, {"player": 0, "type": "discard"},
    {"player": 0, "type": "discard", "card": "1S"}, {"player": 2, "type": "draw_stock"},
    {"player": -1, "type": "draw_stock"}, {"player": True, "type": "draw_stock"},
    {"player": 0.0, "type": "discard", "card": "AS"}, {"type": "draw_stock"}, {"player": 0}, "draw_stock", [], None,
    {"player": 2, "type": "drop"}, {"player": -1, "type": "drop"}, {"player": True, "type": "drop"},
    {"player": 0, "type": "declare", "finish": "AS"}, {"player": 0, "type": "declare", "finish": "AS", "groups": "AS"},
    {"player": 0, "type": "declare", "finish": "AS", "groups": ["AS"]}, {"player": 0, "type": "show", "groups": [[1]]},
    {"type": "drop"}, "drop",
]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
@pytest.mark.parametrize("name", NAMES)
def test_malformed_actions_are_bad_input(name, action):
    game = GAMES[name]
    with pytest.raises(BadInput):
        run({"state": game.new_document(game.default_preset, 2, None, 1), "actions": [action]})


@pytest.mark.parametrize("name", NAMES)
def test_a_document_is_routed_by_its_format(name):
    """An unknown format is refused by name; a document read as another game's is refused."""
    game = GAMES[name]
    doc = game.new_document(game.default_preset, 2, None, 1)
    with pytest.raises(BadInput, match="format"):
        run({"state": {**doc, "format": "gin-state"}, "actions": []})
    for other in NAMES:
        if other != name:
            with pytest.raises(BadInput):
                run({"state": {**doc, "format": GAMES[other].format}, "actions": []})
