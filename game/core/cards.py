"""Cards of every game of the family: their text form and physical ids (CONTRACT.md "Cards as text").

A *physical card* is a small int (its id).  Two decks hold identical cards, so the engine tracks
ids, not faces, and can prove that no card is ever lost or duplicated.  The *kind* of a card is
what the rules see: ``0..51`` for the naturals (``suit * 13 + rank - 1``) and ``52`` for a printed
joker.  Two physical cards of the same kind are equal in every rule.

>>> parse_kind("10H") == parse_kind("th")
True
>>> kind_text(parse_kind("q♦"))
'QD'
>>> kind_text(JOKER)
'JK'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
JOKER = 52
KINDS = 53
CARDS_PER_DECK = 54  # 52 naturals + 2 printed jokers

_RANK_INPUT = {r: i + 1 for i, r in enumerate(RANKS)} | {"T": 10}
_SUIT_INPUT = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}


class CardError(ValueError):
    """A card token that is not a card."""


def make_kind(rank: int, suit: int) -> int:
    """Kind of the natural card of ``rank`` (1 = ace .. 13 = king) and ``suit`` (0..3, SHDC)."""
    return suit * 13 + rank - 1


def rank_of(kind: int) -> int:
    """Rank 1..13 of a natural kind."""
    return kind % 13 + 1


def suit_of(kind: int) -> int:
    """Suit 0..3 (S, H, D, C) of a natural kind."""
    return kind // 13


def is_red(suit: int) -> bool:
    return suit in (1, 2)


def rank_value(rank: int) -> int:
    """V1/V10: A, K, Q, J, 10 count 10; 2-9 their pips.  ``rank`` 14 is a high ace."""
    return 10 if rank >= 10 or rank in (1, 14) else rank


def is_kind(value: object) -> bool:
    """Whether ``value`` is a kind (an int ``0..52``): what an action's card must be before any
    rule is asked about it."""
    return type(value) is int and 0 <= value <= JOKER  # a bool is not a card


def is_kinds(value: object) -> bool:
    """Whether ``value`` is a tuple or list of kinds."""
    return isinstance(value, (tuple, list)) and all(is_kind(k) for k in value)


def kind_text(kind: int) -> str:
    """Canonical text of a kind: ``AS``, ``10H``, ``JK``."""
    if kind == JOKER:
        return "JK"
    return RANKS[kind % 13] + SUITS[kind // 13]


def kind_pretty(kind: int) -> str:
    """Text with a suit symbol, for people: ``10♥``, ``JK``."""
    if kind == JOKER:
        return "JK"
    return RANKS[kind % 13] + SUIT_SYMBOLS[kind // 13]


def parse_kind(token: object) -> int:
    """Parse a card token (CONTRACT.md): rank ``A 2..10 J Q K`` (or ``T``), suit ``S H D C``
    (or symbols), case-insensitive; ``JK`` for a printed joker."""
    if not isinstance(token, str):
        raise CardError(f"a card must be a string like \"10H\", not {token!r}")
    text = token.strip().upper()
    if text == "JK":
        return JOKER
    if len(text) < 2 or text[-1] not in _SUIT_INPUT or text[:-1] not in _RANK_INPUT:
        raise CardError(f"{token!r} is not a card (expected e.g. \"AS\", \"10H\", \"QD\", \"JK\")")
    return make_kind(_RANK_INPUT[text[:-1]], _SUIT_INPUT[text[-1]])


def physical_kind(card_id: int) -> int:
    """Kind of a physical card id (ids run 0..54*decks-1, deck after deck)."""
    k = card_id % CARDS_PER_DECK
    return JOKER if k >= 52 else k


def cards_for_kinds(cards: Sequence[int], groups: Iterable[Iterable[int]],
                    kind_of: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """The physical cards of ``cards`` for groups written as kinds, each kind matched to one card
    (the first left of that kind; a kind with none left is skipped), and the cards left over.

    >>> cards_for_kinds([0, 54, 1, 2], [[0, 1], [0]], KIND_OF)
    ([[0, 1], [54]], [2])
    """
    left = list(cards)
    laid = []
    for kinds in groups:
        group = []
        for kind in kinds:
            card = next((c for c in left if kind_of[c] == kind), None)
            if card is not None:
                left.remove(card)
                group.append(card)
        laid.append(group)
    return laid, left


MAX_DECKS = 3  # the most decks a game of the family plays with (Indian Rummy, 21-card, Marriage)

# Lookup table: kind of every possible physical id (at most three decks).
KIND_OF: tuple[int, ...] = tuple(physical_kind(i) for i in range(MAX_DECKS * CARDS_PER_DECK))


KIND_TEXT = tuple(kind_text(k) for k in range(KINDS))  # kind -> canonical text, for the hot paths


def card_text(card_id: int) -> str:
    return KIND_TEXT[KIND_OF[card_id]]


def cards_text(cards: Iterable[int]) -> list[str]:
    return [KIND_TEXT[KIND_OF[c]] for c in cards]


def full_deck(decks: int) -> list[int]:
    """Every physical card id of ``decks`` decks, in a fixed order."""
    return list(range(decks * CARDS_PER_DECK))


def table_ids(decks: int, printed_per_deck: int) -> list[int]:
    """Every physical card id of a deck table of ``decks`` 52-card decks with ``printed_per_deck``
    printed jokers each (0, 1 or 2), in a fixed order: id ``deck * 54 + k``, ``k < 52 + printed``.

    >>> len(table_ids(3, 1)), len(table_ids(2, 2)), len(table_ids(1, 0))
    (159, 108, 52)
    """
    if not 0 <= printed_per_deck <= CARDS_PER_DECK - 52:
        raise ValueError(f"a deck has 0 to {CARDS_PER_DECK - 52} printed jokers, not {printed_per_deck}")
    out: list[int] = []
    for deck in range(decks):
        base = deck * CARDS_PER_DECK
        out.extend(range(base, base + 52 + printed_per_deck))
    return out


def count_kinds(cards: Iterable[int]) -> list[int]:
    """Histogram of kinds (length 53) of physical cards."""
    counts = [0] * KINDS
    for c in cards:
        counts[KIND_OF[c]] += 1
    return counts
