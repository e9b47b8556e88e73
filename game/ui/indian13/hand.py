"""What Indian Rummy's engine says of the player's groups (:mod:`game.ui.inhand.groups`): each
group's label, what the hand counts as grouped and why a count did not fall.  No pygame here."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, _
from game.indian13.melds import MeldRules, has_life, problem, read_group
from game.indian13.scoring import meld_rules, shown_charge

from ..inhand.groups import HandGroups

# The labels are English keys (compared by the table's drawing), marked for the catalogue: shown with _().
PURE, SEQUENCE, SET, JOKERS, INVALID = N_("Pure sequence"), N_("Sequence"), N_("Set"), N_("Jokers"), N_("Invalid")


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


def is_meld(kinds: Sequence[int], state) -> bool:
    """The group reads as a meld of the deal (I6)."""
    return read_group(kinds, meld_rules(state)).meld


def points_note(groups: Sequence[Sequence[int]], state) -> str:
    """Why every card of the hand still counts though some groups are melds (I10.3), or ``""``."""
    rules = meld_rules(state)
    melds = [r for r in (read_group(g, rules) for g in groups if g) if r.meld]
    if not melds or has_life(melds, rules.four_card_life) or state.rules.count_melded_cards:
        return ""
    if not any(r.pure for r in melds):
        return _("no pure sequence yet: every card counts")
    if rules.four_card_life:
        return _("two sequences, one of 4+ cards, are needed: every card counts")
    return _("a second sequence is needed: every card counts")


def declaration_problem(groups: Sequence[Sequence[int]], rules: MeldRules) -> str | None:
    """Why these groups are not a valid declaration (the rule they break), or ``None``."""
    return problem([g for g in groups if g], rules)


__all__ = ["HandGroups", "INVALID", "JOKERS", "PURE", "SEQUENCE", "SET", "declaration_problem", "group_labels",
           "hand_points", "is_meld", "label", "points_note"]
