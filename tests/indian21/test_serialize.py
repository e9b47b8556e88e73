"""The ``indian21-state`` document (CONTRACT.md): written in full, read back the same, and every
kind of bad document refused with one clear reason naming the key."""

from __future__ import annotations

import copy
import json
import random

import pytest

from game.core.errors import StateError
from game.indian21 import Action, RuleSet, from_json, new_deal, preset, to_json

from .helpers import K, act, groups, hand_of, make_doc, random_action

EX1 = "2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"
KEYS = ["format", "version", "rules", "seats", "dealer", "cut_joker", "stock", "discard", "hands", "finish", "out",
        "has_drawn", "taken_discard", "turn", "phase", "totals", "result", "history"]


def test_the_document_has_the_keys_of_indian13_state_and_lists_every_option():
    doc = to_json(new_deal(RuleSet(players=3), random.Random(1)))
    assert list(doc) == KEYS and doc["format"] == "indian21-state" and doc["version"] == 1
    assert doc["rules"] == RuleSet(players=3).to_json()
    assert len(doc["stock"]) + len(doc["discard"]) + sum(map(len, doc["hands"])) + 1 == 159


def test_a_finished_deal_has_value_and_net_in_its_result():
    state = from_json(make_doc(2, hands=[hand_of(EX1, "4C")], phase="discard"))
    doc = to_json(act(state, Action.declare(0, K("4C"), groups(EX1))))
    assert set(doc["result"]) == {"winner", "reason", "points", "gain", "groups", "value", "net"}
    assert doc["finish"] == "4C" and doc["result"]["groups"][0][0] == ["2S", "3S", "4S"]


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_through_json_text(seed):
    rng = random.Random(seed)
    rules = [RuleSet(players=2 + seed % 5), preset("27-card", 2 + seed % 4),
             RuleSet(players=3, auto_arrange_losers=False)][seed % 3]
    state = new_deal(rules, rng)
    for _ in range(300):
        doc = to_json(state)
        assert to_json(from_json(json.loads(json.dumps(doc)))) == doc
        if state.phase == "over":
            break
        state = act(state, random_action(state, rng, drop=0.01, invalid=0.02))


def bad(doc: dict, match: str) -> None:
    with pytest.raises(StateError, match=match):
        from_json(doc)


def test_unknown_and_missing_keys():
    doc = make_doc(2)
    bad({**doc, "colour": 1}, "unknown key 'colour'")
    bad({k: v for k, v in doc.items() if k != "has_drawn"}, "missing key 'has_drawn'")
    bad({**doc, "format": "indian13-state"}, "format")
    bad({**doc, "version": 2}, "version")
    bad({**doc, "rules": {"players": 2, "jokers": "cut"}}, "rules")
    bad({**doc, "rules": {"hand_size": 21}}, "players")
    bad({**doc, "rules": {"players": 6, "hand_size": 27}}, "2 to 5")
    bad("state", "object")


def test_every_card_exactly_once():
    doc = make_doc(2)
    bad({**doc, "discard": doc["discard"] + ["5C", "5C", "5C"]}, "too many 5C")
    bad({**doc, "stock": doc["stock"][1:]}, "missing")
    bad({**doc, "cut_joker": None}, "cut_joker")
    bad({**doc, "discard": ["5X"]}, "discard")
    bad({**doc, "stock": doc["stock"] + ["JK"]}, "too many JK")


def test_hand_sizes_against_phase_and_out():
    doc = make_doc(2)
    short = copy.deepcopy(doc)
    short["stock"].append(short["hands"][0].pop())
    bad(short, "seat 0 must hold 21")
    bad({**make_doc(2), "phase": "discard"}, "seat 0 must hold 22")
    doc = make_doc(3, out=[None, "invalid_declaration", None])
    assert len(from_json(doc).hands[1]) == 22
    bad({**doc, "out": [None, "first_drop", None]}, "hands|has_drawn")
    bad({**make_doc(3), "out": [None, "quit", None]}, "out")
    bad({**make_doc(2, hand_size=27), "rules": {"players": 2}}, "seat 0 must hold 21")


def test_seats_turn_and_players():
    doc = make_doc(3)
    bad({**doc, "turn": 3}, "turn")
    bad({**doc, "dealer": -1}, "dealer")
    bad({**doc, "seats": doc["seats"][:2]}, "seats")
    bad({**doc, "has_drawn": [True, 1, True]}, "has_drawn")
    bad({**doc, "totals": [0, 0]}, "totals")
    bad({**make_doc(3, out=["first_drop", None, None], has_drawn=[False, True, True])}, "turn")


def test_taken_discard_only_in_phase_discard_and_held():
    doc = make_doc(2, phase="discard", hands=[("9H", 22)], taken="9H")
    assert from_json(doc).taken_discard is not None
    bad({**doc, "taken_discard": "QD" if "QD" not in doc["hands"][0] else "JK"}, "taken_discard")
    bad({**make_doc(2), "taken_discard": "5C"}, "taken_discard")


def test_a_turn_never_starts_with_an_empty_stock():
    bad(make_doc(2, stock=[]), "stock")


def test_phase_show_needs_the_declare_in_the_history():
    ex6c = "2S 3S 4S 9D 10D JD QC KC AC 5C 5D 5S KH 10H 4H 2H 9C 3D 8C 6C JS"
    start = from_json(make_doc(2, hands=[hand_of(EX1, "4C"), ex6c], phase="discard", auto_arrange_losers=False))
    state = act(start, Action.declare(0, K("4C"), groups(EX1)))
    doc = to_json(state)
    assert doc["phase"] == "show" and from_json(doc).turn == 1
    bad({**doc, "history": []}, "history")
    bad({**doc, "history": [{"player": 0, "type": "draw_stock"}]}, "history")
    not_held = {"player": 0, "type": "declare", "finish": "4C", "groups": [["2S", "3S", "4S"]]}
    bad({**doc, "history": [not_held]}, "history")
    one_group = dict(doc["history"][-1], groups=[[t for g in doc["history"][-1]["groups"] for t in g]])
    bad({**doc, "history": [one_group]}, "valid show")
    bad({**doc, "rules": {**doc["rules"], "auto_arrange_losers": True}}, "phase")
    bad({**doc, "finish": None, "stock": doc["stock"] + [doc["finish"]]}, "finish")


def test_the_result_is_checked():
    state = from_json(make_doc(2, hands=[hand_of(EX1, "4C")], phase="discard"))
    doc = to_json(act(state, Action.declare(0, K("4C"), groups(EX1))))
    assert from_json(doc) is not None
    r = doc["result"]
    bad({**doc, "result": {**r, "net": [r["net"][0] + 1, r["net"][1]]}}, "sum to 0")
    bad({**doc, "result": {**r, "gain": r["gain"] + 1, "net": [r["net"][0] + 1, r["net"][1] - 1]}}, "gain")
    bad({**doc, "result": {k: v for k, v in r.items() if k != "value"}}, "result")
    bad({**doc, "result": {**r, "reason": "won"}}, "reason")
    bad({**doc, "result": {**r, "winner": None}}, "winner")
    bad({**doc, "result": None}, "result")
    bad({**doc, "phase": "draw"}, "result")
