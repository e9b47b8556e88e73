"""The ``marriage-state`` document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use (keys, every option, card tokens, every
physical card of the three decks exactly once across stock, discard, hands, exposed, shown, tiplu
and finish, exposed tunnelas and shown groups against ``seen``, card counts against ``phase`` and
``out``, the result against the cards, and every field the history determines against it) and
gives one :class:`StateError` naming the key; it is never half-loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core.cards import parse_kind
from game.core.documents import (
    DRAWS,
    check_pile_top,
    check_taken,
    expect_after,
    expect_reason,
    last_action_words,
    pile_top,
    piles_json,
    read_choices,
    read_history,
    read_numbers,
    read_optional_card,
    read_piles,
    read_result_groups,
    read_result_head,
    read_taken,
    read_totals,
    state_document,
    text_or_none,
    texts,
)
from game.core.errors import RulesError, StateError
from game.core.reading import CardPool, read_list, read_table
from game.core.turns import next_in_play

from . import actions
from .actions import Action
from .combos import is_dublee, is_pure, is_tunnela
from .deck import DECK_IDS, HAND_SIZE, KIND
from .rules import RuleSet
from .scoring import settle
from .state import (
    ALL_OUT,
    DECLARED,
    DISCARD,
    DRAW,
    DUBLEE_ROUTE,
    DUBLEES,
    EXPOSE,
    INVALID_FINISH,
    OUT_VALUES,
    OVER,
    PHASES,
    PURE_ROUTE,
    REASONS,
    SEEN_VALUES,
    VOID,
    Group,
    Result,
    State,
)
from .turn import DUBLEES_TO_SEE, judge_finish, see_need

FORMAT = "marriage-state"
VERSION = 1
KEYS = ("format", "version", "rules", "seats", "dealer", "stock", "discard", "hands", "exposed", "shown", "seen",
        "tiplu", "finish", "out", "taken_discard", "turn", "phase", "totals", "result", "history")
RESULT_KEYS = ("winner", "reason", "maal", "game_points", "net", "groups")


def _groups_json(groups: Sequence[Group]) -> list[list[str]]:
    return [texts(g, KIND) for g in groups]


def to_json(state: State) -> dict:
    """The CONTRACT.md state document (stock top first, discard pile oldest first)."""
    middle = {**piles_json(state, KIND), "exposed": [_groups_json(gs) for gs in state.exposed],
              "shown": [_groups_json(gs) for gs in state.shown], "seen": list(state.seen),
              "tiplu": text_or_none(state.tiplu, KIND), "finish": text_or_none(state.finish, KIND),
              "out": list(state.out), "taken_discard": text_or_none(state.taken_discard, KIND)}
    return state_document(state, FORMAT, VERSION, middle, {"totals": list(state.totals)})


# --- the reader --------------------------------------------------------------------------------

def _read_groups(cards: CardPool, value: object, key: str) -> list[Group]:
    return [tuple(cards.list(g, key)) for g in read_list(value, key)]


def from_json(doc: object) -> State:
    """Validate a state document and build the :class:`State`; raises :class:`StateError`."""
    table = read_table(doc, KEYS, FORMAT, VERSION, RuleSet.from_json, (RulesError, TypeError), PHASES)
    doc, rules, seats, dealer, turn, phase = table.doc, table.rules, table.seats, table.dealer, table.turn, table.phase
    n = rules.players
    seen = read_choices(doc["seen"], "seen", n, SEEN_VALUES)
    out = read_choices(doc["out"], "out", n, OUT_VALUES)
    totals = read_totals(doc["totals"], n)
    history = read_history(doc["history"], n, Action.from_json)

    cards = CardPool(DECK_IDS, KIND, lambda k: "Indian Marriage plays 3 decks without printed jokers: 3 of each "
                     "card (M1.1)", "of the 3 decks are missing from stock, discard, hands, exposed, shown, tiplu "
                     "and finish (every card must be there once, M1.1)")
    stock, discard, hands = read_piles(cards, doc, n)
    exposed = [_read_groups(cards, gs, "exposed") for gs in read_list(doc["exposed"], "exposed", n)]
    shown = [_read_groups(cards, gs, "shown") for gs in read_list(doc["shown"], "shown", n)]
    tiplu = read_optional_card(cards, doc, "tiplu")
    finish = read_optional_card(cards, doc, "finish")
    cards.check_all_used()

    laid = [c for g in shown[turn] for c in g]
    taken = read_taken(doc["taken_discard"], phase == DISCARD, hands[turn] + laid, turn, KIND, "M5.2")
    state = State(rules, seats, dealer, stock, discard, hands, exposed, shown, list(seen), tiplu, finish, list(out),
                  taken, turn, phase, totals, None, history)
    _check_table(state)
    _check_phase(state)
    state.result = _result(doc["result"], state)
    _check_history(state)
    return state


def _check_table(state: State) -> None:
    """Exposed tunnelas (M2.3), shown groups against ``seen`` (M6) and the tiplu (M4.1)."""
    rules = state.rules
    for s in range(state.players):
        for g in state.exposed[s]:
            if not is_tunnela([KIND[c] for c in g]):
                raise StateError(f"key 'exposed': seat {s}: {' '.join(texts(g, KIND))} is not a tunnela (M2.3)")
        shown = [[KIND[c] for c in g] for g in state.shown[s]]
        seen = state.seen[s]
        if seen is None and shown:
            raise StateError(f"key 'shown': seat {s} has not seen the maal, so it has shown nothing (M6)")
        if seen == PURE_ROUTE and (len(shown) != see_need(state, s) or not all(is_pure(g) for g in shown)):
            raise StateError(f"key 'shown': seat {s} saw by pure combinations, so it shows exactly "
                             f"{see_need(state, s)} pure sequences or tunnelas (M6.1a)")
        if seen == DUBLEE_ROUTE:
            if not rules.dublee_route:
                raise StateError(f"key 'seen': seat {s} cannot have seen by dublees with rules.dublee_route false")
            if len(shown) != DUBLEES_TO_SEE or not all(is_dublee(g) for g in shown):
                raise StateError(f"key 'shown': seat {s} saw by dublees, so it shows exactly 7 dublees (M6.1b)")
        if state.out[s] == INVALID_FINISH and seen is None and not rules.dublee_finish_without_show:
            raise StateError(f"key 'out': seat {s} had not seen the maal, so it could not finish (M7.3)")
    anyone = any(v is not None for v in state.seen)
    if anyone and state.tiplu is None and state.phase != OVER:  # over: a void deal (M9) may have no tiplu
        raise StateError("key 'tiplu' must name the tiplu once a seat has seen the maal (M4.1)")
    if not anyone and state.tiplu is not None and state.phase != OVER:
        raise StateError("key 'tiplu' must be null until the first seat sees the maal (M4.1)")


def _check_phase(state: State) -> None:
    """Card counts and who is out against ``phase`` (CONTRACT.md)."""
    n, phase, turn = state.players, state.phase, state.turn
    for s in range(n):
        held = state.held(s)
        expected = HAND_SIZE + (phase == DISCARD and s == turn)
        void_seer = phase == OVER and s == turn and state.finish is None and held == HAND_SIZE + 1
        if held != expected and not void_seer:
            raise StateError(f"key 'hands': seat {s} holds {held} cards in all (hand, exposed and shown); it must "
                             f"hold {expected} in phase {phase!r}")
    if phase == OVER:
        return
    if state.finish is not None:
        raise StateError("key 'finish' must be null until the deal ends (M7)")
    live = state.in_play()
    if state.out[turn] is not None:
        raise StateError(f"key 'turn': seat {turn} is out ({state.out[turn]}) and cannot be the seat to move")
    if len(live) < 2:
        raise StateError("key 'out': at least two seats must be in play until the deal is over (M8)")
    if phase == DRAW and not state.stock:
        raise StateError("key 'stock': a turn never starts with an empty stock (M9)")
    if phase == EXPOSE and (state.tiplu is not None or any(state.shown) or any(state.out)):
        raise StateError("key 'phase': in phase 'expose' nobody has drawn, seen the maal or finished yet (M2.3)")


def _result(value: object, state: State) -> Result | None:
    """The ``result`` of a finished deal, checked against the cards (M10, M11)."""
    n = state.players
    head = read_result_head(value, state.phase == OVER, RESULT_KEYS, REASONS, (VOID,), n,
                            keys_words="'winner', 'reason', 'maal', 'game_points', 'net' and 'groups'", width=40,
                            winner_first=False)
    if head is None:
        return None
    value, reason, winner = head
    groups = read_result_groups(value, n)
    numbers = {key: read_numbers(value, key, n) for key in ("maal", "game_points", "net")}
    result = Result(winner, reason, numbers["maal"], numbers["game_points"], numbers["net"], tuple(groups))
    _check_end(state, result)
    expected = settle(state, winner, reason, groups[winner] if reason in (DECLARED, DUBLEES) else None)
    if result != expected:
        raise StateError(f"key 'result' does not match the cards: expected {expected.to_json()} (M10, M11)")
    return result


def _check_end(state: State, result: Result) -> None:
    """How the deal ended against the table: the winner's finish (M7), the seats out (M8), the tiplu."""
    winner, reason = result.winner, result.reason
    if reason == VOID:
        return
    assert winner is not None
    if state.out[winner] is not None:
        raise StateError(f"key 'result.winner': seat {winner} is out and cannot have won")
    if state.tiplu is None:
        raise StateError("key 'tiplu' must be set when a deal ends with a winner (M4.1)")
    if reason == ALL_OUT:
        if state.finish is not None or len(state.in_play()) != 1:
            raise StateError("key 'result.reason': 'all_out' means every other seat finished invalidly (M8) and "
                             "'finish' is null")
        return
    if state.finish is None:
        raise StateError("key 'finish' must hold the winner's face-down card (M7)")
    groups = result.groups[winner] or ()
    hand = Counter(KIND[c] for c in state.hands[winner])
    used = Counter(k for g in groups for k in g)
    exact = reason == DECLARED
    if (used != hand if exact else not used <= hand) or judge_finish(state, winner, groups) != reason:
        raise StateError(f"key 'result.groups': seat {winner}'s finishing groups are not a valid "
                         f"{'W1' if exact else 'W2'} finish of its hand (M7)")


# --- what the history says -----------------------------------------------------------------------
# The history may be empty, or hold only the deal's latest actions (a hand-written state): every
# check reads what the entries present say.

PUSHES = {actions.DISCARD: "card", actions.DECLARE: "finish"}  # an invalid finish discards its card (M8)


def _check_history(state: State) -> None:
    """The fields the history determines: the tunnelas exposed and the groups shown to see the maal,
    who finished invalidly; the phase, the seat to move, the taken discard and how the deal ended
    after the last action; the top of the discard pile; the winner's finish card."""
    _check_exposing(state)
    history = state.history
    if not history:
        return
    _check_laid(state, history)
    last = history[-1]
    seat, kind = last["player"], last["type"]
    if kind == actions.EXPOSE:
        expect_after(state, last, (DRAW,) if seat == state.dealer else (EXPOSE,), (seat + 1) % state.players,
                     "M2.3")
    elif kind in DRAWS:
        expect_after(state, last, (DISCARD,), seat, "M5")
        _check_taken(state, history)
    elif kind == actions.SEE_MAAL:  # the first sight may find the stock empty for the tiplu: void (M9)
        expect_after(state, last, (DISCARD, OVER), seat, "M6")
        expect_reason(state, last, (VOID,), "M9")
        if state.phase == DISCARD:
            _check_taken(state, history)
    elif kind == actions.DISCARD:
        expect_after(state, last, (DRAW, OVER), next_in_play(state, seat), "M5")
        expect_reason(state, last, (VOID,), "M9")
    else:  # a finish: valid (the deal is over) or invalid (the seat is out)
        _check_last_finish(state, last)
    valid = kind == actions.DECLARE and state.out[seat] is None
    check_pile_top(state.discard, KIND, pile_top(history[:-1] if valid else history, PUSHES), "M5.1")


def _check_exposing(state: State) -> None:
    """In phase ``expose`` the seats from the one to move round to the dealer have not exposed yet."""
    if state.phase != EXPOSE:
        return
    seat = state.turn
    while True:
        if state.exposed[seat]:
            raise StateError(f"key 'exposed': seat {seat} has not had its turn to expose yet (seat {state.turn} "
                             "exposes now, the dealer last), so it has exposed nothing (M2.3)")
        if seat == state.dealer:
            return
        seat = (seat + 1) % state.players


def _laid_kinds(groups: Sequence[Group]) -> list[tuple[int, ...]]:
    """Laid groups of physical cards as kinds, each group and the list sorted (order is no matter)."""
    return sorted(tuple(sorted(KIND[c] for c in g)) for g in groups)


def _written_kinds(groups: Sequence[Sequence[str]]) -> list[tuple[int, ...]]:
    """An action's groups of card tokens as :func:`_laid_kinds` gives laid ones."""
    return sorted(tuple(sorted(parse_kind(t) for t in g)) for g in groups)


def _check_laid(state: State, history: Sequence[dict]) -> None:
    """What each seat laid, as the history shows it: its exposed tunnelas (M2.3), the route it saw
    the maal by and the groups it showed (M6); a finish that play went on after was invalid (M8);
    and nobody draws before every seat has exposed (phase ``expose``)."""
    for i, entry in enumerate(history):
        seat, kind = entry["player"], entry["type"]
        if kind != actions.EXPOSE and state.phase == EXPOSE:
            raise StateError(f"key 'phase' cannot be 'expose': the history shows seat {seat}'s {kind}, and nobody "
                             "plays before every seat has exposed (M2.3)")
        if kind == actions.EXPOSE:
            if _laid_kinds(state.exposed[seat]) != _written_kinds(entry["groups"]):
                raise StateError(f"key 'exposed': seat {seat} must hold the tunnelas it exposed in the history "
                                 "(M2.3)")
        elif kind == actions.SEE_MAAL:
            groups = entry["groups"]
            route = DUBLEE_ROUTE if len(groups) == DUBLEES_TO_SEE and all(len(g) == 2 for g in groups) \
                else PURE_ROUTE
            if state.seen[seat] != route:
                raise StateError(f"key 'seen': seat {seat} saw the maal by {route} in the history, so its entry must "
                                 f"be {route!r} (M6)")
            if _laid_kinds(state.shown[seat]) != _written_kinds(groups):
                raise StateError(f"key 'shown': seat {seat} must show the groups it laid to see the maal in the "
                                 "history (M6)")
        elif kind == actions.DECLARE and i < len(history) - 1 and state.out[seat] != INVALID_FINISH:
            raise StateError(f"key 'out': seat {seat}'s finish in the history was invalid (play went on after it), so "
                             "its entry must be 'invalid_finish' (M8)")


def _check_taken(state: State, history: Sequence[dict]) -> None:
    """``taken_discard`` against the draw of the turn in progress: the last action, or the one
    before a ``see_maal`` (M5.3: a seat sees after drawing)."""
    at = len(history) - 1
    if history[at]["type"] == actions.SEE_MAAL:
        at -= 1
        if at < 0:  # the history starts after the draw
            return
        entry = history[at]
        if entry["player"] != state.turn or entry["type"] not in DRAWS:
            raise StateError(f"key 'history': seat {state.turn} sees the maal after its draw of this turn, not after "
                             f"seat {entry['player']}'s {entry['type']} (M5.3)")
    check_taken(state, history[at], history[:at], KIND, "M5.2", PUSHES)


def _check_last_finish(state: State, last: dict) -> None:
    """After a finish, the history's last action: a valid one ended the deal (its winner the seat,
    its finish card the one declared, M7), an invalid one put the seat out (M8)."""
    seat = last["player"]
    if state.out[seat] is not None:
        expect_after(state, last, (DRAW, OVER), next_in_play(state, seat), "M8")
        expect_reason(state, last, (ALL_OUT, VOID), "M8")
        return
    if state.phase != OVER:
        raise StateError(f"key 'out': seat {seat}'s entry must be 'invalid_finish': {last_action_words(last)} and the "
                         "deal went on (M8)")
    expect_reason(state, last, (DECLARED, DUBLEES, VOID), "M7")
    assert state.result is not None
    if state.result.reason != VOID and state.result.winner != seat:
        raise StateError(f"key 'result.winner' must be seat {seat}: {last_action_words(last)}, which ended the deal "
                         "(M7)")
    if state.finish is not None and KIND[state.finish] != parse_kind(last["finish"]):
        raise StateError(f"key 'finish' must be the {last['finish']} seat {seat} put face down in the history, not "
                         f"the {texts([state.finish], KIND)[0]} (M7)")
