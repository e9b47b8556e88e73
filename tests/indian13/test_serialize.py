"""The ``indian13-state`` document (CONTRACT.md): round trips and full validation."""

from __future__ import annotations

import copy
import random

import pytest

from game.indian13 import Action, RuleSet, StateError, from_json, new_deal, to_json

from .helpers import K, act, groups, make_doc

KEYS = ["format", "version", "rules", "seats", "dealer", "cut_joker", "stock", "discard", "hands", "finish", "out",
        "has_drawn", "taken_discard", "turn", "phase", "totals", "result", "history"]


def test_document_keys_exactly_as_the_contract_lists():
    doc = to_json(new_deal(RuleSet(players=3), random.Random(1)))
    assert sorted(doc) == sorted(KEYS)
    assert doc["format"] == "indian13-state" and doc["version"] == 1
    assert len(doc["stock"]) == 108 - 39 - 2 and len(doc["discard"]) == 1
    assert doc["out"] == [None] * 3 and doc["has_drawn"] == [False] * 3 and doc["finish"] is None
    assert doc["taken_discard"] is None and doc["result"] is None and doc["history"] == []


def test_round_trip_and_stock_top_first():
    state = new_deal(RuleSet(players=4), random.Random(2))
    doc = to_json(state)
    assert to_json(from_json(doc)) == doc
    top = doc["stock"][0]
    after = act(from_json(doc), Action.draw_stock(state.turn))
    assert to_json(after)["hands"][state.turn][-1] == top


def test_rules_written_back_in_full():
    doc = make_doc(2)
    doc["rules"] = {"players": 2, "cap": None}
    assert to_json(from_json(doc))["rules"] == RuleSet(players=2, cap=None).to_json()


def test_case_and_symbols_are_accepted_and_written_canonically():
    doc = make_doc(2)
    doc["hands"][0][0] = doc["hands"][0][0].lower().replace("10", "t")
    assert to_json(from_json(doc))["hands"][0][0] == make_doc(2)["hands"][0][0]


def over_doc() -> dict:
    hand = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD"
    state = from_json(make_doc(2, hands=[hand.replace("|", " ").split() + ["2D"]], phase="discard"))
    return to_json(act(state, Action.declare(0, K("2D"), groups(hand))))


def _set(path: tuple, value: object):
    def change(doc: dict) -> None:
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(key: str):
    return lambda doc: doc.pop(key)


def _move_card(src: str, dst: str):
    def change(doc: dict) -> None:
        doc[dst].append(doc[src].pop())
    return change


BAD = {
    "unknown key": (lambda d: d.update(colour=1), "colour"),
    "missing key": (_delete("has_drawn"), "has_drawn"),
    "wrong format": (_set(("format",), "vazhushal-state"), "format"),
    "version 2": (_set(("version",), 2), "version"),
    "version true": (_set(("version",), True), "version"),
    "rules unknown option": (_set(("rules", "speed"), 1), "rules"),
    "rules bad value": (_set(("rules", "stock_out"), "block"), "rules"),
    "rules without players": (lambda d: d["rules"].pop("players"), "rules"),
    "rules players mismatch": (_set(("rules", "players"), 3), "seats"),
    "seat kind": (_set(("seats", 0, "kind"), "robot"), "seats"),
    "dealer range": (_set(("dealer",), 2), "dealer"),
    "turn bool": (_set(("turn",), True), "turn"),
    "phase": (_set(("phase",), "play"), "phase"),
    "bad card token": (_set(("stock", 0), "1S"), "stock"),
    "card not a string": (_set(("discard", 0), 5), "discard"),
    "card counts: one too many": (lambda d: d["hands"][1].append(d["hands"][0][0]), "hands"),
    "card counts: one missing": (lambda d: d["stock"].pop(), "card counts"),
    "hand size": (_move_card("stock", "hands"), "hands"),
    "cut joker missing": (_set(("cut_joker",), None), "cut_joker"),
    "cut joker with jokers none": (_set(("rules", "jokers"), "printed_only"), "cut_joker"),
    "out value": (_set(("out", 0), "dropped"), "out"),
    "out length": (_set(("out",), [None]), "out"),
    "first drop that drew": (lambda d: (d["out"].__setitem__(1, "first_drop"), d["has_drawn"].__setitem__(1, True)),
                             "has_drawn"),
    "middle drop that never drew": (_set(("out", 1), "middle_drop"), "has_drawn"),
    "has_drawn not bool": (_set(("has_drawn", 0), 1), "has_drawn"),
    "taken outside discard phase": (_set(("taken_discard",), "2C"), "taken_discard"),
    "totals": (_set(("totals",), [0, "1"]), "totals"),
    "result before over": (_set(("result",), {"winner": 0}), "result"),
    "history entry": (_set(("history",), [{"player": 0, "type": "fly"}]), "action type"),
    "history player": (_set(("history",), [{"player": 5, "type": "drop"}]), "player"),
    "finish before a declaration": (lambda d: d.update(finish=d["stock"].pop()), "finish"),
    "turn to a dropped seat": (lambda d: (d["out"].__setitem__(0, "first_drop")), "turn"),
    "only one seat in play": (lambda d: d["out"].__setitem__(1, "first_drop"), "out"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_documents_name_the_key(name):
    change, key = BAD[name]
    doc = make_doc(2)
    change(doc)
    with pytest.raises(StateError) as exc:
        from_json(doc)
    assert key in str(exc.value), str(exc.value)


def test_empty_stock_in_phase_draw_is_refused():
    doc = make_doc(2, discard="5C", stock=())
    doc["stock"] = []
    with pytest.raises(StateError, match="stock"):
        from_json(doc)


def test_discard_phase_sizes_and_taken_card():
    doc = make_doc(2, phase="discard")
    from_json(doc)
    bad = copy.deepcopy(doc)
    bad["taken_discard"] = next(t for t in ("JK", "AS", "2S", "3S") if t not in bad["hands"][0])
    with pytest.raises(StateError, match="taken_discard"):
        from_json(bad)
    ok = copy.deepcopy(doc)
    ok["taken_discard"] = ok["hands"][0][3]
    assert to_json(from_json(ok))["taken_discard"] == ok["hands"][0][3]


BAD_OVER = {
    "result keys": (lambda d: d["result"].pop("gain"), "result"),
    "result reason": (_set(("result", "reason"), "won"), "result.reason"),
    "winner with void": (_set(("result", "reason"), "void"), "result.winner"),
    "points length": (_set(("result", "points"), [0]), "result.points"),
    "negative gain": (_set(("result", "gain"), -1), "result.gain"),
    "groups bad card": (_set(("result", "groups", 0, 0, 0), "XX"), "result.groups"),
    "finish missing": (_set(("finish",), None), "card counts"),
}


@pytest.mark.parametrize("name", list(BAD_OVER))
def test_bad_results(name):
    doc = over_doc()
    assert to_json(from_json(doc)) == doc
    change, key = BAD_OVER[name]
    change(doc)
    with pytest.raises(StateError) as exc:
        from_json(doc)
    assert key in str(exc.value), str(exc.value)


def test_show_phase_needs_the_declaration_in_the_history():
    hand = "3H 4H 5H | 9S 10S JS QS | 8C 8D 8S | KH KC KD"
    state = from_json(make_doc(3, hands=[hand.replace("|", " ").split() + ["2D"]], phase="discard",
                               auto_arrange_losers=False))
    doc = to_json(act(state, Action.declare(0, K("2D"), groups(hand))))
    assert doc["phase"] == "show" and to_json(from_json(doc)) == doc
    doc["history"] = []
    with pytest.raises(StateError, match="history"):
        from_json(doc)
