"""States rebuilt from one seat's observation of 21-card Indian Rummy (T15).

A bot never holds the real :class:`~game.indian21.State`.  To ask the legal-move source, or to
simulate, it rebuilds a state from its observation by dealing the cards it cannot see to the other
hands and the stock:

* :func:`view_state` deals them in a fixed order (kind order): the legal moves of the seat to move
  depend only on what its observation holds, so this state answers "what may I do" exactly.
* :func:`sample_state` deals them at random, consistently with the public record
  (:class:`PublicRecord`): a card a seat took from the discard pile and has not discarded since
  is in that hand.

Both depend on the *kinds* the seat sees, never on which physical copy of a card it holds: the
three decks' copies are alike, and a saved or replayed deal may number them otherwise than the
table did (the review of a replay and the Hint at the table must agree), so the hidden cards are
sorted by (kind, id) before they are dealt or shuffled.

The record replays the public history: the discard pile (every discard names its card, a take
removes the top), the stock count and its reshuffles (T13).  One thing the observation does not
keep is the open card (T2.4) once it has been taken, so a seat that took it holds one card the
record cannot name.
"""

from __future__ import annotations

from ai.hand_view import (
    UNKNOWN,
    PublicRecord,
    Replay,
    kind_of_token,
    revealed_to,
    seat_states,
    unseen,
)
from game.indian21 import Observation, State
from game.indian21.deck import DECK_COUNTS, DECK_IDS, KIND


def initial_stock(obs: Observation) -> int:
    """T2: cards left in the stock after the deal, the cut joker and the open card."""
    return len(DECK_IDS) - obs.rules.hand_size * obs.rules.players - 2


def public_record(obs: Observation) -> PublicRecord:
    """Replay the public history of the deal (T15; the stock rebuilt from the discards, T13)."""
    replay = Replay(obs.rules.players, initial_stock(obs))
    for entry in obs.history:
        p, kind = entry["player"], replay.move(entry)
        if kind == "declare" and obs.out[p] is not None:  # T8: an invalid show sets the hand aside, public
            replay.known[p].clear()
        if kind in ("discard", "drop", "declare"):
            replay.refill()
    return replay.record()


def visible_cards(obs: Observation) -> set[int]:
    """Physical ids the seat can see: its hand, the discard pile, the cut joker, a shown finish
    card and every hand shown to the table."""
    seen = set(obs.hand) | set(obs.discard)
    seen.add(obs.cut_joker)
    if obs.finish is not None:
        seen.add(obs.finish)
    return seen | revealed_to(obs)


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


def state_with(obs: Observation, hands: list[list[int]], stock: list[int]) -> State:
    """The observed deal with these hands and this stock (the rest as the seat sees it)."""
    return State(obs.rules, list(obs.seats), obs.dealer, obs.cut_joker, stock, list(obs.discard), hands,
                 obs.finish, list(obs.out), list(obs.has_drawn), obs.taken_discard, obs.turn, obs.phase,
                 list(obs.totals), obs.result, list(obs.history))


view_state, sample_state = seat_states(state_with, hidden_cards, KIND, public_record)


__all__ = ["UNKNOWN", "PublicRecord", "hidden_cards", "kind_of_token", "public_record", "sample_state", "state_with",
           "unseen_kinds", "view_state", "visible_cards"]
