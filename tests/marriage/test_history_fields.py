"""What a ``marriage-state`` document's history determines is checked when it is read: the tunnelas
exposed and the groups shown to see the maal, who finished invalidly, the phase and seat to move
after the last action, the card taken this turn, the top of the discard pile and the finish that
ended the deal.  A save that contradicts its own history is bad input, never a state to play on."""

from __future__ import annotations

import copy

import pytest

from game.core.errors import IllegalAction, StateError
from game.marriage import DEFAULT_PRESET, Action, apply, from_json, new_document, to_json
from tests.inhand_helpers import discard, draw, take

from .helpers import K, flat, groups, make_doc, make_state

PURE3 = "AS 2S 3S | 9C 10C JC | 4H 5H 6H"


def expose(doc: dict) -> dict:
    return {"player": doc["turn"], "type": "expose", "groups": []}


def played(*steps, seed: int = 1, players: int = 3) -> dict:
    """The document after every seat exposed nothing and then ``steps`` (document -> action)."""
    state = from_json(new_document(DEFAULT_PRESET, players, {}, seed))
    for step in (expose,) * players + steps:
        state = apply(state, step(to_json(state)))
    return to_json(state)


def refused(doc: dict, key: str) -> str:
    """``doc`` is bad input whose error names ``key``; the message."""
    with pytest.raises(StateError, match=f"key '{key}'") as caught:
        from_json(doc)
    return str(caught.value)


def seen_after_a_take() -> dict:
    """Seat 0 took the 7D from the discard pile and saw the maal with three pure sequences."""
    state = make_state(2, hands=[flat(PURE3)], discard="KC 7D", stock_top="5D")
    return to_json(apply(apply(state, Action.take_discard(0)), Action.see_maal(0, groups(PURE3))))


def test_the_played_documents_load():
    for steps in [(), (draw,), (draw, discard, take), (draw, discard, draw, discard)]:
        doc = played(*steps)
        assert to_json(from_json(copy.deepcopy(doc))) == doc
    doc = seen_after_a_take()
    assert doc["taken_discard"] == "7D" and to_json(from_json(copy.deepcopy(doc))) == doc


def test_m5_2_a_save_whose_last_action_is_take_discard_with_taken_discard_null_is_refused():
    doc = played(draw, discard, take)
    doc["taken_discard"] = None
    assert "M5.2" in refused(doc, "taken_discard")


def test_m5_2_after_a_load_the_seat_never_discards_the_card_it_took_this_turn():
    doc = played(draw, discard, take)
    taken = doc["taken_discard"]
    assert doc["hands"][doc["turn"]].count(taken) == 1  # the only copy: the ban holds
    with pytest.raises(IllegalAction) as caught:
        apply(from_json(copy.deepcopy(doc)), {"player": doc["turn"], "type": "discard", "card": taken})
    assert caught.value.code == "discard_taken_card"


def test_m5_2_taken_discard_is_null_after_a_draw_from_the_stock():
    doc = played(draw)
    doc["taken_discard"] = doc["hands"][doc["turn"]][0]
    assert "drew from the stock" in refused(doc, "taken_discard")


def test_m5_2_taken_discard_is_the_card_the_history_last_discarded():
    doc = played(draw, discard, take)
    thrown = doc["history"][-2]["card"]
    doc["taken_discard"] = next(c for c in doc["hands"][doc["turn"]] if c != thrown)
    assert f"must be the {thrown}" in refused(doc, "taken_discard")


def test_m5_2_the_take_before_seeing_the_maal_still_names_the_taken_card():
    doc = seen_after_a_take()
    doc["taken_discard"] = None
    refused(doc, "taken_discard")


def test_m5_3_seeing_the_maal_follows_the_seats_draw():
    doc = seen_after_a_take()
    doc["history"].insert(-1, {"player": 1, "type": "discard", "card": "7D"})  # not seat 0's draw before the see
    assert "M5.3" in refused(doc, "history")


def test_m6_seen_and_shown_are_the_history_see_maal():
    doc = seen_after_a_take()
    doc["history"][-1]["groups"] = [g.split() for g in "2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH | 10S 10S".split(
        "|")]
    assert "by dublee" in refused(doc, "seen")
    doc = seen_after_a_take()
    doc["history"][-1]["groups"] = [["2S", "3S", "4S"], ["9C", "10C", "JC"], ["4H", "5H", "6H"]]
    refused(doc, "shown")


def test_m2_3_exposed_tunnelas_are_the_history_expose():
    doc = played(draw)
    doc["history"][0]["groups"] = [["5H", "5H", "5H"]]  # the history says that seat laid a tunnela
    refused(doc, "exposed")


def test_m2_3_in_phase_expose_the_seats_yet_to_expose_have_exposed_nothing():
    doc = make_doc(3, exposed=[None, None, "5H 5H 5H"], phase="expose", turn=1, dealer=2)
    assert "seat 2 has not had its turn" in refused(doc, "exposed")  # seat 1 exposes now, the dealer last


def test_m2_3_after_the_dealer_exposes_the_phase_is_draw():
    doc = played()
    doc["phase"] = "expose"
    assert "must be 'draw'" in refused(doc, "phase")


def test_m2_3_nobody_plays_in_phase_expose():
    doc = played(draw, discard)
    doc["phase"] = "expose"
    assert "cannot be 'expose'" in refused(doc, "phase")


def test_m5_the_seat_to_move_is_the_next_after_the_last_discard():
    doc = played(draw, discard)
    assert doc["turn"] == (doc["history"][-1]["player"] + 1) % 3
    doc["turn"] = (doc["turn"] + 1) % 3
    refused(doc, "turn")


def test_m5_1_the_top_of_the_discard_pile_is_the_last_discard():
    doc = played(draw, discard)
    thrown = doc["history"][-1]["card"]
    i = next(i for i, c in enumerate(doc["stock"]) if c != thrown)
    doc["discard"][-1], doc["stock"][i] = doc["stock"][i], doc["discard"][-1]
    refused(doc, "discard")


def test_m8_a_finish_play_went_on_after_was_invalid():
    doc = played(draw, discard)
    doc["history"].insert(3, {"player": 0, "type": "declare", "finish": "AS", "groups": []})
    assert "invalid_finish" in refused(doc, "out")


def test_m8_an_invalid_finish_puts_its_card_on_top_of_the_pile():
    hand = "8C 9C 10D | JD JH JS | 6D 7D 8D | AH AD AC"
    state = make_state(3, hands=[None, None, flat(hand) + ["2D"]], turn=2, phase="discard",
                       seen=["pure", None, "pure"], shown=[PURE3, None, "2C 3C 4C | 5H 6H 7H | JC QC KC"], tiplu="5D")
    doc = to_json(apply(state, Action.declare(2, K("2D"), groups(hand))))
    assert doc["out"][2] == "invalid_finish" and doc["discard"][-1] == "2D"
    assert to_json(from_json(copy.deepcopy(doc))) == doc
    i = next(i for i, c in enumerate(doc["stock"]) if c != "2D")
    doc["discard"][-1], doc["stock"][i] = doc["stock"][i], doc["discard"][-1]
    refused(doc, "discard")


def test_m7_the_finish_card_is_the_one_the_finish_put_face_down():
    hand = flat(PURE3) + flat("2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S") + ["QS"]
    state = make_state(2, hands=[hand], phase="discard", stock_top="5C")
    state = apply(state, Action.see_maal(0, groups(PURE3)))
    over = apply(state, Action.declare(0, K("QS"), groups("2H 3H 4H | 7D 8D 9D | JH QH KH | 10C 10D 10S")))
    doc = to_json(over)
    assert doc["result"]["reason"] == "declared" and doc["finish"] == "QS"
    i = next(i for i, c in enumerate(doc["stock"]) if c != "QS")
    doc["finish"], doc["stock"][i] = doc["stock"][i], doc["finish"]
    assert "must be the QS" in refused(doc, "finish")
