"""Dealing a hand (RULES.md V2), the dealt-wild options (V6.5) and the next hand (V11).

Every random choice draws from the ``random.Random`` passed in, so ``(seed, actions)`` replays a
hand exactly.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence

from game.core.cards import JOKER, KIND_OF, full_deck, rank_of, suit_of
from game.core.deal import deal_hands, seating
from game.core.deal import default_seats as default_seats  # re-exported

from .rules import RuleSet
from .state import DRAW, PLAY, Seat, State

log = logging.getLogger(__name__)
HAND_SIZE = 13


# SEQUENCE_BITS[card id]: the card's sequence positions (1..14, an ace at 1 and 14) in the 16-bit
# lane of its suit; 0 for a printed joker.  Bits 0 and 15 of every lane stay clear, so three bits
# in a row never straddle two suits.
SEQUENCE_BITS = tuple(0 if k == JOKER else ((1 << rank_of(k)) | ((1 << 14) if rank_of(k) == 1 else 0))
                      << (16 * suit_of(k)) for k in KIND_OF)


def _in_a_row(cards: Sequence[int]) -> int:
    """Lane bits of every position that starts three cards of one suit in a row."""
    bits = 0
    for c in cards:
        bits |= SEQUENCE_BITS[c]
    return bits & (bits >> 1) & (bits >> 2)


def pure_sequence_mask(cards: Sequence[int]) -> int:
    """Bit mask over suits that hold three consecutive cards (V4.4; wilds count as themselves,
    V3.5).  Non-zero when the cards contain a pure sequence."""
    run = _in_a_row(cards)
    return sum(1 << s for s in range(4) if run >> (16 * s) & 0xFFFF) if run else 0


def has_pure_sequence(cards: Sequence[int]) -> bool:
    return _in_a_row(cards) != 0


def count_doubles(hand: Sequence[int]) -> int:
    """V2.3: pairs of identical natural cards (a pair of printed jokers is not a double)."""
    seen: set[int] = set()
    doubles = 0
    for c in hand:
        k = KIND_OF[c]
        if k == JOKER:
            continue
        if k in seen:
            doubles += 1
        else:
            seen.add(k)
    return doubles


def new_hand(rules: RuleSet, rng: random.Random, seats: Sequence[Seat] | None = None,
             dealer: int | None = None, wins: Sequence[int] | None = None) -> State:
    """Shuffle and deal one hand.  ``dealer`` defaults to a random seat (V2.1)."""
    n = rules.players
    seats, dealer = seating(n, rng, seats, dealer)
    first = (dealer + 1) % n
    while True:  # one at a time, starting left of the dealer (V2.2)
        hands, rest = deal_hands(full_deck(rules.decks), rng, n, first, HAND_SIZE)
        if rules.decks == 2 and rules.redeal_on_three_doubles:
            doubled = [s for s in range(n) if count_doubles(hands[s]) >= 3]
            if doubled:  # V2.3: thrown in, the same dealer deals again
                log.info("V2.3: seat %d holds three doubles; the hand is dealt again", doubled[0])
                continue
        break
    stock = rest[::-1]  # bottom first
    indicator = KIND_OF[stock[0]] if rules.negative_joker else None  # V2.4: bottom card
    line = [stock.pop()]  # V2.5: the top card starts the discard line
    state = State(rules, seats, dealer, indicator, stock, line, True, hands,
                  [[] for _ in range(n)], first, DRAW, list(wins) if wins else [0] * n)
    _dealt_wild_options(state, rng)
    return state


def _dealt_wild_options(state: State, rng: random.Random) -> None:
    """V6.5 options that act at the deal: ``return_to_deck`` and ``first_player_takes``."""
    option = state.rules.first_wild
    if option not in ("return_to_deck", "first_player_takes"):
        return
    if any(has_pure_sequence(h) for h in state.hands):
        return
    if option == "return_to_deck":
        keep_bottom = 1 if state.indicator is not None else 0
        for _ in range(100):
            if KIND_OF[state.line[0]] != JOKER or len(state.stock) <= keep_bottom:
                return
            log.info("V6.5 return_to_deck: the dealt joker goes back into the stock")
            movable = state.stock[keep_bottom:] + [state.line.pop()]
            rng.shuffle(movable)
            state.stock[keep_bottom:] = movable
            state.line.append(state.stock.pop())
        return
    if state.wild[KIND_OF[state.line[0]]]:  # first_player_takes
        first = state.turn
        state.hands[first].append(state.line.pop())
        state.line_first_dealt = False
        state.phase = PLAY
        state.history.append({"player": first, "type": "take_line", "index": 0})


def next_hand(state: State, rng: random.Random) -> State:
    """V11: the deal passes to the left; hands won carry over."""
    return new_hand(state.rules, rng, state.seats, (state.dealer + 1) % state.players, state.wins)
