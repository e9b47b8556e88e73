"""What a state document's history determines is checked when it is read (13- and 21-card Indian
Rummy, whose reader is :func:`game.core.documents.read_cut_joker_state`): a save that contradicts
its own history is bad input, never a state to play on.  Each test plays a real deal, writes the
document, changes one field against the history and expects the error naming that field."""

from __future__ import annotations

import copy

import pytest

from game.core.errors import IllegalAction, StateError
from game.games import GAMES
from game.referee import BadInput, run
from tests.indian13.helpers import make_state
from tests.inhand_helpers import discard, draw, take

CUT_JOKER_GAMES = ["indian13", "indian21"]


def drop(doc: dict) -> dict:
    return {"player": doc["turn"], "type": "drop"}


def played(name: str, *steps, seed: int = 2, players: int = 3) -> dict:
    """The document after ``steps`` (each: document -> action object) from a fresh deal."""
    game = GAMES[name]
    state = game.from_json(game.new_document(game.default_preset, players, {}, seed))
    for step in steps:
        state = game.apply(state, game.parse_action(step(game.to_json(state)), state))
    return game.to_json(state)


def refused(name: str, doc: dict, key: str) -> str:
    """``doc`` is bad input whose error names ``key``; the message."""
    with pytest.raises(StateError, match=f"key '{key}'") as caught:
        GAMES[name].from_json(doc)
    return str(caught.value)


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_the_played_documents_load(name):
    for steps in [(draw,), (draw, discard, take), (drop,), (draw, discard, draw, discard, drop)]:
        doc = played(name, *steps)
        assert GAMES[name].to_json(GAMES[name].from_json(copy.deepcopy(doc))) == doc


def test_a_21_card_save_whose_last_action_is_take_discard_with_taken_discard_null_is_refused():
    doc = played("indian21", draw, discard, take)
    assert doc["history"][-1]["type"] == "take_discard" and doc["taken_discard"] is not None
    doc["taken_discard"] = None
    assert "T4.3" in refused("indian21", doc, "taken_discard")
    with pytest.raises(BadInput, match="taken_discard"):
        run({"state": doc, "actions": []})


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_after_a_load_the_seat_never_discards_the_card_it_took_this_turn(name):
    game = GAMES[name]
    doc = played(name, draw, discard, take)
    taken = doc["taken_discard"]
    assert doc["hands"][doc["turn"]].count(taken) == 1  # the only copy: the ban holds (I5.5, T4.3)
    state = game.from_json(copy.deepcopy(doc))
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, game.parse_action({"player": doc["turn"], "type": "discard", "card": taken}, state))
    assert caught.value.code == "discard_taken_card"


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_taken_discard_is_null_after_a_draw_from_the_stock(name):
    doc = played(name, draw)
    doc["taken_discard"] = doc["hands"][doc["turn"]][0]
    assert "drew from the stock" in refused(name, doc, "taken_discard")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_taken_discard_is_the_card_the_history_last_discarded(name):
    doc = played(name, draw, discard, take)
    thrown = doc["history"][-2]["card"]
    doc["taken_discard"] = next(c for c in doc["hands"][doc["turn"]] if c != thrown)
    assert f"must be the {thrown}" in refused(name, doc, "taken_discard")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_the_seat_to_move_is_the_next_in_play_after_the_last_discard(name):
    doc = played(name, draw, discard)
    assert doc["turn"] == (doc["history"][-1]["player"] + 1) % 3
    doc["turn"] = (doc["turn"] + 1) % 3
    refused(name, doc, "turn")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_the_phase_is_discard_after_a_draw_in_the_history(name):
    doc = played(name, draw, discard)
    doc["history"].append({"player": doc["turn"], "type": "draw_stock"})  # the save says the seat drew, not its hand
    doc["has_drawn"][doc["turn"]] = True
    assert "must be 'discard'" in refused(name, doc, "phase")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_has_drawn_is_true_for_a_seat_the_history_shows_drawing(name):
    doc = played(name, draw, discard)
    doc["has_drawn"][doc["history"][-1]["player"]] = False
    refused(name, doc, "has_drawn")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_a_seat_the_history_shows_dropping_is_out(name):
    doc = played(name, drop)
    seat = doc["history"][-1]["player"]
    assert doc["out"][seat] == "first_drop"
    doc["out"][seat] = None
    assert "dropped" in refused(name, doc, "out")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_a_declaration_play_went_on_after_was_invalid(name):
    doc = played(name, draw, discard)
    doc["history"].insert(0, {"player": doc["turn"], "type": "declare", "finish": "AS", "groups": []})
    assert "invalid_declaration" in refused(name, doc, "out")


@pytest.mark.parametrize("name", CUT_JOKER_GAMES)
def test_the_top_of_the_discard_pile_is_the_last_discard(name):
    doc = played(name, draw, discard)
    thrown = doc["history"][-1]["card"]
    assert doc["discard"][-1] == thrown
    i = next(i for i, c in enumerate(doc["stock"]) if c != thrown)
    doc["discard"][-1], doc["stock"][i] = doc["stock"][i], doc["discard"][-1]  # the same cards, another on top
    refused(name, doc, "discard")


def test_the_finish_card_is_the_one_the_declaration_put_face_down():
    valid = [g.split() for g in "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD".split("|")]  # I14.1, wild 7
    game = GAMES["indian13"]
    state = make_state(2, hands=[[c for g in valid for c in g]], cut="7D", stock_top="2D")
    for action in (draw(game.to_json(state)), {"player": 0, "type": "declare", "finish": "2D", "groups": valid}):
        state = game.apply(state, game.parse_action(action, state))
    doc = game.to_json(state)
    assert doc["result"]["reason"] == "declared" and doc["finish"] == "2D"
    i = next(i for i, c in enumerate(doc["discard"]) if c != "2D")
    doc["finish"], doc["discard"][i] = doc["discard"][i], doc["finish"]  # the same cards, another face down
    assert "must be the 2D" in refused("indian13", doc, "finish")
