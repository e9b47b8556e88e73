"""Applying actions: the one place where the rules of a turn live (T4, T5, T7-T10, T13).

:func:`apply` checks an action and returns the new state, or raises :class:`IllegalAction` and
leaves the state as it was.  The checks are those :mod:`game.indian21.legal` lists moves by; a
show may be any split of the seat's cards, and an invalid one is accepted and charged (T8).
"""

from __future__ import annotations

from game.core.front import legality
from game.core.hand_turn import DeclareTurns, hand_refusals
from game.core.turns import banned_kind as banned_kind  # re-exported: legal.py and the bots ask it here
from game.core.turns import next_in_play as next_in_play  # re-exported

from .actions import Action
from .arrange import find_show
from .deck import KIND
from .melds import show_way
from .scoring import settle
from .state import Groups, State

# The refusals of a turn: code -> rule, worded as game.core.hand_turn's REFUSAL_WORDS but where this game says
# it its own way.
REFUSALS = hand_refusals(
    {
        "deal_over": "T7.3", "not_your_turn": "T5", "not_show_time": "T10", "wrong_phase": "T10",
        "drop_after_draw": "T9", "already_drawn": "T5", "draw_first": "T5",
        "discard_pile_empty": "T4.1",  # T4.1: only the top card
        "joker_on_discard_pile": "T4.2", "card_not_in_hand": "T5", "discard_taken_card": "T4.3",
        "declare_cards_mismatch": "T7.1", "finish_taken_card": "T4.3", "show_cards_mismatch": "T10",
    },
    not_show_time="cards are shown for scoring only after a valid show",
    wrong_phase="the deal is being scored, so you may not {doing}; show your groups",
    already_drawn="this turn's card is drawn; discard or show",
)


def apply(state: State, action: Action | dict) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
    :class:`StateError` when it is no well-formed action (a bad JSON object, a card that is not one).

    A turn (T4, T5): drop at its start (T9; first or middle drop), draw from the stock or take the
    top discard (T4.1; not a joker, T4.2), then discard (T5; not the card just taken, T4.3) or show
    (T7.1, the action ``declare``).  A valid show ends the deal (T7.3) and the losers are scored
    or show their groups (T10); an invalid show is charged (T8); one seat left in play wins (T9);
    an empty stock is reshuffled, the cut joker staying out, or the deal is void (T13)."""
    return TURNS.apply(state, action)


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


TURNS = DeclareTurns(REFUSALS, joker_take_refused, declaring="show", judge=judge, settle=settle)
_HANDLERS = TURNS.handlers
