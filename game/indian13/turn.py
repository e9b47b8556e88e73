"""Applying actions: the one place where the rules of a turn live (I4, I5, I7-I9, I11).

:func:`apply` checks an action and returns the new state, or raises :class:`IllegalAction` and
leaves the state as it was.  The checks are those :mod:`game.indian13.legal` lists moves by; a
declaration may be any split of the seat's cards, and an invalid one is accepted and charged (I8).
"""

from __future__ import annotations

from game.core.front import legality
from game.core.hand_turn import DeclareTurns, hand_refusals
from game.core.turns import banned_kind as banned_kind  # re-exported: legal.py and the bots ask it here

from . import actions
from .actions import Action
from .arrange import find_declaration
from .deck import KIND
from .melds import problem
from .scoring import meld_rules, settle
from .scoring import shown_groups as shown_groups  # re-exported
from .state import DISCARD, INVALID, State

Groups = tuple[tuple[int, ...], ...]

# The refusals of a turn: code -> rule, worded as game.core.hand_turn's REFUSAL_WORDS but where this game says
# it its own way.
REFUSALS = hand_refusals(
    {
        "deal_over": "I7.5", "not_your_turn": "I5", "not_show_time": "I10.3", "wrong_phase": "I7.5",
        "drop_after_draw": "I9.1", "already_drawn": "I5.2", "draw_first": "I5.2",
        "discard_pile_empty": "I4.2",  # I4.2: only the top card
        "joker_on_discard_pile": "I5.6", "card_not_in_hand": "I5.3", "discard_taken_card": "I5.5",
        "declare_cards_mismatch": "I7.1", "finish_taken_card": "I5.5", "show_cards_mismatch": "I10.3",
    },
    not_show_time="cards are shown for scoring only after a valid declaration",
    wrong_phase="the deal is being shown, so you may not {doing}; show your groups",
    already_drawn="this turn's card is drawn; discard or declare",
    finish_taken_card="the {card} just taken from the discard pile may not be the finish card (finishing is "
                      "discarding)",
)


def apply(state: State, action: Action | dict) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
    :class:`StateError` when it is no well-formed action (a bad JSON object, a card that is not one).

    A turn (I4, I5): drop at its start (I9.1; first or middle drop by I9.2), draw from the stock
    (I4.1) or take the top discard (I4.2, not a joker unless I5.6 allows it), then discard (I5.3;
    not the card just taken, I5.5) or declare (I7.1).  A valid declaration ends the deal (I7.5), an
    invalid one is charged (I8.2); one seat left in play wins (I9.5); an empty stock is reshuffled
    or the deal is void (I11)."""
    return TURNS.apply(state, action)


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


TURNS = DeclareTurns(REFUSALS, joker_take_refused, declaring="declare", judge=judge, settle=settle)
_HANDLERS = TURNS.handlers
