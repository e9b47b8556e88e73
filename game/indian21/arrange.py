"""The exact solvers of a 21- or 27-card hand (over :mod:`game.indian21.search`): a loser's lowest
count (T10.1, T10.2), a valid show and whether one exists (T7.2), for the engine, the legal-move
source and the bots.

>>> from game.core.cards import parse_kind
>>> from .deck import jokers_of
>>> from .melds import MeldRules
>>> from .rules import RuleSet
>>> mr = MeldRules.of(RuleSet(), jokers_of(RuleSet(), parse_kind("7H")))
>>> hand = [parse_kind(t) for t in "2S 3S 4S 9D 10D JD QC KC AC 5C 5D 5S KH 10H 4H 2H 9C 3D 8C 6C JS".split()]
>>> lowest_count(hand, mr).points  # T17.6c
62
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .melds import MeldRules, dublees_held, jokers_held, tunnelas_held
from .search import INF, Search


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into ``melds`` and ``loose`` cards, and what they count."""

    melds: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...]
    points: int

    @property
    def groups(self) -> list[tuple[int, ...]]:
        """The melds, then the loose cards as one group (when there are any)."""
        return list(self.melds) + ([self.loose] if self.loose else [])


def arrange(kinds: Sequence[int], rules: MeldRules, *, need: int = 0, pure_only: bool = False,
            allow_loose: bool = True) -> Arrangement | None:
    """The grouping of ``kinds`` whose loose natural cards count least, with at least ``need``
    pure sequences and tunnelas (``pure_only``: no other melds; ``allow_loose`` off: every natural
    card melded); ``None`` when there is none."""
    found = Search(kinds, rules, need=need, allow_loose=allow_loose, pure_only=pure_only).solve()
    if found is None:
        return None
    cost, melds, loose = found
    return Arrangement(tuple(melds), tuple(loose), cost)


def can_have_pure(kinds: Sequence[int], rules: MeldRules, need: int) -> bool:
    if need <= 0:
        return True
    search = Search(kinds, rules, need=need, pure_only=True)
    return search.cost(search.start) < INF


@dataclass(frozen=True, slots=True)
class Count:
    """A loser's count before the cap and the half rule (T10.1, T10.2), and the groups it rests on.

    ``tier``: ``"near"`` (T10.1), ``"all"`` (no pure sequence: every card), ``"pure"`` (fewer
    than the pure sequences needed: cards outside them), ``"melds"`` (only cards outside melds)."""

    points: int
    groups: tuple[tuple[int, ...], ...]
    tier: str


def near_show(kinds: Sequence[int], rules: MeldRules, show_a: bool | None = None) -> str | None:
    """T10.1: why the cards cost only ``near_show_points`` (a valid show ``"a"``..``"d"``,
    ``"dublees"``, ``"jokers"``), or ``None``.  ``show_a``: whether T7.2a holds, when known."""
    if not rules.near_show_points:
        return None
    if rules.show_tunnelas and tunnelas_held(kinds) >= rules.show_tunnelas:
        return "b"
    if rules.show_dublees and dublees_held(kinds) >= rules.show_dublees:
        return "c"
    if rules.show_jokers and jokers_held(kinds, rules) >= rules.show_jokers:
        return "d"
    if rules.near_dublees and dublees_held(kinds) >= rules.near_dublees:
        return "dublees"
    if rules.near_jokers and jokers_held(kinds, rules) >= rules.near_jokers:
        return "jokers"
    if show_a is None:
        show_a = show_a_groups(kinds, rules) is not None
    return "a" if show_a else None


def lowest_count(kinds: Sequence[int], rules: MeldRules) -> Count:
    """T10.1-T10.2: a loser's lowest count over every grouping of its cards, before the cap."""
    pure = arrange(kinds, rules, pure_only=True)  # T10.2 with fewer pure sequences than needed
    assert pure is not None  # every card may be loose
    top = None  # T10.2's last tier, searched only for less than the pure tier gives (or for 0)
    if can_have_pure(kinds, rules, rules.pure_needed):
        search = Search(kinds, rules, need=rules.pure_needed)
        budget, limit = 1, max(pure.points, 1)
        while True:  # deepening budgets: the lower bounds of each round serve the next
            found = search.solve(min(budget, limit))
            if found is not None or budget >= limit:
                break
            budget *= 4
        if found is not None:
            top = Arrangement(tuple(found[1]), tuple(found[2]), found[0])
    show_a = bool(rules.show_pure_sequences) and top is not None and top.points == 0
    why = near_show(kinds, rules, show_a)
    if why is not None:
        groups = tuple(top.groups) if why == "a" and top is not None else held_groups(kinds, rules, why)
        return Count(rules.near_show_points, groups, "near")
    if top is not None and top.points <= pure.points:
        return Count(top.points, tuple(top.groups), "melds")
    return Count(pure.points, tuple(pure.groups), "pure" if pure.melds else "all")


def held_groups(kinds: Sequence[int], rules: MeldRules, way: str) -> tuple[tuple[int, ...], ...]:
    """Groups that show what the cards hold: tunnelas (``"b"``), dublees (``"c"``, ``"dublees"``)
    or the wild cards (``"d"``, ``"jokers"``), then the other cards as one group."""
    rest = sorted(kinds)
    groups: list[tuple[int, ...]] = []
    if way in ("b", "c", "dublees"):
        size = 3 if way == "b" else 2
        for k in sorted(set(rest)):
            while rest.count(k) >= size:
                groups.append((k,) * size)
                for _ in range(size):
                    rest.remove(k)
    else:
        groups.append(tuple(k for k in rest if rules.wild[k]))
        rest = [k for k in rest if not rules.wild[k]]
    return tuple(groups) + ((tuple(rest),) if rest else ())


def may_show_a_after_finish(kinds: Sequence[int], rules: MeldRules) -> bool:
    """Whether some card of ``kinds`` (one more than a show holds) may be the finish card of a
    T7.2a show: then the other cards meld, so these cards count at most that card's points (10)
    with the pure sequences needed.  A quick look before trying each finish card."""
    need = rules.show_pure_sequences
    if not need or not can_have_pure(kinds, rules, need):
        return False
    return Search(kinds, rules, need=need).solve(max(rules.points) + 1) is not None


def show_a_groups(kinds: Sequence[int], rules: MeldRules) -> list[tuple[int, ...]] | None:
    """T7.2a: a grouping of ``kinds`` with every natural card in a meld, enough pure sequences,
    and the spare wild cards as one joker group (T6.6); ``None`` when there is none."""
    need = rules.show_pure_sequences
    if not need or not can_have_pure(kinds, rules, need):
        return None
    found = arrange(kinds, rules, need=need, allow_loose=False)
    if found is None:
        return None
    return list(found.groups)


def find_show(kinds: Sequence[int], rules: MeldRules) -> tuple[str, list[tuple[int, ...]]] | None:
    """T7.2: a valid show of these cards, as (way, groups), or ``None`` when there is none."""
    if rules.show_tunnelas and tunnelas_held(kinds) >= rules.show_tunnelas:
        return "b", list(held_groups(kinds, rules, "b"))
    if rules.show_dublees and dublees_held(kinds) >= rules.show_dublees:
        return "c", list(held_groups(kinds, rules, "c"))
    if rules.show_jokers and jokers_held(kinds, rules) >= rules.show_jokers:
        return "d", list(held_groups(kinds, rules, "d"))
    groups = show_a_groups(kinds, rules)
    return None if groups is None else ("a", groups)
