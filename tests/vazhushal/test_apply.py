"""The engine's entry points: apply (checked and unchecked), is_legal, explain, legal_actions,
legal_draws, Action JSON."""

from __future__ import annotations

import pytest

from game.core.cards import KIND_OF
from game.vazhushal import (
    DRAW,
    FINAL,
    PLAY,
    Action,
    IllegalAction,
    StateError,
    apply,
    explain,
    is_legal,
    legal_actions,
    legal_draws,
    to_json,
)
from tests.helpers import K, Ks, expect_illegal, make_state


def test_apply_returns_a_new_state_and_leaves_the_input_alone():
    state = make_state(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    before = to_json(state)
    after = apply(state, Action.take_line(0, 1, Ks("5S 6S 7S")))
    assert after is not state and to_json(state) == before
    assert after.hands[0] is not state.hands[0] and after.melds[0] is not state.melds[0]


def test_apply_accepts_action_dicts():
    state = make_state(hands=["5S 6S 2C"], line="9C")
    after = apply(state, {"player": 0, "type": "draw_stock"})
    assert after.phase == PLAY
    with pytest.raises(StateError):
        apply(state, {"player": 0, "type": "teleport"})


def test_is_legal_and_explain():
    state = make_state(hands=["5S 6S 2C"], line="9C")
    assert is_legal(state, Action.draw_stock(0))
    assert not is_legal(state, Action.draw_stock(1))
    assert explain(state, Action.draw_stock(0)) is None
    err = explain(state, Action.discard(0, K("2C")))
    assert isinstance(err, IllegalAction) and err.code == "wrong_phase" and err.rule == "V5.1"
    assert err.to_json() == {"code": "wrong_phase", "message": err.message}


def test_action_json_round_trip():
    actions = [Action.draw_stock(1), Action.take_line(0, 3, Ks("8S 9S 10S")), Action.take_line(2, 0),
               Action.meld_(1, [Ks("5S 6S 7S"), Ks("9D 9H JK")]), Action.arrange(0, [Ks("AS 2S 3S 4S")]),
               Action.discard(1, K("10H")), Action.done(3)]
    for a in actions:
        assert Action.from_json(a.to_json()) == a
    assert Action.from_json({"player": 0, "type": "take_line", "index": 1, "meld": ["8s", "9S", "TS"]}).to_json() == \
        {"player": 0, "type": "take_line", "index": 1, "meld": ["8S", "9S", "10S"]}


@pytest.mark.parametrize("data", [
    None, [], {"type": "draw_stock"}, {"player": 0}, {"player": 0, "type": "nope"},
    {"player": 0, "type": "discard"}, {"player": 0, "type": "discard", "card": "ZZ"},
    {"player": 0, "type": "discard", "card": "AS", "index": 1}, {"player": "0", "type": "done"},
    {"player": 0, "type": "take_line", "index": 1.5}, {"player": 0, "type": "meld", "melds": "AS"},
    {"player": 0, "type": "arrange", "melds": [["AS"], "2S"]}, {"player": 0, "type": {"x": 1}},
])
def test_action_from_json_rejects(data):
    with pytest.raises(StateError):
        Action.from_json(data, 2)


def test_legal_actions_by_phase():
    state = make_state(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S")
    draw = legal_actions(state)
    assert Action.draw_stock(0) in draw and any(a.type == "take_line" and a.index == 1 for a in draw)
    drawn = apply(state, Action.draw_stock(0))
    play = legal_actions(drawn)
    assert sorted(a.card for a in play if a.type == "discard") == sorted({KIND_OF[c] for c in drawn.hands[0]})
    assert {a.type for a in play} == {"discard"}
    final = make_state(hands=["2C", "3C"], phase="final", stock=[], rest_to="line", turn=1)
    assert legal_actions(final) == [Action.done(1)]
    over = make_state(hands=["2C"], phase="over", result={"winner": 1, "reason": "went_out", "scores": None},
                      wins=[0, 1])
    assert legal_actions(over) == [] and legal_draws(over) == []


def test_legal_draws_every_witness_applies():
    state = make_state(hands=["5S 6S 9D 9H 2C 3S 4S"], line="9C 7S KH 7C 8C", line_first_dealt=False)
    options = legal_draws(state)
    assert options[0].steps == (Action.draw_stock(0),)
    for option in options:
        s = state
        for step in option.steps:
            s = apply(s, step)
        assert s.phase == PLAY
        if option.take is not None:
            assert option.take.type == "take_line"


def test_legal_draws_after_a_premeld_only_takes():
    state = make_state(hands=["3S 4S 5S 9D 9H 2C KD"], line="7C 9C")
    s = apply(state, Action.meld_(0, [Ks("3S 4S 5S")]))
    assert s.phase == DRAW
    options = legal_draws(s)
    assert options and all(o.steps[0].type == "take_line" for o in options)
    assert legal_actions(s) == [o.steps[0] for o in options]


def test_unchecked_apply_first_meld_keeps_the_pure_reading():
    """Unchecked apply (the search fast path) must agree with the checked path on a legal action:
    8H-9H-10H with 8H wild as a first meld is the pure 8-9-10 (engine decision 1); read as 9-10-J the
    seat would have a table without a pure sequence (V7.1)."""
    state = make_state(hands=["8H 9H 10H 2C 5C KD"], indicator="8S", phase="play")
    action = Action.meld_(0, [Ks("8H 9H 10H")])
    checked = apply(state, action)
    assert checked.melds[0][0].is_pure_sequence
    unchecked = apply(state, action, check=False)
    assert to_json(unchecked) == to_json(checked)
    assert unchecked.melds[0][0].is_pure_sequence


def test_unchecked_apply_first_take_keeps_the_pure_reading():
    state = make_state(hands=["8H 10H 2C 5C KD"], line="3C 9H", indicator="8S")
    action = Action.take_line(0, 1, Ks("8H 9H 10H"))
    assert to_json(apply(state, action, check=False)) == to_json(apply(state, action))


def test_unchecked_apply_arrange_keeps_unchanged_readings():
    """Engine decision 1 (an unchanged meld keeps its reading) on the unchecked path too."""
    state = make_state(hands=["8C 9C 10C 2C"], melds=[["AS 2S 3S", "JK JK 7H"]], phase="play")
    action = Action.arrange(0, [Ks("AS 2S 3S"), Ks("JK JK 7H"), Ks("8C 9C 10C")])
    assert to_json(apply(state, action, check=False)) == to_json(apply(state, action))


def test_final_phase_meld_needs_no_card_kept():
    state = make_state(hands=["5S 6S 7S", "2C"], phase="final", stock=[], rest_to="line")
    s = apply(state, Action.meld_(0, [Ks("5S 6S 7S")]))
    assert s.hands[0] == [] and s.phase == FINAL
    expect_illegal(s, Action.discard(0, K("5S")), "wrong_phase", "V9.2")


@pytest.mark.parametrize("action", [
    Action.discard(0, 105), Action.discard(0, -1), Action.discard(0, None), Action.discard(0, "2C"),
    Action.discard(0, True), Action.take_line(0, 1.5), Action.take_line(0, 1, (105, 4, 5)),
    Action.meld_(0, [(99, 1, 2)]), Action.arrange(0, [(None, 1, 2)]), Action(0, "meld", melds=5),
    Action(0, "fly"), Action(None, "draw_stock"),
])
def test_a_malformed_action_object_is_a_state_error_and_leaves_the_state_alone(action):
    # Python code can build an Action no JSON document could give (a card that is not a card):
    # the engine says so plainly instead of failing inside a rule's message
    state = make_state(hands=["5S 6S 2C"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    before = to_json(state)
    with pytest.raises(StateError):
        apply(state, action)
    assert to_json(state) == before
    assert Action.discard(0, 0).shape_error() is None and action.shape_error()
