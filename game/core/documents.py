"""The parts of a state document (CONTRACT.md) that the in-hand games write and read alike: the
header and tail every document has, card piles as tokens, one choice a seat, the history, the
discard taken this turn and the head of a finished deal's ``result``; and the checks of what the
history determines (the phase and seat to move after its last action, the taken discard, the top of
the pile), so a save that contradicts its own history is refused rather than played on.  Each
game's ``serialize`` module arranges them in its own key order and adds what only it has."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import kind_text, parse_kind
from .errors import RulesError, StateError
from .hand_state import (
    ALL_DROPPED,
    DECLARED,
    DISCARD,
    DRAW,
    FIRST_DROP,
    INVALID,
    INVALID_END,
    MIDDLE_DROP,
    OVER,
    SHOW,
    VOID,
)
from .reading import CardPool, read_int, read_kind, read_list, read_table
from .turns import next_in_play

BIG = 10**12  # the largest magnitude a document's running totals and result numbers may have


def texts(cards: Iterable[int], kind_of: Sequence[int]) -> list[str]:
    """Physical card ids as CONTRACT.md tokens."""
    return [kind_text(kind_of[c]) for c in cards]


def text_or_none(card: int | None, kind_of: Sequence[int]) -> str | None:
    return None if card is None else kind_text(kind_of[card])


def kind_groups_json(groups: Sequence[Sequence[Sequence[int]] | None]) -> list:
    """A result's ``groups``: per seat null or its groups of card kinds as tokens."""
    return [None if g is None else [[kind_text(k) for k in grp] for grp in g] for g in groups]


def state_document(state: Any, fmt: str, version: int, middle: dict, after: dict) -> dict:
    """A state document in CONTRACT.md's key order: format, version, rules, seats, dealer, the
    game's ``middle`` keys, turn, phase, the game's ``after`` keys, result, history."""
    return {
        "format": fmt,
        "version": version,
        "rules": state.rules.to_json(),
        "seats": [{"name": s.name, "kind": s.kind} for s in state.seats],
        "dealer": state.dealer,
        **middle,
        "turn": state.turn,
        "phase": state.phase,
        **after,
        "result": None if state.result is None else state.result.to_json(),
        "history": [dict(e) for e in state.history],
    }


def observation_document(obs: Any, middle: dict, after: dict, revealed: list | None) -> dict:
    """An observation document in CONTRACT.md's key order: seat, rules, seats, dealer, the game's
    ``middle`` keys, turn, phase, the game's ``after`` keys, result, history, revealed_hands."""
    return {
        "seat": obs.seat, "rules": obs.rules.to_json(),
        "seats": [{"name": s.name, "kind": s.kind} for s in obs.seats], "dealer": obs.dealer,
        **middle,
        "turn": obs.turn, "phase": obs.phase,
        **after,
        "result": None if obs.result is None else obs.result.to_json(),
        "history": [dict(e) for e in obs.history],
        "revealed_hands": revealed,
    }


def cut_joker_observation(obs: Any, kind_of: Sequence[int], extra: dict) -> dict:
    """The observation document of the games of :func:`cut_joker_document`; ``extra`` keys follow
    ``cut_joker``."""
    middle = {"cut_joker": text_or_none(obs.cut_joker, kind_of), **extra, "stock_count": obs.stock_count,
              "discard": texts(obs.discard, kind_of), "hand": texts(obs.hand, kind_of),
              "hand_counts": list(obs.hand_counts), "out": list(obs.out), "has_drawn": list(obs.has_drawn),
              "taken_discard": text_or_none(obs.taken_discard, kind_of), "finish": text_or_none(obs.finish, kind_of)}
    return observation_document(obs, middle, {"totals": list(obs.totals)},
                                [None if h is None else texts(h, kind_of) for h in obs.revealed_hands])


def piles_json(state: Any, kind_of: Sequence[int]) -> dict:
    """``stock`` (top first), ``discard`` (oldest first) and ``hands``."""
    return {
        "stock": texts(reversed(state.stock), kind_of),
        "discard": texts(state.discard, kind_of),
        "hands": [texts(h, kind_of) for h in state.hands],
    }


CUT_JOKER_KEYS = ("format", "version", "rules", "seats", "dealer", "cut_joker", "stock", "discard", "hands", "finish",
                  "out", "has_drawn", "taken_discard", "turn", "phase", "totals", "result", "history")


def cut_joker_document(state: Any, fmt: str, version: int, kind_of: Sequence[int]) -> dict:
    """The document of the games whose deal turns up a cut joker and lets a seat drop (13- and
    21-card Indian Rummy): their states have the same keys."""
    middle = {"cut_joker": text_or_none(state.cut_joker, kind_of), **piles_json(state, kind_of),
              "finish": text_or_none(state.finish, kind_of), "out": list(state.out),
              "has_drawn": list(state.has_drawn), "taken_discard": text_or_none(state.taken_discard, kind_of)}
    return state_document(state, fmt, version, middle, {"totals": list(state.totals)})


def read_seats_record(doc: dict, players: int, out_values: tuple, parse: Callable[[object, int], Any],
                      out_width: int | None, keyed_history: bool) -> tuple[list, list[bool], list[int], list[dict]]:
    """``out``, ``has_drawn``, ``totals`` and ``history`` of a :func:`cut_joker_document`."""
    out = read_choices(doc["out"], "out", players, out_values, _OUT_WORDS, out_width)
    return (out, read_flags(doc["has_drawn"], "has_drawn", players), read_totals(doc["totals"], players),
            read_history(doc["history"], players, parse, keyed_history))


_OUT_WORDS = "null, 'first_drop', 'middle_drop' or 'invalid_declaration'"


def read_cut_joker_state(doc: object, fmt: str, version: int, read_rules: Callable[[object], Any],
                         phases: Sequence[str], out_values: tuple, parse: Callable[[object, int], Any],
                         pool: Callable[[Any], CardPool], read_cut: Callable[[CardPool, dict, Any], int | None],
                         taken_rule: str, read_result: Callable[[object, str, int], Any],
                         make: Callable[..., Any], *, out_width: int | None = None, keyed_history: bool = False) -> Any:
    """Read a :func:`cut_joker_document` with the game's rules reader, ``phases``, ``out_values``,
    action parser, card ``pool`` for the rules, cut-joker reader and result reader (a bad ``out``
    entry shown cut to ``out_width``; a bad history entry's error naming its key when
    ``keyed_history``); ``make`` builds the state (rules, seats, dealer, cut, stock, discard,
    hands, finish, out, has_drawn, taken, turn, phase, totals, result, history)."""
    table = read_table(doc, CUT_JOKER_KEYS, fmt, version, read_rules, (RulesError, TypeError), phases)
    doc, rules, turn, phase = table.doc, table.rules, table.turn, table.phase
    n = rules.players
    out, has_drawn, totals, history = read_seats_record(doc, n, out_values, parse, out_width, keyed_history)
    cards = pool(rules)
    cut = read_cut(cards, doc, rules)
    stock, discard, hands = read_piles(cards, doc, n)
    finish = read_optional_card(cards, doc, "finish")
    cards.check_all_used()
    taken = read_taken(doc["taken_discard"], phase == DISCARD, hands[turn], turn, cards.kind_of, taken_rule)
    return make(rules, table.seats, table.dealer, cut, stock, discard, hands, finish, list(out), has_drawn, taken,
                turn, phase, totals, read_result(doc["result"], phase, n), history)


def read_piles(cards: CardPool, doc: dict, players: int) -> tuple[list[int], list[int], list[list[int]]]:
    """``stock`` (as the state keeps it: top last), ``discard`` and ``hands`` from ``cards``."""
    stock = cards.list(doc["stock"], "stock")[::-1]
    discard = cards.list(doc["discard"], "discard")
    hands = [cards.list(h, "hands") for h in read_list(doc["hands"], "hands", players)]
    return stock, discard, hands


def read_optional_card(cards: CardPool, doc: dict, key: str) -> int | None:
    return None if doc[key] is None else cards.take(doc[key], key)


def read_choices(value: object, key: str, players: int, allowed: tuple, names: str | None = None,
                 width: int | None = 40) -> list:
    """One entry a seat, each one of ``allowed`` (``None`` or strings); an error lists them as
    ``names`` (default: joined by "or") and shows the bad entry cut to ``width`` characters."""
    entries = read_list(value, key, players)
    for v in entries:
        if not any(v is a or (isinstance(v, str) and v == a) for a in allowed):
            listed = names or " or ".join("null" if a is None else repr(a) for a in allowed)
            raise StateError(f"key {key!r}: an entry must be {listed}, not {_cut(v, width)}")
    return entries


def _cut(value: object, width: int | None) -> str:
    return repr(value) if width is None else f"{value!r:.{width}}"


def read_flags(value: object, key: str, players: int) -> list[bool]:
    flags = read_list(value, key, players)
    if not all(isinstance(v, bool) for v in flags):
        raise StateError(f"key {key!r}: every entry must be true or false")
    return list(flags)


def read_totals(value: object, players: int) -> list[int]:
    return [read_int(t, "totals", -BIG, BIG) for t in read_list(value, "totals", players)]


def read_history(value: object, players: int, parse: Callable[[object, int], Any], keyed: bool = False) -> list[dict]:
    """The history's actions, each parsed by the game's ``Action.from_json`` and written back (an
    error names key 'history' when ``keyed``)."""
    history = []
    for entry in read_list(value, "history"):
        try:
            history.append(parse(entry, players).to_json())
        except StateError as exc:
            if not keyed:
                raise
            raise StateError(f"key 'history': {exc}") from None
    return history


def read_taken(value: object, in_discard_phase: bool, held: Sequence[int], seat: int, kind_of: Sequence[int],
               rule: str) -> int | None:
    """The physical card the seat to move took from the discard pile this turn (``None``), found
    among the cards it ``held``; ``rule`` is cited in the errors."""
    if value is None:
        return None
    kind = read_kind(value, "taken_discard")
    if not in_discard_phase:
        raise StateError(f"key 'taken_discard' must be null outside phase 'discard' ({rule})")
    taken = next((c for c in held if kind_of[c] == kind), None)
    if taken is None:
        raise StateError(f"key 'taken_discard': seat {seat} holds no {kind_text(kind)} ({rule})")
    return taken


def read_result_head(value: object, over: bool, keys: Sequence[str], reasons: Sequence[str],
                     no_winner: Sequence[str], players: int, *, keys_words: str | None = None,
                     width: int | None = 60, winner_first: bool = True) -> tuple[dict, str, int | None] | None:
    """The checks every finished deal's ``result`` starts with: null until the deal is ``over``,
    then an object with exactly ``keys`` (named in errors as ``keys_words``), a reason of
    ``reasons`` (a bad one cut to ``width`` characters) and a winning seat exactly when the reason
    is not one of ``no_winner`` (the seat read before that check when ``winner_first``).  Returns
    the object, the reason and the winner."""
    if not over:
        if value is not None:
            raise StateError("key 'result' must be null until the phase is 'over'")
        return None
    if not isinstance(value, dict) or set(value) != set(keys):
        raise StateError("key 'result' must be an object with exactly " + (keys_words or ", ".join(map(repr, keys)))
                         + " when the deal is over")
    reason = value["reason"]
    if not isinstance(reason, str) or reason not in reasons:
        raise StateError(f"key 'result.reason' must be one of {', '.join(reasons)}, not {_cut(reason, width)}")
    winner = value["winner"]
    if winner is not None and winner_first:
        winner = read_int(winner, "result.winner", 0, players - 1)
    if (winner is None) != (reason in no_winner):
        raise StateError(f"key 'result.winner' must be {'a seat' if winner is None else 'null'} for reason "
                         f"{reason!r}")
    if winner is not None and not winner_first:
        winner = read_int(winner, "result.winner", 0, players - 1)
    return value, reason, winner


def read_numbers(value: dict, key: str, players: int, low: int = -BIG) -> tuple[int, ...]:
    """``result.<key>``: one whole number a seat."""
    return tuple(read_int(v, f"result.{key}", low, BIG) for v in read_list(value[key], f"result.{key}", players))


def read_result_groups(value: dict, players: int) -> tuple:
    """``result.groups``: per seat null or a list of groups of card tokens (as kinds)."""
    groups: list = []
    for g in read_list(value["groups"], "result.groups", players):
        groups.append(None if g is None else tuple(tuple(read_kind(t, "result.groups")
                                                         for t in read_list(grp, "result.groups"))
                                                   for grp in read_list(g, "result.groups")))
    return tuple(groups)


# --- what the history says (the fields it determines) -----------------------------------------
# A state's ``history`` may be empty (CONTRACT.md: a hand-written state), or, in a hand-written
# state, hold only the deal's latest actions.  So every check below reads what the entries present
# say: the last one decides the phase and the seat to move; an earlier one, what it left for good.

DRAWS = ("draw_stock", "take_discard")


@dataclass(frozen=True, slots=True)
class Cited:
    """The rule ids a game's history checks cite: the turn, the taken card, the discard pile, a
    drop, a declaration (or show, or finish) and an invalid one."""

    turn: str
    taken: str
    pile: str
    drop: str
    declare: str
    invalid: str


def last_action_words(entry: dict) -> str:
    """``the history's last action is seat 1's take_discard``: why a field must be what it must."""
    return f"the history's last action is seat {entry['player']}'s {entry['type']}"


def expect_after(state: Any, entry: dict, phases: Sequence[str], seat: int | None, rule: str) -> None:
    """After ``entry``, the history's last action, the phase is one of ``phases`` and (unless the
    deal is over) ``seat`` is to move."""
    if state.phase not in phases:
        allowed = " or ".join(repr(p) for p in phases)
        raise StateError(f"key 'phase' must be {allowed}, not {state.phase!r}: {last_action_words(entry)} ({rule})")
    if seat is not None and state.phase != OVER and state.turn != seat:
        raise StateError(f"key 'turn' must be seat {seat}, not {state.turn}: {last_action_words(entry)} ({rule})")


def expect_reason(state: Any, entry: dict, reasons: Sequence[str], rule: str) -> None:
    """A deal that ended with ``entry`` ended for one of ``reasons``."""
    if state.phase == OVER and state.result.reason not in reasons:
        allowed = " or ".join(repr(r) for r in reasons)
        raise StateError(f"key 'result.reason' must be {allowed}, not {state.result.reason!r}: "
                         f"{last_action_words(entry)} ({rule})")


def pile_top(history: Sequence[dict], pushes: dict[str, str]) -> int | None:
    """The kind on top of the discard pile after ``history`` when the history says: the card of the
    latest entry that put one there (``pushes``: action type -> the key naming the card), unless a
    take came after it; ``None`` when it does not say.  (A reshuffle keeps the top card.)"""
    for entry in reversed(history):
        if entry["type"] == "take_discard":
            return None
        key = pushes.get(entry["type"])
        if key is not None:
            return parse_kind(entry[key])
    return None


def check_pile_top(discard: Sequence[int], kind_of: Sequence[int], top: int | None, rule: str) -> None:
    """The discard pile's top card is ``top``, the card the history last put there (if it says)."""
    if top is not None and (not discard or kind_of[discard[-1]] != top):
        raise StateError(f"key 'discard': its top card must be the {kind_text(top)} the history last put on the "
                         f"pile ({rule})")


DISCARDS = {"discard": "card"}  # what puts a card on the discard pile (pile_top's pushes)


def check_taken(state: Any, draw: dict, before: Sequence[dict], kind_of: Sequence[int], rule: str,
                pushes: dict[str, str] = DISCARDS) -> None:
    """``taken_discard`` against ``draw``, the history's draw of the turn in progress: a card exactly
    after a take from the discard pile, the card that was on top (when ``before``, the history
    before the draw, says which, :func:`pile_top`), else null."""
    taken = state.taken_discard
    seat = draw["player"]
    if draw["type"] != "take_discard":
        if taken is not None:
            raise StateError(f"key 'taken_discard' must be null: seat {seat} drew from the stock this turn, as the "
                             f"history says ({rule})")
        return
    if taken is None:
        raise StateError(f"key 'taken_discard' must name the card seat {seat} took from the discard pile this turn, "
                         f"as the history says, not null ({rule})")
    top = pile_top(before, pushes)
    if top is not None and kind_of[taken] != top:
        raise StateError(f"key 'taken_discard' must be the {kind_text(top)} the history says seat {seat} took from "
                         f"the discard pile, not the {kind_text(kind_of[taken])} ({rule})")


def check_cut_joker_history(state: Any, kind_of: Sequence[int], cite: Cited) -> None:
    """The fields of a :func:`cut_joker_document` that its history determines: ``has_drawn`` and
    ``out`` of the seats that drew, dropped or declared invalidly; the phase, the seat to move, the
    taken discard and how the deal ended after the last action; the top of the discard pile; the
    finish card and the winner of a declaration."""
    history = state.history
    if not history:
        return
    _check_seat_record(state, history, cite)
    last = history[-1]
    seat, kind = last["player"], last["type"]
    after = next_in_play(state, seat)
    if kind in DRAWS:
        expect_after(state, last, (DISCARD,), seat, cite.turn)
    elif kind == "discard":
        expect_after(state, last, (DRAW, OVER), after, cite.turn)
        expect_reason(state, last, (VOID,), cite.turn)
    elif kind == "drop":
        expect_after(state, last, (DRAW, OVER), after, cite.drop)
        expect_reason(state, last, (ALL_DROPPED,), cite.drop)
    elif kind == "declare":
        expect_after(state, last, (DRAW, SHOW, OVER), after if state.phase == DRAW else None, cite.declare)
        expect_reason(state, last, (DECLARED, ALL_DROPPED, INVALID_END), cite.declare)
        valid = state.phase == SHOW or (state.phase == OVER and state.result.reason == DECLARED)
        if not valid and state.out[seat] != INVALID:
            raise StateError(f"key 'out': seat {seat} must be out with 'invalid_declaration': "
                             f"{last_action_words(last)} and the deal went on without it ({cite.invalid})")
    elif kind == "show":
        expect_after(state, last, (SHOW, OVER), None, cite.declare)
        expect_reason(state, last, (DECLARED,), cite.declare)
    if state.phase == DISCARD:
        check_taken(state, last, history[:-1], kind_of, cite.taken)
    check_pile_top(state.discard, kind_of, pile_top(history, DISCARDS), cite.pile)
    _check_declaration(state, history, kind_of, cite)


def _check_seat_record(state: Any, history: Sequence[dict], cite: Cited) -> None:
    """``has_drawn`` of every seat the history shows drawing (so a drop after it is a middle drop);
    ``out`` of every seat it shows dropping or declaring before play went on (invalidly)."""
    last_play = max((i for i, e in enumerate(history) if e["type"] != "show"), default=-1)
    for i, entry in enumerate(history):
        seat, kind = entry["player"], entry["type"]
        if kind in DRAWS and not state.has_drawn[seat]:
            raise StateError(f"key 'has_drawn': seat {seat} drew in the history, so has_drawn must be true "
                             f"({cite.drop})")
        if kind == "drop" and state.out[seat] not in (FIRST_DROP, MIDDLE_DROP):
            raise StateError(f"key 'out': seat {seat} dropped in the history, so out must be 'first_drop' or "
                             f"'middle_drop' ({cite.drop})")
        if kind == "declare" and i < last_play and state.out[seat] != INVALID:
            raise StateError(f"key 'out': seat {seat}'s declaration in the history was invalid (play went on after "
                             f"it), so out must be 'invalid_declaration' ({cite.invalid})")


def _check_declaration(state: Any, history: Sequence[dict], kind_of: Sequence[int], cite: Cited) -> None:
    """A valid declaration's finish card and winner are the history's latest declaration's."""
    if state.finish is None:
        return
    entry = next((e for e in reversed(history) if e["type"] == "declare"), None)
    if entry is None:
        return
    if kind_of[state.finish] != parse_kind(entry["finish"]):
        raise StateError(f"key 'finish' must be the {entry['finish']} seat {entry['player']} put face down in the "
                         f"history's declaration, not the {kind_text(kind_of[state.finish])} ({cite.declare})")
    if state.result is not None and state.result.winner != entry["player"]:
        raise StateError(f"key 'result.winner' must be seat {entry['player']}, whose declaration in the history "
                         f"ended the deal ({cite.declare})")
