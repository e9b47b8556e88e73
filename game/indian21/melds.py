"""Groups of 21-card Indian Rummy (T6) and the four valid shows (T7.2), on card kinds.

A group is read every way the rules allow (:class:`Reading`).  A wild card in its own place is
natural (T3.6), so under a ``7H`` cut ``6H 7H 8H`` is a pure sequence; identical cards make a
tunnela or a dublee even when wild, and a stand-in never completes one (T6.5).

>>> from game.core.cards import parse_kind
>>> from .deck import jokers_of
>>> from .rules import RuleSet
>>> mr = MeldRules.of(RuleSet(), jokers_of(RuleSet(), parse_kind("7H")))
>>> g = lambda text: [[parse_kind(t) for t in part.split()] for part in text.split("|")]
>>> show_way(g("2S 3S 4S | 9D 10D JD | QC KC AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"), mr)  # T17.1
'a'
>>> show_problem(g("2S 3S 4S | 9D 10D JD | QC JK AC | 5D 5S 5C | 9C 9H 9S | 2H 3H 7C | KD KH KS"), mr)
'T7.2a: a show needs 3 pure sequences (tunnelas count), not 2'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.cards import kind_text
from game.core.errors import Verdict
from game.core.groups import is_dublee, is_tunnela, sequence_standins, set_standins

from .deck import Jokers
from .rules import RuleSet

Group = Sequence[int]


@dataclass(frozen=True, slots=True)
class MeldRules:
    """What reading a group, judging a show and counting a hand depend on: the deal's wild cards
    and card points, and the T6.5, T7.2 and T10 options."""

    wild: tuple[bool, ...]
    points: tuple[int, ...]
    joker_cap: int | None = None  # T6.5: None is any number
    show_pure_sequences: int = 3  # T7.2a (0: off)
    show_tunnelas: int = 3  # T7.2b
    show_dublees: int = 8  # T7.2c
    show_jokers: int = 8  # T7.2d
    pure_needed: int = 3  # T10.2
    near_show_points: int = 2  # T10.1 (0: off)
    near_dublees: int = 6  # T10.1
    near_jokers: int = 7  # T10.1

    @classmethod
    def of(cls, rules: RuleSet, jokers: Jokers) -> MeldRules:
        return cls(jokers.wild, jokers.points, rules.joker_cap, rules.show_pure_sequences, rules.show_tunnelas,
                   rules.show_dublees, rules.show_jokers, rules.pure_needed, rules.near_show_points,
                   rules.near_dublees, rules.near_jokers)


@dataclass(frozen=True, slots=True)
class Reading:
    """What one group of cards can count as (T6)."""

    size: int
    sequence: bool  # T6.1, pure or impure
    pure: bool  # a pure sequence (T6.1) or a tunnela (T6.3)
    set: bool  # T6.2
    tunnela: bool  # T6.3
    dublee: bool  # T6.4
    jokers_only: bool  # every card is wild: a joker group (T6.6) unless it is a meld

    @property
    def meld(self) -> bool:
        """A legal meld (T6.1-T6.3); a dublee is not one."""
        return self.sequence or self.set or self.tunnela


def read_group(kinds: Group, rules: MeldRules) -> Reading:
    """Every reading of one group (T6)."""
    standins = sequence_standins(kinds, rules.wild, rules.joker_cap)
    tunnela = is_tunnela(kinds)
    return Reading(size=len(kinds), sequence=standins is not None, pure=standins == 0 or tunnela,
                   set=set_standins(kinds, rules.wild, rules.joker_cap) is not None, tunnela=tunnela,
                   dublee=is_dublee(kinds), jokers_only=bool(kinds) and all(rules.wild[k] for k in kinds))


def _text(kinds: Group) -> str:
    return "-".join(kind_text(k) for k in kinds) or "an empty group"


def problem_a(groups: Sequence[Group], rules: MeldRules) -> Verdict | None:
    """Why ``groups`` are no T7.2a show (every group a legal meld but one joker group, enough pure
    sequences; with its code and details for a table to say it in another language), or ``None``
    when they are one."""
    if not rules.show_pure_sequences:
        return Verdict("show_way_off", "T7.2a", "this way to show is off (show_pure_sequences is 0)")
    joker_groups = pure = 0
    for group in groups:
        reading = read_group(group, rules)
        if reading.meld:
            pure += reading.pure
            continue
        if reading.jokers_only:
            joker_groups += 1
            if joker_groups > 1:
                return Verdict("spare_joker_groups", "T6.6", "only one group of spare jokers is allowed")
            continue
        return Verdict("not_a_meld", "T7.2a", f"{_text(group)} is not a meld (T6)", {"group": list(group)})
    if pure < rules.show_pure_sequences:
        return Verdict("show_pure_sequences", "T7.2a", f"a show needs {rules.show_pure_sequences} pure sequences "
                       f"(tunnelas count), not {pure}", {"needed": rules.show_pure_sequences, "count": pure})
    return None


def show_way(groups: Sequence[Group], rules: MeldRules) -> str | None:
    """T7.2: which way (``"a"``..``"d"``) makes ``groups`` a valid show, or ``None``.  That the
    groups hold the right 21 cards is the caller's check (T7.1)."""
    if problem_a(groups, rules) is None:
        return "a"
    if rules.show_tunnelas and sum(1 for g in groups if is_tunnela(g)) >= rules.show_tunnelas:
        return "b"
    if rules.show_dublees and sum(1 for g in groups if is_dublee(g)) >= rules.show_dublees:
        return "c"
    if rules.show_jokers and any(len(g) >= rules.show_jokers and all(rules.wild[k] for k in g) for g in groups):
        return "d"
    return None


def show_problem(groups: Sequence[Group], rules: MeldRules) -> Verdict | None:
    """Why ``groups`` are no valid show (one sentence naming the rule, with its code and details), or
    ``None``."""
    if show_way(groups, rules) is not None:
        return None
    return (problem_a(groups, rules) if rules.show_pure_sequences
            else Verdict("no_show_way", "T7.2", "none of the four ways to show holds"))


# --- what cards hold, whatever their grouping (T7.2b-d, T10.1) ----------------------------------

def tunnelas_held(kinds: Group) -> int:
    """Separate tunnelas the cards hold (three of one kind)."""
    return sum(n // 3 for n in Counter(kinds).values())


def dublees_held(kinds: Group) -> int:
    """Separate dublees the cards hold (two of one kind; three of a kind hold one)."""
    return sum(n // 2 for n in Counter(kinds).values())


def jokers_held(kinds: Group, rules: MeldRules) -> int:
    """Wild cards among ``kinds``."""
    return sum(1 for k in kinds if rules.wild[k])
