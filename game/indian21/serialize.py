"""The ``indian21-state`` document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use (keys, every option, card tokens, every
one of the 159 physical cards exactly once across stock, discard pile, hands, cut joker and finish
card, hand sizes against ``phase`` and ``out``, seat indices, the show a phase ``show`` follows,
the result's sums, every field the history determines) and gives one :class:`StateError` naming
the key; it is never half-loaded.
"""

from __future__ import annotations

from game.core.documents import (
    BIG,
    CUT_JOKER_KEYS,
    Cited,
    check_cut_joker_history,
    cut_joker_document,
    read_cut_joker_state,
    read_numbers,
    read_result_groups,
    read_result_head,
)
from game.core.errors import StateError
from game.core.hand_check import CheckWords, check_phase
from game.core.reading import CardPool, read_int

from . import actions
from .actions import Action
from .deck import DECK_COUNTS, DECK_IDS, KIND
from .rules import RuleSet
from .state import (
    DECLARED,
    INVALID_END,
    OUT_VALUES,
    OVER,
    PHASES,
    REASONS,
    VOID,
    Result,
    State,
)
from .turn import judge

FORMAT = "indian21-state"
VERSION = 1
KEYS = CUT_JOKER_KEYS
CITED = Cited(turn="T5", taken="T4.3", pile="T4", drop="T9", declare="T7", invalid="T8")  # what the history checks cite
RESULT_KEYS = ("winner", "reason", "points", "gain", "groups", "value", "net")


def to_json(state: State) -> dict:
    """The CONTRACT.md state document (stock top first, discard pile oldest first)."""
    return cut_joker_document(state, FORMAT, VERSION, KIND)


# --- the reader --------------------------------------------------------------------------------

def from_json(doc: object) -> State:
    """Validate a state document and build the :class:`State`; raises :class:`StateError`."""
    state = read_cut_joker_state(doc, FORMAT, VERSION, RuleSet.from_json, PHASES, OUT_VALUES, Action.from_json,
                                 _pool, _read_cut, "T4.3", _result, State, out_width=60, keyed_history=True)
    _check_phase(state)
    check_cut_joker_history(state, KIND, CITED)
    return state


def _pool(rules: RuleSet) -> CardPool:
    return CardPool(DECK_IDS, KIND, lambda k: f"the table holds {DECK_COUNTS[k]} (T1.1: three decks and three JK)",
                    "of the 159 are missing from stock, discard, hands, cut_joker and finish (every card must be "
                    "there once, T1.1)")


def _read_cut(cards: CardPool, doc: dict, rules: RuleSet) -> int:
    if doc["cut_joker"] is None:
        raise StateError("key 'cut_joker' must name the cut card (T2.3)")
    return cards.take(doc["cut_joker"], "cut_joker")


WORDS = CheckWords(
    drop_rule="(T9)",
    two_in_play="key 'out': at least two seats must be in play until the deal is over (T9)",
    finish_too_soon="key 'finish' must be null before a show (T7.1)",
    empty_stock="key 'stock': a turn never starts with an empty stock (T13)",
    show_auto="key 'phase': phase 'show' happens only with rules.auto_arrange_losers false (T10)",
    show_finish="key 'finish' must hold the declarer's face-down card in phase 'show' (T7.1)",
    show_missing="key 'history': phase 'show' needs the show (declare) that ended the deal in the history",
    show_declarer="key 'history': the last declare must be by a seat in play other than 'turn'",
    show_invalid="key 'history': the last declare must be a valid show of the declarer's cards (T7.2)",
    show_order="key 'history': after the show, seats {expected} show their groups before seat {turn} (T10)",
)


def _check_phase(state: State) -> None:
    """Hand sizes and who is out against ``phase`` (CONTRACT.md; T10 for phase ``show``)."""
    check_phase(state, WORDS, state.rules.hand_size, _check_result, judge, KIND, Action.from_json, actions.DECLARE,
                actions.SHOW)


def _check_result(state: State) -> None:
    """A finished deal's result agrees with itself and with the table (T12)."""
    r = state.result
    assert r is not None
    if (state.finish is not None) != (r.reason == DECLARED):
        raise StateError("key 'finish' must hold a card exactly when the deal ended by a valid show (T7.1)")
    n = state.players
    if r.reason == INVALID_END:
        if list(r.net) != [-p for p in r.points] or any(r.value):
            raise StateError("key 'result': when an invalid show ends the deal nobody collects: 'net' is minus "
                             "'points' and 'value' is 0 (T8)")
    elif sum(r.net) != 0:
        raise StateError("key 'result.net': the settlement must sum to 0 (T12)")
    if r.winner is not None:
        if state.out[r.winner] is not None or r.points[r.winner] != 0:
            raise StateError("key 'result.winner': the winner is in play and pays nothing (T12)")
        if r.gain != sum(r.points):
            raise StateError("key 'result.gain' must be the sum of 'points' (T12)")
    elif r.gain != 0:
        raise StateError("key 'result.gain' must be 0 without a winner (T12)")
    if any(r.value[s] for s in range(n) if state.out[s] is not None):
        raise StateError("key 'result.value': a seat that is out has no value points (T11.1)")
    if r.reason == VOID and any(r.points + r.value + r.net):
        raise StateError("key 'result': a void deal has every points, value and net 0 (T13)")


def _result(value: object, phase: str, n: int) -> Result | None:
    head = read_result_head(value, phase == OVER, RESULT_KEYS, REASONS, (VOID, INVALID_END), n)
    if head is None:
        return None
    value, reason, winner = head
    points, gain = read_numbers(value, "points", n, 0), read_int(value["gain"], "result.gain", 0, BIG)
    worth, net = read_numbers(value, "value", n), read_numbers(value, "net", n)
    return Result(winner, reason, points, gain, read_result_groups(value, n), worth, net)
