"""The ``marriage-state`` document (CONTRACT.md): exactly its keys, every option written back, and
full validation of a document read from outside."""

from __future__ import annotations

import copy
import random

import pytest

from game.core.errors import StateError
from game.marriage import Action, RuleSet, from_json, new_deal, to_json
from game.marriage.serialize import KEYS

from .helpers import K, act, flat, groups, make_doc, make_state

PURE3 = "AS 2S 3S | 9C 10C JC | 4H 5H 6H"
CONTRACT_KEYS = {"format", "version", "rules", "seats", "dealer", "stock", "discard", "hands", "exposed", "shown",
                 "seen", "tiplu", "finish", "out", "taken_discard", "turn", "phase", "totals", "result", "history"}


def over_doc() -> dict:
    hand = "2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S"
    state = make_state(3, hands=[flat(hand) + ["QS"], "5D"], seen=["pure", None, None], shown=[PURE3], tiplu="5D",
                       phase="discard")
    return to_json(act(state, Action.declare(0, K("QS"), groups(hand))))


def test_the_document_has_exactly_the_contract_keys_and_round_trips():
    doc = to_json(new_deal(RuleSet(players=3), random.Random(2)))
    assert set(doc) == set(KEYS) == CONTRACT_KEYS
    assert doc["format"] == "marriage-state" and doc["version"] == 1 and doc["phase"] == "expose"
    assert doc["totals"] == [0, 0, 0] and doc["tiplu"] is None and doc["exposed"] == [[], [], []]
    assert set(doc["rules"]) == set(RuleSet().to_json())
    assert to_json(from_json(doc)) == doc
    over = over_doc()
    assert set(over["result"]) == {"winner", "reason", "maal", "game_points", "net", "groups"}
    assert over["result"]["winner"] == 0 and over["result"]["groups"][0][0] == ["2H", "3H", "4H"]
    assert over["result"]["groups"][1:] == [None, None] and over["finish"] == "QS"
    assert to_json(from_json(over)) == over


def test_missing_options_take_their_defaults_and_are_written_back():
    doc = make_doc(2)
    doc["rules"] = {"players": 2, "unseen_maal": "zero"}
    assert to_json(from_json(doc))["rules"] == RuleSet(players=2, unseen_maal="zero").to_json()


def broken(change) -> dict:
    doc = make_doc(3, hands=[flat(PURE3)], phase="discard")
    change(doc)
    return doc


def _drop_card(doc):
    doc["stock"].pop()


def _extra_card(doc):
    doc["stock"].append("AS")


def _joker(doc):
    doc["stock"][0] = "JK"


def _bad_token(doc):
    doc["stock"][0] = "1S"


CASES = {
    "unknown key": lambda d: d.update(extra=1),
    "missing key": lambda d: d.pop("exposed"),
    "format": lambda d: d.update(format="indian21-state"),
    "version": lambda d: d.update(version=2),
    "rules t-option": lambda d: d["rules"].update(cap=120),
    "rules bad value": lambda d: d["rules"].update(max_wilds_per_combo=3),
    "rules players": lambda d: d["rules"].update(players=6),
    "rules no players": lambda d: d["rules"].pop("players"),
    "seats": lambda d: d["seats"].pop(),
    "dealer": lambda d: d.update(dealer=3),
    "turn": lambda d: d.update(turn=-1),
    "phase": lambda d: d.update(phase="show"),
    "seen value": lambda d: d.update(seen=["yes", None, None]),
    "out value": lambda d: d.update(out=["invalid_declaration", None, None]),
    "a card missing": _drop_card,
    "a card twice more": _extra_card,
    "a printed joker": _joker,
    "bad card token": _bad_token,
    "hands length": lambda d: d["hands"].pop(),
    "hand size": lambda d: d["hands"][1].append(d["stock"].pop()),
    "exposed not a tunnela": lambda d: d["exposed"].__setitem__(1, [d["hands"][1][:3]]),
    "shown without seeing": lambda d: d["shown"].__setitem__(0, [["AS", "2S", "3S"]]),
    "seen without the tiplu": lambda d: d.update(seen=["pure", None, None]),
    "tiplu before any sight": lambda d: d.update(tiplu=d["stock"].pop()),
    "taken not held": lambda d: d.update(taken_discard="KH") if "KH" not in d["hands"][0] else d.update(
        taken_discard="QD"),
    "finish before the end": lambda d: d.update(finish=d["hands"][0].pop()),
    "result before the end": lambda d: d.update(result={"winner": 0}),
    "totals": lambda d: d.update(totals=[0, 0]),
    "history": lambda d: d.update(history=[{"player": 0, "type": "drop"}]),
    "groups not lists": lambda d: d["exposed"].__setitem__(0, ["AS"]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_bad_document_is_refused_with_one_clear_error(name):
    with pytest.raises(StateError):
        from_json(broken(CASES[name]))


def test_card_counts_name_the_places():
    with pytest.raises(StateError, match="tiplu"):
        from_json(broken(_drop_card))
    with pytest.raises(StateError, match="M1.1"):
        from_json(broken(_joker))


def test_shown_groups_must_match_the_route_seen():
    doc = make_doc(2, seen=["pure", None], shown=["AS 2S 3S | 9C 10C JC"], tiplu="5D")
    with pytest.raises(StateError, match="M6.1a"):
        from_json(doc)
    doc = make_doc(2, seen=["dublee", None], shown=["AS AS | 9C 9C"], tiplu="5D")
    with pytest.raises(StateError, match="M6.1b"):
        from_json(doc)
    doc = make_doc(2, seen=["pure", None], shown=["KS KC KH | 9C 10C JC | 4H 5H 6H"], tiplu="5D")
    with pytest.raises(StateError, match="M6.1a"):
        from_json(doc)
    doc = make_doc(2, seen=["dublee", None], shown=["2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH | 10S 10S"],
                   tiplu="5D", dublee_route=False)
    with pytest.raises(StateError, match="dublee_route"):
        from_json(doc)
    assert from_json(make_doc(2, seen=["pure", None], exposed=["6H 6H 6H"], shown=["AS 2S 3S | 9C 10C JC"],
                              tiplu="5D"))


def test_phase_rules():
    with pytest.raises(StateError, match="M9"):
        from_json(make_doc(2, stock="", discard="9H 2C"))
    with pytest.raises(StateError, match="turn"):
        from_json(make_doc(3, out=["invalid_finish", None, None], seen=["pure", None, None], shown=[PURE3],
                           tiplu="5D"))
    with pytest.raises(StateError, match="two seats"):
        from_json(make_doc(2, out=[None, "invalid_finish"], seen=[None, "pure"], shown=[None, PURE3], tiplu="5D"))
    with pytest.raises(StateError, match="M7.3"):
        from_json(make_doc(3, out=[None, "invalid_finish", None]))
    with pytest.raises(StateError, match="expose"):
        from_json(make_doc(2, phase="expose", seen=["pure", None], shown=[PURE3], tiplu="5D"))
    assert from_json(make_doc(3, out=[None, "invalid_finish", None], seen=[None, "pure", None],
                              shown=[None, PURE3], tiplu="5D"))


def test_taken_discard_only_in_phase_discard_and_held():
    doc = make_doc(2, hands=["7H"], phase="discard", taken="7H")
    assert from_json(doc).taken_discard is not None
    with pytest.raises(StateError, match="M5.2"):
        from_json(make_doc(2, hands=["7H"], phase="draw", taken="7H"))


def test_a_finished_deal_is_checked_against_the_cards():
    doc = over_doc()
    for key, value in (("net", [1, -1, 0]), ("maal", [0, 3, 1]), ("game_points", [0, 3, 3]), ("winner", 1),
                       ("reason", "dublees"), ("groups", [None, None, None]), ("reason", "void")):
        bad = copy.deepcopy(doc)
        bad["result"][key] = value
        with pytest.raises(StateError):
            from_json(bad)
    bad = copy.deepcopy(doc)
    bad["result"] = None
    with pytest.raises(StateError):
        from_json(bad)
    bad = copy.deepcopy(doc)
    bad["hands"][0], bad["finish"] = bad["hands"][0][:-1] + [bad["finish"]], bad["hands"][0][-1]
    with pytest.raises(StateError):
        from_json(bad)


def test_a_void_deal_document():
    state = make_state(3, hands=["KS"], phase="discard", stock="", discard="9H 2C", seen=["pure", None, None],
                       shown=[PURE3], tiplu="5D", stock_out="void")
    doc = to_json(act(state, Action.discard(0, K("KS"))))
    assert doc["result"] == {"winner": None, "reason": "void", "maal": [0, 0, 0], "game_points": [0, 0, 0],
                             "net": [0, 0, 0], "groups": [None, None, None]}
    assert to_json(from_json(doc)) == doc
