"""Shared helpers for the Indian Rummy tests: hand-built states, card shorthands, invariant checks
and a random policy for simulations.

States are built as CONTRACT.md ``indian13-state`` documents and loaded through ``from_json``, so
every test state is one the engine would also accept from a file.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from game.core.cards import kind_text, parse_kind
from game.indian13 import RuleSet, State, apply, from_json, observe, to_json
from game.indian13.deck import KIND, deck_ids, deck_kind_counts
from game.indian13.simulate import random_action
from game.indian13.state import DISCARD, DRAW, INVALID, OVER
from tests.family import (  # re-exported: the tests take the shorthands from here
    CardPool,
    acting,
    check_dropping_observation,
    refusing,
    tokens_of,
)
from tests.family import K as K
from tests.family import Ks as Ks

__all__ = ["random_action"]


# --- cards -----------------------------------------------------------------------------------

def groups(text: str) -> list[list[int]]:
    """Groups written as in INDIAN_RUMMY.md: ``"3H 4H 5H | 9S 10S JS"`` (``PJ`` is a printed joker)."""
    return [Ks(g.replace("PJ", "JK")) for g in text.split("|")]


def toks(cards: Iterable[int]) -> list[str]:
    """Tokens of physical ids."""
    return [kind_text(KIND[c]) for c in cards]


def bag(tokens: Iterable[str]) -> Counter[str]:
    return Counter(kind_text(parse_kind(t)) for t in tokens)


# --- building states -------------------------------------------------------------------------

def make_doc(players: int = 2, hands: Sequence[object] | None = None, discard: object = "5C",
             cut: str | None = "7D", stock: object | None = None, stock_top: object = (), turn: int = 0,
             dealer: int | None = None, phase: str = "draw", out: Sequence[str | None] | None = None,
             has_drawn: Sequence[bool] | None = None, taken: str | None = None, finish: str | None = None,
             history: Sequence[dict] = (), totals: Sequence[int] | None = None, result: dict | None = None,
             seed: int = 0, **options: object) -> dict:
    """An ``indian13-state`` document with exact card counts.

    ``hands``: one entry a seat: a card string/list, or an int ``n`` for ``n`` filler cards
    (missing seats get 13 filler cards; the seat to move in phase ``discard`` 14).  ``cut``: the
    cut joker (use ``None`` with ``jokers`` other than ``cut``).  Without ``stock`` every card not
    placed goes to the stock (``stock_top`` first, the rest shuffled with ``seed``); with an
    explicit ``stock`` (top first) the cards left over go under the discard pile.
    """
    rules = RuleSet(players=players, **options)  # type: ignore[arg-type]
    n = players
    pool = CardPool(dict(enumerate(deck_kind_counts(rules))), "the deck table")
    out = list(out) if out is not None else [None] * n

    specs = list(hands or [])
    for s in range(len(specs), n):
        specs.append(14 if (phase == DISCARD and s == turn) or out[s] == INVALID else 13)
    hand_docs: list[list[str] | int] = [spec if isinstance(spec, int) else pool.take(tokens_of(spec)) for spec in specs]
    discard_doc = pool.take(tokens_of(discard))
    cut_doc = pool.take([cut])[0] if cut is not None else None
    finish_doc = pool.take([finish])[0] if finish is not None else None
    top = pool.take(tokens_of(stock_top))
    explicit = None if stock is None else pool.take(tokens_of(stock))
    rest = pool.rest()
    random.Random(seed).shuffle(rest)
    for i, spec in enumerate(hand_docs):
        if isinstance(spec, int):
            hand_docs[i], rest = rest[:spec], rest[spec:]
    if explicit is None:
        stock_doc = top + rest
    else:
        stock_doc = top + explicit
        discard_doc = rest + discard_doc
    if has_drawn is None:
        has_drawn = [o in ("middle_drop", INVALID) or (phase == DISCARD and s == turn) for s, o in enumerate(out)]
    return {
        "format": "indian13-state", "version": 1, "rules": rules.to_json(),
        "seats": [{"name": f"Player {i + 1}", "kind": "human"} for i in range(n)],
        "dealer": (turn - 1) % n if dealer is None else dealer,
        "cut_joker": cut_doc, "stock": stock_doc, "discard": discard_doc, "hands": hand_docs,
        "finish": finish_doc, "out": out, "has_drawn": list(has_drawn),
        "taken_discard": None if taken is None else kind_text(parse_kind(taken)),
        "turn": turn, "phase": phase, "totals": list(totals) if totals is not None else [0] * n,
        "result": result, "history": [dict(h) for h in history],
    }


def make_state(*args: object, **kwargs: object) -> State:
    """:func:`make_doc` loaded through ``from_json``."""
    return from_json(make_doc(*args, **kwargs))  # type: ignore[arg-type]


# --- acting and checking -----------------------------------------------------------------------

def check_invariants(state: State, *, round_trip: bool = True, observations: bool = True) -> None:
    """Everything that must hold in every reachable state."""
    n = state.players
    assert sorted(state.all_cards()) == deck_ids(state.rules), "a card was lost or duplicated (I1.3)"
    for s in range(n):
        size = 13 + (state.out[s] == INVALID or (state.phase == DISCARD and s == state.turn and state.out[s] is None))
        assert len(state.hands[s]) == size, (s, state.phase, state.out[s], len(state.hands[s]))
    assert (state.result is None) == (state.phase != OVER)
    if state.phase == DRAW:
        assert state.stock, "a turn never starts with an empty stock (I11)"
    if state.phase != OVER:
        assert state.out[state.turn] is None and len(state.in_play()) >= 2 or state.phase == "show"
    else:
        r = state.result
        assert r.gain == (sum(r.points) if r.winner is not None else 0)
        if r.winner is not None:
            assert r.points[r.winner] == 0 and state.out[r.winner] is None
    if round_trip:
        doc = to_json(state)
        assert to_json(from_json(doc)) == doc
    if observations:
        for seat in range(n):
            check_observation(state, seat)


def check_observation(state: State, seat: int) -> None:
    """I13: a seat sees its own hand and everything public; no other hand before it is shown."""
    check_dropping_observation(state, seat, observe, toks, "I9.4", "I13")


act = acting(apply, check_invariants)  # apply actions in order (each legal), checking the state after each
expect_illegal = refusing(apply, to_json, "I")  # refused with its code and rule, nothing changed
