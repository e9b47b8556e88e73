"""What 21-card Indian Rummy's engine says of the player's groups (:mod:`game.ui.inhand.groups`):
each group's label (T6), what the hand counts as grouped and why a count did not fall (T10), the
four ways to show judged in words (T7.2), and the value cards with their marriages (T3.4, T11).
No pygame here; nothing here is a rule of its own: every verdict is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.cards import JOKER, kind_pretty, rank_of
from game.indian21.arrange import find_show, near_show
from game.indian21.melds import MeldRules, problem_a, read_group, show_way
from game.indian21.scoring import loser_count, value_points
from game.indian21.turn import judge

from ..inhand.groups import HandGroups
from ..wording import card_text, pretty_text, shown

PURE, TUNNELA, SEQUENCE, SET, DUBLEE, JOKERS, INVALID = (
    "Pure sequence", "Tunnela", "Sequence", "Set", "Dublee", "Jokers", "Invalid")
SAME, UPPER, LOWER = "same", "upper", "lower"  # the value cards' kinds (T3.4)


def label(kinds: Sequence[int], rules: MeldRules) -> str:
    """What a group counts as (T6): a tunnela, a pure sequence, a sequence, a set, a dublee, a
    group of jokers only (T6.6), or invalid (no meld: its cards count)."""
    r = read_group(kinds, rules)
    if r.tunnela:
        return TUNNELA
    if r.sequence:
        return PURE if r.pure else SEQUENCE
    if r.set:
        return SET
    if r.dublee:
        return DUBLEE
    if r.jokers_only:
        return JOKERS
    return INVALID


def group_labels(groups: Sequence[Sequence[int]], state) -> list[tuple[str, int]]:
    """Each group's label and its points in a deal ``state`` (its wild cards, its card points)."""
    rules = state.meld_rules
    return [(label(g, rules), sum(state.points[k] for k in g)) for g in groups]


def is_kept(kinds: Sequence[int], state) -> bool:
    """A group Sort keeps: a meld, a dublee (a show may be eight of them), or jokers together."""
    return label(kinds, state.meld_rules) != INVALID


def hand_points(groups: Sequence[Sequence[int]], state, seat: int) -> int:
    """What ``seat`` would pay for its cards grouped like this if a show came now: the engine's
    count of shown groups (T10.1, T10.2, the cap and the half rule, T10.3-T10.4)."""
    return loser_count(state, seat, tuple(tuple(g) for g in groups))[0]


def points_note(groups: Sequence[Sequence[int]], state, seat: int) -> str:
    """Why the count is what it is when some groups are melds, or ``""``."""
    rules = state.meld_rules
    kinds = [k for g in groups for k in g]
    # the half rule (T10.4): a show before the seat's first turn costs it half the count
    half = " (halved before your turn)" if state.rules.half_rule and not state.has_drawn[seat] else ""
    if near_show(kinds, rules) is not None:
        return f"nearly a show: it counts only {rules.near_show_points}" + half
    readings = [read_group(g, rules) for g in groups if g]
    melds = [r for r in readings if r.meld]
    pure = sum(r.pure for r in melds)
    if not melds or pure >= rules.pure_needed:
        return half.strip(" ()")
    if pure == 0:
        return "no pure sequence yet: every card counts" + half
    if len(melds) > pure:
        return f"{pure} pure of {rules.pure_needed}: your other melds still count" + half
    return half.strip(" ()")


# --- the four ways to show (T7.2) ---------------------------------------------------------------------

def ways(rules) -> list[str]:
    """The ways to show these rules allow, in words (T7.2a-d; a way whose number is 0 is off)."""
    out = []
    if rules.show_pure_sequences:
        out.append(f"{rules.show_pure_sequences} pure sequences with every card in a meld")
    if rules.show_tunnelas:
        out.append(f"{rules.show_tunnelas} tunnelas")
    if rules.show_dublees:
        out.append(f"{rules.show_dublees} dublees")
    if rules.show_jokers:
        out.append(f"{rules.show_jokers} jokers in one group")
    return out


WAY_WORDS = {"a": "{n} pure sequences and every card in a meld", "b": "{n} tunnelas", "c": "{n} dublees",
             "d": "a group of {n} jokers"}


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on a show: ``valid`` and the way it holds (``words``), or why not
    (``problem``: what the engine says is wrong, as a player reads it) and, for each way the rules
    allow, how far the groups are from it (``progress``)."""

    valid: bool
    words: str = ""
    problem: str = ""
    progress: str = ""


def show_verdict(groups: Sequence[Sequence[int]], state) -> Verdict:
    """The engine's verdict on a show of these groups (the cards without the finish card): valid
    by which way, or why not and how far each way is (no rule ids)."""
    rules = state.meld_rules
    r = state.rules
    groups = tuple(tuple(g) for g in groups if g)
    judged = judge(state, groups)
    if judged is not None:
        way = _way(judged, rules)
        n = {"a": r.show_pure_sequences, "b": r.show_tunnelas, "c": r.show_dublees, "d": r.show_jokers}[way]
        words = WAY_WORDS[way].format(n=n)
        if judged != groups:
            words += " (as the table groups the same cards)"
        return Verdict(True, words)
    readings = [read_group(g, rules) for g in groups]
    parts = []
    problem = "none of the ways to show holds"
    if r.show_pure_sequences:
        parts.append(f"pure sequences {sum(x.pure for x in readings if x.meld)} of {r.show_pure_sequences}")
        why = problem_a(groups, rules)
        if why:
            problem = shown(pretty_text(why))
    if r.show_tunnelas:
        parts.append(f"tunnelas {sum(x.tunnela for x in readings)} of {r.show_tunnelas}")
    if r.show_dublees:
        parts.append(f"dublees {sum(x.dublee for x in readings)} of {r.show_dublees}")
    if r.show_jokers:
        most = max((len(g) for g, x in zip(groups, readings) if x.jokers_only), default=0)
        parts.append(f"jokers in one group {most} of {r.show_jokers}")
    progress = " · ".join(parts)
    return Verdict(False, problem=problem[:1].upper() + problem[1:], progress=progress[:1].upper() + progress[1:])


def _way(groups, rules: MeldRules) -> str:
    return show_way(groups, rules) or "a"


def other_show(kinds: Sequence[int], state) -> str | None:
    """A valid show the same cards hold when grouped otherwise (the way in words), or ``None``."""
    found = find_show(list(kinds), state.meld_rules)
    if found is None:
        return None
    r = state.rules
    n = {"a": r.show_pure_sequences, "b": r.show_tunnelas, "c": r.show_dublees, "d": r.show_jokers}[found[0]]
    return WAY_WORDS[found[0]].format(n=n)


# --- value cards and marriages (T3.4, T11) -------------------------------------------------------------

def value_roles(state) -> dict[int, str]:
    """Each value-card kind of the deal and what it is: the cut joker's own copies (``same``),
    the upper or the lower jokers; empty when value cards do not score."""
    if not state.rules.value_cards:
        return {}
    kinds = state.jokers.value_kinds
    n = state.rules.value_offsets
    roles = {kinds[0]: SAME}
    for k in kinds[1:1 + n]:
        roles[k] = UPPER
    for k in kinds[1 + n:]:
        roles[k] = LOWER
    return roles


def marriages(kinds: Sequence[int], state) -> int:
    """How many marriages the engine takes from these cards (the number that scores most, T11.2)."""
    r = state.rules
    value_kinds = state.jokers.value_kinds
    if not r.value_cards or len(value_kinds) < 2:
        return 0
    counts = [sum(1 for k in kinds if k == v) for v in value_kinds]
    best, best_k = None, 0
    for k in range(min(min(counts), len(r.marriage_table)) + 1):
        v = (r.marriage_table[k - 1] if k else 0) + sum(
            r.value_table[min(c - k, len(r.value_table)) - 1] for c in counts if c - k >= 1)
        if best is None or v > best:
            best, best_k = v, k
    return best_k


def value_words(kinds: Sequence[int], state) -> str:
    """``Value cards: 110 (a marriage)`` for cards held, or ``""`` when they score nothing."""
    r = state.rules
    if not r.value_cards:
        return ""
    points = value_points(kinds, state.jokers.value_kinds, r.value_table, r.marriage_table)
    if not points:
        return ""
    k = marriages(kinds, state)
    more = "" if not k else " (a marriage)" if k == 1 else f" ({k} marriages)"
    return f"Value cards: {points}{more}"


def cut_words(state) -> str:
    """What the cut joker makes wild, in one line: ``Wild: every 7, 6♥ 8♥, jokers`` (T3)."""
    j = state.jokers
    cut = j.cut
    rank = 1 if cut == JOKER else rank_of(cut)
    every = cut == JOKER or state.rules.wild_rank == "all_suits"
    first = f"every {RANK_NAMES.get(rank, str(rank))}" if every else card_text(cut)
    side = " ".join(kind_pretty(k) for k in range(52) if j.wild[k] and rank_of(k) != rank)
    return f"Wild: {first}, {side}, jokers"


RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def role_words(state) -> str:
    """The value cards named: ``Value cards: 7♥ · up 8♥ · down 6♥ (one of each: a marriage)``."""
    roles = value_roles(state)
    if not roles:
        return ""
    same = [k for k, r in roles.items() if r == SAME]
    up = [k for k, r in roles.items() if r == UPPER]
    down = [k for k, r in roles.items() if r == LOWER]
    words = "Value: " + " ".join(kind_pretty(k) for k in same)
    if up:
        words += " · up " + " ".join(kind_pretty(k) for k in up)
    if down:
        words += " · down " + " ".join(kind_pretty(k) for k in down)
    return words


__all__ = ["DUBLEE", "HandGroups", "INVALID", "JOKERS", "LOWER", "PURE", "SAME", "SEQUENCE", "SET", "TUNNELA",
           "UPPER", "Verdict", "cut_words", "group_labels", "hand_points", "is_kept", "label", "marriages",
           "other_show", "points_note", "role_words", "show_verdict", "value_roles", "value_words", "ways"]
