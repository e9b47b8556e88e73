"""Recording in the app (docs/replays.md): a Vazhushal :class:`VazhushalMatch` records every hand it plays;
when the hand ends the app takes the replay and the store writes it under the data folder.
Driven without pygame: the match and the store are the whole of it (:func:`finish` does what
``App.autosave`` does)."""

from __future__ import annotations

import json
import logging

import pytest

from game.core.storage import load_json
from game.replay import KEEP, Recorder, replay_files, states, validate
from game.ui import persist
from game.ui.match import HUMAN, SeatSetup
from game.ui.persist import Store
from game.ui.vazhushal.match import VazhushalMatch
from game.ui.vazhushal.tutorial import tutorial_match
from game.vazhushal import OVER, Action, RuleSet, parse_kind, to_json
from game.vazhushal.simulate import plain_action
from tests.helpers import make_state


@pytest.fixture
def store(tmp_path):
    """A data folder claimed by this process, as the app claims it."""
    store = Store(tmp_path / "data")
    assert store.claim()
    yield store
    store.release()


@pytest.fixture
def held(store):
    return store.folder / persist.REPLAYS_DIR


def finish(match: VazhushalMatch, store: Store) -> None:
    """What the app does after every move: write the replay of a hand that just ended."""
    doc = match.take_replay()
    if doc is not None:
        store.write_replay(doc)


def new_match(seed: int = 4, players: int = 2) -> VazhushalMatch:
    setups = [SeatSetup("You", HUMAN)] + [SeatSetup(f"Bot {i}", "Medium") for i in range(1, players)]
    return VazhushalMatch.new(setups, RuleSet(players=players), seed)


def play_out(match: VazhushalMatch, store: Store | None = None, limit: int = 3000) -> int:
    """Play the hand to its end with the engine-only player (the replay then written to
    ``store``); returns the actions played."""
    n = 0
    while match.state.phase != OVER:
        match.play(plain_action(match.state))
        n += 1
        assert n < limit
    if store is not None:
        finish(match, store)
    return n


def test_a_played_hand_writes_a_replay_that_validates(store, held):
    match = new_match()
    played = play_out(match, store)
    path = held / f"{match.match_id}-h000.json"
    doc = load_json(path)
    assert validate(doc) == {"ok": True, "actions": played, "result": to_json(match.state)["result"]}
    assert doc["game"] == "vazhushal" and (doc["match_id"], doc["hand_no"], doc["seed"]) == (match.match_id, 0, 4)
    assert [s["kind"] for s in doc["initial"]["seats"]] == ["human", "bot:heuristic"]
    assert to_json(states(doc)[-1]) == to_json(match.state)
    assert match.recording is None
    match.next_hand()
    play_out(match, store)
    assert [p.name for p in replay_files(held)] == [path.name, f"{match.match_id}-h001.json"]
    assert validate(load_json(held / f"{match.match_id}-h001.json"))["ok"]


def test_an_undone_meld_leaves_the_record(store, held):
    state = make_state(players=2, hands=["5H 6H 7H 9C 9D 9S 2C 4D KS QH JD 8C 3S", 13], turn=0, phase="draw")
    recorder = Recorder()
    recorder.start(state, "vazhushal", match_id="undo-test", hand_no=0)
    match = VazhushalMatch(state, [HUMAN, HUMAN], seed=1, hand_start=state, match_id="undo-test", recording=recorder)
    match.play(Action.draw_stock(0))
    match.play(Action.meld_(0, [[parse_kind(t) for t in "5H 6H 7H".split()]]))
    match.play(Action.meld_(0, [[parse_kind(t) for t in "9C 9D 9S".split()]]))
    assert len(match.recording) == 3
    assert match.undo()
    assert len(match.recording) == 2
    assert [e["action"]["type"] for e in match.recording.to_json()["actions"]] == ["draw_stock", "meld"]
    play_out(match, store)
    doc = load_json(held / f"{match.match_id}-h000.json")
    assert validate(doc)["ok"]
    assert to_json(states(doc)[-1]) == to_json(match.state)


def test_a_restarted_hand_starts_a_new_record(store, held):
    match = new_match(seed=8)
    for _ in range(5):
        match.play(plain_action(match.state))
    assert len(match.recording) == 5
    assert match.restart_hand()
    assert len(match.recording) == 0 and match.recording.to_json()["initial"] == to_json(match.hand_start)
    played = play_out(match, store)
    assert validate(load_json(held / f"{match.match_id}-h000.json"))["actions"] == played


def test_the_tutorial_is_not_recorded(store, held):
    match = tutorial_match()
    assert match.recording is None
    while match.state.phase != OVER:
        match.play(plain_action(match.state))
    finish(match, store)
    assert not held.exists() or replay_files(held) == []


def test_a_read_only_window_writes_no_replay(store, held):
    second = Store(store.folder)
    assert not second.claim()
    match = new_match()
    play_out(match, second)
    assert not held.exists()
    second.release()


def test_only_the_newest_replays_are_kept(store, held):
    held.mkdir(parents=True)
    for i in range(KEEP + 5):  # older matches: their ids sort before any id made now
        (held / f"20000101-000000-{i:06x}-h000.json").write_text("{}")
    (held / "readme.txt").write_text("not a replay")
    match = new_match()
    play_out(match, store)
    files = replay_files(held)
    assert len(files) == KEEP
    assert files[-1].name == f"{match.match_id}-h000.json"
    gone = [i for i in range(KEEP + 5) if not (held / f"20000101-000000-{i:06x}-h000.json").exists()]
    assert gone == [0, 1, 2, 3, 4, 5]  # the six oldest whole files
    assert (held / "readme.txt").exists()


class Warnings(logging.Handler):
    """The warnings of one logger, whatever other tests did to logging's configuration."""

    def __init__(self, name: str) -> None:
        super().__init__(logging.WARNING)
        self.logger = logging.getLogger(name)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())

    def __enter__(self) -> Warnings:
        self.level, self.disabled = self.logger.level, self.logger.disabled
        self.logger.setLevel(logging.WARNING)
        self.logger.disabled = False
        self.logger.addHandler(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.logger.removeHandler(self)
        self.logger.setLevel(self.level)
        self.logger.disabled = self.disabled


def test_a_failed_write_does_not_stop_the_game(store, held):
    held.parent.mkdir(parents=True, exist_ok=True)
    held.write_text("a file where the replays folder should be")
    match = new_match()
    play_out(match)
    with Warnings("game.ui.persist") as seen:
        assert store.write_replay(match.take_replay()) is None
    assert match.state.phase == OVER and len(match.sheet) == 1
    assert any("could not write the replay" in line for line in seen.lines)
    match.next_hand()
    assert match.recording is not None


def test_a_read_only_folder_does_not_stop_the_game(store, held, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("game.replay.files.save_json", refuse)
    match = new_match()
    play_out(match)
    with Warnings("game.ui.persist") as seen:
        assert store.write_replay(match.take_replay()) is None
    assert match.over and any("could not write the replay" in line for line in seen.lines)


# --- saved matches ---------------------------------------------------------------------------------

def save_and_load(match: VazhushalMatch) -> VazhushalMatch:
    return VazhushalMatch.from_json(json.loads(json.dumps(match.to_json())))


def test_a_resumed_match_records_the_whole_hand(store, held):
    match = new_match(seed=11)
    before = 0
    while before < 9 or match.state.phase != "draw":
        match.play(plain_action(match.state))
        before += 1
    again = save_and_load(match)
    assert again.match_id == match.match_id and len(again.recording) == before
    after = play_out(again, store)
    doc = load_json(held / f"{match.match_id}-h000.json")
    assert validate(doc)["actions"] == before + after


def test_an_old_save_still_loads_and_records_from_the_next_hand(store, held):
    match = new_match(seed=12)
    for _ in range(4):
        match.play(plain_action(match.state))
    doc = json.loads(json.dumps(match.to_json()))
    del doc["match_id"], doc["replay"]
    old = VazhushalMatch.from_json(doc)
    assert old.recording is None and old.match_id
    play_out(old, store)
    assert replay_files(held) == []  # the start of this hand was never recorded
    old.next_hand()
    play_out(old, store)
    assert [p.name for p in replay_files(held)] == [f"{old.match_id}-h001.json"]


@pytest.mark.parametrize("damage", ["drop_action", "other_hand", "junk", "bad_id"])
def test_a_saved_record_that_does_not_lead_to_the_state_is_dropped(held, damage):
    match = new_match(seed=13)
    for _ in range(6):
        match.play(plain_action(match.state))
    doc = json.loads(json.dumps(match.to_json()))
    if damage == "drop_action":
        doc["replay"]["actions"].pop()
    elif damage == "other_hand":
        doc["replay"]["hand_no"] = 3
    elif damage == "junk":
        doc["replay"] = [1, 2, 3]
    else:
        doc["match_id"] = "no/slashes"
    again = VazhushalMatch.from_json(doc)
    assert again.state.phase == match.state.phase
    if damage == "bad_id":
        assert again.match_id != "no/slashes" and again.recording is None
    else:
        assert again.recording is None
