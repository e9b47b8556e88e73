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

import random
from collections import Counter
from dataclasses import dataclass

from game.core.cards import JOKER, parse_kind
from game.core.cards import kind_text as _kind_text
from game.indian21 import Observation, State
from game.indian21.deck import DECK_COUNTS, DECK_IDS, KIND

UNKNOWN = -1
_CANONICAL = {_kind_text(k): k for k in range(JOKER + 1)}


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """What the public actions of a deal reveal about hidden cards (kinds).

    ``known[s]``: kinds seat ``s`` surely holds (taken from the discard pile, not discarded
    since).  ``taken[s]`` / ``shed[s]``: kinds seat ``s`` took from the pile / discarded this deal.
    ``draws[s]``: how many times seat ``s`` drew (either pile).  ``pile``: the discard pile as
    replayed, oldest first (:data:`UNKNOWN` for the open card).  ``reshuffled``: the stock was
    rebuilt from the discards (T13), so it holds known cards in an unknown order.
    ``refused[s]``: kinds that lay on top of the pile when seat ``s`` drew from the stock instead.
    """

    known: tuple[Counter, ...]
    taken: tuple[Counter, ...]
    shed: tuple[Counter, ...]
    draws: tuple[int, ...]
    pile: tuple[int, ...]
    reshuffled: bool
    refused: tuple[Counter, ...]

    @property
    def turns(self) -> int:
        """Draws made so far by every seat together."""
        return sum(self.draws)


def kind_of_token(token: str) -> int:
    """The kind of a card token of the history (canonical text, else parsed)."""
    found = _CANONICAL.get(token)
    return parse_kind(token) if found is None else found


def initial_stock(obs: Observation) -> int:
    """T2: cards left in the stock after the deal, the cut joker and the open card."""
    return len(DECK_IDS) - obs.rules.hand_size * obs.rules.players - 2


def public_record(obs: Observation) -> PublicRecord:
    """Replay the public history of the deal (T15)."""
    n = obs.rules.players
    known = [Counter() for _ in range(n)]
    taken = [Counter() for _ in range(n)]
    shed = [Counter() for _ in range(n)]
    draws = [0] * n
    refused = [Counter() for _ in range(n)]
    pile = [UNKNOWN]  # the open card: named only while it lies in the pile
    stock = initial_stock(obs)
    reshuffled = False
    for entry in obs.history:
        p, kind = entry["player"], entry["type"]
        if kind == "draw_stock":
            stock -= 1
            draws[p] += 1
            if pile and pile[-1] != UNKNOWN:
                refused[p][pile[-1]] += 1
        elif kind == "take_discard":
            draws[p] += 1
            card = pile.pop() if pile else UNKNOWN
            if card != UNKNOWN:
                known[p][card] += 1
                taken[p][card] += 1
        elif kind == "discard" or (kind == "declare" and obs.out[p] is not None):
            if kind == "discard":
                card = kind_of_token(entry["card"])
                if known[p][card]:
                    known[p][card] -= 1
                shed[p][card] += 1
                pile.append(card)
            else:  # T8: an invalid show sets the hand aside; its cards are public (revealed_hands)
                known[p].clear()
        if kind in ("discard", "drop", "declare") and stock == 0 and len(pile) > 1:
            stock, pile, reshuffled = len(pile) - 1, pile[-1:], True  # T13
    for c in known:
        c += Counter()  # drop zero counts
    return PublicRecord(tuple(known), tuple(taken), tuple(shed), tuple(draws), tuple(pile), reshuffled,
                        tuple(refused))


def visible_cards(obs: Observation) -> set[int]:
    """Physical ids the seat can see: its hand, the discard pile, the cut joker, a shown finish
    card and every hand shown to the table."""
    seen = set(obs.hand) | set(obs.discard)
    seen.add(obs.cut_joker)
    if obs.finish is not None:
        seen.add(obs.finish)
    for s, shown in enumerate(obs.revealed_hands):
        if shown is not None and s != obs.seat:
            seen.update(shown)
    return seen


def hidden_cards(obs: Observation) -> list[int]:
    """Physical ids the seat cannot see (other hands and the stock), in kind order: which copy of
    a card the seat holds never changes a determinization, only the kinds do."""
    seen = visible_cards(obs)
    return sorted((c for c in DECK_IDS if c not in seen), key=lambda c: (KIND[c], c))


def unseen_kinds(obs: Observation) -> list[int]:
    """How many cards of each kind the seat cannot see (length 53)."""
    counts = list(DECK_COUNTS)
    for c in visible_cards(obs):
        counts[KIND[c]] -= 1
    return counts


def _hidden_seats(obs: Observation) -> list[int]:
    return [s for s in range(obs.rules.players) if s != obs.seat and obs.revealed_hands[s] is None]


def state_with(obs: Observation, hands: list[list[int]], stock: list[int]) -> State:
    """The observed deal with these hands and this stock (the rest as the seat sees it)."""
    return State(obs.rules, list(obs.seats), obs.dealer, obs.cut_joker, stock, list(obs.discard), hands,
                 obs.finish, list(obs.out), list(obs.has_drawn), obs.taken_discard, obs.turn, obs.phase,
                 list(obs.totals), obs.result, list(obs.history))


def _known_hands(obs: Observation) -> list[list[int] | None]:
    """The hands the seat sees (its own and the shown ones); ``None`` for a hidden hand."""
    out: list[list[int] | None] = []
    for s in range(obs.rules.players):
        if s == obs.seat:
            out.append(list(obs.hand))
        elif obs.revealed_hands[s] is not None:
            out.append(list(obs.revealed_hands[s]))  # type: ignore[arg-type]
        else:
            out.append(None)
    return out


def view_state(obs: Observation) -> State:
    """A state with the seat's view and the hidden cards dealt in kind order: exact for the seat's
    own legal moves, and the same for every deal that looks the same to the seat."""
    hidden = iter(hidden_cards(obs))
    hands = _known_hands(obs)
    for s in _hidden_seats(obs):
        hands[s] = [next(hidden) for _ in range(obs.hand_counts[s])]
    stock = list(hidden)
    return state_with(obs, hands, stock)  # type: ignore[arg-type]


def sample_state(obs: Observation, rng: random.Random, record: PublicRecord | None = None) -> State:
    """A random state consistent with the observation and the public record."""
    if record is None:
        record = public_record(obs)
    hidden = hidden_cards(obs)
    rng.shuffle(hidden)
    by_kind: dict[int, list[int]] = {}
    for c in hidden:
        by_kind.setdefault(KIND[c], []).append(c)
    hands = _known_hands(obs)
    placed: set[int] = set()
    for s in _hidden_seats(obs):
        hand: list[int] = []
        for kind, count in record.known[s].items():
            ids = by_kind.get(kind, [])
            for _ in range(count):
                if ids and len(hand) < obs.hand_counts[s]:
                    hand.append(ids.pop())
        placed.update(hand)
        hands[s] = hand
    free = iter([c for c in hidden if c not in placed])
    for s in _hidden_seats(obs):
        hand = hands[s]
        assert hand is not None
        hand += [next(free) for _ in range(obs.hand_counts[s] - len(hand))]
    return state_with(obs, hands, list(free))  # type: ignore[arg-type]
