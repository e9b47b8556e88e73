"""States rebuilt from one seat's observation of Indian Marriage (M13).

A bot never holds the real :class:`~game.marriage.State`.  To ask the legal-move source, or to
simulate, it rebuilds a state from its observation by dealing the cards it cannot see to the other
hands and the stock:

* :func:`view_state` deals them in a fixed order (kind order): the legal moves of the seat to
  move depend only on what its observation holds, so this state answers "what may I do" exactly.
* :func:`sample_state` deals them at random, consistently with the public record
  (:class:`PublicRecord`): a card a seat took from the discard pile and has not discarded or laid
  since is in that hand.

The tiplu: a seat that has seen knows it (the observation holds it).  For a seat that has not seen
while another seat has, the tiplu is one of the cards it cannot see: :func:`view_state` puts the
first of them (in kind order) there (the seat's legal moves never depend on it, M13) and
:func:`sample_state` a random one, so nothing the seat may not know leaks into a bot through a
rebuilt state.

The record replays the public history: the discard pile (every discard names its card, a take
removes the top), the cards laid (exposed, shown), the stock count, the tiplu leaving the stock and
the reshuffles (M9).  One thing the history does not name is the open card (M2.2) once it has been
taken, so a seat that took it holds one card the record cannot name.
"""

from __future__ import annotations

import random

from ai.hand_view import (
    UNKNOWN,
    PublicRecord,
    Replay,
    fill_hands,
    hidden_seats,
    kind_counts,
    kind_of_token,
    known_hands,
    place_known,
    revealed_to,
    unseen,
)
from game.marriage import Observation, State
from game.marriage.deck import DECK_IDS, HAND_SIZE, KIND, NATURALS


def initial_stock(obs: Observation) -> int:
    """M2: cards left in the stock after the deal and the open card."""
    return len(DECK_IDS) - HAND_SIZE * obs.rules.players - 1


def public_record(obs: Observation) -> PublicRecord:
    """Replay the public history of the deal (M13; the stock rebuilt from the discards, M9): the
    cards laid to see the maal leave the seat's known cards, and the first sight turns the tiplu
    up from the stock."""
    replay = Replay(obs.rules.players, initial_stock(obs))
    tiplu_drawn = False
    for entry in obs.history:
        p, kind = entry["player"], entry["type"]
        if kind in ("draw_stock", "take_discard"):
            replay.move(entry)
        elif kind == "see_maal":
            for group in entry.get("groups", ()):
                for token in group:
                    replay.lay(p, kind_of_token(token))
            if not tiplu_drawn:
                replay.refill()
                replay.stock -= 1
                tiplu_drawn = True
        elif kind in ("discard", "declare"):
            replay.discard(p, kind_of_token(entry["card"] if kind == "discard" else entry["finish"]))
            replay.refill()
    return replay.record()


def tiplu_hidden(obs: Observation) -> bool:
    """The tiplu is set (a seat has seen) but this seat does not know it (M13)."""
    return obs.tiplu is None and any(s is not None for s in obs.seen)


def visible_cards(obs: Observation) -> set[int]:
    """Physical ids the seat can see: its hand, the discard pile, every laid group, the tiplu once
    it has seen, a finish card and every hand shown at the end."""
    seen = set(obs.hand) | set(obs.discard)
    for groups in (*obs.exposed, *obs.shown):
        for g in groups:
            seen.update(g)
    for extra in (obs.tiplu, obs.finish):
        if extra is not None:
            seen.add(extra)
    return seen | revealed_to(obs)


def hidden_cards(obs: Observation) -> list[int]:
    """Physical ids the seat cannot see (other hands, the stock, an unknown tiplu), in kind order:
    which copy of a card the seat holds (the three decks' copies are alike, and a saved or replayed
    deal may number them otherwise) never changes a determinization, only the kinds do."""
    return unseen(DECK_IDS, visible_cards(obs), KIND)


def unseen_kinds(obs: Observation) -> list[int]:
    """How many cards of each kind the seat cannot see (length 52)."""
    return kind_counts(hidden_cards(obs), KIND, NATURALS)


def state_with(obs: Observation, hands: list[list[int]], stock: list[int], tiplu: int | None) -> State:
    """The observed deal with these hands, this stock and this tiplu (the rest as the seat sees it)."""
    return State(obs.rules, list(obs.seats), obs.dealer, stock, list(obs.discard), hands,
                 [list(gs) for gs in obs.exposed], [list(gs) for gs in obs.shown], list(obs.seen), tiplu,
                 obs.finish, list(obs.out), obs.taken_discard, obs.turn, obs.phase, list(obs.totals), obs.result,
                 list(obs.history))


def _taken_by_other(obs: Observation) -> int | None:
    """The card another seat took from the discard pile this turn (public, M13): in its hand."""
    t = obs.taken_discard
    if t is None or obs.turn == obs.seat or obs.revealed_hands[obs.turn] is not None:
        return None
    return None if t in visible_cards(obs) else t  # laid to see the maal since (M6)


def view_state(obs: Observation) -> State:
    """A state with the seat's view and the hidden cards dealt in kind order: exact for the seat's
    own legal moves, and the same for every deal that looks the same to the seat."""
    taken = _taken_by_other(obs)
    hidden = [c for c in hidden_cards(obs) if c != taken]
    tiplu = obs.tiplu
    if tiplu_hidden(obs):
        tiplu = hidden.pop(0)
    it = iter(hidden)
    hands = known_hands(obs)
    for s in hidden_seats(obs):
        hands[s] = [taken] if s == obs.turn and taken is not None else []
    fill_hands(obs, hands, it)
    return state_with(obs, hands, list(it), tiplu)


def sample_state(obs: Observation, rng: random.Random, record: PublicRecord | None = None) -> State:
    """A random state consistent with the observation and the public record; for a seat that has
    not seen while the tiplu is set, the tiplu is a random card among those it cannot see."""
    if record is None:
        record = public_record(obs)
    taken = _taken_by_other(obs)
    hidden = [c for c in hidden_cards(obs) if c != taken]
    rng.shuffle(hidden)
    hands, free = place_known(obs, record, hidden, KIND, taken)
    tiplu = obs.tiplu
    if tiplu_hidden(obs):
        tiplu = free.pop()
    it = iter(free)
    fill_hands(obs, hands, it)
    return state_with(obs, hands, list(it), tiplu)


__all__ = ["UNKNOWN", "PublicRecord", "hidden_cards", "kind_of_token", "public_record", "sample_state", "state_with",
           "tiplu_hidden", "unseen_kinds", "view_state", "visible_cards"]
