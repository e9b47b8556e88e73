"""Hand replays (docs/replays.md): the document a recorded hand makes, playing it again, and every
kind of tampering caught with the rule or the structural problem named; the referee's
``--replay``."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from datetime import UTC, datetime

import pytest

from game import referee
from game.games import GAMES
from game.replay import (
    FORMAT,
    MalformedReplay,
    Recorder,
    ReplayError,
    file_name,
    prune,
    replay,
    replay_files,
    save_replay,
    state_sha256,
    states,
    validate,
)
from tools.replay_bench import TABLES, play_recorded

TOKENS = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "SHDC"]
# a table of three with its default preset, for every registered game
HANDS = {t.game: t for t in TABLES if t.players == 3 and t.preset == GAMES[t.game].default_preset}

RULE_ID = re.compile(r"[A-Z][0-9]+(\.[0-9]+[a-z]?)*\Z")  # a rule id of any game


def fixed_clock() -> datetime:
    return datetime(2026, 1, 31, 18, 5, tzinfo=UTC)


def recorded(game: str, seed: int = 5) -> dict:
    """A finished hand of ``game`` recorded and sent through a JSON text, as a file would be."""
    rec = Recorder(fixed_clock)
    end = play_recorded(HANDS[game], seed, 0.0, rec)
    return json.loads(json.dumps(rec.finish(end)))


@pytest.fixture(scope="module", params=sorted(HANDS))
def hand(request) -> dict:
    return recorded(request.param)


def refused(doc: object) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        validate(doc)
    return info.value


def malformed(doc: object, code: str) -> MalformedReplay:
    err = refused(doc)
    assert isinstance(err, MalformedReplay), err
    assert err.code == code, err
    assert err.rule is None
    return err


# --- a recorded hand -------------------------------------------------------------------------------

def test_a_recorded_hand_validates(hand):
    summary = validate(hand)
    assert summary == {"ok": True, "actions": len(hand["actions"]), "result": hand["result"]}
    assert hand["result"] is not None and summary["actions"] > 0


def test_the_document_holds_the_deal_the_actions_and_the_end(hand):
    assert list(hand) == ["format", "version", "game", "match_id", "hand_no", "recorded", "seed", "initial",
                          "actions", "result", "final_sha256"]
    assert (hand["format"], hand["version"], hand["recorded"]) == (FORMAT, 1, "2026-01-31T18:05:00Z")
    game = GAMES[hand["game"]]
    assert hand["initial"]["format"] == game.format and hand["initial"]["result"] is None
    assert all(set(e) == {"seat", "action"} and e["seat"] == e["action"]["player"] for e in hand["actions"])
    end = game.to_json(states(hand)[-1])
    assert end["result"] == hand["result"] and state_sha256(end) == hand["final_sha256"]


def test_replay_steps_through_every_action(hand):
    game = GAMES[hand["game"]]
    steps = list(replay(hand))
    assert [s.index for s in steps] == list(range(len(hand["actions"])))
    assert [s.action for s in steps] == [e["action"] for e in hand["actions"]]
    every = states(hand)
    assert len(every) == len(steps) + 1
    assert game.to_json(every[0]) == hand["initial"]
    assert game.to_json(every[-1]) == game.to_json(steps[-1].state)


def test_the_seed_deals_the_first_hand_again(hand):
    """The recorded seed is the deal's: with the preset, the referee's --new deals the same hand."""
    table = HANDS[hand["game"]]
    again = referee.new_document(table.game, table.players, hand["seed"], table.preset)
    for key in ("hands", "stock", "dealer", "turn"):
        assert again[key] == hand["initial"][key]


# --- tampering: the rules broken ----------------------------------------------------------------

def tampered(hand: dict) -> dict:
    return copy.deepcopy(hand)


def discard_index(hand: dict) -> int:
    return next(i for i, e in enumerate(hand["actions"]) if e["action"]["type"] == "discard")


def test_a_changed_card_is_refused_with_its_rule(hand):
    doc = tampered(hand)
    i = discard_index(doc)
    seat = doc["actions"][i]["seat"]
    held = GAMES[doc["game"]].to_json(states(hand)[i])["hands"][seat]
    doc["actions"][i]["action"]["card"] = next(t for t in TOKENS if t not in held)
    err = refused(doc)
    assert not isinstance(err, MalformedReplay)
    assert err.index == i and err.rule and err.rule[0].isupper() and err.code
    assert err.message.startswith(err.rule)


def test_a_reordered_action_is_refused(hand):
    doc = tampered(hand)
    i = discard_index(doc)
    acts = doc["actions"]
    acts[i - 1], acts[i] = acts[i], acts[i - 1]  # the discard before the draw (or meld) of its turn
    err = refused(doc)
    assert err.index == i - 1 and err.rule is not None


def test_an_action_by_the_wrong_seat_is_refused(hand):
    doc = tampered(hand)
    players = len(doc["initial"]["seats"])
    first = doc["actions"][0]
    other = (first["seat"] + 1) % players
    first["seat"] = first["action"]["player"] = other
    err = refused(doc)
    assert (err.code, err.index) == ("not_your_turn", 0)
    assert RULE_ID.match(err.rule or ""), err  # the game's own rule of turns (V5, I5, T5, M2.3 at the deal...)


def test_a_seat_that_contradicts_its_action_is_malformed(hand):
    doc = tampered(hand)
    doc["actions"][0]["seat"] = (doc["actions"][0]["seat"] + 1) % len(doc["initial"]["seats"])
    assert malformed(doc, "seat_mismatch").index == 0


def test_a_removed_action_is_refused(hand):
    doc = tampered(hand)
    del doc["actions"][0]  # the first draw: the next action comes too early
    err = refused(doc)
    assert err.index == 0 and err.rule is not None


def test_a_removed_last_action_leaves_the_hand_unfinished(hand):
    doc = tampered(hand)
    doc["actions"].pop()
    err = refused(doc)
    assert err.code == "unfinished" and "before the hand is over" in err.message


def test_a_changed_result_is_refused(hand):
    doc = tampered(hand)
    doc["result"]["winner"] = None if doc["result"]["winner"] is not None else 0
    err = refused(doc)
    assert err.code == "result_mismatch" and "different result than recorded" in err.message


def test_a_changed_final_state_is_refused(hand):
    doc = tampered(hand)
    doc["final_sha256"] = "0" * 64
    err = refused(doc)
    assert err.code == "final_mismatch"
    assert err.message == "the replay ends at a different state than recorded"


def test_a_changed_deal_is_caught(hand):
    """Two cards swapped between hands at the deal: an action becomes illegal or the end differs."""
    doc = tampered(hand)
    hands = doc["initial"]["hands"]
    a, b = next((x, y) for x in hands[0] for y in hands[1] if x != y)
    hands[0][hands[0].index(a)], hands[1][hands[1].index(b)] = b, a
    assert not isinstance(refused(doc), MalformedReplay)


# --- tampering: the document itself --------------------------------------------------------------

@pytest.mark.parametrize("version", [2, 0, "1", 1.0, True, None])
def test_another_version_is_refused(hand, version):
    doc = tampered(hand)
    doc["version"] = version
    assert "version" in malformed(doc, "bad_version").message


@pytest.mark.parametrize("doc", [None, [], "replay", 3, {}, {"format": "vazhushal-state"}])
def test_not_a_replay(doc):
    malformed(doc, "not_a_replay")


@pytest.mark.parametrize("key, value, code", [
    ("game", "chess", "bad_value"),
    ("game", 1, "bad_value"),
    ("match_id", "../../etc", "bad_value"),
    ("match_id", "", "bad_value"),
    ("match_id", 12, "bad_value"),
    ("hand_no", "3", "bad_value"),
    ("hand_no", -1, "bad_value"),
    ("hand_no", True, "bad_value"),
    ("recorded", "yesterday", "bad_value"),
    ("recorded", "2026-01-31T18:05:00+05:30", "bad_value"),
    ("recorded", None, "bad_value"),
    ("seed", 1.5, "bad_value"),
    ("seed", "7", "bad_value"),
    ("initial", "a deal", "bad_state"),
    ("initial", {}, "bad_state"),
    ("actions", {}, "bad_value"),
    ("actions", [1], "bad_action"),
    ("actions", [{"seat": 0}], "bad_action"),
    ("actions", [{"seat": "0", "action": {"player": 0, "type": "draw_stock"}}], "bad_action"),
    ("result", "won", "bad_value"),
    ("result", None, "bad_value"),
    ("final_sha256", "abc", "bad_value"),
    ("final_sha256", "A" * 64, "bad_value"),
])
def test_junk_values_are_refused(hand, key, value, code):
    doc = tampered(hand)
    doc[key] = value
    err = malformed(doc, code)
    assert key in str(err) or code == "bad_action"


def test_unknown_and_missing_keys_are_refused(hand):
    doc = tampered(hand)
    doc["comment"] = "hi"
    assert "'comment'" in malformed(doc, "unknown_key").message
    doc = tampered(hand)
    del doc["result"]
    assert "'result'" in malformed(doc, "missing_key").message


def test_a_bad_card_token_in_the_deal_or_an_action_is_malformed(hand):
    doc = tampered(hand)
    doc["initial"]["hands"][0][0] = "XX"
    assert malformed(doc, "bad_state").message.startswith("key 'initial'")
    doc = tampered(hand)
    i = discard_index(doc)
    doc["actions"][i]["action"]["card"] = "11Z"
    assert malformed(doc, "bad_action").index == i


def test_the_initial_state_must_be_of_the_named_game(hand):
    doc = tampered(hand)
    doc["game"] = "indian13" if doc["game"] == "vazhushal" else "vazhushal"
    assert "initial" in malformed(doc, "bad_state").message


def test_an_initial_state_already_over_is_refused(hand):
    doc = tampered(hand)
    doc["initial"] = GAMES[doc["game"]].to_json(states(hand)[-1])
    assert "already over" in malformed(doc, "bad_state").message


# --- the recorder ----------------------------------------------------------------------------------

def test_the_recorder_takes_back_undone_actions_and_stops_at_finish():
    game = GAMES["vazhushal"]
    deal = game.new_document("Standard", 2, None, 3)
    rec = Recorder(fixed_clock)
    rec.start(deal, "vazhushal", match_id="m1", hand_no=4, seed=3)
    assert rec.recording and (rec.match_id, rec.hand_no) == ("m1", 4)
    state = game.from_json(deal)
    first = {"player": state.turn, "type": "draw_stock"}
    rec.add(state.turn, first)
    rec.add(state.turn, {"player": state.turn, "type": "discard", "card": "AS"})
    rec.undo()
    assert len(rec) == 1 and rec.to_json()["actions"] == [{"seat": state.turn, "action": first}]
    with pytest.raises(ValueError, match="not over"):
        rec.finish(deal)
    again = Recorder.from_json(json.loads(json.dumps(rec.to_json())))
    assert game.to_json(again.current_state()) == game.to_json(game.apply(state, first))


def test_the_recorder_refuses_what_it_cannot_record():
    rec = Recorder()
    with pytest.raises(ValueError):
        rec.add(0, {"player": 0, "type": "draw_stock"})
    deal = GAMES["indian13"].new_document("Standard points", 2, None, 1)
    for game, match_id in (("chess", "m"), ("indian13", "a/b"), ("indian13", "")):
        with pytest.raises(ValueError):
            rec.start(deal, game, match_id=match_id, hand_no=0)
    with pytest.raises(ReplayError):
        Recorder.from_json({"game": "indian13"})
    assert rec.to_json() is None and not rec.recording


def test_finish_takes_a_state_or_its_document():
    rec = Recorder(fixed_clock)
    end = play_recorded(HANDS["indian13"], 9, 0.0, rec)
    from_state = rec.finish(end)
    assert not rec.recording
    validate(from_state)
    rec2 = Recorder(fixed_clock)
    play_recorded(HANDS["indian13"], 9, 0.0, rec2)
    assert rec2.finish(GAMES["indian13"].to_json(end)) == from_state


# --- files ---------------------------------------------------------------------------------------

def test_files_are_named_by_match_and_hand_and_pruned_oldest_first(tmp_path, hand):
    assert file_name({"match_id": "20260131-180500-abcdef", "hand_no": 7}) == "20260131-180500-abcdef-h007.json"
    with pytest.raises(ValueError):
        file_name({"match_id": "../x", "hand_no": 0})
    for match in ("20260101-000000-aaaaaa", "20260102-000000-bbbbbb"):
        for n in (0, 1, 2):
            (tmp_path / f"{match}-h{n:03}.json").write_text("{}")
    (tmp_path / "notes.json").write_text("{}")
    doc = dict(hand, match_id="20260103-000000-cccccc", hand_no=0)
    path = save_replay(tmp_path, doc, keep=4)
    assert [p.name for p in replay_files(tmp_path)] == [
        "20260102-000000-bbbbbb-h000.json", "20260102-000000-bbbbbb-h001.json", "20260102-000000-bbbbbb-h002.json",
        path.name]
    assert (tmp_path / "notes.json").exists()
    assert json.loads(path.read_text(encoding="utf-8")) == doc
    assert prune(tmp_path, keep=10) == []


def test_hand_numbers_past_999_still_sort_in_order(tmp_path):
    for n in (999, 1000, 2):
        (tmp_path / f"m-h{n:03}.json").write_text("{}")
    assert [p.name for p in replay_files(tmp_path)] == ["m-h002.json", "m-h999.json", "m-h1000.json"]


# --- the referee -----------------------------------------------------------------------------------

def run_referee(capsys, *argv: str) -> tuple[int, str, str]:
    code = referee.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_referee_replay_ok(tmp_path, capsys, hand):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    code, out, err = run_referee(capsys, "--replay", str(path))
    assert code == 0 and err == "" and out.count("\n") == 1
    assert json.loads(out) == {"ok": True, "actions": len(hand["actions"]), "result": hand["result"]}


def test_referee_replay_illegal_action(tmp_path, capsys, hand):
    doc = tampered(hand)
    players = len(doc["initial"]["seats"])
    doc["actions"][0]["seat"] = doc["actions"][0]["action"]["player"] = (doc["actions"][0]["seat"] + 1) % players
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run_referee(capsys, "--replay", str(path))
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    assert report["error"]["code"] == "not_your_turn" and report["error"]["index"] == 0
    assert RULE_ID.match(report["error"]["rule"]) and report["error"]["message"].startswith(report["error"]["rule"])


def test_referee_replay_changed_end(tmp_path, capsys, hand):
    doc = tampered(hand)
    doc["final_sha256"] = "f" * 64
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run_referee(capsys, "--replay", str(path))
    assert code == 1
    assert json.loads(out)["error"] == {"rule": None, "code": "final_mismatch", "index": None,
                                        "message": "the replay ends at a different state than recorded"}


@pytest.mark.parametrize("content", [b"not json", b"\xff\xfe", b"[1, 2",
                                     b'{"format": "vazhushal-replay", "version": 9}'])
def test_referee_replay_bad_input_exits_2(tmp_path, capsys, content):
    path = tmp_path / "hand.json"
    path.write_bytes(content)
    code, out, err = run_referee(capsys, "--replay", str(path))
    assert code == 2 and out == "" and err.startswith("referee: ") and "Traceback" not in err


def test_referee_replay_missing_file_exits_2(tmp_path, capsys):
    code, out, err = run_referee(capsys, "--replay", str(tmp_path / "nothing.json"))
    assert code == 2 and out == "" and "cannot read" in err


def test_referee_replay_command_line(tmp_path, hand):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game.referee", "--replay", str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ok"] is True
