"""The ``indian13-state`` document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use (keys, every option, card tokens, every
physical card of the deck table exactly once, hand sizes against ``phase`` and ``out``, seat
indices) and gives one :class:`StateError` naming the key; it is never half-loaded.
"""

from __future__ import annotations

from game.core.cards import kind_text
from game.core.errors import StateError
from game.core.hand_check import CheckWords, check_phase
from game.core.reading import CardPool, read_int, read_kind, read_list, read_table

from . import actions
from .actions import Action
from .deck import HAND_SIZE, KIND, deck_ids, deck_kind_counts
from .rules import RulesError, RuleSet
from .state import (
    DECLARED,
    DISCARD,
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
KEYS = ("format", "version", "rules", "seats", "dealer", "cut_joker", "stock", "discard", "hands", "finish",
        "out", "has_drawn", "taken_discard", "turn", "phase", "totals", "result", "history")
_BIG = 10**12


def _text(card: int) -> str:
    return kind_text(KIND[card])


def to_json(state: State) -> dict:
    """The CONTRACT.md state document (stock top first, discard pile oldest first)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_json(),
        "seats": [{"name": s.name, "kind": s.kind} for s in state.seats],
        "dealer": state.dealer,
        "cut_joker": None if state.cut_joker is None else _text(state.cut_joker),
        "stock": [_text(c) for c in reversed(state.stock)],
        "discard": [_text(c) for c in state.discard],
        "hands": [[_text(c) for c in h] for h in state.hands],
        "finish": None if state.finish is None else _text(state.finish),
        "out": list(state.out),
        "has_drawn": list(state.has_drawn),
        "taken_discard": None if state.taken_discard is None else _text(state.taken_discard),
        "turn": state.turn,
        "phase": state.phase,
        "totals": list(state.totals),
        "result": None if state.result is None else state.result.to_json(),
        "history": [dict(e) for e in state.history],
    }


# --- the reader --------------------------------------------------------------------------------

def from_json(doc: object) -> State:
    """Validate a state document and build the :class:`State`; raises :class:`StateError`."""
    table = read_table(doc, KEYS, FORMAT, VERSION, RuleSet.from_json, (RulesError, TypeError), PHASES)
    doc, rules, seats, dealer, turn, phase = table.doc, table.rules, table.seats, table.dealer, table.turn, table.phase
    n = rules.players
    out = read_list(doc["out"], "out", n)
    for value in out:
        if value not in OUT_VALUES:
            raise StateError(f"key 'out': an entry must be null, 'first_drop', 'middle_drop' or "
                             f"'invalid_declaration', not {value!r}")
    has_drawn = read_list(doc["has_drawn"], "has_drawn", n)
    if not all(isinstance(v, bool) for v in has_drawn):
        raise StateError("key 'has_drawn': every entry must be true or false")
    totals = [read_int(t, "totals", -_BIG, _BIG) for t in read_list(doc["totals"], "totals", n)]
    history = [Action.from_json(e, n).to_json() for e in read_list(doc["history"], "history")]

    cards = CardPool(deck_ids(rules), KIND,
                     lambda k: f"the deck table of these rules holds {deck_kind_counts(rules)[k]} (I1.2)",
                     "of the deck table are missing from stock, discard, hands, cut_joker and finish (every "
                     "card must be there once)")
    cut = None
    if rules.jokers == "cut":
        if doc["cut_joker"] is None:
            raise StateError("key 'cut_joker' must name the cut card when rules.jokers is 'cut' (I2.5)")
        cut = cards.take(doc["cut_joker"], "cut_joker")
    elif doc["cut_joker"] is not None:
        raise StateError(f"key 'cut_joker' must be null when rules.jokers is {rules.jokers!r} (I3.5)")
    stock = cards.list(doc["stock"], "stock")[::-1]
    discard = cards.list(doc["discard"], "discard")
    hands = [cards.list(h, "hands") for h in read_list(doc["hands"], "hands", n)]
    finish = None if doc["finish"] is None else cards.take(doc["finish"], "finish")
    cards.check_all_used()

    taken = None
    if doc["taken_discard"] is not None:
        kind = read_kind(doc["taken_discard"], "taken_discard")
        if phase != DISCARD:
            raise StateError("key 'taken_discard' must be null outside phase 'discard' (I5.5)")
        taken = next((c for c in hands[turn] if KIND[c] == kind), None)
        if taken is None:
            raise StateError(f"key 'taken_discard': seat {turn} holds no {kind_text(kind)} (I5.5)")
    result = _result(doc["result"], phase, n)
    state = State(rules, seats, dealer, cut, stock, discard, hands, finish, list(out), list(has_drawn), taken,
                  turn, phase, totals, result, history)
    _check_phase(state)
    return state


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
    if phase != OVER:
        if value is not None:
            raise StateError("key 'result' must be null until the phase is 'over'")
        return None
    keys = {"winner", "reason", "points", "gain", "groups"}
    if not isinstance(value, dict) or set(value) != keys:
        raise StateError("key 'result' must be an object with exactly 'winner', 'reason', 'points', 'gain' and "
                         "'groups' when the deal is over")
    reason = value["reason"]
    if not isinstance(reason, str) or reason not in REASONS:
        raise StateError(f"key 'result.reason' must be one of {', '.join(REASONS)}, not {reason!r}")
    winner = value["winner"]
    if winner is not None:
        winner = read_int(winner, "result.winner", 0, n - 1)
    no_winner = reason in (VOID, INVALID_END)
    if (winner is None) != no_winner:
        raise StateError(f"key 'result.winner' must be {'null' if no_winner else 'a seat'} for reason {reason!r}")
    points = tuple(read_int(p, "result.points", 0, _BIG) for p in read_list(value["points"], "result.points", n))
    gain = read_int(value["gain"], "result.gain", 0, _BIG)
    groups = []
    for g in read_list(value["groups"], "result.groups", n):
        if g is None:
            groups.append(None)
            continue
        groups.append(tuple(tuple(read_kind(t, "result.groups") for t in read_list(grp, "result.groups"))
                            for grp in read_list(g, "result.groups")))
    return Result(winner, reason, points, gain, tuple(groups))
