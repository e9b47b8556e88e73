"""States rebuilt from one seat's observation of 13-card Indian Rummy (I13): :mod:`ai.hand_view`
explains ``view_state``, ``sample_state`` and the public record; here the record's stock starts
after the deal, the open card and the cut joker (I2) and is rebuilt from the discards (I11), and
the open card (I2.4) is the one card the record cannot name once taken.
"""

from __future__ import annotations

from ai.hand_view import (
    UNKNOWN,
    PublicRecord,
    cut_joker_states,
    dropping_record,
    kind_counts,
    kind_of_token,
    seat_states,
    seen_at_the_table,
    unseen,
)
from game.core.cards import JOKER
from game.indian13 import Observation, State
from game.indian13.deck import HAND_SIZE, KIND, deck_ids


def initial_stock(obs: Observation) -> int:
    """I2: cards left in the stock after the deal, the open card and the cut joker."""
    cut = 0 if obs.cut_joker is None else 1
    return len(deck_ids(obs.rules)) - HAND_SIZE * obs.rules.players - 1 - cut


def public_record(obs: Observation) -> PublicRecord:
    """Replay the public history of the deal (I13; the stock rebuilt from the discards, I11.2)."""
    return dropping_record(obs, initial_stock(obs))


def visible_cards(obs: Observation) -> set[int]:
    """Physical ids the seat can see: its hand, the discard pile, the cut joker, a shown finish
    card and every hand shown to the table."""
    return seen_at_the_table(obs)


def hidden_cards(obs: Observation) -> list[int]:
    """Physical ids the seat cannot see (other hands and the stock), in kind order: which copy of
    a card the seat holds (the decks' copies are alike, and a saved or replayed deal may number
    them otherwise) never changes a determinization, only the kinds do."""
    return unseen(deck_ids(obs.rules), visible_cards(obs), KIND)


def unseen_kinds(obs: Observation) -> list[int]:
    """How many cards of each kind the seat cannot see (length 53)."""
    return kind_counts(hidden_cards(obs), KIND, JOKER + 1)


state_with = cut_joker_states(State, wild=True)  # (obs, hands, stock) -> the observed deal with them


view_state, sample_state = seat_states(state_with, hidden_cards, KIND, public_record)


__all__ = ["UNKNOWN", "PublicRecord", "hidden_cards", "kind_of_token", "public_record", "sample_state", "state_with",
           "unseen_kinds", "view_state", "visible_cards"]
