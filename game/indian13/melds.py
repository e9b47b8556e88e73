"""Melds of 13-card Indian Rummy (I6) and the declaration check (I7.2), on card kinds.

A group of cards is read every way the rules allow; :class:`Reading` says what it can count as.
A wild card placed as its own rank and suit is natural (I3.4), so ``4C 5C 6C 7C`` is pure even
when sixes are wild.  Sequence positions run 1..14: 1 is a low ace, 14 a high ace (I6.2).

>>> from game.core.cards import parse_kind as k
>>> from .deck import wild_table
>>> mr = MeldRules(wild_table("cut", "aces_wild", k("7D")), joker_cap=1, trios=False)
>>> r = read_group([k("9S"), k("7C"), k("JS"), k("QS")], mr)
>>> r.sequence, r.pure, r.meld
(True, False, True)
>>> problem([[k(t) for t in g.split()] for g in ("3H 4H 5H", "9S 7C JS QS", "8C 8D 8S", "KH KC KD")], mr)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.cards import JOKER, kind_text, rank_of, suit_of
from game.core.errors import Verdict

from .deck import wild_rank


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What meld legality depends on: the deal's wild kinds and the I6.5/I6.6/I7.3 options."""

    wild: tuple[bool, ...]
    joker_cap: int | None = 1  # I6.5: None is unlimited
    trios: bool = False  # I6.6: three decks in play
    four_card_life: bool = False  # I7.3

    @property
    def wild_rank(self) -> int:
        return wild_rank(self.wild)


@dataclass(frozen=True, slots=True)
class Reading:
    """What one group of cards can count as."""

    size: int
    sequence: bool  # a sequence, pure or impure (I6.1), or a trio (I6.6)
    pure: bool  # a pure sequence (I6.3) or a trio (I6.6)
    set: bool  # I6.4
    jokers_only: bool  # every card is a joker: a joker group (I6.7) unless it is a meld

    @property
    def meld(self) -> bool:
        return self.sequence or self.set


def _fits(naturals: int, jokers: int, rules: MeldRules) -> bool:
    """I6.5: at most ``joker_cap`` jokers, and at least one natural card."""
    return naturals >= 1 and (rules.joker_cap is None or jokers <= rules.joker_cap)


def sequence_jokers(kinds: Sequence[int], rules: MeldRules) -> int | None:
    """I6.1-I6.3: the fewest cards used as jokers in a sequence reading of ``kinds``, or ``None``
    when the group is no sequence.  A trio (I6.6) is not read here."""
    n = len(kinds)
    if not 3 <= n <= 13:
        return None
    wild = rules.wild
    naturals = [k for k in kinds if not wild[k]]
    own = [k for k in kinds if wild[k] and k != JOKER]  # wild cards that may stand as themselves
    if len(set(naturals)) != len(naturals):
        return None  # I6.1: two identical naturals never fit one sequence
    suits = {suit_of(k) for k in naturals} if naturals else {suit_of(k) for k in own}
    if len(suits) > 1 and naturals:
        return None
    best: int | None = None
    for suit in suits:
        ranks = [rank_of(k) for k in naturals]
        own_rank = next((rank_of(k) for k in own if suit_of(k) == suit), 0)
        for low in range(1, 16 - n):  # windows [low, low + n - 1] inside 1..14 (never both aces, I6.2)
            high = low + n - 1
            taken: set[int] = set()
            for r in ranks:
                pos = r if low <= r <= high else (14 if r == 1 and high == 14 else 0)
                if not pos:
                    break
                taken.add(pos)
            else:
                placed = len(taken)
                if own_rank:
                    pos = own_rank if low <= own_rank <= high else (14 if own_rank == 1 and high == 14 else 0)
                    if pos and pos not in taken:
                        placed += 1
                jokers = n - placed
                if _fits(placed, jokers, rules) and (best is None or jokers < best):
                    best = jokers
    return best


def is_trio(kinds: Sequence[int], rules: MeldRules) -> bool:
    """I6.6: three identical cards (not printed jokers), a pure sequence with three decks."""
    return rules.trios and len(kinds) == 3 and kinds[0] != JOKER and kinds[0] == kinds[1] == kinds[2]


def is_set(kinds: Sequence[int], rules: MeldRules) -> bool:
    """I6.4: 3 or 4 cards of one rank, all of different suits; jokers stand for missing suits."""
    n = len(kinds)
    if not 3 <= n <= 4:
        return False
    wild = rules.wild
    naturals = [k for k in kinds if not wild[k]]
    if naturals:
        if len({rank_of(k) for k in naturals}) != 1 or len({suit_of(k) for k in naturals}) != len(naturals):
            return False
        count = len(naturals)
    else:  # a set of the wild rank itself: its cards are natural (I3.4), one per suit
        count = len({suit_of(k) for k in kinds if k != JOKER})
    return _fits(count, n - count, rules)


def read_group(kinds: Sequence[int], rules: MeldRules) -> Reading:
    """Every reading of one group (I6)."""
    jokers = sequence_jokers(kinds, rules)
    trio = is_trio(kinds, rules)
    return Reading(size=len(kinds), sequence=jokers is not None or trio, pure=jokers == 0 or trio,
                   set=is_set(kinds, rules), jokers_only=bool(kinds) and all(rules.wild[k] for k in kinds))


def has_life(readings: Sequence[Reading], four_card_life: bool) -> bool:
    """I7.2c-d, I7.3: two different sequences, one pure (and one of the two of 4+ cards)."""
    for i, p in enumerate(readings):
        if not p.pure:
            continue
        for j, q in enumerate(readings):
            if i != j and q.sequence and (not four_card_life or p.size >= 4 or q.size >= 4):
                return True
    return False


def _text(kinds: Sequence[int]) -> str:
    return "-".join(kind_text(k) for k in kinds) or "an empty group"


def problem(groups: Sequence[Sequence[int]], rules: MeldRules) -> Verdict | None:
    """Why a declaration of ``groups`` breaks I7.2 (one sentence naming the rule, with its code and
    details for a table to say it in another language), or ``None`` when it is valid.  That the
    groups hold the right 13 cards (I7.2a) is the caller's check."""
    readings = [read_group(g, rules) for g in groups]
    joker_groups = 0
    for group, reading in zip(groups, readings):
        if reading.meld:
            continue
        if reading.jokers_only:
            joker_groups += 1
            if joker_groups > 1:
                return Verdict("spare_joker_groups", "I6.7",
                               "only one group of jokers that are not used in melds is allowed")
            continue
        return Verdict("not_a_meld", "I7.2b", f"{_text(group)} is not a meld (I6)", {"group": list(group)})
    melds = [r for r in readings if r.meld]
    if not any(r.pure for r in melds):
        return Verdict("needs_pure_sequence", "I7.2d", "a declaration needs a pure sequence")
    if sum(r.sequence for r in melds) < 2:
        return Verdict("needs_two_sequences", "I7.2c", "a declaration needs at least two sequences")
    if not has_life(melds, rules.four_card_life):
        return Verdict("needs_four_card_sequence", "I7.3", "one of the two sequences must hold 4 or more cards")
    return None


def scoring_melds(groups: Sequence[Sequence[int]], rules: MeldRules) -> tuple[list[bool], bool]:
    """I10.3 for groups a loser shows: which groups are legal melds, and whether they give the
    loser two sequences with a pure one (so only loose cards count)."""
    readings = [read_group(g, rules) for g in groups]
    is_meld = [r.meld for r in readings]
    return is_meld, has_life([r for r in readings if r.meld], rules.four_card_life)
