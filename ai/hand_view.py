"""What the bots of every in-hand game (13-card and 21-card Indian Rummy, Marriage) rebuild from one
seat's observation, the parts they share: the public record of a deal (what the public actions
reveal about hidden cards), and states dealt from the observation, the hidden cards in a fixed
order (:func:`deal_view`) or at random consistently with the record (:func:`deal_sample`).

Each game's ``ai.<game>.view`` says what its seat can see (``hidden_cards``), how its state is
built (``state_with``) and replays its own history with a :class:`Replay`.

A bot never holds the real state.  To ask the legal-move source, or to simulate, it rebuilds a
state from its observation by dealing the cards it cannot see to the other hands and the stock:
``view_state`` deals them in a fixed order (kind order): the legal moves of the seat to move depend
only on what its observation holds, so that state answers "what may I do" exactly; ``sample_state``
deals them at random, consistently with the public record (:class:`PublicRecord`): a card a seat
took from the discard pile and has not discarded since is in that hand.  The record replays the
public history: the discard pile (every discard names its card, a take removes the top), the stock
count and its reshuffles.  The observation does not keep the open card once it has been taken, so
a seat that took it holds one card the record cannot name (:data:`UNKNOWN`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.cards import JOKER, parse_kind
from game.core.cards import kind_text as _kind_text

UNKNOWN = -1  # a card of the discard pile nobody has named (the open card)
_CANONICAL = {_kind_text(k): k for k in range(JOKER + 1)}


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """What the public actions of a deal reveal about hidden cards (kinds).

    ``known[s]``: kinds seat ``s`` surely holds (taken from the discard pile, not discarded or laid
    since).  ``taken[s]`` / ``shed[s]``: kinds seat ``s`` took from the pile / discarded this deal.
    ``draws[s]``: how many times seat ``s`` drew (either pile).  ``pile``: the discard pile as
    replayed, oldest first (:data:`UNKNOWN` for the open card).  ``reshuffled``: the stock was
    rebuilt from the discards, so it holds known cards in an unknown order.  ``refused[s]``: kinds
    that lay on top of the pile when seat ``s`` drew from the stock instead.
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


class Replay:
    """A deal's public history being replayed into a :class:`PublicRecord`: ``players`` seats and
    ``stock`` cards in the stock after the deal (the open card lies in the pile, unnamed)."""

    def __init__(self, players: int, stock: int) -> None:
        self.known = [Counter() for _ in range(players)]
        self.taken = [Counter() for _ in range(players)]
        self.shed = [Counter() for _ in range(players)]
        self.draws = [0] * players
        self.refused = [Counter() for _ in range(players)]
        self.pile = [UNKNOWN]  # the open card: named only while it lies in the pile
        self.stock = stock
        self.reshuffled = False

    def draw_stock(self, p: int) -> None:
        self.stock -= 1
        self.draws[p] += 1
        if self.pile and self.pile[-1] != UNKNOWN:
            self.refused[p][self.pile[-1]] += 1

    def take_discard(self, p: int) -> None:
        self.draws[p] += 1
        card = self.pile.pop() if self.pile else UNKNOWN
        if card != UNKNOWN:
            self.known[p][card] += 1
            self.taken[p][card] += 1

    def lay(self, p: int, card: int) -> None:
        """Seat ``p`` showed a card of kind ``card`` to the table (no longer surely in its hand)."""
        if self.known[p][card]:
            self.known[p][card] -= 1

    def discard(self, p: int, card: int) -> None:
        self.lay(p, card)
        self.shed[p][card] += 1
        self.pile.append(card)

    def move(self, entry: dict) -> str:
        """Replay a draw or a discard (the moves every in-hand game writes alike); the entry's type."""
        p, kind = entry["player"], entry["type"]
        if kind == "draw_stock":
            self.draw_stock(p)
        elif kind == "take_discard":
            self.take_discard(p)
        elif kind == "discard":
            self.discard(p, kind_of_token(entry["card"]))
        return kind

    def refill(self) -> None:
        """An empty stock is rebuilt from the discard pile but its top card, once there is more."""
        if self.stock == 0 and len(self.pile) > 1:
            self.stock, self.pile, self.reshuffled = len(self.pile) - 1, self.pile[-1:], True

    def record(self) -> PublicRecord:
        for c in self.known:
            c += Counter()  # drop zero counts
        return PublicRecord(tuple(self.known), tuple(self.taken), tuple(self.shed), tuple(self.draws),
                            tuple(self.pile), self.reshuffled, tuple(self.refused))


def hidden_seats(obs: Any) -> list[int]:
    """The other seats whose hands the observing seat cannot see."""
    return [s for s in range(obs.rules.players) if s != obs.seat and obs.revealed_hands[s] is None]


def known_hands(obs: Any) -> list[list[int] | None]:
    """The hands the seat sees (its own and the shown ones); ``None`` for a hidden hand."""
    out: list[list[int] | None] = []
    for s in range(obs.rules.players):
        if s == obs.seat:
            out.append(list(obs.hand))
        elif obs.revealed_hands[s] is not None:
            out.append(list(obs.revealed_hands[s]))
        else:
            out.append(None)
    return out


def fill_hands(obs: Any, hands: list, cards: Iterator[int]) -> None:
    """Every hidden hand made up to its size from ``cards``, in seat order."""
    for s in hidden_seats(obs):
        hand = hands[s]
        hand += [next(cards) for _ in range(obs.hand_counts[s] - len(hand))]


def deal_view(obs: Any, hidden: Sequence[int]) -> tuple[list, list[int]]:
    """The hands and the stock with the ``hidden`` cards dealt in their order: the same for every
    deal that looks the same to the seat."""
    it = iter(hidden)
    hands = known_hands(obs)
    for s in hidden_seats(obs):
        hands[s] = []
    fill_hands(obs, hands, it)
    return hands, list(it)


def place_known(obs: Any, record: PublicRecord, hidden: list[int], kind_of: Sequence[int],
                taken: int | None = None) -> tuple[list, list[int]]:
    """Each hidden hand with the cards the record says it holds (``taken``: a card the seat to move
    took this turn, first in its hand), drawn from the shuffled ``hidden`` cards; and the cards left."""
    by_kind: dict[int, list[int]] = {}
    for c in hidden:
        by_kind.setdefault(kind_of[c], []).append(c)
    hands = known_hands(obs)
    placed: set[int] = set()
    for s in hidden_seats(obs):
        hand: list[int] = [taken] if s == obs.turn and taken is not None else []
        known = record.known[s]
        if hand:
            known = known.copy()
            known[kind_of[hand[0]]] -= 1
        for kind, count in known.items():
            ids = by_kind.get(kind, [])
            for _ in range(count):
                if ids and len(hand) < obs.hand_counts[s]:
                    hand.append(ids.pop())
        placed.update(hand)
        hands[s] = hand
    return hands, [c for c in hidden if c not in placed]


def deal_sample(obs: Any, rng: random.Random, record: PublicRecord, hidden: list[int],
                kind_of: Sequence[int]) -> tuple[list, list[int]]:
    """The hands and the stock dealt at random from the ``hidden`` cards, consistently with the
    public record (a card a seat took from the pile and still holds is in its hand)."""
    rng.shuffle(hidden)
    hands, free = place_known(obs, record, hidden, kind_of)
    it = iter(free)
    fill_hands(obs, hands, it)
    return hands, list(it)


def revealed_to(obs: Any) -> set[int]:
    """The cards of every other seat's hand shown to the table."""
    seen: set[int] = set()
    for s, shown in enumerate(obs.revealed_hands):
        if shown is not None and s != obs.seat:
            seen.update(shown)
    return seen


def unseen(deck: Iterable[int], seen: set[int], kind_of: Sequence[int]) -> list[int]:
    """The cards of ``deck`` not ``seen``, in kind order (then id): which copy of a card the seat
    holds (a deck's copies are alike, and a saved or replayed deal may number them otherwise)
    never changes a determinization, only the kinds do."""
    return sorted((c for c in deck if c not in seen), key=lambda c: (kind_of[c], c))


def kind_counts(cards: Iterable[int], kind_of: Sequence[int], size: int) -> list[int]:
    """How many of ``cards`` are of each kind (``size`` kinds)."""
    counts = [0] * size
    for c in cards:
        counts[kind_of[c]] += 1
    return counts


def seat_states(state_with: Callable[..., Any], hidden_cards: Callable[[Any], list[int]], kind_of: Sequence[int],
                public_record: Callable[[Any], PublicRecord]) -> tuple[Callable[[Any], Any], Callable[..., Any]]:
    """A game's ``view_state(obs)`` (the seat's view, the hidden cards dealt in kind order: exact
    for its own legal moves, the same for every deal that looks the same to it) and
    ``sample_state(obs, rng, record=None)`` (a random state consistent with the observation and the
    public record), from how the game builds a state with given hands and stock."""

    def view_state(obs: Any) -> Any:
        return state_with(obs, *deal_view(obs, hidden_cards(obs)))

    def sample_state(obs: Any, rng: random.Random, record: PublicRecord | None = None) -> Any:
        if record is None:
            record = public_record(obs)
        return state_with(obs, *deal_sample(obs, rng, record, hidden_cards(obs), kind_of))

    return view_state, sample_state


# --- the games of the cut joker (13- and 21-card Indian Rummy) -----------------------------------

def dropping_record(obs: Any, initial_stock: int, invalid_sets_aside: bool = False) -> PublicRecord:
    """The public record of a deal of a cut-joker game: its history replayed from a stock of
    ``initial_stock`` cards, the stock rebuilt from the discards when it runs out; with
    ``invalid_sets_aside``, an invalid show sets the declarer's hand aside, in public."""
    replay = Replay(obs.rules.players, initial_stock)
    for entry in obs.history:
        p, kind = entry["player"], replay.move(entry)
        if invalid_sets_aside and kind == "declare" and obs.out[p] is not None:
            replay.known[p].clear()
        if kind in ("discard", "drop", "declare"):
            replay.refill()
    return replay.record()


def seen_at_the_table(obs: Any) -> set[int]:
    """Physical ids a seat of a cut-joker game can see: its hand, the discard pile, the cut joker
    (when the rules have one), a shown finish card and every hand shown to the table."""
    seen = set(obs.hand) | set(obs.discard)
    for extra in (obs.cut_joker, obs.finish):
        if extra is not None:
            seen.add(extra)
    return seen | revealed_to(obs)


def cut_joker_states(state_class: Callable[..., Any], wild: bool = False) -> Callable[..., Any]:
    """A game's ``state_with(obs, hands, stock)``: the observed deal with these hands and this
    stock, the rest as the seat sees it (``wild``: the state takes the observation's wild kinds)."""

    def state_with(obs: Any, hands: list[list[int]], stock: list[int]) -> Any:
        more = (obs.wild,) if wild else ()
        return state_class(obs.rules, list(obs.seats), obs.dealer, obs.cut_joker, stock, list(obs.discard), hands,
                           obs.finish, list(obs.out), list(obs.has_drawn), obs.taken_discard, obs.turn, obs.phase,
                           list(obs.totals), obs.result, list(obs.history), *more)

    return state_with
