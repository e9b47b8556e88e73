"""Applying actions: the one place where the rules of a turn live (I4, I5, I7-I9, I11).

:func:`apply` checks an action and returns the new state, or raises :class:`IllegalAction` and
leaves the state as it was.  The checks are those :mod:`game.indian13.legal` lists moves by; a
declaration may be any split of the seat's cards, and an invalid one is accepted and charged (I8).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence

from game.core.cards import kind_text
from game.core.errors import IllegalAction
from game.core.front import legality
from game.core.reading import well_formed

from . import actions
from .actions import Action
from .arrange import find_declaration
from .deck import KIND
from .melds import problem
from .scoring import last_declaration, meld_rules, settle
from .state import (
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
    State,
)

Groups = tuple[tuple[int, ...], ...]


def apply(state: State, action: Action | dict) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
    :class:`StateError` when it is no well-formed action (a bad JSON object, a card that is not one)."""
    action = well_formed(Action, action, state.players)
    if state.phase == OVER:
        raise IllegalAction("deal_over", "I7.5", "the deal is over; deal the next one")
    if action.player != state.turn:
        raise IllegalAction("not_your_turn", "I5", f"it is {state.seats[state.turn].name}'s turn, "
                                                   f"not seat {action.player}'s")
    new = state.copy()
    _HANDLERS[action.type](new, action)
    new.history.append(action.to_json())
    if new.phase == DRAW and not new.stock:
        _stock_out(new)
    return new


is_legal = legality(apply)  # is_legal(state, action): apply would accept it


# --- checks shared with legal.py ---------------------------------------------------------------

def joker_take_refused(state: State) -> bool:
    """I5.6: the top discard is a joker and may not be taken (unless it is the open card)."""
    if state.rules.joker_from_discard == "allowed" or not state.discard:
        return False
    return state.wild[KIND[state.discard[-1]]] and not open_card_on_top(state)


def open_card_on_top(state: State) -> bool:
    """I2.4, I5.6: the discard pile is still just the open card.  Nobody has discarded: no
    ``discard`` in the history and no seat that drew is still in play or dropped later."""
    if len(state.discard) != 1 or any(e["type"] == actions.DISCARD for e in state.history):
        return False
    return not any(state.has_drawn[s] and state.out[s] != INVALID for s in range(state.players)
                   if not (s == state.turn and state.phase == DISCARD))


def banned_kind(state: State) -> int | None:
    """I5.5: the kind that may not leave the hand this turn: the card taken from the discard pile,
    unless the hand holds another copy of it (the ban is on that physical card only)."""
    if state.taken_discard is None:
        return None
    kind = KIND[state.taken_discard]
    copies = sum(1 for c in state.hands[state.turn] if KIND[c] == kind)
    return kind if copies == 1 else None


# --- helpers -----------------------------------------------------------------------------------

def _take(hand: list[int], kind: int, avoid: int | None = None) -> int:
    """Remove and return a physical card of ``kind`` from ``hand`` (not ``avoid`` when possible)."""
    ids = [c for c in hand if KIND[c] == kind]
    card = next((c for c in ids if c != avoid), ids[0])
    hand.remove(card)
    return card


def _split_matches(hand: Sequence[int], kinds: Sequence[int]) -> bool:
    return Counter(KIND[c] for c in hand) == Counter(kinds)


def _next_in_play(state: State, seat: int) -> int:
    n = state.players
    for step in range(1, n + 1):
        s = (seat + step) % n
        if state.out[s] is None:
            return s
    return seat


def _end_turn(state: State) -> None:
    """The turn passes to the next seat in play (I2.2), or the deal ends when one is left (I9.5)."""
    state.taken_discard = None
    left = state.in_play()
    if len(left) == 1:
        state.turn = left[0]
        state.phase = OVER
        state.result = settle(state, left[0], ALL_DROPPED)
        return
    state.turn = _next_in_play(state, state.turn)
    state.phase = DRAW


def _reshuffle_rng(state: State) -> random.Random:
    """A generator seeded by the cards' faces, hidden hands included, so a replay of ``(state,
    actions)`` (from JSON or not) reshuffles the same way while no seat can foresee the new stock
    (I13)."""
    piles = state.hands + [state.discard]
    text = "|".join([" ".join(kind_text(KIND[c]) for c in pile) for pile in piles] + [str(len(state.history))])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _stock_out(state: State) -> None:
    """I11: a turn starts with an empty stock: reshuffle the discards under the top one, or void."""
    if state.rules.stock_out == "reshuffle" and len(state.discard) > 1:
        cards = state.discard[:-1]
        _reshuffle_rng(state).shuffle(cards)
        state.stock = cards
        state.discard = state.discard[-1:]
        return
    state.phase = OVER
    state.result = settle(state, None, VOID)


# --- the actions -------------------------------------------------------------------------------

def _phase(state: State, wanted: str, doing: str) -> None:
    """Refuse an action outside its phase, naming the rule that orders the turn."""
    if state.phase == wanted:
        return
    if wanted == SHOW:
        raise IllegalAction("not_show_time", "I10.3", "cards are shown for scoring only after a valid declaration")
    if state.phase == SHOW:
        raise IllegalAction("wrong_phase", "I7.5", f"the deal is being shown, so you may not {doing}; show your groups")
    if wanted == DRAW:
        if doing == "drop":
            raise IllegalAction("drop_after_draw", "I9.1", "a player may drop only at the start of the turn, "
                                "before drawing")
        raise IllegalAction("already_drawn", "I5.2", "this turn's card is drawn; discard or declare")
    raise IllegalAction("draw_first", "I5.2", f"draw a card before you {doing}")


def _drop(state: State, action: Action) -> None:
    _phase(state, DRAW, "drop")
    p = action.player
    state.out[p] = MIDDLE_DROP if state.has_drawn[p] else FIRST_DROP  # I9.2
    _end_turn(state)


def _draw_stock(state: State, action: Action) -> None:
    _phase(state, DRAW, "draw")
    state.hands[action.player].append(state.stock.pop())  # I4.1: the top card
    state.has_drawn[action.player] = True
    state.phase = DISCARD


def _take_discard(state: State, action: Action) -> None:
    _phase(state, DRAW, "draw")
    if not state.discard:
        raise IllegalAction("discard_pile_empty", "I4.2", "the discard pile is empty; draw from the stock")
    if joker_take_refused(state):
        raise IllegalAction("joker_on_discard_pile", "I5.6", f"the {kind_text(KIND[state.discard[-1]])} on the "
                            "discard pile is a joker and may not be taken; draw from the stock")
    card = state.discard.pop()  # I4.2: only the top card
    state.hands[action.player].append(card)
    state.has_drawn[action.player] = True
    state.taken_discard = card
    state.phase = DISCARD


def _discard(state: State, action: Action) -> None:
    _phase(state, DISCARD, "discard")
    hand = state.hands[action.player]
    kind = action.card
    if not any(KIND[c] == kind for c in hand):
        raise IllegalAction("card_not_in_hand", "I5.3", f"you hold no {kind_text(kind)} to discard")  # type: ignore[arg-type]
    if kind == banned_kind(state):
        raise IllegalAction("discard_taken_card", "I5.5", f"the {kind_text(kind)} just taken from the discard "  # type: ignore[arg-type]
                            "pile may not be discarded this turn")
    state.discard.append(_take(hand, kind, state.taken_discard))  # type: ignore[arg-type]
    _end_turn(state)


def _declare(state: State, action: Action) -> None:
    _phase(state, DISCARD, "declare")
    p = action.player
    hand = state.hands[p]
    groups: Groups = action.groups or ()
    if not _split_matches(hand, [action.card, *(k for g in groups for k in g)]):  # type: ignore[list-item]
        raise IllegalAction("declare_cards_mismatch", "I7.1", "the finish card and the groups must be exactly "
                            "the 14 cards you hold")
    if action.card == banned_kind(state):
        raise IllegalAction("finish_taken_card", "I5.5", f"the {kind_text(action.card)} just taken from the "  # type: ignore[arg-type]
                            "discard pile may not be the finish card (finishing is discarding)")
    judged = judge(state, groups)
    if judged is not None:
        state.finish = _take(hand, action.card, state.taken_discard)  # type: ignore[arg-type]  # I7.1
        state.taken_discard = None
        _declared(state, p, judged)
        return
    state.out[p] = INVALID  # I8.2: the 14 cards are set aside, the penalty is charged
    if state.rules.invalid_declare_ends_deal:
        state.taken_discard = None
        state.phase = OVER
        state.result = settle(state, None, INVALID_END, declarer=p)
        return
    _end_turn(state)


def _declared(state: State, winner: int, judged: Groups) -> None:
    """I7.5: a valid declaration ends the deal; the losers are scored now or show in turn."""
    losers = [s for s in state.in_play() if s != winner]
    if state.rules.auto_arrange_losers or not losers:
        state.phase = OVER
        state.result = settle(state, winner, DECLARED, declarer=winner, declared=judged)
        return
    state.phase = SHOW
    state.turn = _next_in_play(state, winner)


def _show(state: State, action: Action) -> None:
    _phase(state, SHOW, "show")
    p = action.player
    groups: Groups = action.groups or ()
    if not _split_matches(state.hands[p], [k for g in groups for k in g]):
        raise IllegalAction("show_cards_mismatch", "I10.3", "the groups must be exactly the 13 cards you hold")
    declaration = last_declaration(state.history)
    assert declaration is not None, "phase 'show' follows a declaration"
    winner = declaration["player"]
    nxt = _next_in_play(state, p)
    if nxt != winner:
        state.turn = nxt
        return
    shown = shown_groups(state.history + [action.to_json()], winner)
    state.phase = OVER
    state.turn = winner
    declared = judge(state, Action.from_json(declaration).groups or ())
    state.result = settle(state, winner, DECLARED, declarer=winner, declared=declared, shown=shown)


def shown_groups(history: Sequence[dict], winner: int) -> dict[int, Groups]:
    """Groups each loser showed after the declaration (I7.5), from the history."""
    out: dict[int, Groups] = {}
    for entry in history:
        if entry["type"] == actions.SHOW:
            out[entry["player"]] = Action.from_json(entry).groups or ()
    out.pop(winner, None)
    return out


def judge(state: State, groups: Groups) -> Groups | None:
    """I7.2, I7.4: the groups a declaration is valid on (as submitted, or with
    ``auto_arrange_declarer`` the engine's arrangement of the same cards), or ``None``."""
    rules = meld_rules(state)
    if problem(groups, rules) is None:
        return groups
    if state.rules.auto_arrange_declarer:
        found = find_declaration([k for g in groups for k in g], rules)
        if found is not None:
            return tuple(found)
    return None


_HANDLERS = {actions.DROP: _drop, actions.DRAW_STOCK: _draw_stock, actions.TAKE_DISCARD: _take_discard,
             actions.DISCARD: _discard, actions.DECLARE: _declare, actions.SHOW: _show}
