"""The cards of a table (I1.2), the wild cards of a deal (I3) and card points (I10.1).

Physical card ids follow :mod:`game.core.cards`: id ``deck * 54 + k`` is kind ``k`` for
``k < 52`` and a printed joker for ``k`` 52 or 53.  A table's deck is the set of ids its deck table
holds (I1.2): 003's table has one printed joker a deck, so id ``deck * 54 + 53`` is left out, and
``jokers=none`` leaves out every printed joker (I3.5).

>>> from .rules import RuleSet
>>> len(deck_ids(RuleSet(players=5))), len(deck_ids(RuleSet(players=3, deck_table="catsatcards")))
(162, 53)
>>> from game.core.cards import parse_kind
>>> w = wild_table("cut", "aces_wild", parse_kind("6D"))
>>> w[parse_kind("6S")], w[parse_kind("7S")], w[JOKER]
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.cards import CARDS_PER_DECK, JOKER, KINDS, make_kind, physical_kind, rank_of, rank_value, table_ids

from .rules import RuleSet

MAX_DECKS = 3
HAND_SIZE = 13  # I2.3

# Kind of every possible physical id (at most three decks).
KIND: tuple[int, ...] = tuple(physical_kind(i) for i in range(MAX_DECKS * CARDS_PER_DECK))

# I10.1: natural card points by kind (a printed joker 0; wild cards are zeroed per deal).
NATURAL_POINTS: tuple[int, ...] = tuple(0 if k == JOKER else rank_value(rank_of(k)) for k in range(KINDS))


def deck_ids(rules: RuleSet) -> list[int]:
    """I1.2, I3.5: every physical card id of the table, in a fixed order."""
    return table_ids(rules.decks, rules.printed_jokers_per_deck)


def deck_kind_counts(rules: RuleSet) -> list[int]:
    """How many cards of each kind the table's deck holds."""
    return count_kinds(deck_ids(rules))


def count_kinds(cards: Iterable[int]) -> list[int]:
    """Histogram of kinds (length 53) of physical ids."""
    counts = [0] * KINDS
    for c in cards:
        counts[KIND[c]] += 1
    return counts


def wild_table(jokers: str, pj_cut: str, cut_kind: int | None) -> tuple[bool, ...]:
    """I3: which kinds are wild this deal.

    Printed jokers always (I3.1); every card of the cut joker's rank (I3.2); when the cut joker is
    a printed joker, every ace with ``pj_cut=aces_wild`` (I3.3).  Without a cut joker (I3.5) only
    printed jokers are wild."""
    wild = [False] * KINDS
    wild[JOKER] = True
    if jokers == "cut" and cut_kind is not None:
        if cut_kind != JOKER:
            rank = rank_of(cut_kind)
        elif pj_cut == "aces_wild":
            rank = 1
        else:
            rank = 0
        if rank:
            for suit in range(4):
                wild[make_kind(rank, suit)] = True
    return tuple(wild)


def wild_rank(wild: tuple[bool, ...]) -> int:
    """The rank whose cards are wild this deal, or 0 when only printed jokers are."""
    for rank in range(1, 14):
        if wild[make_kind(rank, 0)]:
            return rank
    return 0


def points_table(wild: tuple[bool, ...]) -> tuple[int, ...]:
    """I10.1: card points by kind for a deal: wild cards and printed jokers 0, even when unused."""
    return tuple(0 if wild[k] else NATURAL_POINTS[k] for k in range(KINDS))
