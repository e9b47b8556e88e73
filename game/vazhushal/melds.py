"""Reading and validating melds with wild cards (RULES.md V3, V4).

A meld is kept as the *reading* the engine took (V4.6): its kind, its cards in written order
(a sequence low to high with each wild at the position it stands for), and what follows from
that reading (suit and span or rank, purity, point value, identity for V4.5).

Positions in a sequence run 1..14: 1 is a low ace, 14 a high ace (V4.1: never both).

>>> wild = wild_table(True, None)
>>> from game.core.cards import parse_kind
>>> ids = [parse_kind(t) for t in ("JK", "7H", "JK")]
>>> ids[2] = 52 + 54  # the second printed joker of the second deck
>>> best = readings(ids, wild)[0]
>>> best.kind, best.text()
('sequence', ['7H', 'JK', 'JK'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.cards import JOKER, KIND_OF, KINDS, cards_text, is_red, make_kind, rank_of, rank_value, suit_of

SEQUENCE = "sequence"
SET = "set"
_POS_VALUE = (0,) + tuple(rank_value(p) for p in range(1, 15))


def wild_table(negative_joker: bool, indicator: int | None) -> tuple[bool, ...]:
    """V3: which kinds are wild.  Printed jokers always; with an indicator of rank R and colour C,
    the two cards of rank R and the other colour; an indicator that is a joker adds nothing."""
    wild = [False] * KINDS
    wild[JOKER] = True
    if negative_joker and indicator is not None and indicator != JOKER:
        rank, red = rank_of(indicator), is_red(suit_of(indicator))
        for suit in range(4):
            if is_red(suit) != red:
                wild[make_kind(rank, suit)] = True
    return tuple(wild)


def position_kind(suit: int, pos: int) -> int:
    """Kind of the natural card at sequence position ``pos`` (14 is the ace)."""
    return make_kind(1 if pos == 14 else pos, suit)


# POSITION_KINDS[suit][pos] for pos 1..14 (index 0 unused)
POSITION_KINDS = tuple(tuple([-1] + [position_kind(s, p) for p in range(1, 15)]) for s in range(4))


@dataclass(frozen=True, slots=True)
class Meld:
    """One reading of a meld.  ``cards`` are physical ids in written order."""

    kind: str
    cards: tuple[int, ...]
    suit: int  # sequence suit; -1 for a set
    low: int  # sequence: first position 1..14; set: the rank
    high: int  # sequence: last position; set: the rank
    pure: bool  # no card used as a wild (V4.4)
    value: int  # V10 value of the reading
    natural_suits: int  # set: bit mask of the suits present as natural cards (V4.5)
    # Identity for V4.5: same suit and span, or same rank, size and natural suits.  Worked out once
    # (the legality checks compare identities all the time); not part of equality, follows from the rest.
    key: tuple[str, int, int, int] = field(init=False, repr=False, compare=False)
    is_pure_sequence: bool = field(init=False, repr=False, compare=False)  # a sequence with no card used as a wild

    def __post_init__(self) -> None:
        sequence = self.kind == SEQUENCE
        object.__setattr__(self, "key", (SEQUENCE, self.suit, self.low, self.high) if sequence
                           else (SET, self.low, len(self.cards), self.natural_suits))
        object.__setattr__(self, "is_pure_sequence", sequence and self.pure)

    def text(self) -> list[str]:
        return cards_text(self.cards)

    def to_json(self) -> dict:
        return {"kind": self.kind, "cards": self.text()}

    def describe(self) -> str:
        """Plain words: ``7H-8H-9H (pure sequence)``."""
        label = "pure sequence" if self.is_pure_sequence else self.kind
        return f"{'-'.join(self.text())} ({label})"


def preference(meld: Meld) -> tuple[int, int, int, int]:
    """V4.6: highest value first, then a sequence before a set, then the lower sequence
    (and, for a full order, the suit in S H D C order)."""
    return (-meld.value, 0 if meld.kind == SEQUENCE else 1, meld.low, meld.suit)


def readings(cards: Sequence[int], wild: Sequence[bool]) -> list[Meld]:
    """Every legal reading (V4) of the physical ``cards``, best first (V4.6).

    Empty when the cards make no legal meld."""
    n = len(cards)
    if n < 3:
        return []
    ids = tuple(cards)
    last = _LAST.get(ids)  # these very cards under this very wild table (a hand reads its groups again and again)
    if last is not None and last[0] is wild:
        return list(last[1])
    # the readings depend only on the kinds in their order and which of them are wild (a wild
    # kind is keyed 64 higher), not on the rest of the wild table: one entry serves every indicator
    key = tuple([k + 64 if wild[k] else k for k in map(KIND_OF.__getitem__, cards)])
    found = _READINGS.get(key)
    if found is None:
        out = _readings(cards, wild)
        if len(set(cards)) != n:
            return out  # the same physical card twice: not a hand of real cards, nothing to remember
        if len(_READINGS) >= 50_000:
            _READINGS.clear()
        at = {c: i for i, c in enumerate(cards)}
        melds = tuple(out)
        _READINGS[key] = (tuple((m, tuple([at[c] for c in m.cards])) for m in out), {ids: melds})
    else:  # the same physical cards read before: the same melds
        placed, seen = found
        melds = seen.get(ids)
        if melds is None:  # put these cards in the places the remembered readings give them
            melds = tuple([Meld(m.kind, tuple([cards[i] for i in places]), m.suit, m.low, m.high, m.pure, m.value,
                                m.natural_suits) for m, places in placed])
            if len(seen) < 64:
                seen[ids] = melds
    if type(wild) is tuple:  # (a list could change under the same identity)
        if len(_LAST) >= 50_000:
            _LAST.clear()
        _LAST[ids] = (wild, melds)  # holds the table, so no other object takes its identity while here
    return list(melds)


# physical cards -> (the wild table, their readings under it): the last reading of those cards
_LAST: dict[tuple[int, ...], tuple[Sequence[bool], tuple[Meld, ...]]] = {}
# kinds in order (each wild one + 64) -> every reading, with the input position of each of its cards, and the
# readings already placed on some physical cards (those cards -> their readings; melds are values, so shared)
_READINGS: dict[tuple[int, ...], tuple[tuple[tuple[Meld, tuple[int, ...]], ...], dict[tuple[int, ...],
                                                                                        tuple[Meld, ...]]]] = {}


def _readings(cards: Sequence[int], wild: Sequence[bool]) -> list[Meld]:
    n = len(cards)
    naturals = [c for c in cards if not wild[KIND_OF[c]]]
    wilds = [c for c in cards if wild[KIND_OF[c]]]
    out = _set_readings(n, naturals, wilds) + _sequence_readings(n, naturals, wilds)
    out.sort(key=preference)
    return out


_IDS: dict[int, list[int]] = {}  # kind -> its physical ids, for reading melds written as kinds


def kinds_reading(kinds: Sequence[int], wild: Sequence[bool]) -> list[int] | None:
    """The kinds of a meld in the order the engine reads it (a sequence low to high with each wild
    card in its place: ``Q♠ K♠ A♠``, not ``A♠ Q♠ K♠``), or ``None`` when they make no meld (or
    hold more copies of a kind than the decks)."""
    if not _IDS:
        for c, k in enumerate(KIND_OF):
            _IDS.setdefault(k, []).append(c)
    used: dict[int, int] = {}
    ids = []
    for k in kinds:
        pool = _IDS.get(k, [])
        n = used.get(k, 0)
        if n >= len(pool):
            return None
        ids.append(pool[n])
        used[k] = n + 1
    found = readings(ids, wild)
    return [KIND_OF[c] for c in found[0].cards] if found else None


def best_reading(cards: Sequence[int], wild: Sequence[bool]) -> Meld | None:
    found = readings(cards, wild)
    return found[0] if found else None


def _wild_order(c: int) -> tuple[int, int]:
    k = KIND_OF[c]
    return (1 if k == JOKER else 0, k)


def _set_readings(n: int, naturals: list[int], wilds: list[int]) -> list[Meld]:
    if n > 4:
        return []
    if naturals:
        ranks = {rank_of(KIND_OF[c]) for c in naturals}
    else:  # only wild cards: a wild of rank R may stand as itself (V3.5)
        ranks = {rank_of(KIND_OF[c]) for c in wilds if KIND_OF[c] != JOKER}
    out = []
    for rank in ranks:
        placed: dict[int, int] = {}
        ok = True
        for c in naturals:
            k = KIND_OF[c]
            if rank_of(k) != rank or suit_of(k) in placed:
                ok = False  # V4.2: one rank, no two cards of one suit
                break
            placed[suit_of(k)] = c
        if not ok:
            continue
        spare = []
        for c in sorted(wilds, key=_wild_order):
            k = KIND_OF[c]
            if k != JOKER and rank_of(k) == rank and suit_of(k) not in placed:
                placed[suit_of(k)] = c  # a wild used as itself is natural (V3.5)
            else:
                spare.append(c)
        if not placed:
            continue  # V4.3: at least one natural card
        mask = sum(1 << s for s in placed)
        order = tuple(placed[s] for s in sorted(placed)) + tuple(spare)
        out.append(Meld(SET, order, -1, rank, rank, not spare, n * rank_value(rank), mask))
    return out


def _sequence_readings(n: int, naturals: list[int], wilds: list[int]) -> list[Meld]:
    if n > 13:
        return []
    if naturals:
        suit = suit_of(KIND_OF[naturals[0]])
        ranks = []
        for c in naturals:
            k = KIND_OF[c]
            if k // 13 != suit:
                return []
            ranks.append(k % 13 + 1)
        if len(set(ranks)) != len(ranks):
            return []  # two cards of one rank cannot share a sequence
        suits = (suit,)
        has_ace = 1 in ranks
        others = [r for r in ranks if r != 1]
        spans = []  # (low, high) windows that can hold every natural card
        for ace_pos in ((1, 14) if has_ace else (0,)):
            pos = others + ([ace_pos] if ace_pos else [])
            lo, hi = min(pos), max(pos)
            for low in range(max(1, hi - n + 1), min(lo, 15 - n) + 1):
                spans.append((low, low + n - 1))
    else:
        suits = tuple({suit_of(KIND_OF[c]) for c in wilds if KIND_OF[c] != JOKER})
        spans = [(low, low + n - 1) for low in range(1, 16 - n)]
        ranks = []
    wild_sorted = sorted(wilds, key=_wild_order) if wilds else wilds
    out = []
    for suit in suits:
        for low, high in spans:
            slots: dict[int, int] = {}
            for c, rank in zip(naturals, ranks):
                slots[14 if rank == 1 and high == 14 else rank] = c  # V4.1: ace high in Q-K-A
            spare = []
            for c in wild_sorted:
                k = KIND_OF[c]
                if k != JOKER and k // 13 == suit:
                    r = k % 13 + 1
                    pos = 14 if r == 1 and high == 14 else r
                    if low <= pos <= high and pos not in slots:
                        slots[pos] = c  # V3.5: a wild in its own place is natural
                        continue
                spare.append(c)
            if not slots:
                continue  # V4.3
            fill = iter(spare)
            order = tuple(slots[p] if p in slots else next(fill) for p in range(low, high + 1))
            out.append(Meld(SEQUENCE, order, suit, low, high, not spare, sum(_POS_VALUE[low:high + 1]), 0))
    return out


def written_readings(kind: str, cards: Sequence[int], wild: Sequence[bool]) -> list[Meld]:
    """The readings a *written* meld can state (state files, V4.6), best first: a sequence's cards
    in the order written stand for consecutive positions (a wild may stand as itself or for the
    card of its place); a set's order is free.  When the written order fits no reading, every
    reading of that kind (in their order).  Empty when no reading of that kind exists.

    A written sequence can fit more than one reading (8H-8D-JK with red 8s wild is hearts 8-10 or
    diamonds 7-9); the caller chooses among them with the rest of the table in view."""
    options = [m for m in readings(cards, wild) if m.kind == kind]
    if kind == SET:
        return [Meld(SET, tuple(cards), -1, m.low, m.high, m.pure, m.value, m.natural_suits) for m in options]
    fitting = []
    for m in options:
        positions = range(m.low, m.high + 1)
        natural = [KIND_OF[c] == position_kind(m.suit, p) for c, p in zip(cards, positions)]
        if all(nat or wild[KIND_OF[c]] for c, nat in zip(cards, natural)) and any(natural):
            fitting.append(Meld(SEQUENCE, tuple(cards), m.suit, m.low, m.high, all(natural), m.value, 0))
    return fitting or options


def written_reading(kind: str, cards: Sequence[int], wild: Sequence[bool]) -> Meld | None:
    """The best of :func:`written_readings`, or ``None``."""
    found = written_readings(kind, cards, wild)
    return found[0] if found else None


def cards_value(cards: Sequence[int]) -> int:
    """Sum of natural values (V10) of physical cards (jokers not allowed here)."""
    return sum(rank_value(rank_of(KIND_OF[c])) for c in cards)
