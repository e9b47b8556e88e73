"""States rebuilt from one seat's observation of 21-card Indian Rummy (T15): :mod:`ai.hand_view`
explains ``view_state``, ``sample_state`` and the public record.  Here the record's stock starts
after the deal, the cut joker and the open card (T2), it is rebuilt from the discards (T13), an
invalid show sets the declarer's hand aside in public (T8), and the open card (T2.4) is the one
card the record cannot name once taken.

Both states depend on the *kinds* the seat sees, never on which physical copy of a card it holds:
the three decks' copies are alike, and a saved or replayed deal may number them otherwise than the
table did (the review of a replay and the Hint at the table must agree), so the hidden cards are
sorted by (kind, id) before they are dealt or shuffled.
"""

from __future__ import annotations

from ai.hand_view import (
    UNKNOWN,
    PublicRecord,
    cut_joker_states,
    dropping_record,
    kind_of_token,
    seat_states,
    seen_at_the_table,
    unseen,
)
from game.indian21 import Observation, State
from game.indian21.deck import DECK_COUNTS, DECK_IDS, KIND


def initial_stock(obs: Observation) -> int:
    """T2: cards left in the stock after the deal, the cut joker and the open card."""
    return len(DECK_IDS) - obs.rules.hand_size * obs.rules.players - 2


def public_record(obs: Observation) -> PublicRecord:
    """Replay the public history of the deal (T15; the stock rebuilt from the discards, T13)."""
    return dropping_record(obs, initial_stock(obs), invalid_sets_aside=True)  # T8: an invalid show


def visible_cards(obs: Observation) -> set[int]:
    """Physical ids the seat can see: its hand, the discard pile, the cut joker, a shown finish
    card and every hand shown to the table."""
    return seen_at_the_table(obs)


def hidden_cards(obs: Observation) -> list[int]:
    """Physical ids the seat cannot see (other hands and the stock), in kind order: which copy of
    a card the seat holds never changes a determinization, only the kinds do."""
    return unseen(DECK_IDS, visible_cards(obs), KIND)


def unseen_kinds(obs: Observation) -> list[int]:
    """How many cards of each kind the seat cannot see (length 53)."""
    counts = list(DECK_COUNTS)
    for c in visible_cards(obs):
        counts[KIND[c]] -= 1
    return counts


state_with = cut_joker_states(State)  # (obs, hands, stock) -> the observed deal with them


view_state, sample_state = seat_states(state_with, hidden_cards, KIND, public_record)


__all__ = ["UNKNOWN", "PublicRecord", "hidden_cards", "kind_of_token", "public_record", "sample_state", "state_with",
           "unseen_kinds", "view_state", "visible_cards"]
