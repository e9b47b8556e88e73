"""What a Vazhushal state document's history determines is checked when it is read (docs/vazhushal.md,
decision 17): the phase and seat to move after the last action and this turn's draw, the line after
the last discard or take, the dealt card once taken, the cards on each table, the end of the final
melding.  A save that contradicts its own history is bad input, never a state to play on."""

from __future__ import annotations

import copy

import pytest

from game.core.errors import StateError
from game.vazhushal import Action, from_json, to_json
from tests.helpers import K, Ks, act, make_doc, make_state

TOOK = {"hands": ["9D 9H 2C KD"], "melds": [["3S 4S 5S"]]}  # seat 0 may take the 9C for 9C 9D 9H


def refused(doc: dict, key: str) -> str:
    """``doc`` is bad input whose error names ``key``; the message."""
    with pytest.raises(StateError, match=f"key '{key}'") as caught:
        from_json(doc)
    return str(caught.value)


def drawn_and_discarded(players: int = 3) -> dict:
    """Seat 0 drew from the stock and discarded the KD: seat 1 to draw."""
    state = make_state(players, hands=["9D 9H 2C KD", "5D 6D", "7S 8S"], line="7C", stock_top="QH")
    return to_json(act(state, Action.draw_stock(0), Action.discard(0, K("KD"))))


def test_the_played_documents_load():
    doc = drawn_and_discarded()
    assert doc["turn"] == 1 and doc["line"][-1] == "KD" and to_json(from_json(copy.deepcopy(doc))) == doc


def test_v5_1_the_phase_is_play_after_a_draw():
    doc = to_json(act(make_state(hands=["9D 9H 2C KD"], stock_top="QH"), Action.draw_stock(0)))
    doc["phase"] = "draw"
    assert "must be 'play'" in refused(doc, "phase")


def test_v5_3_the_seat_to_move_is_the_next_after_the_last_discard():
    doc = drawn_and_discarded()
    doc["turn"] = 2
    refused(doc, "turn")


def test_v9_1_after_the_discard_that_empties_the_stock_the_phase_is_final():
    state = make_state(hands=["9D 9H 2C KD", "5D 6D"], line="7C", stock="QH", indicator=None, rest_to=1)
    doc = to_json(act(state, Action.draw_stock(0), Action.discard(0, K("KD"))))
    assert doc["phase"] == "final" and doc["stock"] == []
    doc["phase"] = "draw"
    assert "'final'" in refused(doc, "phase")


def test_v8_a_hand_over_after_a_discard_was_won_by_going_out():
    doc = drawn_and_discarded()
    doc["phase"], doc["result"] = "over", {"winner": None, "reason": "stock_out", "scores": [0, 0, 0]}
    assert "'went_out'" in refused(doc, "result.reason")
    won = to_json(act(make_state(hands=["5C"], phase="play"), Action.discard(0, K("5C"))))
    assert won["result"]["winner"] == 0
    won["result"]["winner"] = 1
    refused(won, "result.winner")


def test_v5_1_in_phase_play_the_turn_holds_its_draw():
    doc = make_doc(**TOOK, line="7C 9C", phase="play",
                   history=[{"player": 1, "type": "discard", "card": "9C"},
                            {"player": 0, "type": "arrange", "melds": [["3S", "4S", "5S"]]}])
    assert "has not drawn" in refused(doc, "phase")


def test_v6_4b_before_the_draw_one_meld_at_most():
    meld = {"player": 0, "type": "meld", "melds": [["3S", "4S", "5S"]]}
    doc = make_doc(**TOOK, line="7C 9C", history=[{"player": 1, "type": "discard", "card": "9C"}, meld, meld])
    assert "V6.4b" in refused(doc, "phase")


def test_v5_3_the_newest_card_of_the_line_is_the_last_discard():
    doc = drawn_and_discarded()
    i = next(i for i, c in enumerate(doc["stock"]) if c != "KD")
    doc["line"][-1], doc["stock"][i] = doc["stock"][i], doc["line"][-1]  # the same cards, another newest
    assert "KD" in refused(doc, "line")


def test_v6_2_a_take_leaves_the_line_as_long_as_its_index():
    doc = to_json(act(make_state(**TOOK, line="7C 9C"), Action.take_line(0, 1, Ks("9C 9D 9H"))))
    assert doc["line"] == ["7C"]
    doc["line"].append(doc["stock"].pop(0))
    assert "must hold 1 card," in refused(doc, "line")


def test_v6_5_the_dealt_card_is_gone_once_the_line_was_taken_from_its_first_card():
    state = make_state(**TOOK, line="9C 7C")
    doc = to_json(act(state, Action.take_line(0, 0, Ks("9C 9D 9H")), Action.discard(0, K("KD"))))
    assert doc["line"] == ["KD"] and not doc["line_first_dealt"]
    doc["line_first_dealt"] = True
    refused(doc, "line_first_dealt")


def test_v7_3_a_table_holds_every_card_the_history_melded():
    doc = to_json(act(make_state(**TOOK, line="7C 9C"), Action.take_line(0, 1, Ks("9C 9D 9H"))))
    doc["history"][-1]["meld"] = ["9C", "9S", "9H"]  # the history says a 9S went to the table
    assert "9S" in refused(doc, "melds")


def test_v9_2_the_final_melding_ends_with_a_done_from_every_seat():
    done = [{"player": 0, "type": "done"}, {"player": 1, "type": "done"}]
    doc = make_doc(hands=["9D", "KD"], phase="final", turn=0, history=done)
    assert "'done'" in refused(doc, "phase")
    assert from_json(make_doc(hands=["9D", "KD"], phase="final", turn=0, history=done[1:])).phase == "final"
