"""What 21-card Indian Rummy's engine says of the player's groups (:mod:`game.ui.inhand.groups`):
each group's label (T6), what the hand counts as grouped and why a count did not fall (T10), the
four ways to show judged in words (T7.2), and the value cards with their marriages (T3.4, T11).
No pygame here; nothing here is a rule of its own: every verdict is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.cards import JOKER, rank_of
from game.i18n import N_, _, ngettext
from game.indian21.arrange import find_show, near_show
from game.indian21.melds import MeldRules, problem_a, read_group, show_way
from game.indian21.scoring import loser_count, value_points
from game.indian21.turn import judge

from ..inhand.groups import HandGroups
from ..refusals import refusal_words
from ..wording import card_text

# The labels are English keys (compared by the table's drawing), marked for the catalogue: shown with _().
PURE, TUNNELA, SEQUENCE, SET, DUBLEE, JOKERS, INVALID = (
    N_("Pure sequence"), N_("Tunnela"), N_("Sequence"), N_("Set"), N_("Dublee"), N_("Jokers"), N_("Invalid"))
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
    half = state.rules.half_rule and not state.has_drawn[seat]
    if near_show(kinds, rules) is not None:
        words = (_("nearly a show: it counts only {points} (halved before your turn)") if half
                 else _("nearly a show: it counts only {points}"))
        return words.format(points=rules.near_show_points)
    readings = [read_group(g, rules) for g in groups if g]
    melds = [r for r in readings if r.meld]
    pure = sum(r.pure for r in melds)
    if pure == 0 and melds and pure < rules.pure_needed:
        return (_("no pure sequence yet: every card counts (halved before your turn)") if half
                else _("no pure sequence yet: every card counts"))
    if melds and pure < rules.pure_needed and len(melds) > pure:
        words = (_("{pure} pure of {needed}: your other melds still count (halved before your turn)") if half
                 else _("{pure} pure of {needed}: your other melds still count"))
        return words.format(pure=pure, needed=rules.pure_needed)
    return _("halved before your turn") if half else ""


# --- the four ways to show (T7.2) ---------------------------------------------------------------------

def ways(rules) -> list[str]:
    """The ways to show these rules allow, in words (T7.2a-d; a way whose number is 0 is off)."""
    out = []
    if rules.show_pure_sequences:
        out.append(_("{n} pure sequences with every card in a meld").format(n=rules.show_pure_sequences))
    if rules.show_tunnelas:
        out.append(_("{n} tunnelas").format(n=rules.show_tunnelas))
    if rules.show_dublees:
        out.append(_("{n} dublees").format(n=rules.show_dublees))
    if rules.show_jokers:
        out.append(_("{n} jokers in one group").format(n=rules.show_jokers))
    return out


# the ways to show in words (marked for the catalogue, translated where said: way_words)
WAY_WORDS = {"a": N_("{n} pure sequences and every card in a meld"), "b": N_("{n} tunnelas"),
             "c": N_("{n} dublees"), "d": N_("a group of {n} jokers")}


def way_words(way: str, rules) -> str:
    """A way to show in words with its number under ``rules`` (``3 tunnelas``)."""
    n = {"a": rules.show_pure_sequences, "b": rules.show_tunnelas, "c": rules.show_dublees,
         "d": rules.show_jokers}[way]
    return _(WAY_WORDS[way]).format(n=n)


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
        words = way_words(_way(judged, rules), r)
        if judged != groups:
            words = _("{way} (as the table groups the same cards)").format(way=words)
        return Verdict(True, words)
    readings = [read_group(g, rules) for g in groups]
    parts = []
    problem = _("none of the ways to show holds")
    if r.show_pure_sequences:
        parts.append(_("pure sequences {count} of {needed}").format(
            count=sum(x.pure for x in readings if x.meld), needed=r.show_pure_sequences))
        why = problem_a(groups, rules)
        if why:
            problem = refusal_words(why)  # the engine's verdict in the player's language
    if r.show_tunnelas:
        parts.append(_("tunnelas {count} of {needed}").format(count=sum(x.tunnela for x in readings),
                                                             needed=r.show_tunnelas))
    if r.show_dublees:
        parts.append(_("dublees {count} of {needed}").format(count=sum(x.dublee for x in readings),
                                                            needed=r.show_dublees))
    if r.show_jokers:
        most = max((len(g) for g, x in zip(groups, readings) if x.jokers_only), default=0)
        parts.append(_("jokers in one group {count} of {needed}").format(count=most, needed=r.show_jokers))
    progress = " · ".join(parts)
    return Verdict(False, problem=problem[:1].upper() + problem[1:], progress=progress[:1].upper() + progress[1:])


def _way(groups, rules: MeldRules) -> str:
    return show_way(groups, rules) or "a"


def other_show(kinds: Sequence[int], state) -> str | None:
    """A valid show the same cards hold when grouped otherwise (the way in words), or ``None``."""
    found = find_show(list(kinds), state.meld_rules)
    if found is None:
        return None
    return way_words(found[0], state.rules)


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
    if not k:
        return _("Value cards: {points}").format(points=points)
    if k == 1:
        return _("Value cards: {points} (a marriage)").format(points=points)
    return ngettext("Value cards: {points} ({n} marriage)", "Value cards: {points} ({n} marriages)", k).format(
        points=points, n=k)


def cut_words(state) -> str:
    """What the cut joker makes wild, in one line: ``Wild: every 7, 6♥ 8♥, jokers`` (T3)."""
    j = state.jokers
    cut = j.cut
    rank = 1 if cut == JOKER else rank_of(cut)
    every = cut == JOKER or state.rules.wild_rank == "all_suits"
    side = " ".join(card_text(k) for k in range(52) if j.wild[k] and rank_of(k) != rank)
    if every:
        name = _(RANK_NAMES[rank]) if rank in RANK_NAMES else str(rank)
        return _("Wild: every {rank}, {cards}, jokers").format(rank=name, cards=side)
    return _("Wild: {card}, {cards}, jokers").format(card=card_text(cut), cards=side)


RANK_NAMES = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}  # translated where said


def role_words(state) -> str:
    """The value cards named: ``Value cards: 7♥ · up 8♥ · down 6♥ (one of each: a marriage)``."""
    roles = value_roles(state)
    if not roles:
        return ""
    same = [k for k, r in roles.items() if r == SAME]
    up = [k for k, r in roles.items() if r == UPPER]
    down = [k for k, r in roles.items() if r == LOWER]
    parts = [_("Value: {cards}").format(cards=" ".join(card_text(k) for k in same))]
    if up:
        parts.append(_("up {cards}").format(cards=" ".join(card_text(k) for k in up)))
    if down:
        parts.append(_("down {cards}").format(cards=" ".join(card_text(k) for k in down)))
    return " · ".join(parts)


__all__ = ["DUBLEE", "HandGroups", "INVALID", "JOKERS", "LOWER", "PURE", "SAME", "SEQUENCE", "SET", "TUNNELA",
           "UPPER", "Verdict", "cut_words", "group_labels", "hand_points", "is_kept", "label", "marriages",
           "other_show", "points_note", "role_words", "show_verdict", "value_roles", "value_words", "ways"]
