"""States rebuilt from one seat's observation (RULES.md V12).

A bot never holds the real :class:`~game.vazhushal.State`.  To ask the legal-move source, or to
simulate, it rebuilds a state from its observation by dealing the cards it cannot see to the other
hands and the stock:

* :func:`view_state` deals them in a fixed order: the legal moves of the seat to move depend only
  on what its observation holds, so this state answers "what may I do" exactly.
* :func:`sample_state` deals them at random, consistently with the public record
  (:class:`PublicRecord`): cards an opponent took from the line and has not melded or discarded
  are in that hand; cards the line pushed back into the stock (V6.6) lie where they went; the
  indicator lies at the bottom of the stock (V2.4).  The other cards go uniformly, or by a
  weight per kind for each opponent (:mod:`ai.vazhushal.belief`), and a deal may be resampled by a score
  of its hands (:func:`resample`); the record is kept either way.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.cards import CARDS_PER_DECK, KIND_OF
from game.vazhushal import Observation, State, kind_text, parse_kind

from ..hand_view import unseen

UNKNOWN = -1


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """What the public actions of this hand reveal about hidden cards (kinds).

    ``known[s]``: kinds seat ``s`` surely holds (taken from the line, not melded or discarded
    since).  ``stock``: the stock bottom first, a kind where it is known, :data:`UNKNOWN` where
    not.  ``picked[s]`` / ``shed[s]``: kinds seat ``s`` took from the line / discarded this hand.
    """

    known: tuple[Counter, ...]
    stock: tuple[int, ...]
    picked: tuple[Counter, ...]
    shed: tuple[Counter, ...]


def public_record(obs: Observation) -> PublicRecord:
    """Replay the public history of the hand (line, stock slots and what each seat took)."""
    n = obs.rules.players
    total = obs.rules.decks * CARDS_PER_DECK
    stock_size = total - 13 * n - 1
    stock = [UNKNOWN] * stock_size
    if obs.indicator is not None and stock:
        stock[0] = obs.indicator
    known = [Counter() for _ in range(n)]
    picked = [Counter() for _ in range(n)]
    shed = [Counter() for _ in range(n)]
    tables: list[Counter] = [Counter() for _ in range(n)]
    # the dealt first card of the line is known only while it is still there
    first = KIND_OF[obs.line[0]] if obs.line_first_dealt and obs.line else UNKNOWN
    line = [first]
    cap = obs.rules.line_cap
    for entry in obs.history:
        p, kind = entry["player"], entry["type"]
        if kind == "draw_stock":
            if stock:
                top = stock.pop()
                if top != UNKNOWN:
                    known[p][top] += 1
        elif kind == "take_line":
            taken = line[entry["index"]:]
            del line[entry["index"]:]
            meld = [_kind(t) for t in entry.get("meld") or ()]
            for k in meld:  # the engine takes meld cards from the line first, then the hand
                if k in taken:
                    taken.remove(k)
                elif known[p][k]:
                    known[p][k] -= 1
            for k in taken:
                if k != UNKNOWN:
                    known[p][k] += 1
                    picked[p][k] += 1
            tables[p].update(meld)
        elif kind in ("meld", "arrange"):
            new = Counter(_kind(t) for m in entry["melds"] for t in m)
            from_hand = new if kind == "meld" else new - tables[p]
            for k, c in from_hand.items():
                known[p][k] = max(0, known[p][k] - c)
            tables[p] = tables[p] + new if kind == "meld" else new
        elif kind == "discard":
            k = _kind(entry["card"])
            if known[p][k]:
                known[p][k] -= 1
            shed[p][k] += 1
            line.append(k)
            if cap is not None and len(line) > cap and len(stock) > 0:
                stock.insert(1 if obs.indicator is not None else 0, line.pop(0))
    for c in known:
        c += Counter()  # drop zero counts
    return PublicRecord(tuple(known), tuple(stock), tuple(picked), tuple(shed))


_CANONICAL = {kind_text(k): k for k in range(53)}


def _kind(token: str) -> int:
    """The kind of a card token of the history (canonical text, else parsed)."""
    found = _CANONICAL.get(token) if isinstance(token, str) else None
    return parse_kind(token) if found is None else found


def unseen_cards(obs: Observation) -> list[int]:
    """Physical ids the seat cannot see (other hands and the stock), in kind order: which copy of a
    card the seat holds (the decks' copies are alike, and a saved or replayed hand may number them
    otherwise) never changes a determinization, only the kinds do."""
    return unseen(range(obs.rules.decks * CARDS_PER_DECK), set(obs.visible_cards()), KIND_OF)


def _build(obs: Observation, hands: list[list[int]], stock: list[int]) -> State:
    return State(obs.rules, list(obs.seats), obs.dealer, obs.indicator, stock, list(obs.line),
                 obs.line_first_dealt, hands, [list(m) for m in obs.melds], obs.turn, obs.phase,
                 list(obs.wins), obs.result, list(obs.history), obs.wild)


def view_state(obs: Observation) -> State:
    """A state with the observer's view and the hidden cards dealt in kind order (indicator at
    the bottom of the stock).  Exact for the observer's own legal moves."""
    hidden = unseen_cards(obs)
    stock: list[int] = []
    if obs.stock_count and obs.indicator is not None:
        for c in hidden:
            if KIND_OF[c] == obs.indicator:
                hidden.remove(c)
                stock.append(c)
                break
    stock += hidden[:obs.stock_count - len(stock)]
    rest = iter(hidden[obs.stock_count - (1 if stock and obs.indicator is not None else 0):])
    return _build(obs, _deal_hands(obs, rest), stock)


def _deal_hands(obs: Observation, cards) -> list[list[int]]:
    hands = []
    for s, count in enumerate(obs.hand_counts):
        hands.append(list(obs.hand) if s == obs.seat else [next(cards) for _ in range(count)])
    return hands


def sample_state(obs: Observation, rng: random.Random, record: PublicRecord | None = None,
                 weights: Sequence[Sequence[float] | None] | None = None,
                 score: Callable[[list[list[int]]], float] | None = None, tries: int = 1) -> State:
    """A random state consistent with the observation and the public record; the free cards
    are dealt uniformly, or with ``weights``, and optionally resampled by ``score`` (see
    :func:`deal` and :func:`resample`)."""
    if score is not None and tries > 1:
        hands, stock = resample(obs, rng, record, weights, score, tries)
    else:
        hands, stock = deal(obs, rng, record, weights)
    return _build(obs, hands, stock)


def resample(obs: Observation, rng: random.Random, record: PublicRecord | None,
             weights: Sequence[Sequence[float] | None] | None, score: Callable[[list[list[int]]], float],
             tries: int) -> tuple[list[list[int]], list[int]]:
    """``tries`` deals (:func:`deal`), one kept with a chance proportional to ``exp(score)`` of
    its hands (importance resampling; ``score`` is a log-weight)."""
    if record is None:
        record = public_record(obs)
    options = [deal(obs, rng, record, weights) for _ in range(tries)]
    logs = [score(hands) for hands, _ in options]
    top = max(logs)
    return rng.choices(options, [math.exp(v - top) for v in logs])[0]


def deal(obs: Observation, rng: random.Random, record: PublicRecord | None = None,
         weights: Sequence[Sequence[float] | None] | None = None) -> tuple[list[list[int]], list[int]]:
    """The hidden cards dealt at random: ``(hands, stock)``, the stock bottom first.

    The public record is always kept: known stock slots hold their kind, every opponent holds
    the cards it surely holds, every hand has its size, every physical card is dealt once.  The
    other cards (the *free* ones) go uniformly, or, with ``weights[s][kind]`` (a positive weight
    per kind for each opponent ``s``; ``None`` for the observer), to the opponents in a random
    order, each drawing its free slots by weighted sampling without replacement (exponential
    keys, Efraimidis and Spirakis), the stock taking the rest in shuffled order.
    """
    if record is None:
        record = public_record(obs)
    hidden = unseen_cards(obs)
    rng.shuffle(hidden)
    by_kind: dict[int, list[int]] = {}
    for c in hidden:
        by_kind.setdefault(KIND_OF[c], []).append(c)

    def take(kind: int) -> int | None:
        ids = by_kind.get(kind)
        return ids.pop() if ids else None

    placed: set[int] = set()
    # known stock slots, bottom first (only the lowest stock_count slots are still in the stock)
    slots = list(record.stock[:obs.stock_count]) + [UNKNOWN] * max(0, obs.stock_count - len(record.stock))
    stock: list[int | None] = [take(k) if k != UNKNOWN else None for k in slots]
    placed.update(c for c in stock if c is not None)
    hands: list[list[int]] = []
    for s, count in enumerate(obs.hand_counts):
        if s == obs.seat:
            hands.append(list(obs.hand))
            continue
        hand: list[int] = []
        for kind, c in record.known[s].items():
            for _ in range(c):
                if len(hand) < count:
                    card = take(kind)
                    if card is not None:
                        hand.append(card)
        placed.update(hand)
        hands.append(hand)
    if weights is not None:
        placed |= _deal_weighted(obs, rng, hands, [c for c in hidden if c not in placed], weights)
    free = (c for c in hidden if c not in placed)
    stock = [c if c is not None else next(free) for c in stock]
    for s, count in enumerate(obs.hand_counts):
        if s != obs.seat:
            hands[s] += [next(free) for _ in range(count - len(hands[s]))]
    return hands, stock  # type: ignore[return-value]


def _deal_weighted(obs: Observation, rng: random.Random, hands: list[list[int]], free: list[int],
                   weights: Sequence[Sequence[float] | None]) -> set[int]:
    """Fill the opponents' free slots from ``free`` by weight (in place); the cards dealt."""
    order = [s for s in range(len(hands)) if s != obs.seat]
    rng.shuffle(order)
    dealt: set[int] = set()
    for s in order:
        need = obs.hand_counts[s] - len(hands[s])
        w = weights[s]
        if need <= 0 or w is None:
            continue
        rand = rng.random
        pool = [c for c in free if c not in dealt]
        # the first ``need`` arrivals of exponential clocks of rate w: weighted, without replacement
        keyed = sorted(pool, key=lambda c: -math.log(1.0 - rand()) / w[KIND_OF[c]])
        chosen = keyed[:need]
        hands[s] += chosen
        dealt.update(chosen)
    return dealt
