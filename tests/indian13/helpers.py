"""Shared helpers for the Indian Rummy tests: hand-built states, card shorthands, invariant checks
and a random policy for simulations.

States are built as CONTRACT.md ``indian13-state`` documents and loaded through ``from_json``, so
every test state is one the engine would also accept from a file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.core.cards import kind_text, parse_kind
from game.indian13 import RuleSet, State, apply, from_json, observe, to_json
from game.indian13.deck import KIND, deck_ids, deck_kind_counts
from game.indian13.simulate import random_action
from game.indian13.state import DISCARD, INVALID
from tests.family import K as K
from tests.family import Ks as Ks
from tests.family import acting, check_dropping_observation, refusing
from tests.inhand_helpers import check_dropping_state, cut_joker_doc_maker

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

make_doc = cut_joker_doc_maker(  # an ``indian13-state`` document with exact card counts (hands of 13)
    "indian13-state", RuleSet, deck_kind_counts, "the deck table", lambda rules: 13,
    lambda out, phase, turn: [o in ("middle_drop", INVALID) or (phase == DISCARD and s == turn)
                              for s, o in enumerate(out)], "7D")


def make_state(*args: object, **kwargs: object) -> State:
    """:func:`make_doc` loaded through ``from_json``."""
    return from_json(make_doc(*args, **kwargs))  # type: ignore[arg-type]


# --- acting and checking -----------------------------------------------------------------------

def check_invariants(state: State, *, round_trip: bool = True, observations: bool = True) -> None:
    """Everything that must hold in every reachable state (I1.3 every card once, I11 the stock)."""
    check_dropping_state(state, deck_ids(state.rules), 13, ("I1.3", "I11"), _check_result, to_json, from_json,
                         check_observation, round_trip, observations)


def _check_result(state: State) -> None:
    r = state.result
    assert r.gain == (sum(r.points) if r.winner is not None else 0)
    if r.winner is not None:
        assert r.points[r.winner] == 0 and state.out[r.winner] is None


def check_observation(state: State, seat: int) -> None:
    """I13: a seat sees its own hand and everything public; no other hand before it is shown."""
    check_dropping_observation(state, seat, observe, toks, "I9.4", "I13")


act = acting(apply, check_invariants)  # apply actions in order (each legal), checking the state after each
expect_illegal = refusing(apply, to_json, "I")  # refused with its code and rule, nothing changed
