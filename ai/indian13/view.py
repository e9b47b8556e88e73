"""States rebuilt from one seat's observation of 13-card Indian Rummy (I13).

A bot never holds the real :class:`~game.indian13.State`.  To ask the legal-move source, or to
simulate, it rebuilds a state from its observation by dealing the cards it cannot see to the other
hands and the stock:

* :func:`view_state` deals them in a fixed order (kind order): the legal moves of the seat to
  move depend only on what its observation holds, so this state answers "what may I do" exactly.
* :func:`sample_state` deals them at random, consistently with the public record
  (:class:`PublicRecord`): a card a seat took from the discard pile and has not discarded since
  is in that hand.

The record replays the public history: the discard pile (every discard names its card, a take
removes the top), the stock count and its reshuffles (I11).  One thing the observation does not
keep is the open card (I2.4) once it has been taken, so a seat that took it holds one card the
record cannot name.
"""

from __future__ import annotations

from ai.hand_view import (
    UNKNOWN,
    PublicRecord,
    Replay,
    kind_counts,
    kind_of_token,
    revealed_to,
    seat_states,
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
    replay = Replay(obs.rules.players, initial_stock(obs))
    for entry in obs.history:
        kind = replay.move(entry)
        if kind in ("discard", "drop", "declare"):
            replay.refill()
    return replay.record()


def visible_cards(obs: Observation) -> set[int]:
    """Physical ids the seat can see: its hand, the discard pile, the cut joker, a shown finish
    card and every hand shown to the table."""
    seen = set(obs.hand) | set(obs.discard)
    for extra in (obs.cut_joker, obs.finish):
        if extra is not None:
            seen.add(extra)
    return seen | revealed_to(obs)


def hidden_cards(obs: Observation) -> list[int]:
    """Physical ids the seat cannot see (other hands and the stock), in kind order: which copy of
    a card the seat holds (the decks' copies are alike, and a saved or replayed deal may number
    them otherwise) never changes a determinization, only the kinds do."""
    return unseen(deck_ids(obs.rules), visible_cards(obs), KIND)


def unseen_kinds(obs: Observation) -> list[int]:
    """How many cards of each kind the seat cannot see (length 53)."""
    return kind_counts(hidden_cards(obs), KIND, JOKER + 1)


def state_with(obs: Observation, hands: list[list[int]], stock: list[int]) -> State:
    """The observed deal with these hands and this stock (the rest as the seat sees it)."""
    return State(obs.rules, list(obs.seats), obs.dealer, obs.cut_joker, stock, list(obs.discard), hands,
                 obs.finish, list(obs.out), list(obs.has_drawn), obs.taken_discard, obs.turn, obs.phase,
                 list(obs.totals), obs.result, list(obs.history), obs.wild)


view_state, sample_state = seat_states(state_with, hidden_cards, KIND, public_record)


__all__ = ["UNKNOWN", "PublicRecord", "hidden_cards", "kind_of_token", "public_record", "sample_state", "state_with",
           "unseen_kinds", "view_state", "visible_cards"]
