"""The cards of 21-card Indian Rummy (T1), the wild cards and value cards a cut joker makes (T3),
and card points (T10).

Physical card ids follow :mod:`game.core.cards`: three decks with one printed joker each, id
``deck * 54 + k`` for ``k`` 0..52 (52 is the deck's ``JK``): 159 cards (T1.1).

>>> len(DECK_IDS)
159
>>> from game.core.cards import parse_kind as k
>>> from .rules import RuleSet
>>> j = jokers_of(RuleSet(), k("7H"))
>>> sorted(kind_text(x) for x in range(53) if j.wild[x])
['6H', '7C', '7D', '7H', '7S', '8H', 'JK']
>>> [kind_text(x) for x in j.value_kinds]
['7H', '8H', '6H']
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import (
    JOKER,
    KIND_OF,
    KINDS,
    count_kinds,
    kind_text,
    make_kind,
    rank_of,
    rank_value,
    suit_of,
    table_ids,
)

from .rules import RuleSet

DECKS = 3  # T1.1
PRINTED_PER_DECK = 1  # T1.1: 3 JK in all
DECK_IDS: tuple[int, ...] = tuple(table_ids(DECKS, PRINTED_PER_DECK))
DECK_COUNTS: tuple[int, ...] = tuple(count_kinds(DECK_IDS))  # 3 of every kind
KIND = KIND_OF  # physical id -> kind
SPADES = 0

__all__ = ["DECK_COUNTS", "DECK_IDS", "KIND", "Jokers", "count_kinds", "deck_ids", "jokers_of", "kind_text"]


def deck_ids() -> list[int]:
    """T1.1: every physical card id of the table, in a fixed order."""
    return list(DECK_IDS)


def _wrap(rank: int, step: int) -> int:
    """T3.3: the rank ``step`` above (below, when negative) ``rank``, wrapping: above K is A, below A is K."""
    return (rank - 1 + step) % 13 + 1


@dataclass(frozen=True, slots=True)
class Jokers:
    """What a cut joker makes of a deal's cards (T3, T10, T11).

    ``wild``: wild kinds; ``points``: T10 card points (every wild card 0); ``value_kinds``: the
    value-card kinds of T11, one a value type: the same-suit joker first, then the upper jokers and
    the lower jokers, nearest first (a marriage is one card of every type)."""

    cut: int  # the cut joker's kind
    wild: tuple[bool, ...]
    points: tuple[int, ...]
    value_kinds: tuple[int, ...]

    def describe(self) -> str:
        wild = " ".join(kind_text(k) for k in range(KINDS) if self.wild[k])
        values = " ".join(kind_text(k) for k in self.value_kinds)
        return f"cut {kind_text(self.cut)}: wild {wild}; value cards {values or 'none'}"


def jokers_of(rules: RuleSet, cut: int) -> Jokers:
    """T3: the wild cards and value cards of a deal whose cut joker is of kind ``cut``.

    Printed jokers are always wild (T3.1).  A natural cut makes wild every card of its rank (in
    every suit, or with ``wild_rank: same_suit_only`` only its own copies; T3.2) and the
    ``value_offsets`` ranks above and below it in its suit, wrapping (T3.3, T16).  Value cards are
    the cut card's other copies and those upper and lower jokers (T3.4).  A ``JK`` cut makes every
    ace wild with the spades above and below the ace (T3.5); its value cards are ``AS`` alone, or
    with ``pj_cut_value: spade_trio`` those spades too."""
    wild = [False] * KINDS
    wild[JOKER] = True
    offsets = range(1, rules.value_offsets + 1)
    if cut == JOKER:
        rank, suit = 1, SPADES
        for s in range(4):
            wild[make_kind(1, s)] = True
    else:
        rank, suit = rank_of(cut), suit_of(cut)
        for s in range(4) if rules.wild_rank == "all_suits" else (suit,):
            wild[make_kind(rank, s)] = True
    uppers = tuple(make_kind(_wrap(rank, d), suit) for d in offsets)
    lowers = tuple(make_kind(_wrap(rank, -d), suit) for d in offsets)
    for k in uppers + lowers:
        wild[k] = True
    same = make_kind(rank, suit)
    if cut == JOKER and rules.pj_cut_value == "ace_of_spades":
        types: tuple[int, ...] = (same,)
    else:
        types = (same, *uppers, *lowers)
    points = tuple(0 if wild[k] else rank_value(rank_of(k)) for k in range(KINDS))
    return Jokers(cut, tuple(wild), points, types)
