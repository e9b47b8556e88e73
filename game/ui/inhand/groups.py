"""A player's own grouping of the cards in their hand, for the games whose melds stay in the hand
until someone declares (13-card and 21-card Indian Rummy, Marriage).  No pygame here.

Groups hold *physical* card ids (several decks hold identical cards); the engines speak card kinds,
so :meth:`HandGroups.kinds` translates.  The grouping is the player's: the engine never sees it
until they declare or show.  Whatever the player does, every group reads as a meld would be
written (:func:`meld_order`), Sort keeps the groups that are melds and sorts only the rest, and
every change can be undone (:class:`Arranging`).

Because the engines speak kinds, an action that takes cards out of the hand (a discard, a finish
card, cards laid) may take another copy than the one the player chose: :func:`stand_ins` names the
swaps that make the arrangement follow the player's choice, whichever copy the engine moved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game.core.cards import JOKER, KIND_OF, rank_of, suit_of

IsMeld = Callable[[Sequence[int]], bool]  # kinds of a group -> it reads as a meld of the game


def suit_order(kind: int) -> tuple[int, int]:
    """Sort key: jokers last, then suit, then rank (aces low)."""
    return (9, 0) if kind == JOKER else (suit_of(kind), rank_of(kind))


def meld_order(cards: Sequence[int], wild: Sequence[bool]) -> list[int]:
    """``cards`` (physical ids) in the order a meld of them is written: a sequence low to high with
    each card standing in for a missing one at the place it fills (a wild card of the suit at its
    own place stays there), the ace high when the run reaches the king; a set by suit, its wild
    cards last; anything else by suit and rank.

    >>> from game.core.cards import kind_text, parse_kind
    >>> w = [False] * 53; w[52] = True
    >>> [kind_text(KIND_OF[c]) for c in meld_order([parse_kind(t) for t in "5D 6D 4D".split()], w)]
    ['4D', '5D', '6D']
    >>> [kind_text(KIND_OF[c]) for c in meld_order([parse_kind(t) for t in "AH JH QH KH".split()], w)]
    ['JH', 'QH', 'KH', 'AH']
    >>> w[parse_kind("3C")] = True  # 3s wild: the 3C at its own place is itself
    >>> [kind_text(KIND_OF[c]) for c in meld_order([parse_kind(t) for t in "4C 5C 3C".split()], w)]
    ['3C', '4C', '5C']
    """
    kinds = {c: KIND_OF[c] for c in cards}
    natural = [c for c in cards if not wild[kinds[c]]]
    stand_ins = [c for c in cards if wild[kinds[c]]]
    suits = {suit_of(kinds[c]) for c in natural}
    if natural and len(suits) == 1 and len({rank_of(kinds[c]) for c in natural}) == len(natural):
        ordered = _as_sequence(natural, stand_ins, kinds, suits.pop())
        if ordered is not None:
            return ordered
    if natural and len({rank_of(kinds[c]) for c in natural}) == 1:
        return sorted(natural, key=lambda c: suit_of(kinds[c])) + sorted(stand_ins, key=lambda c: suit_order(kinds[c]))
    return sorted(cards, key=lambda c: suit_order(kinds[c]))


def _as_sequence(natural: list[int], stand_ins: list[int], kinds: dict[int, int], suit: int) -> list[int] | None:
    """The sequence reading of one suit's natural cards: a wild card of the suit stands as itself
    where its own place is in or next to the run; the other stand-ins fill the gaps, then extend
    the run (upwards while there is room)."""
    ranks = sorted(rank_of(kinds[c]) for c in natural)
    high_ace = ranks[0] == 1 and ranks[-1] >= 10 and len(ranks) > 1  # Q-K-A: the ace high

    def place(c: int) -> int:
        r = rank_of(kinds[c])
        return 14 if r == 1 and high_ace else r

    at = {place(c): c for c in natural}
    spare = sorted(stand_ins, key=lambda c: suit_order(kinds[c]))
    grown = True
    while grown:  # a wild card of this suit at its own place, in the run or next to it, is itself
        grown = False
        low, high = min(at), max(at)
        for c in list(spare):
            k = kinds[c]
            if k == JOKER or suit_of(k) != suit:
                continue
            r = place(c) if not (rank_of(k) == 1 and high == 13) else 14
            if r not in at and low - 1 <= r <= high + 1 and 1 <= r <= 14 and not (r == 1 and 14 in at):
                at[r] = c
                spare.remove(c)
                grown = True
                break
    low, high = min(at), max(at)
    if high - low + 1 - len(at) > len(spare):
        return None  # too far apart to be one sequence
    out = []
    for pos in range(low, high + 1):
        if pos in at:
            out.append(at[pos])
        else:
            out.append(spare.pop(0))
    while spare:  # the stand-ins left extend the run: upwards while there is room, then downwards
        if high < 14:
            out.append(spare.pop(0))
            high += 1
        else:
            out.insert(0, spare.pop(0))
    return out


def stand_ins(placed: Iterable[int], hand: Iterable[int], chosen: Iterable[int]) -> dict[int, int]:
    """The swaps (both ways) that keep a player's arrangement after the engine took cards by kind:
    each card of ``placed`` (the arrangement) that left the ``hand`` though the player did not choose
    it trades places with a card of ``chosen`` of its kind that is still held.

    >>> stand_ins([0, 54, 1], [54, 1], [54])  # the player chose 54, the engine took 0 (same kind)
    {0: 54, 54: 0}
    >>> stand_ins([0, 54, 1], [0, 1], [54])  # the engine took the chosen copy: nothing to swap
    {}
    """
    present = set(hand)
    picked = list(chosen)
    spare = [c for c in picked if c in present]
    swaps: dict[int, int] = {}
    for c in placed:
        if c in present or c in picked or c in swaps:
            continue
        twin = next((x for x in spare if KIND_OF[x] == KIND_OF[c]), None)
        if twin is not None:
            spare.remove(twin)
            swaps[c], swaps[twin] = twin, c
    return swaps


class HandGroups:
    """The groups of one seat's hand (lists of physical ids), kept in step with the hand.
    :attr:`placed` holds the cards the player put where they are (moved by hand): a group holding
    one is the player's own, which Sort keeps."""

    def __init__(self, groups: Iterable[Iterable[int]] = ()) -> None:
        self.groups: list[list[int]] = [list(g) for g in groups if g]
        self.placed: set[int] = set()

    @classmethod
    def by_suit(cls, hand: Iterable[int], wild: Sequence[bool] = ()) -> HandGroups:
        """A first grouping: one group a suit, in rank order, the wild cards apart at the end."""
        groups: dict[int, list[int]] = {}
        for c in sorted(hand, key=lambda c: suit_order(KIND_OF[c])):
            k = KIND_OF[c]
            key = 4 if k == JOKER or (wild and wild[k]) else suit_of(k)
            groups.setdefault(key, []).append(c)
        return cls(groups[key] for key in sorted(groups))

    def copy(self) -> HandGroups:
        out = HandGroups(self.groups)
        out.placed = set(self.placed)
        return out

    def cards(self) -> list[int]:
        return [c for g in self.groups for c in g]

    def kinds(self) -> list[tuple[int, ...]]:
        return [tuple(KIND_OF[c] for c in g) for g in self.groups]

    def sync(self, hand: Iterable[int]) -> None:
        """Follow the hand: cards gone leave their groups; a new card (a draw) goes at the end,
        joining the last group when that is a lone card, else as a group of its own."""
        held = list(hand)
        present = set(held)
        self.groups = [[c for c in g if c in present] for g in self.groups]
        self.groups = [g for g in self.groups if g]
        placed = set(self.cards())
        new = [c for c in held if c not in placed]
        if new and self.groups and len(self.groups[-1]) == 1:
            self.groups[-1] += new
        elif new:
            self.groups.append(new)

    def rename(self, swaps: dict[int, int]) -> None:
        """Every card of ``swaps`` takes the place of its twin (:func:`stand_ins`)."""
        self.groups = [[swaps.get(c, c) for c in g] for g in self.groups]
        self.placed = {swaps.get(c, c) for c in self.placed}

    def where(self, card: int) -> tuple[int, int] | None:
        for gi, g in enumerate(self.groups):
            if card in g:
                return gi, g.index(card)
        return None

    def move(self, cards: Sequence[int], group: int | None, index: int = -1) -> None:
        """Move ``cards`` into group ``group`` before position ``index`` (``-1``: at its end), or
        into a new group at position ``index`` among the groups when ``group`` is ``None``.
        Positions count the groups and cards as they are *without* the moved cards (as the table
        shows them while they are dragged)."""
        moving = [c for c in cards if self.where(c) is not None]
        if not moving:
            return
        self.placed |= set(moving)
        self.groups = [[c for c in g if c not in moving] for g in self.groups]
        self.groups = [g for g in self.groups if g]
        if group is None or not 0 <= group < len(self.groups):
            at = len(self.groups) if index < 0 or group is not None else min(index, len(self.groups))
            self.groups.insert(at, list(moving))
            return
        target = self.groups[group]
        at = len(target) if index < 0 else min(index, len(target))
        target[at:at] = list(moving)

    def tidy(self, wild: Sequence[bool], changed: Iterable[int] | None = None) -> None:
        """Write the groups (all, or those holding a card of ``changed``) as melds are written."""
        touched = None if changed is None else set(changed)
        self.groups = [meld_order(g, wild) if touched is None or touched & set(g) else g for g in self.groups]

    def sorted_keeping(self, is_meld: IsMeld, wild: Sequence[bool]) -> HandGroups:
        """Sort: the groups that read as melds and the player's own groups (of two cards or more,
        half-built ones too) stay, each sorted within (in meld order); every other card is sorted
        by suit into groups of its own, after them."""
        kept = [meld_order(g, wild) for g in self.groups
                if len(g) > 1 and (self.placed & set(g) or is_meld([KIND_OF[c] for c in g]))]
        held = {c for k in kept for c in k}
        loose = [c for g in self.groups for c in g if c not in held]
        self.placed &= held  # a card sorted in with the loose ones is no longer where the player put it
        return HandGroups([*kept, *HandGroups.by_suit(loose, wild).groups])

    def without(self, card: int | None) -> list[tuple[int, ...]]:
        """The groups as kinds, leaving out one physical card (the finish card of a declaration)."""
        return [tuple(KIND_OF[c] for c in g if c != card) for g in self.groups if any(c != card for c in g)]

    def to_json(self) -> list[list[int]]:
        return [list(g) for g in self.groups]


class Arranging:
    """One seat's groups with their undo: every change of the arrangement is kept, so U takes it
    back (the cards the game has taken away since are left out; a card drawn since stays)."""

    LIMIT = 50

    def __init__(self, groups: HandGroups) -> None:
        self.groups = groups
        self.past: list[list[list[int]]] = []

    def change(self, make: Callable[[HandGroups], HandGroups | None]) -> None:
        """Apply a change (``make`` edits the groups in place, or returns new groups)."""
        before = [list(g) for g in self.groups.groups]
        result = make(self.groups)
        if result is not None:
            self.groups.groups = result.groups
        if self.groups.groups != before:
            self.past = (self.past + [before])[-self.LIMIT:]

    def rename(self, swaps: dict[int, int]) -> None:
        """The groups and every past arrangement follow the swaps (:func:`stand_ins`)."""
        self.groups.rename(swaps)
        self.past = [[[swaps.get(c, c) for c in g] for g in past] for past in self.past]

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    def undo(self, hand: Iterable[int]) -> bool:
        if not self.past:
            return False
        self.groups.groups = self.past.pop()
        self.groups.sync(hand)
        return True
