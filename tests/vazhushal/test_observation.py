"""V12 what each player may know: observe(state, seat)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.vazhushal import OVER, Action, RuleSet, apply, from_json, new_hand, observe, to_json
from tests.helpers import K, Ks, act, check_observation, make_doc, make_state, random_turn_step, texts


def test_v12_observation_holds_own_hand_and_public_facts_only():
    state = make_state(players=3, hands=["5S 6S 7S 2C", "9D 9H KC", "AH"], melds=[["AD 2D 3D"], [], ["7C 8C 9C"]],
                       line="3H QS", phase="play", turn=0)
    obs = observe(state, 1)
    doc = obs.to_json()
    assert doc["hand"] == ["9D", "9H", "KC"]
    assert doc["hand_counts"] == [4, 3, 1]
    assert doc["stock_count"] == len(state.stock)
    assert doc["line"] == ["3H", "QS"] and doc["indicator"] == "4C"
    assert doc["melds"] == to_json(state)["melds"]
    assert doc["revealed_hands"] is None
    assert "stock" not in doc and "hands" not in doc
    assert sorted(obs.visible_cards()) == sorted(
        state.line + state.hands[1] + [c for seat in state.melds for m in seat for c in m.cards])
    for seat in range(3):
        check_observation(state, seat)


def test_v12_stock_draw_is_not_public():
    state = make_state(hands=["5S 6S 2C", "9D"], stock_top="KH")
    s = act(state, Action.draw_stock(0))
    obs = observe(s, 1).to_json()
    assert obs["history"] == [{"player": 0, "type": "draw_stock"}]
    assert "KH" not in str(obs)


def test_v12_take_and_discard_are_public():
    state = make_state(hands=["5S 6S 2C", "9D"], melds=[["AD 2D 3D"]], line="9C 7S KH")
    s = act(state, Action.take_line(0, 1, Ks("5S 6S 7S")), Action.discard(0, K("2C")))
    obs = observe(s, 1).to_json()
    assert obs["history"] == [
        {"player": 0, "type": "take_line", "index": 1, "meld": ["5S", "6S", "7S"]},
        {"player": 0, "type": "discard", "card": "2C"},
    ]


def _swap_hidden(state, seat, rng):
    """The same state with a card of ``seat``'s hand swapped with a stock card (not the indicator)."""
    doc = to_json(state)
    hand, stock = doc["hands"][seat], doc["stock"]
    if not hand or len(stock) < 2:
        return None
    i, j = rng.randrange(len(hand)), rng.randrange(len(stock) - 1)
    hand[i], stock[j] = stock[j], hand[i]
    if hand[i] == stock[j]:
        return None
    return from_json(doc)


def _reachable(seed, players, steps):
    rng = random.Random(seed)
    state = new_hand(RuleSet(players=players), rng)
    for _ in range(steps):
        if state.phase == OVER:
            break
        for a in random_turn_step(state, rng):
            state = apply(state, a)
    return state, rng


@given(st.integers(0, 10**6), st.integers(2, 6), st.integers(0, 40))
def test_v12_hidden_cards_do_not_change_an_observation(seed, players, steps):
    state, rng = _reachable(seed, players, steps)
    if state.phase == OVER:
        return
    me = rng.randrange(players)
    other = (me + 1 + rng.randrange(players - 1)) % players
    twin = _swap_hidden(state, other, rng)
    if twin is None:
        return
    assert to_json(twin) != to_json(state)
    assert observe(twin, me).to_json() == observe(state, me).to_json()
    assert observe(twin, other).to_json() != observe(state, other).to_json()


def test_v12_stock_order_is_hidden():
    doc = make_doc(hands=["5S 6S 2C", "9D"])
    a = from_json(doc)
    doc["stock"][0], doc["stock"][1] = doc["stock"][1], doc["stock"][0]
    b = from_json(doc)
    assert observe(a, 0).to_json() == observe(b, 0).to_json()
    assert observe(a, 1).to_json() == observe(b, 1).to_json()


def test_v12_hands_revealed_only_when_the_hand_is_over():
    state = make_state(hands=["5S 6S 7S 9D 9H 9C", "2D 3D"], stock_top="KD")
    s = act(state, Action.draw_stock(0), Action.meld_(0, [Ks("5S 6S 7S"), Ks("9D 9H 9C")]))
    assert observe(s, 1).to_json()["revealed_hands"] is None
    s = act(s, Action.discard(0, K("KD")))
    assert s.phase == OVER
    assert observe(s, 1).to_json()["revealed_hands"] == [[], ["2D", "3D"]]


def test_v12_observation_wild_table_follows_indicator():
    state = make_state(indicator="8S")
    obs = observe(state, 0)
    assert [k for k in range(53) if obs.wild[k]] == [K("8H"), K("8D"), 52]
    assert texts(obs.hand) == []
