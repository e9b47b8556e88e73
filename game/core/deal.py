"""Dealing, as every game of the family deals: seats, the dealer, the shuffle, and the cards dealt
one at a time from the seat after the dealer.

Every random choice draws from the ``random.Random`` passed in, in a fixed order (the dealer, then
the shuffle), so ``(seed, actions)`` replays a deal exactly; each game's ``new_deal`` then turns the
rest of the deck into its open card, cut card and stock as its rules say.

>>> import random
>>> d = deal(3, random.Random(7), None, None, list(range(52)), 13)
>>> [len(h) for h in d.hands], len(d.rest), d.first == (d.dealer + 1) % 3, d.seats[0].name
([13, 13, 13], 13, True, 'Player 1')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .seats import Seat


def default_seats(players: int) -> list[Seat]:
    return [Seat(f"Player {i + 1}") for i in range(players)]


def seating(players: int, rng: random.Random, seats: Sequence[Seat] | None,
            dealer: int | None) -> tuple[list[Seat], int]:
    """The seats of a table of ``players`` (``Player 1``... by default) and its dealer (a random
    seat unless given)."""
    seats = list(seats) if seats is not None else default_seats(players)
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
    if dealer is None:
        dealer = rng.randrange(players)
    return seats, dealer


def deal_hands(deck: list[int], rng: random.Random, players: int, first: int,
               size: int) -> tuple[list[list[int]], list[int]]:
    """Shuffle ``deck`` (in place; ``deck[0]`` is then the top card) and deal ``size`` cards to each
    seat, one at a time, starting with seat ``first``; returns the hands and the rest of the deck,
    top first."""
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(players)]
    for i in range(size * players):
        hands[(first + i) % players].append(deck[i])
    return hands, deck[size * players:]


@dataclass(slots=True)
class Dealt:
    """A table just dealt: its seats, dealer, the seat after the dealer (who plays first), the
    hands, and the rest of the deck, top first."""

    seats: list[Seat]
    dealer: int
    first: int
    hands: list[list[int]]
    rest: list[int]


def deal(players: int, rng: random.Random, seats: Sequence[Seat] | None, dealer: int | None,
         deck: list[int], size: int) -> Dealt:
    """Seat the table, pick the dealer, shuffle ``deck`` and deal ``size`` cards a seat, one at a
    time, starting with the seat after the dealer."""
    seats, dealer = seating(players, rng, seats, dealer)
    first = (dealer + 1) % players
    hands, rest = deal_hands(deck, rng, players, first, size)
    return Dealt(seats, dealer, first, hands, rest)


def start_totals(totals: Sequence[int] | None, players: int) -> list[int]:
    """Running totals before a deal: those given, or 0 a seat."""
    return list(totals) if totals is not None else [0] * players
