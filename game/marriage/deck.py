"""The cards of Indian Marriage (M1) and the jokers a tiplu makes (M4).

Three 52-card decks without printed jokers: 156 physical cards, id ``deck * 54 + k`` for kind
``k`` 0..51 (:mod:`game.core.cards`; ids 52 and 53 of each deck, its printed jokers, are left out).

The tiplu's rank and suit give the jokers (M4.2): the tiplu's other copies, the **poplu** one rank
above in its suit and the **jhiplu** one below (A is next above K and 2 next above A), and the
**ordinary jokers**, the tiplu's rank in the other three suits.

>>> from game.core.cards import parse_kind, kind_text
>>> j = jokers_of(parse_kind("5D"))
>>> [kind_text(k) for k in (j.tiplu, j.poplu, j.jhiplu)], sorted(kind_text(k) for k in j.ordinary)
(['5D', '6D', '4D'], ['5C', '5H', '5S'])
>>> [kind_text(k) for k in (jokers_of(parse_kind("AS")).poplu, jokers_of(parse_kind("AS")).jhiplu)]
['2S', 'KS']
>>> len(deck_ids()), sum(j.wild)
(156, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from game.core.cards import CARDS_PER_DECK, KIND_OF, make_kind, rank_of, suit_of

DECKS = 3  # M1.1
HAND_SIZE = 21  # M2.1
NATURALS = 52
KIND = KIND_OF  # kind of every physical id

# M4: what a card is to a seat that has seen the tiplu
TIPLU, POPLU, JHIPLU, ORDINARY = "tiplu", "poplu", "jhiplu", "ordinary_joker"


def deck_ids() -> list[int]:
    """M1.1: every physical card id of the table (3 decks, no printed jokers), in a fixed order."""
    return [deck * CARDS_PER_DECK + k for deck in range(DECKS) for k in range(NATURALS)]


DECK_IDS: tuple[int, ...] = tuple(deck_ids())


def count_kinds(cards: Iterable[int]) -> list[int]:
    """Histogram of kinds (length 52) of physical ids."""
    counts = [0] * NATURALS
    for c in cards:
        counts[KIND[c]] += 1
    return counts


def rank_above(rank: int) -> int:
    """M4.2: the next rank up, A after K and 2 after A (ranks 1 = ace .. 13 = king)."""
    return rank % 13 + 1


def rank_below(rank: int) -> int:
    """M4.2: the next rank down, K before A and A before 2."""
    return (rank - 2) % 13 + 1


@dataclass(frozen=True, slots=True)
class Jokers:
    """The jokers of a deal (M4.2), by kind: known only to a seat that has seen the tiplu."""

    tiplu: int
    poplu: int
    jhiplu: int
    ordinary: tuple[int, ...]  # the tiplu's rank in the other three suits
    wild: tuple[bool, ...]  # kind -> is a joker (all 17 cards of these 6 kinds)
    role: tuple[str | None, ...]  # kind -> TIPLU, POPLU, JHIPLU, ORDINARY or None

    @property
    def maal(self) -> tuple[int, int, int]:
        """M4.2: the maal kinds: tiplu, poplu, jhiplu."""
        return self.tiplu, self.poplu, self.jhiplu


@cache
def jokers_of(tiplu_kind: int) -> Jokers:
    """M4.2: the jokers a tiplu of ``tiplu_kind`` makes."""
    rank, suit = rank_of(tiplu_kind), suit_of(tiplu_kind)
    poplu = make_kind(rank_above(rank), suit)
    jhiplu = make_kind(rank_below(rank), suit)
    ordinary = tuple(make_kind(rank, s) for s in range(4) if s != suit)
    role: list[str | None] = [None] * NATURALS
    for k in ordinary:
        role[k] = ORDINARY
    role[tiplu_kind], role[poplu], role[jhiplu] = TIPLU, POPLU, JHIPLU
    return Jokers(tiplu_kind, poplu, jhiplu, ordinary, tuple(r is not None for r in role), tuple(role))
