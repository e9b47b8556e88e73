"""Applying actions: the one place where the rules of a turn live (T4, T5, T7-T10, T13).

:func:`apply` checks an action and returns the new state, or raises :class:`IllegalAction` and
leaves the state as it was.  The checks are those :mod:`game.indian21.legal` lists moves by; a
show may be any split of the seat's cards, and an invalid one is accepted and charged (T8).
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
from .arrange import find_show
from .deck import KIND
from .melds import show_way
from .scoring import last_declaration, settle, shown_groups
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
    Groups,
    State,
)


def apply(state: State, action: Action | dict) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
    :class:`StateError` when it is no well-formed action (a bad JSON object, a card that is not one)."""
    action = well_formed(Action, action, state.players)
    if state.phase == OVER:
        raise IllegalAction("deal_over", "T7.3", "the deal is over; deal the next one")
    if action.player != state.turn:
        raise IllegalAction("not_your_turn", "T5", f"it is {state.seats[state.turn].name}'s turn, "
                                                   f"not seat {action.player}'s")
    new = state.copy()
    _HANDLERS[action.type](new, action)
    new.history.append(action.to_json())
    if new.phase == DRAW and not new.stock:
        _stock_out(new)
    return new


is_legal = legality(apply)  # is_legal(state, action): apply would accept it


# --- checks shared with legal.py ---------------------------------------------------------------

def open_card_alone(state: State) -> bool:
    """T4.2 (CONTRACT.md): the open card is still the pile's only card and nobody has drawn."""
    return len(state.discard) == 1 and not any(state.has_drawn)


def joker_take_refused(state: State) -> bool:
    """T4.2: the top discard is a joker and may not be taken (unless it is the open card)."""
    if state.rules.joker_from_discard == "allowed" or not state.discard:
        return False
    return state.wild[KIND[state.discard[-1]]] and not open_card_alone(state)


def banned_kind(state: State) -> int | None:
    """T4.3: the kind that may not leave the hand this turn: the card taken from the discard pile,
    unless the hand holds another copy of it (the ban is on that physical card only)."""
    if state.taken_discard is None:
        return None
    kind = KIND[state.taken_discard]
    copies = sum(1 for c in state.hands[state.turn] if KIND[c] == kind)
    return kind if copies == 1 else None


def judge(state: State, groups: Groups) -> Groups | None:
    """T7.1-T7.2: the groups a show is valid on (as submitted, or with ``auto_arrange_declarer``
    the engine's grouping of the same cards), or ``None``."""
    rules = state.meld_rules
    assert rules is not None
    if show_way(groups, rules) is not None:
        return groups
    if state.rules.auto_arrange_declarer:
        found = find_show([k for g in groups for k in g], rules)
        if found is not None:
            return tuple(tuple(g) for g in found[1])
    return None


# --- helpers -----------------------------------------------------------------------------------

def _take(hand: list[int], kind: int, avoid: int | None = None) -> int:
    """Remove and return a physical card of ``kind`` from ``hand`` (not ``avoid`` when possible)."""
    ids = [c for c in hand if KIND[c] == kind]
    card = next((c for c in ids if c != avoid), ids[0])
    hand.remove(card)
    return card


def _split_matches(hand: Sequence[int], kinds: Sequence[int]) -> bool:
    return Counter(KIND[c] for c in hand) == Counter(kinds)


def next_in_play(state: State, seat: int) -> int:
    """The next seat after ``seat`` in increasing index order that is not out."""
    n = state.players
    for step in range(1, n + 1):
        s = (seat + step) % n
        if state.out[s] is None:
            return s
    return seat


def _end_turn(state: State) -> None:
    """The turn passes to the next seat in play, or the deal ends when one is left (T9)."""
    state.taken_discard = None
    left = state.in_play()
    if len(left) == 1:
        state.turn = left[0]
        state.phase = OVER
        state.result = settle(state, left[0], ALL_DROPPED)
        return
    state.turn = next_in_play(state, state.turn)
    state.phase = DRAW


def _reshuffle_rng(state: State) -> random.Random:
    """A generator seeded by the cards' faces, hidden hands included, so a replay of ``(state,
    actions)`` (from JSON or not) reshuffles the same way while no seat can foresee the new stock
    (T13, T15)."""
    piles = state.hands + [state.discard]
    text = "|".join([" ".join(kind_text(KIND[c]) for c in pile) for pile in piles] + [str(len(state.history))])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _stock_out(state: State) -> None:
    """T13: a turn starts with an empty stock: the discards under the top one are shuffled into a
    new stock (the cut joker stays out), or the deal is void."""
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
        raise IllegalAction("not_show_time", "T10", "cards are shown for scoring only after a valid show")
    if state.phase == SHOW:
        raise IllegalAction("wrong_phase", "T10", f"the deal is being scored, so you may not {doing}; show your "
                                                  "groups")
    if wanted == DRAW:
        if doing == "drop":
            raise IllegalAction("drop_after_draw", "T9", "a player may drop only at the start of the turn, "
                                "before drawing")
        raise IllegalAction("already_drawn", "T5", "this turn's card is drawn; discard or show")
    raise IllegalAction("draw_first", "T5", f"draw a card before you {doing}")


def _drop(state: State, action: Action) -> None:
    _phase(state, DRAW, "drop")
    p = action.player
    state.out[p] = MIDDLE_DROP if state.has_drawn[p] else FIRST_DROP  # T9
    _end_turn(state)


def _draw_stock(state: State, action: Action) -> None:
    _phase(state, DRAW, "draw")
    state.hands[action.player].append(state.stock.pop())  # T4.1: the top card
    state.has_drawn[action.player] = True
    state.phase = DISCARD


def _take_discard(state: State, action: Action) -> None:
    _phase(state, DRAW, "draw")
    if not state.discard:
        raise IllegalAction("discard_pile_empty", "T4.1", "the discard pile is empty; draw from the stock")
    if joker_take_refused(state):
        raise IllegalAction("joker_on_discard_pile", "T4.2", f"the {kind_text(KIND[state.discard[-1]])} on the "
                            "discard pile is a joker and may not be taken; draw from the stock")
    card = state.discard.pop()  # T4.1: only the top card
    state.hands[action.player].append(card)
    state.has_drawn[action.player] = True
    state.taken_discard = card
    state.phase = DISCARD


def _discard(state: State, action: Action) -> None:
    _phase(state, DISCARD, "discard")
    hand = state.hands[action.player]
    kind = action.card
    assert kind is not None
    if not any(KIND[c] == kind for c in hand):
        raise IllegalAction("card_not_in_hand", "T5", f"you hold no {kind_text(kind)} to discard")
    if kind == banned_kind(state):
        raise IllegalAction("discard_taken_card", "T4.3", f"the {kind_text(kind)} just taken from the discard "
                            "pile may not be discarded this turn")
    state.discard.append(_take(hand, kind, state.taken_discard))
    _end_turn(state)


def _declare(state: State, action: Action) -> None:
    _phase(state, DISCARD, "show")
    p = action.player
    hand = state.hands[p]
    finish = action.card
    assert finish is not None
    groups: Groups = action.groups or ()
    if not _split_matches(hand, [finish, *(k for g in groups for k in g)]):
        raise IllegalAction("declare_cards_mismatch", "T7.1", f"the finish card and the groups must be exactly "
                            f"the {len(hand)} cards you hold")
    if finish == banned_kind(state):
        raise IllegalAction("finish_taken_card", "T4.3", f"the {kind_text(finish)} just taken from the discard "
                            "pile may not be the finish card")
    judged = judge(state, groups)
    if judged is not None:
        state.finish = _take(hand, finish, state.taken_discard)  # T7.1: face down
        state.taken_discard = None
        _declared(state, p, judged)
        return
    state.out[p] = INVALID  # T8: the cards are set aside, the penalty is charged
    if state.rules.invalid_declare_ends_deal:
        state.taken_discard = None
        state.phase = OVER
        state.result = settle(state, None, INVALID_END, declarer=p)
        return
    _end_turn(state)


def _declared(state: State, winner: int, judged: Groups) -> None:
    """T7.3: a valid show ends the deal; the losers are scored now or show in turn (T10)."""
    losers = [s for s in state.in_play() if s != winner]
    if state.rules.auto_arrange_losers or not losers:
        state.phase = OVER
        state.result = settle(state, winner, DECLARED, declarer=winner, declared=judged)
        return
    state.phase = SHOW
    state.turn = next_in_play(state, winner)


def _show(state: State, action: Action) -> None:
    _phase(state, SHOW, "show")
    p = action.player
    groups: Groups = action.groups or ()
    if not _split_matches(state.hands[p], [k for g in groups for k in g]):
        raise IllegalAction("show_cards_mismatch", "T10", f"the groups must be exactly the "
                            f"{len(state.hands[p])} cards you hold")
    declaration = last_declaration(state.history)
    assert declaration is not None, "phase 'show' follows a valid show"
    winner = declaration["player"]
    nxt = next_in_play(state, p)
    if nxt != winner:
        state.turn = nxt
        return
    shown = shown_groups(list(state.history) + [action.to_json()], winner)
    state.phase = OVER
    state.turn = winner
    declared = judge(state, Action.from_json(declaration).groups or ())
    state.result = settle(state, winner, DECLARED, declarer=winner, declared=declared, shown=shown)


_HANDLERS = {actions.DROP: _drop, actions.DRAW_STOCK: _draw_stock, actions.TAKE_DISCARD: _take_discard,
             actions.DISCARD: _discard, actions.DECLARE: _declare, actions.SHOW: _show}
