"""The state document (CONTRACT.md): JSON out, validated JSON in."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.vazhushal import PRESETS, Action, StateError, apply, from_json, new_hand, preset, to_json
from game.vazhushal.serialize import KEYS
from tests.helpers import Ks, make_doc, make_state, table


def fresh_doc(players=2, seed=0, name="Standard"):
    return to_json(new_hand(preset(name, players), random.Random(seed)))


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_round_trip_fresh_deals(name, players):
    doc = fresh_doc(players, 3, name)
    assert to_json(from_json(doc)) == doc
    assert json.loads(json.dumps(doc)) == doc
    assert list(doc) == list(KEYS)


def test_stock_is_written_top_first_indicator_last():
    state = new_hand(preset("Standard"), random.Random(0))
    doc = to_json(state)
    assert doc["stock"][-1] == doc["indicator"]
    # the next card drawn is the first in the JSON list
    after = apply(from_json(doc), Action.draw_stock(state.turn))
    drawn = [c for c in to_json(after)["hands"][state.turn]]
    assert drawn[-1] == doc["stock"][0]


def test_card_tokens_are_canonical_on_output():
    doc = make_doc(hands=["th as qd"], line="jk 9c")
    doc["hands"][0] = ["th", "a♠", "q♦"]
    doc["line"] = ["jk", "9c"]
    out = to_json(from_json(doc))
    assert out["hands"][0] == ["10H", "AS", "QD"] and out["line"] == ["JK", "9C"]


def test_written_meld_reading_is_honoured():
    """Engine decision 2: JK-JK-7H is 5-6-7, 7H-JK-JK is 7-8-9."""
    state = make_state(melds=[["AS 2S 3S", "JK JK 7H"]])
    m = state.melds[0][1]
    assert (m.low, m.high, m.value) == (5, 7, 18)
    assert to_json(state)["melds"][0][1] == {"kind": "sequence", "cards": ["JK", "JK", "7H"]}
    state = make_state(melds=[["AS 2S 3S", "7H JK JK"]])
    assert (state.melds[0][1].low, state.melds[0][1].high) == (7, 9)
    state = make_state(melds=[["AS 2S 3S", {"kind": "set", "cards": ["JK", "7H", "JK"]}]])
    assert state.melds[0][1].kind == "set" and table(state, 0)[1] == ["JK", "7H", "JK"]


# --- rejected documents ---------------------------------------------------------------------------

def good():
    return make_doc(players=3, hands=["5S 6S 2C", "3D", "KH"], melds=[["AD 2D 3D"]], line="9C 8C",
                    phase="play", history=[{"player": 0, "type": "draw_stock"}])


def test_good_document_loads():
    doc = good()
    assert to_json(from_json(doc)) == doc


def mutate(path, value=None, delete=False):
    doc = good()
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


BAD = {
    "not an object": ([], None),
    "unknown key": (["extra"], 1),
    "format": (["format"], "something"),
    "version": (["version"], 2),
    "version bool": (["version"], True),
    "rules not object": (["rules"], 3),
    "rules unknown key": (["rules", "speed"], 1),
    "rules bad players": (["rules", "players"], 9),
    "rules bad first_wild": (["rules", "first_wild"], "maybe"),
    "rules players string": (["rules", "players"], "3"),
    "seats count": (["seats"], [{"name": "a", "kind": "human"}]),
    "seat kind": (["seats", 0], {"name": "a", "kind": "robot"}),
    "seat extra key": (["seats", 0], {"name": "a", "kind": "human", "x": 1}),
    "seat empty name": (["seats", 0], {"name": " ", "kind": "human"}),
    "dealer range": (["dealer"], 3),
    "dealer bool": (["dealer"], True),
    "turn range": (["turn"], -1),
    "phase": (["phase"], "lunch"),
    "wins length": (["wins"], [0, 0]),
    "wins negative": (["wins"], [0, -1, 0]),
    "line_first_dealt type": (["line_first_dealt"], "yes"),
    "indicator token": (["indicator"], "5X"),
    "indicator missing": (["indicator"], None),
    "indicator not last": (["indicator"], "9D"),
    "stock token": (["stock", 0], "11S"),
    "stock not list": (["stock"], "AS"),
    "line token": (["line", 0], 7),
    "hand token": (["hands", 0, 0], "ZZ"),
    "hands count": (["hands"], [[], []]),
    "meld token": (["melds", 0, 0, "cards", 0], "1D"),
    "meld kind": (["melds", 0, 0, "kind"], "run"),
    "meld wrong kind": (["melds", 0, 0, "kind"], "set"),
    "meld extra key": (["melds", 0, 0, "owner"], 0),
    "meld not pure": (["melds", 0, 0], {"kind": "sequence", "cards": ["AD", "JK", "3D"]}),
    "result before over": (["result"], {"winner": 0, "reason": "went_out", "scores": None}),
    "history bad action": (["history", 0], {"player": 0, "type": "fly"}),
    "history bad player": (["history", 0], {"player": 5, "type": "draw_stock"}),
    "history unknown key": (["history", 0], {"player": 0, "type": "draw_stock", "card": "AS"}),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_documents_raise_state_error(name):
    path, value = BAD[name]
    doc = [] if not path else mutate(path, value)
    with pytest.raises(StateError) as info:
        from_json(doc)
    assert str(info.value)


@pytest.mark.parametrize("key", KEYS)
def test_missing_key(key):
    doc = mutate([key], delete=True)
    with pytest.raises(StateError, match=key):
        from_json(doc)


def _too_many_5s() -> dict:
    doc = good()
    doc["hands"][0] += ["5S", "5S"]  # three 5S in a two-deck game
    return doc


def _too_many_5s_one_deck() -> dict:
    doc = make_doc(hands=["5S 6S"])
    doc["hands"][1] = ["5S"]
    return doc


def _one_missing() -> dict:
    doc = good()
    doc["stock"].pop(0)
    return doc


def _extra_joker() -> dict:
    doc = make_doc(hands=["JK JK"])
    doc["hands"][1] = ["JK"]
    return doc


@pytest.mark.parametrize("bad, words", [(_too_many_5s, "too many 5S"), (_too_many_5s_one_deck, "5S"),
                                        (_one_missing, "missing"), (_extra_joker, "JK")],
                         ids=["too_many", "too_many_one_deck", "missing", "extra_joker"])
def test_card_counts(bad, words):
    """Every physical card exactly once: a card too many, one missing, a joker too many."""
    with pytest.raises(StateError, match=words):
        from_json(bad())


def test_identical_melds_in_a_file():
    doc = make_doc(players=4, melds=[["AD 2D 3D", "7S 8S 9S", "7S 8S 9S"]])
    with pytest.raises(StateError, match="identical"):
        from_json(doc)


def test_line_first_dealt_needs_a_line():
    doc = good()
    doc["line"], doc["stock"] = [], doc["line"] + doc["stock"]
    doc["line_first_dealt"] = True
    with pytest.raises(StateError, match="line_first_dealt"):
        from_json(doc)


def test_indicator_with_negative_joker_off():
    doc = make_doc(indicator=None)
    doc["indicator"] = "4C"
    with pytest.raises(StateError, match="indicator"):
        from_json(doc)


def test_over_needs_a_result():
    doc = mutate(["phase"], "over")
    doc["history"] = []  # a hand is never over after a draw, its last action in good()
    with pytest.raises(StateError, match="result"):
        from_json(doc)
    doc["result"] = {"winner": 7, "reason": "went_out", "scores": None}
    with pytest.raises(StateError):
        from_json(doc)
    doc["result"] = {"winner": 0, "reason": "bored", "scores": None}
    with pytest.raises(StateError):
        from_json(doc)
    doc["result"] = {"winner": None, "reason": "stock_out", "scores": [1, 2]}
    with pytest.raises(StateError):
        from_json(doc)
    doc["result"] = {"winner": None, "reason": "stock_out", "scores": [1, 2, 3]}
    assert from_json(doc).result.scores == (1, 2, 3)


# --- any mutation: a StateError or a loaded state, never another exception -----------------------

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.sampled_from(["AS", "JK", "10H", "zz", "", "human", "over"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["kind", "cards", "name", "x"]), children, max_size=3),
    max_leaves=8,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


BASE = good()
ALL_PATHS = [p for p in _paths(BASE) if p]


@given(st.sampled_from(ALL_PATHS), JSONISH, st.booleans())
def test_mutated_documents_load_or_raise_state_error(path, value, delete):
    doc = copy.deepcopy(BASE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    elif delete and isinstance(target, list):
        target.pop(path[-1])
    else:
        target[path[-1]] = value
    try:
        state = from_json(doc)
    except StateError:
        return
    again = to_json(state)
    assert to_json(from_json(again)) == again


def test_round_trip_keeps_the_reading_of_a_meld_of_wild_cards_only():
    """A reachable table: the seat lays 8H-8D-JK (indicator 8S: all three wild) while hearts 8-10,
    diamonds 8-10 and hearts 7-9 are already on its table, so the engine reads it as diamonds 7-9
    (V4.5, engine decision 1) and writes it ["8H", "8D", "JK"].  That written list also fits hearts
    8-10 (8H as itself), so the saved game must still load with the diamonds 7-9 reading."""
    state = make_state(players=4, hands=["8H 8D JK 5C"], indicator="8S", phase="play",
                       melds=[["2S 3S 4S", "JK 9H 10H", "JK 9D 10D", "7H JK 9H"]])
    after = apply(state, Action.meld_(0, [Ks("8H 8D JK")]))
    m = after.melds[0][-1]
    assert (m.kind, m.suit, m.low, m.high) == ("sequence", 2, 7, 9)
    doc = to_json(after)
    loaded = from_json(doc)  # must not raise: the engine wrote this state itself
    again = loaded.melds[0][-1]
    assert (again.kind, again.suit, again.low, again.high, again.value) == ("sequence", 2, 7, 9, 24)


def test_round_trip_keeps_the_reading_after_the_blocking_meld_moved():
    """As above, then the seat extends its hearts 8-10 (JK-9H-10H) with the JH.  A seat's melds are
    always read as their written cards read best together (engine decision 1), so 8H-8D-JK, no
    longer blocked, becomes hearts 8-10 (value 27) at once; saved and loaded it stays so: the
    stock-out score (V9.3) and the identities (V4.5) of a reloaded game are those of the game that
    was saved."""
    from game.vazhushal.scoring import seat_score

    state = make_state(players=4, hands=["8H 8D JK JH 5C 6C"], indicator="8S", phase="play",
                       melds=[["2S 3S 4S", "JK 9H 10H", "JK 9D 10D", "7H JK 9H"]])
    s = apply(state, Action.meld_(0, [Ks("8H 8D JK")]))
    assert (s.melds[0][-1].suit, s.melds[0][-1].low) == (2, 7)
    s = apply(s, Action.arrange(0, [Ks("2S 3S 4S"), Ks("JK 9H 10H JH"), Ks("JK 9D 10D"), Ks("7H JK 9H"),
                                    Ks("8H 8D JK")]))
    m = s.melds[0][-1]
    assert (m.suit, m.low, m.high, m.value) == (1, 8, 10, 27)
    loaded = from_json(to_json(s))
    again = loaded.melds[0][-1]
    assert (again.suit, again.low, again.high, again.value) == (1, 8, 10, 27)
    assert [x.key for x in loaded.melds[0]] == [x.key for x in s.melds[0]]
    assert seat_score(loaded, 0) == seat_score(s, 0)
