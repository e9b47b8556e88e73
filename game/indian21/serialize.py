"""The ``indian21-state`` document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use (keys, every option, card tokens, every
one of the 159 physical cards exactly once across stock, discard pile, hands, cut joker and finish
card, hand sizes against ``phase`` and ``out``, seat indices, the show a phase ``show`` follows,
the result's sums) and gives one :class:`StateError` naming the key; it is never half-loaded.
"""

from __future__ import annotations

from game.core.cards import kind_text
from game.core.errors import RulesError, StateError
from game.core.hand_check import CheckWords, check_phase
from game.core.reading import CardPool, read_int, read_kind, read_list, read_table

from . import actions
from .actions import Action
from .deck import DECK_COUNTS, DECK_IDS, KIND
from .rules import RuleSet
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

FORMAT = "indian21-state"
VERSION = 1
KEYS = ("format", "version", "rules", "seats", "dealer", "cut_joker", "stock", "discard", "hands", "finish",
        "out", "has_drawn", "taken_discard", "turn", "phase", "totals", "result", "history")
RESULT_KEYS = ("winner", "reason", "points", "gain", "groups", "value", "net")
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
        "cut_joker": _text(state.cut_joker),
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
        if value not in OUT_VALUES or isinstance(value, bool):
            raise StateError(f"key 'out': an entry must be null, 'first_drop', 'middle_drop' or "
                             f"'invalid_declaration', not {value!r:.60}")
    has_drawn = read_list(doc["has_drawn"], "has_drawn", n)
    if not all(isinstance(v, bool) for v in has_drawn):
        raise StateError("key 'has_drawn': every entry must be true or false")
    totals = [read_int(t, "totals", -_BIG, _BIG) for t in read_list(doc["totals"], "totals", n)]
    history = []
    for entry in read_list(doc["history"], "history"):
        try:
            history.append(Action.from_json(entry, n).to_json())
        except StateError as exc:
            raise StateError(f"key 'history': {exc}") from None

    cards = CardPool(DECK_IDS, KIND,
                     lambda k: f"the table holds {DECK_COUNTS[k]} (T1.1: three decks and three JK)",
                     "of the 159 are missing from stock, discard, hands, cut_joker and finish (every card must be "
                     "there once, T1.1)")
    if doc["cut_joker"] is None:
        raise StateError("key 'cut_joker' must name the cut card (T2.3)")
    cut = cards.take(doc["cut_joker"], "cut_joker")
    stock = cards.list(doc["stock"], "stock")[::-1]
    discard = cards.list(doc["discard"], "discard")
    hands = [cards.list(h, "hands") for h in read_list(doc["hands"], "hands", n)]
    finish = None if doc["finish"] is None else cards.take(doc["finish"], "finish")
    cards.check_all_used()

    taken = None
    if doc["taken_discard"] is not None:
        kind = read_kind(doc["taken_discard"], "taken_discard")
        if phase != DISCARD:
            raise StateError("key 'taken_discard' must be null outside phase 'discard' (T4.3)")
        taken = next((c for c in hands[turn] if KIND[c] == kind), None)
        if taken is None:
            raise StateError(f"key 'taken_discard': seat {turn} holds no {kind_text(kind)} (T4.3)")
    result = _result(doc["result"], phase, n)
    state = State(rules, seats, dealer, cut, stock, discard, hands, finish, list(out), list(has_drawn), taken,
                  turn, phase, totals, result, history)
    _check_phase(state)
    return state


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
    if phase != OVER:
        if value is not None:
            raise StateError("key 'result' must be null until the phase is 'over'")
        return None
    if not isinstance(value, dict) or set(value) != set(RESULT_KEYS):
        raise StateError("key 'result' must be an object with exactly " + ", ".join(map(repr, RESULT_KEYS))
                         + " when the deal is over")
    reason = value["reason"]
    if not isinstance(reason, str) or reason not in REASONS:
        raise StateError(f"key 'result.reason' must be one of {', '.join(REASONS)}, not {reason!r:.60}")
    winner = value["winner"]
    if winner is not None:
        winner = read_int(winner, "result.winner", 0, n - 1)
    no_winner = reason in (VOID, INVALID_END)
    if (winner is None) != no_winner:
        raise StateError(f"key 'result.winner' must be {'null' if no_winner else 'a seat'} for reason {reason!r}")
    points = tuple(read_int(p, "result.points", 0, _BIG) for p in read_list(value["points"], "result.points", n))
    gain = read_int(value["gain"], "result.gain", 0, _BIG)
    worth = tuple(read_int(v, "result.value", -_BIG, _BIG) for v in read_list(value["value"], "result.value", n))
    net = tuple(read_int(v, "result.net", -_BIG, _BIG) for v in read_list(value["net"], "result.net", n))
    groups = []
    for g in read_list(value["groups"], "result.groups", n):
        if g is None:
            groups.append(None)
            continue
        groups.append(tuple(tuple(read_kind(t, "result.groups") for t in read_list(grp, "result.groups"))
                            for grp in read_list(g, "result.groups")))
    return Result(winner, reason, points, gain, tuple(groups), worth, net)
