"""Shared helpers for the 21-card Indian Rummy tests: hand-built states, card shorthands, invariant
checks.

States are built as CONTRACT.md ``indian21-state`` documents and loaded through ``from_json``, so
every test state is one the engine would also accept from a file.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.core.cards import kind_text, parse_kind
from game.indian21 import RuleSet, State, apply, from_json, observe, to_json
from game.indian21.deck import DECK_COUNTS, DECK_IDS, KIND, jokers_of
from game.indian21.melds import MeldRules
from game.indian21.policy import random_action
from game.indian21.state import DISCARD, DRAW, INVALID, INVALID_END, OVER
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
    """Groups written as in INDIAN_21.md: ``"3H 4H 5H | 9S 10S JS"``."""
    return [Ks(g) for g in text.split("|")]


def flat(text: str) -> list[int]:
    """Every card of groups written as in INDIAN_21.md."""
    return [k for g in groups(text) for k in g]


def toks(cards: Iterable[int]) -> list[str]:
    """Tokens of physical ids."""
    return [kind_text(KIND[c]) for c in cards]


def kinds_text(kinds: Iterable[int]) -> list[str]:
    return [kind_text(k) for k in kinds]


def meld_rules(cut: str = "7H", **options: object) -> MeldRules:
    """The meld rules of a deal with cut joker ``cut`` under ``options``."""
    rules = RuleSet(**options)  # type: ignore[arg-type]
    return MeldRules.of(rules, jokers_of(rules, parse_kind(cut)))


# --- building states -------------------------------------------------------------------------

def make_doc(players: int = 2, hands: Sequence[object] | None = None, discard: object = "5C",
             cut: str = "7H", stock: object | None = None, stock_top: object = (), turn: int = 0,
             dealer: int | None = None, phase: str = "draw", out: Sequence[str | None] | None = None,
             has_drawn: Sequence[bool] | None = None, taken: str | None = None, finish: str | None = None,
             history: Sequence[dict] = (), totals: Sequence[int] | None = None, result: dict | None = None,
             seed: int = 0, **options: object) -> dict:
    """An ``indian21-state`` document with exact card counts.

    ``hands``: one entry a seat: a card string/list, an int ``n`` for ``n`` filler cards, or a pair
    ``(cards, n)``: those cards and filler cards up to ``n`` in all (missing
    seats get ``hand_size`` filler cards; the seat to move in phase ``discard``, and a seat out by an
    invalid show, one more).  Filler cards are drawn at random (``seed``) from the cards not placed.
    Without ``stock`` every card not placed goes to the stock (``stock_top`` first); with an
    explicit ``stock`` (top first) the cards left over go under the discard pile.  ``has_drawn``
    defaults to True for every seat (nobody is on its first turn) except a first drop.
    """
    rules = RuleSet(players=players, **options)  # type: ignore[arg-type]
    n = players
    size = rules.hand_size
    pool = CardPool(dict(enumerate(DECK_COUNTS)), "the deck")
    out = list(out) if out is not None else [None] * n

    specs = list(hands or [])
    for s in range(len(specs), n):
        specs.append(size + 1 if (phase == DISCARD and s == turn) or out[s] == INVALID else size)
    fill = [spec[1] if isinstance(spec, tuple) else spec if isinstance(spec, int) else 0 for spec in specs]
    hand_docs: list[list[str]] = [[] if isinstance(spec, int)
                                  else pool.take(tokens_of(spec[0] if isinstance(spec, tuple) else spec))
                                  for spec in specs]
    discard_doc = pool.take(tokens_of(discard))
    cut_doc = pool.take([cut])[0]
    finish_doc = pool.take([finish])[0] if finish is not None else None
    top = pool.take(tokens_of(stock_top))
    explicit = None if stock is None else pool.take(tokens_of(stock))
    rest = pool.rest()
    random.Random(seed).shuffle(rest)
    for i, total in enumerate(fill):
        if total:
            more = total - len(hand_docs[i])
            hand_docs[i], rest = hand_docs[i] + rest[:more], rest[more:]
    if explicit is None:
        stock_doc = top + rest
    else:
        stock_doc = top + explicit
        discard_doc = rest + discard_doc
    if has_drawn is None:
        has_drawn = [o != "first_drop" for o in out]
    return {
        "format": "indian21-state", "version": 1, "rules": rules.to_json(),
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


def hand_of(text: str, extra: str = "") -> str:
    """The cards of groups written as in INDIAN_21.md, plus ``extra``, as one card string."""
    return " ".join(kinds_text(flat(text))) + (" " + extra if extra else "")


# --- acting and checking -----------------------------------------------------------------------

def check_invariants(state: State, *, round_trip: bool = True, observations: bool = True) -> None:
    """Everything that must hold in every reachable state."""
    n, size = state.players, state.rules.hand_size
    assert sorted(state.all_cards()) == list(DECK_IDS), "a card was lost or duplicated (T1.2)"
    for s in range(n):
        held = size + (state.out[s] == INVALID or (state.phase == DISCARD and s == state.turn
                                                    and state.out[s] is None))
        assert len(state.hands[s]) == held, (s, state.phase, state.out[s], len(state.hands[s]))
    assert (state.result is None) == (state.phase != OVER)
    if state.phase == DRAW:
        assert state.stock, "a turn never starts with an empty stock (T13)"
    if state.phase != OVER:
        assert state.out[state.turn] is None and len(state.in_play()) >= 2 or state.phase == "show"
    else:
        r = state.result
        assert r is not None
        if r.reason == INVALID_END:
            assert r.winner is None and r.gain == 0 and list(r.net) == [-p for p in r.points]
        else:
            assert sum(r.net) == 0, "T12: the settlement sums to 0"
            assert r.gain == (sum(r.points) if r.winner is not None else 0)
        if r.winner is not None:
            assert r.points[r.winner] == 0 and state.out[r.winner] is None
        for s in range(n):
            if state.out[s] is not None:
                assert r.value[s] == 0
    if round_trip:
        doc = to_json(state)
        assert to_json(from_json(doc)) == doc
    if observations:
        for seat in range(n):
            check_observation(state, seat)


def check_observation(state: State, seat: int) -> None:
    """T15: a seat sees its own hand and everything public; no other hand before it is shown."""
    check_dropping_observation(state, seat, observe, toks, "T9", "T15")


act = acting(apply, check_invariants)  # apply actions in order (each legal), checking the state after each
expect_illegal = refusing(apply, to_json, "T")  # refused with its code and rule, nothing changed
