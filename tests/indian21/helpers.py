"""Shared helpers for the 21-card Indian Rummy tests: hand-built states, card shorthands, invariant
checks.

States are built as CONTRACT.md ``indian21-state`` documents and loaded through ``from_json``, so
every test state is one the engine would also accept from a file.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.cards import kind_text, parse_kind
from game.indian21 import RuleSet, State, apply, from_json, observe, to_json
from game.indian21.deck import DECK_COUNTS, DECK_IDS, KIND, jokers_of
from game.indian21.melds import MeldRules
from game.indian21.policy import random_action
from game.indian21.state import INVALID_END
from tests.family import K as K
from tests.family import Ks as Ks
from tests.family import acting, check_dropping_observation, refusing
from tests.inhand_helpers import check_dropping_state, cut_joker_doc_maker

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

make_doc = cut_joker_doc_maker(  # an ``indian21-state`` document with exact card counts
    "indian21-state", RuleSet, lambda rules: DECK_COUNTS, "the deck", lambda rules: rules.hand_size,
    lambda out, phase, turn: [o != "first_drop" for o in out], "7H")  # nobody on a first turn but a first drop


def make_state(*args: object, **kwargs: object) -> State:
    """:func:`make_doc` loaded through ``from_json``."""
    return from_json(make_doc(*args, **kwargs))  # type: ignore[arg-type]


def hand_of(text: str, extra: str = "") -> str:
    """The cards of groups written as in INDIAN_21.md, plus ``extra``, as one card string."""
    return " ".join(kinds_text(flat(text))) + (" " + extra if extra else "")


# --- acting and checking -----------------------------------------------------------------------

def check_invariants(state: State, *, round_trip: bool = True, observations: bool = True) -> None:
    """Everything that must hold in every reachable state (T1.2 every card once, T13 the stock)."""
    check_dropping_state(state, DECK_IDS, state.rules.hand_size, ("T1.2", "T13"), _check_result, to_json, from_json,
                         check_observation, round_trip, observations)


def _check_result(state: State) -> None:
    r = state.result
    assert r is not None
    if r.reason == INVALID_END:
        assert r.winner is None and r.gain == 0 and list(r.net) == [-p for p in r.points]
    else:
        assert sum(r.net) == 0, "T12: the settlement sums to 0"
        assert r.gain == (sum(r.points) if r.winner is not None else 0)
    if r.winner is not None:
        assert r.points[r.winner] == 0 and state.out[r.winner] is None
    for s in range(state.players):
        if state.out[s] is not None:
            assert r.value[s] == 0


def check_observation(state: State, seat: int) -> None:
    """T15: a seat sees its own hand and everything public; no other hand before it is shown."""
    check_dropping_observation(state, seat, observe, toks, "T9", "T15")


act = acting(apply, check_invariants)  # apply actions in order (each legal), checking the state after each
expect_illegal = refusing(apply, to_json, "T")  # refused with its code and rule, nothing changed
