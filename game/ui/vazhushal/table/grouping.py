"""Your hand in groups, as rummy players hold it: likely sequences and sets side by side, with a
gap between groups.  :func:`likely_groups` proposes them ("Sort: groups"); the player can then
drag cards into groups of their own, which the table keeps between turns.  No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.cards import JOKER, KIND_OF


def _pos(kind: int) -> tuple[int, int]:
    """(suit, rank 1..13) of a natural kind."""
    return kind // 13, kind % 13 + 1


def likely_groups(cards: Sequence[int], wild: Sequence[bool]) -> list[list[int]]:
    """The hand split into groups: runs of one suit (two or more cards in a row, ace high or low),
    then sets (two or more of a rank, different suits), then the loose cards by suit, then the wild
    cards.  Longest runs are taken first; a card is in one group only.

    """
    natural = [c for c in cards if not wild[KIND_OF[c]] and KIND_OF[c] != JOKER]
    wilds = [c for c in cards if c not in natural]
    left = list(natural)
    groups: list[list[int]] = []
    while True:
        run = _longest_run(left)
        if len(run) < 2:
            break
        groups.append(run)
        for c in run:
            left.remove(c)
    by_rank: dict[int, list[int]] = {}
    for c in left:
        by_rank.setdefault(_pos(KIND_OF[c])[1], []).append(c)
    for rank in sorted(by_rank):
        same, suits = [], set()
        for c in by_rank[rank]:
            suit = _pos(KIND_OF[c])[0]
            if suit not in suits:
                suits.add(suit)
                same.append(c)
        if len(same) >= 2:
            groups.append(same)
            for c in same:
                left.remove(c)
    for suit in range(4):
        loose = sorted((c for c in left if _pos(KIND_OF[c])[0] == suit), key=lambda c: _pos(KIND_OF[c])[1])
        if loose:
            groups.append(loose)
    if wilds:
        groups.append(wilds)
    return groups


def _longest_run(cards: list[int]) -> list[int]:
    best: list[int] = []
    for suit in range(4):
        have: dict[int, int] = {}
        for c in cards:
            s, r = _pos(KIND_OF[c])
            if s == suit:
                have.setdefault(r, c)
                if r == 1:
                    have.setdefault(14, c)
        run: list[int] = []
        for r in range(1, 15):
            if r in have and (r != 14 or have[14] not in run):
                run.append(have[r])
                if len(run) > len(best):
                    best = list(run)
            else:
                run = []
    return best


def breaks_of(groups: list[list[int]]) -> set[int]:
    """The cards that start a group (but the first): where the hand row leaves a gap."""
    return {g[0] for g in groups[1:] if g}


def keep_breaks(order: list[int], breaks: set[int], hand: set[int]) -> set[int]:
    """The groups after cards left the hand: a group whose first card went keeps its gap before
    the next card of that group still held."""
    out: set[int] = set()
    pending = False
    for c in order:
        starts = c in breaks
        if c in hand:
            if starts or pending:
                out.add(c)
            pending = False
        elif starts:
            pending = True
    first = next((c for c in order if c in hand), None)
    out.discard(first)
    return out
