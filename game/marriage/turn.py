"""Applying actions: the one place where the rules of a turn live (M2.3, M4.1, M5-M9).

:func:`apply` checks an action and returns the new state, or raises :class:`IllegalAction` and
leaves the state as it was.  The checks are those :mod:`game.marriage.legal` lists moves by; a
declaration may be any grouping of the seat's cards, and an invalid one is accepted and charged (M8).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Sequence

from game.core.cards import kind_text
from game.core.errors import IllegalAction
from game.core.reading import well_formed
from game.core.turns import next_in_play

from . import actions
from .actions import Action
from .combos import combination, is_dublee, is_pure, is_tunnela
from .deck import KIND
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
    OVER,
    PURE_ROUTE,
    VOID,
    Groups,
    State,
)

W1, W2 = "w1", "w2"  # M7.1 (three pure combinations seen), M7.2 (dublees)
DUBLEES_TO_SEE = 7  # M6.1b
PURE_TO_SEE = 3  # M6.1a


def apply(state: State, action: Action | dict) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
    :class:`StateError` when it is no well-formed action (a bad JSON object, a card that is not one)."""
    action = well_formed(Action, action, state.players)
    if state.phase == OVER:
        raise IllegalAction("deal_over", "M12", "the deal is over; deal the next one")
    if action.player != state.turn:
        name = state.seats[state.turn].name
        raise IllegalAction("not_your_turn", "M2.3" if state.phase == EXPOSE else "M5",
                            f"it is {name}'s turn, not seat {action.player}'s", {"name": name, "seat": action.player})
    new = state.copy()
    _HANDLERS[action.type](new, action)
    new.history.append(action.to_json())
    if new.phase == DRAW and not new.stock:
        _stock_out(new)
    return new


def is_legal(state: State, action: Action | dict) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


# --- checks shared with legal.py ---------------------------------------------------------------

def joker_take_refused(state: State) -> bool:
    """M5.1: the seat to move has seen the maal and the top discard is a joker."""
    jokers = state.jokers
    return (state.seen[state.turn] is not None and bool(state.discard) and jokers is not None
            and jokers.wild[KIND[state.discard[-1]]])


def banned_kind(state: State) -> int | None:
    """M5.2: the kind that may not leave the hand this turn: the card taken from the discard pile,
    unless the hand holds another copy of it (the ban is on that physical card only)."""
    taken = state.taken_discard
    if taken is None or taken not in state.hands[state.turn]:
        return None
    kind = KIND[taken]
    return kind if sum(1 for c in state.hands[state.turn] if KIND[c] == kind) == 1 else None


def see_need(state: State, seat: int) -> int:
    """M6.1a, M2.3: pure combinations still to lay, each tunnela exposed at the deal counting."""
    return PURE_TO_SEE - min(PURE_TO_SEE, len(state.exposed[seat]))


def saw_this_turn(state: State, seat: int) -> bool:
    """Whether ``seat`` saw the maal after its latest draw (M7.1 ``finish_same_turn``)."""
    for entry in reversed(state.history):
        if entry["player"] != seat:
            continue
        if entry["type"] == actions.SEE_MAAL:
            return True
        if entry["type"] in (actions.DRAW_STOCK, actions.TAKE_DISCARD):
            return False
    return False


def finish_route(state: State, seat: int) -> str:
    """M7: how ``seat`` may finish (``W1`` or ``W2``); raises :class:`IllegalAction` when it may not
    finish at all (M7.3)."""
    seen = state.seen[seat]
    if seen is None:
        if state.rules.dublee_finish_without_show:
            return W2
        raise IllegalAction("may_not_finish", "M7.3", "a seat that has not seen the maal may not finish",
                            {"case": "unseen"})
    if not state.rules.finish_same_turn and saw_this_turn(state, seat):
        raise IllegalAction("may_not_finish", "M7.3", "you saw the maal this turn and may finish from your next "
                            "turn on (finish_same_turn is off)", {"case": "this_turn"})
    return W1 if seen == PURE_ROUTE else W2


def judge_finish(state: State, seat: int, groups: Groups) -> str | None:
    """M7.1, M7.2: the reason a finish by ``seat`` with ``groups`` ends the deal (``declared`` or
    ``dublees``), or ``None`` for an invalid finish (M8).  That the cards are the seat's is the
    caller's check."""
    seen = state.seen[seat]
    if seen == PURE_ROUTE:
        tiplu, wilds = state.tiplu_kind, state.rules.max_wilds_per_combo
        return DECLARED if all(combination(g, tiplu, wilds) is not None for g in groups) else None
    wanted = 1 if seen == DUBLEE_ROUTE else DUBLEES_TO_SEE + 1  # the 8th dublee, or all 8 without a show
    return DUBLEES if len(groups) == wanted and all(is_dublee(g) for g in groups) else None


# --- helpers -----------------------------------------------------------------------------------

def _text(kinds: Sequence[int]) -> str:
    return " ".join(kind_text(k) for k in kinds) or "an empty group"


def _holds(hand: Sequence[int], kinds: Iterable[int]) -> bool:
    return Counter(kinds) <= Counter(KIND[c] for c in hand)


def _take(hand: list[int], kind: int, avoid: int | None = None) -> int:
    """Remove and return a physical card of ``kind`` from ``hand`` (not ``avoid`` when possible)."""
    ids = [c for c in hand if KIND[c] == kind]
    card = next((c for c in ids if c != avoid), ids[0])
    hand.remove(card)
    return card


def _lay(state: State, seat: int, groups: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Move the cards of ``groups`` from the hand of ``seat`` (keeping the card taken from the
    discard pile in the hand while a copy can go instead)."""
    hand = state.hands[seat]
    return [tuple(_take(hand, k, state.taken_discard) for k in g) for g in groups]


def _reshuffle_rng(state: State) -> random.Random:
    """A generator seeded by the cards' faces, hidden ones included, so a replay of ``(state,
    actions)`` (from JSON or not) reshuffles the same way while no seat can foresee the new stock."""
    piles = state.hands + [state.discard] + [state.table_cards(s) for s in range(state.players)]
    piles.append([] if state.tiplu is None else [state.tiplu])
    text = "|".join([" ".join(kind_text(KIND[c]) for c in pile) for pile in piles] + [str(len(state.history))])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _refill(state: State) -> bool:
    """M9: all discards but the top, shuffled, become the stock (over the tiplu); ``False`` when the
    rules say void or nothing can be shuffled."""
    if state.rules.stock_out != "reshuffle" or len(state.discard) < 2:
        return False
    cards = state.discard[:-1]
    _reshuffle_rng(state).shuffle(cards)
    state.stock = cards
    state.discard = state.discard[-1:]
    return True


def _void(state: State) -> None:
    """M9: the deal is void: nobody scores."""
    state.taken_discard = None
    state.phase = OVER
    state.result = settle(state, None, VOID)


def _stock_out(state: State) -> None:
    """M9: a turn starts with an empty stock: reshuffle the discards under the top one, or void."""
    if not _refill(state):
        _void(state)


def _draw_tiplu(state: State) -> bool:
    """M4.1: the tiplu is the stock card at index s // 2 from the top; it leaves the stock.  An empty
    stock is refilled first (M9); ``False`` when the deal became void instead."""
    if not state.stock and not _refill(state):
        _void(state)
        return False
    s = len(state.stock)
    state.tiplu = state.stock.pop(s - 1 - s // 2)  # the stock is kept bottom first
    return True


def _end_deal(state: State, winner: int, reason: str, groups: Groups | None) -> None:
    """The deal ends with ``winner`` (M7, M8); the tiplu is set now if nobody saw (M4.1)."""
    state.taken_discard = None
    if state.tiplu is None and not _draw_tiplu(state):
        return
    state.phase = OVER
    state.turn = winner
    state.result = settle(state, winner, reason, groups)


def _end_turn(state: State) -> None:
    """The turn passes to the next seat in play, or the deal ends when one is left (M8)."""
    state.taken_discard = None
    left = state.in_play()
    if len(left) == 1:
        _end_deal(state, left[0], ALL_OUT, None)
        return
    state.turn = next_in_play(state, state.turn)
    state.phase = DRAW


# --- the actions -------------------------------------------------------------------------------

def _phase(state: State, wanted: str, doing: str) -> None:
    """Refuse an action outside its phase, naming the rule that orders the turn."""
    if state.phase == wanted:
        return
    if state.phase == EXPOSE:
        raise IllegalAction("expose_first", "M2.3", f"every seat in turn exposes its dealt tunnelas (or none) "
                            f"before the first draw, so you may not {doing} yet", {"doing": doing})
    if wanted == EXPOSE:
        raise IllegalAction("not_expose_time", "M2.3", "tunnelas are exposed only before the first draw")
    if wanted == DRAW:
        raise IllegalAction("already_drawn", "M5.1", "this turn's card is drawn; see the maal, discard or declare")
    raise IllegalAction("draw_first", "M5.3", f"draw a card before you {doing}", {"doing": doing})


def _expose(state: State, action: Action) -> None:
    _phase(state, EXPOSE, "expose")
    p = action.player
    groups = action.groups or ()
    for g in groups:
        if not is_tunnela(g):
            raise IllegalAction("not_a_tunnela", "M2.3", f"{_text(g)} is not a tunnela (three identical cards)",
                                {"group": list(g)})
    if not _holds(state.hands[p], (k for g in groups for k in g)):
        raise IllegalAction("cards_not_in_hand", "M2.3", "you do not hold the cards of those tunnelas",
                            {"case": "tunnelas"})
    state.exposed[p].extend(_lay(state, p, groups))
    if p == state.dealer:  # M2.3: the dealer exposes last; then the first turn (M2.4)
        state.phase = DRAW
        state.turn = (state.dealer + 1) % state.players
    else:
        state.turn = (p + 1) % state.players


def _draw_stock(state: State, action: Action) -> None:
    _phase(state, DRAW, "draw")
    state.hands[action.player].append(state.stock.pop())  # M5.1: the top card
    state.phase = DISCARD


def _take_discard(state: State, action: Action) -> None:
    _phase(state, DRAW, "draw")
    if not state.discard:
        raise IllegalAction("discard_pile_empty", "M5.1", "the discard pile is empty; draw from the stock")
    if joker_take_refused(state):
        top = KIND[state.discard[-1]]
        raise IllegalAction("joker_on_discard_pile", "M5.1", f"the {kind_text(top)} on the discard pile is a "
                            "joker, and a seat that has seen the maal may not take it", {"card": top})
    card = state.discard.pop()  # M5.1: only the top card
    state.hands[action.player].append(card)
    state.taken_discard = card
    state.phase = DISCARD


def _see_maal(state: State, action: Action) -> None:
    _phase(state, DISCARD, "see the maal")
    p = action.player
    if state.seen[p] is not None:
        raise IllegalAction("already_seen", "M6.1", "you have seen the maal already")
    groups = action.groups or ()
    need = see_need(state, p)
    if len(groups) == DUBLEES_TO_SEE and all(len(g) == 2 for g in groups):
        if not state.rules.dublee_route:
            raise IllegalAction("dublee_route_off", "M6.1b", "seeing the maal by seven dublees is off in these "
                                "rules (dublee_route)")
        bad = next((g for g in groups if not is_dublee(g)), None)
        if bad is not None:
            raise IllegalAction("not_a_dublee", "M6.1b", f"{_text(bad)} is not a dublee (two identical cards)",
                                {"group": list(bad)})
        route = DUBLEE_ROUTE
    elif len(groups) == need and all(len(g) == 3 for g in groups):
        bad = next((g for g in groups if not is_pure(g)), None)
        if bad is not None:
            raise IllegalAction("not_a_pure_combination", "M6.1a", f"{_text(bad)} is not a pure sequence or a "
                                "tunnela", {"group": list(bad)})
        route = PURE_ROUTE
    else:
        exposed = len(state.exposed[p])
        counted = ("" if not exposed else " (your exposed tunnela counts as one)" if exposed == 1
                   else f" (your {exposed} exposed tunnelas count as {exposed})")
        raise IllegalAction("wrong_see_groups", "M6.3", f"to see the maal lay exactly {need} pure combination"
                            f"{'s' if need != 1 else ''}{counted}, or seven dublees",
                            {"need": need, "exposed": exposed})
    if not _holds(state.hands[p], (k for g in groups for k in g)):
        raise IllegalAction("cards_not_in_hand", "M6.1", "you do not hold the cards of those groups",
                            {"case": "groups"})
    state.shown[p].extend(_lay(state, p, groups))
    state.seen[p] = route
    if state.tiplu is None:
        _draw_tiplu(state)  # M4.1: the first seat to see


def _discard(state: State, action: Action) -> None:
    _phase(state, DISCARD, "discard")
    hand = state.hands[action.player]
    kind: int = action.card  # type: ignore[assignment]
    if not any(KIND[c] == kind for c in hand):
        raise IllegalAction("card_not_in_hand", "M5.3", f"you hold no {kind_text(kind)} to discard", {"card": kind})
    if kind == banned_kind(state):
        raise IllegalAction("discard_taken_card", "M5.2", f"the {kind_text(kind)} just taken from the discard "
                            "pile may not be discarded this turn", {"card": kind})
    state.discard.append(_take(hand, kind, state.taken_discard))
    _end_turn(state)


def _declare(state: State, action: Action) -> None:
    _phase(state, DISCARD, "declare")
    p = action.player
    route = finish_route(state, p)
    hand = state.hands[p]
    groups: Groups = action.groups or ()
    finish: int = action.card  # type: ignore[assignment]
    cards = Counter([finish, *(k for g in groups for k in g)])
    held = Counter(KIND[c] for c in hand)
    if route == W1 and cards != held:
        raise IllegalAction("declare_cards_mismatch", "M7.1", f"the finish card and the groups must be exactly "
                            f"the {len(hand)} cards in your hand", {"held": len(hand), "case": "in_hand"})
    if route == W2 and not cards <= held:
        raise IllegalAction("declare_cards_mismatch", "M7.2", "the finish card and the groups must be cards "
                            "in your hand", {"case": "part"})
    if finish == banned_kind(state):
        raise IllegalAction("finish_taken_card", "M5.2", f"the {kind_text(finish)} just taken from the discard "
                            "pile may not be the finish card (finishing is discarding)", {"card": finish})
    reason = judge_finish(state, p, groups)
    card = _take(hand, finish, state.taken_discard)
    if reason is not None:
        state.finish = card
        _end_deal(state, p, reason, groups)
        return
    state.out[p] = INVALID_FINISH  # M8: out, the finish card discarded, play goes on
    state.discard.append(card)
    _end_turn(state)


_HANDLERS = {actions.EXPOSE: _expose, actions.DRAW_STOCK: _draw_stock, actions.TAKE_DISCARD: _take_discard,
             actions.SEE_MAAL: _see_maal, actions.DISCARD: _discard, actions.DECLARE: _declare}
