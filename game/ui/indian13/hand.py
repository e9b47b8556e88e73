"""The player's own grouping of their cards, as Indian rummy players arrange a hand: groups
(sets and sequences in the making), each labelled, and what the hand counts as grouped.

No pygame here.  Groups hold *physical* card ids (two decks hold identical cards); the engine's
actions speak card kinds, so :meth:`HandGroups.kinds` translates.  The grouping is the player's:
the engine never sees it until they declare or show.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core.cards import JOKER, rank_of, suit_of
from game.indian13.deck import KIND
from game.indian13.melds import MeldRules, problem, read_group
from game.indian13.scoring import meld_rules, shown_charge

PURE, SEQUENCE, SET, JOKERS, INVALID = "Pure sequence", "Sequence", "Set", "Jokers", "Invalid"


def label(kinds: Sequence[int], rules: MeldRules) -> str:
    """What a group counts as (I6): a pure sequence, a sequence, a set, a group of jokers only
    (I6.7), or invalid (not a meld: it counts its points)."""
    r = read_group(kinds, rules)
    if r.sequence:
        return PURE if r.pure else SEQUENCE
    if r.set:
        return SET
    if r.jokers_only:
        return JOKERS
    return INVALID


def group_labels(groups: Sequence[Sequence[int]], state) -> list[tuple[str, int]]:
    """Each group's label (I6) and its points, in a deal ``state`` (its wild cards, its points)."""
    rules = meld_rules(state)
    return [(label(g, rules), sum(state.points[k] for k in g)) for g in groups]


def hand_points(groups: Sequence[Sequence[int]], state, seat: int) -> int:
    """What ``seat`` is charged for its cards grouped like this if the deal ended now: the engine's
    own count (:func:`game.indian13.scoring.shown_charge`), every option included."""
    return shown_charge(state, seat, groups)


def declaration_problem(groups: Sequence[Sequence[int]], rules: MeldRules) -> str | None:
    """Why these groups are not a valid declaration (the rule they break), or ``None``."""
    return problem([g for g in groups if g], rules)


def suit_order(kind: int) -> tuple[int, int]:
    """Sort key: jokers last, then suit, then rank (aces low)."""
    return (9, 0) if kind == JOKER else (suit_of(kind), rank_of(kind))


class HandGroups:
    """The groups of one seat's hand (lists of physical ids), kept in step with the hand."""

    def __init__(self, groups: Iterable[Iterable[int]] = ()) -> None:
        self.groups: list[list[int]] = [list(g) for g in groups if g]

    @classmethod
    def by_suit(cls, hand: Iterable[int], wild: Sequence[bool] = ()) -> HandGroups:
        """A first grouping: one group a suit, in rank order, the wild cards apart at the end."""
        groups: dict[int, list[int]] = {}
        for c in sorted(hand, key=lambda c: suit_order(KIND[c])):
            k = KIND[c]
            key = 4 if k == JOKER or (wild and wild[k]) else suit_of(k)
            groups.setdefault(key, []).append(c)
        return cls(groups[key] for key in sorted(groups))

    def cards(self) -> list[int]:
        return [c for g in self.groups for c in g]

    def kinds(self) -> list[tuple[int, ...]]:
        return [tuple(KIND[c] for c in g) for g in self.groups]

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
        self.groups = [[c for c in g if c not in moving] for g in self.groups]
        self.groups = [g for g in self.groups if g]
        if group is None or not 0 <= group < len(self.groups):
            at = len(self.groups) if index < 0 or group is not None else min(index, len(self.groups))
            self.groups.insert(at, list(moving))
            return
        target = self.groups[group]
        at = len(target) if index < 0 else min(index, len(target))
        target[at:at] = list(moving)

    def without(self, card: int | None) -> list[tuple[int, ...]]:
        """The groups as kinds, leaving out one physical card (the finish card of a declaration)."""
        return [tuple(KIND[c] for c in g if c != card) for g in self.groups if any(c != card for c in g)]

    def to_json(self) -> list[list[int]]:
        return [list(g) for g in self.groups]
