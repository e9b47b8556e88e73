"""The ``indian13-state`` document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use (keys, every option, card tokens, every
physical card of the deck table exactly once, hand sizes against ``phase`` and ``out``, seat
indices, every field the history determines) and gives one :class:`StateError` naming the key; it
is never half-loaded.
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
from .deck import HAND_SIZE, KIND, deck_ids, deck_kind_counts
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

FORMAT = "indian13-state"
VERSION = 1
KEYS = CUT_JOKER_KEYS
CITED = Cited(turn="I5", taken="I5.5", pile="I4", drop="I9", declare="I7", invalid="I8")  # what the history checks cite
RESULT_KEYS = ("winner", "reason", "points", "gain", "groups")


def to_json(state: State) -> dict:
    """The CONTRACT.md state document (stock top first, discard pile oldest first)."""
    return cut_joker_document(state, FORMAT, VERSION, KIND)


# --- the reader --------------------------------------------------------------------------------

def from_json(doc: object) -> State:
    """Validate a state document and build the :class:`State`; raises :class:`StateError`."""
    state = read_cut_joker_state(doc, FORMAT, VERSION, RuleSet.from_json, PHASES, OUT_VALUES, Action.from_json,
                                 _pool, _read_cut, "I5.5", _result, State)
    _check_phase(state)
    check_cut_joker_history(state, KIND, CITED)
    return state


def _pool(rules: RuleSet) -> CardPool:
    return CardPool(deck_ids(rules), KIND,
                    lambda k: f"the deck table of these rules holds {deck_kind_counts(rules)[k]} (I1.2)",
                    "of the deck table are missing from stock, discard, hands, cut_joker and finish (every "
                    "card must be there once)")


def _read_cut(cards: CardPool, doc: dict, rules: RuleSet) -> int | None:
    if rules.jokers == "cut":
        if doc["cut_joker"] is None:
            raise StateError("key 'cut_joker' must name the cut card when rules.jokers is 'cut' (I2.5)")
        return cards.take(doc["cut_joker"], "cut_joker")
    if doc["cut_joker"] is not None:
        raise StateError(f"key 'cut_joker' must be null when rules.jokers is {rules.jokers!r} (I3.5)")
    return None


WORDS = CheckWords(
    drop_rule="(I9.2)",
    two_in_play="key 'out': at least two seats must be in play until the deal is over (I9.5)",
    finish_too_soon="key 'finish' must be null before a declaration (I7.1)",
    empty_stock="key 'stock': a turn never starts with an empty stock (I11)",
    show_auto="key 'phase': phase 'show' happens only with rules.auto_arrange_losers false (I7.5)",
    show_finish="key 'finish' must hold the declarer's face-down card in phase 'show' (I7.1)",
    show_missing="key 'history': phase 'show' needs the declaration that ended the deal in the history",
    show_declarer="key 'history': the last declaration must be by a seat in play other than 'turn'",
    show_invalid="key 'history': the last declaration must be a valid one of the declarer's cards (I7.2)",
    show_order="key 'history': after the declaration, seats {expected} show before seat {turn}",
)


def _check_over(state: State) -> None:
    if (state.finish is not None) != (state.result is not None and state.result.reason == DECLARED):
        raise StateError("key 'finish' must hold a card exactly when the deal ended by a valid declaration (I7.1)")


def _check_phase(state: State) -> None:
    """Hand sizes and who is out against ``phase`` (CONTRACT.md; I7.5 for phase ``show``)."""
    check_phase(state, WORDS, HAND_SIZE, _check_over, judge, KIND, Action.from_json, actions.DECLARE, actions.SHOW)


def _result(value: object, phase: str, n: int) -> Result | None:
    head = read_result_head(value, phase == OVER, RESULT_KEYS, REASONS, (VOID, INVALID_END), n,
                            keys_words="'winner', 'reason', 'points', 'gain' and 'groups'", width=None)
    if head is None:
        return None
    value, reason, winner = head
    return Result(winner, reason, read_numbers(value, "points", n, 0), read_int(value["gain"], "result.gain", 0, BIG),
                  read_result_groups(value, n))
