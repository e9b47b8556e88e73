"""What Marriage's engine says of a seat's cards, for what that seat knows (M13): each group's
label (M3), what is still needed to see the maal (M6), why a finish is not valid (M7), the maal
the seat holds (M10).  No pygame here.

``tiplu`` is the tiplu's *kind* as the seat knows it: ``None`` for a seat that has not seen, for
which every card is natural (M3.7), so nothing here can say which cards are jokers to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, _, ngettext
from game.marriage.combos import (
    DIRTY_SEQUENCE,
    DIRTY_TRIPLET,
    PURE,
    PURE_SEQUENCE,
    TRIPLET,
    TUNNELA,
    combination,
    is_dublee,
)
from game.marriage.deck import KIND, jokers_of
from game.marriage.maal import maal_points
from game.marriage.solver import dublee_kinds
from game.marriage.state import DUBLEE_ROUTE, PURE_ROUTE
from game.marriage.turn import DUBLEES_TO_SEE, PURE_TO_SEE

from ..inhand.groups import HandGroups
from ..wording import card_text

# The labels are English keys (compared by the table's drawing), marked for the catalogue: shown with _().
DUBLEE, INVALID = N_("Dublee"), N_("Invalid")
LABELS = {TUNNELA: N_("Tunnela"), PURE_SEQUENCE: N_("Pure sequence"), TRIPLET: N_("Triplet"),
          DIRTY_SEQUENCE: N_("Dirty sequence"), DIRTY_TRIPLET: N_("Dirty triplet")}
SEEN_WORDS = {PURE_ROUTE: N_("seen (3 pure)"), DUBLEE_ROUTE: N_("seen (7 dublees)"), None: N_("not seen")}


def label(kinds: Sequence[int], tiplu: int | None, max_wilds: int = 2) -> str:
    """What a group counts as (M3) for a seat that knows the tiplu ``tiplu`` (``None``: it has not
    seen, every card is natural): Tunnela, Pure sequence, Triplet, Dirty sequence, Dirty triplet,
    Dublee (two identical cards, M3.6), or Invalid."""
    if is_dublee(tuple(kinds)):
        return DUBLEE
    found = combination(kinds, tiplu, max_wilds)
    return INVALID if found is None else LABELS[found]


def group_labels(groups: Sequence[Sequence[int]], tiplu: int | None, max_wilds: int) -> list[tuple[str, int]]:
    """Each group's label and its size (the shared table draws a label and a number)."""
    return [(label(g, tiplu, max_wilds), len(g)) for g in groups]


def is_kept_group(kinds: Sequence[int], tiplu: int | None, max_wilds: int) -> bool:
    """A group Sort keeps: a combination or a dublee."""
    return label(kinds, tiplu, max_wilds) != INVALID


def cards_words(kinds: Sequence[int]) -> str:
    return " ".join(card_text(k) for k in kinds)


def groups_words(groups: Sequence[Sequence[int]]) -> str:
    """``5♦ 5♦ 5♦, 7♠ 7♠ 7♠ and Q♥ Q♥ Q♥``, or ``nothing``."""
    parts = [cards_words(g) for g in groups]
    if not parts:
        return _("nothing")
    if len(parts) == 1:
        return parts[0]
    # Translators: the end of a list ("5♦ 5♦ 5♦, 7♠ 7♠ 7♠ and Q♥ Q♥ Q♥").
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


# --- seeing the maal (M6) --------------------------------------------------------------------------

def pure_need(exposed: int) -> int:
    """M6.1a: pure combinations still to lay, each tunnela exposed at the deal counting."""
    return PURE_TO_SEE - min(PURE_TO_SEE, exposed)


def see_goal(exposed: int, dublee_route: bool) -> str:
    """What seeing the maal takes, in words (what to lay: ``3 pure combinations, or 7 dublees``)."""
    need = pure_need(exposed)
    if need == 0:
        words = (_("nothing more: your exposed tunnelas are enough, or {dublees} dublees") if dublee_route
                 else _("nothing more: your exposed tunnelas are enough"))
    elif not exposed:
        words = (ngettext("{n} pure combination, or {dublees} dublees", "{n} pure combinations, or {dublees} dublees",
                          need) if dublee_route else ngettext("{n} pure combination", "{n} pure combinations", need))
    elif exposed == 1:
        words = (ngettext("{n} more pure combination (your exposed tunnela counts as one), or {dublees} dublees",
                          "{n} more pure combinations (your exposed tunnela counts as one), or {dublees} dublees",
                          need) if dublee_route else
                 ngettext("{n} more pure combination (your exposed tunnela counts as one)",
                          "{n} more pure combinations (your exposed tunnela counts as one)", need))
    else:
        words = (ngettext("{n} more pure combination (your {exposed} exposed tunnelas count as {exposed}), or "
                          "{dublees} dublees",
                          "{n} more pure combinations (your {exposed} exposed tunnelas count as {exposed}), or "
                          "{dublees} dublees", need) if dublee_route else
                 ngettext("{n} more pure combination (your {exposed} exposed tunnelas count as {exposed})",
                          "{n} more pure combinations (your {exposed} exposed tunnelas count as {exposed})", need))
    return words.format(n=need, exposed=exposed, dublees=DUBLEES_TO_SEE)


def see_progress(groups: Sequence[Sequence[int]], hand: Sequence[int], exposed: int, dublee_route: bool) -> str:
    """How far the seat's groups and hand are from seeing: ``To see the maal lay 3 pure
    combinations, 1 grouped so far, or 7 dublees (4 in hand)``."""
    need = pure_need(exposed)
    ready = min(sum(1 for g in groups if combination(g, None) in PURE), need)
    if not need:
        words = (_("To see the maal lay {goal}, or {dublees} dublees ({held} in hand)") if dublee_route
                 else _("To see the maal lay {goal}"))
    elif ready:
        words = (_("To see the maal lay {goal}, {ready} grouped so far, or {dublees} dublees ({held} in hand)")
                 if dublee_route else _("To see the maal lay {goal}, {ready} grouped so far"))
    else:
        words = (_("To see the maal lay {goal}, none grouped yet, or {dublees} dublees ({held} in hand)")
                 if dublee_route else _("To see the maal lay {goal}, none grouped yet"))
    return words.format(goal=see_goal(exposed, False), ready=ready, dublees=DUBLEES_TO_SEE,
                        held=len(dublee_kinds(hand)) if dublee_route else 0)


def see_groups(groups: Sequence[Sequence[int]], exposed: int, dublee_route: bool) -> list[tuple[int, ...]]:
    """The groups to lay to see the maal from a seat's groups (kinds): the pure combinations it
    still needs, else seven dublees, else every group offered (the engine then says what is
    wrong)."""
    need = pure_need(exposed)
    pure = [tuple(g) for g in groups if combination(g, None) in PURE]
    if len(pure) >= need:
        return pure[:need]
    pairs = [tuple(g) for g in groups if is_dublee(tuple(g))]
    if dublee_route and len(pairs) >= DUBLEES_TO_SEE:
        return pairs[:DUBLEES_TO_SEE]
    return [tuple(g) for g in groups]


# --- finishing (M7) ----------------------------------------------------------------------------------

def finish_problem(groups: Sequence[Sequence[int]], route: str | None, tiplu: int | None, max_wilds: int,
                   without_show: bool) -> str | None:
    """Why these groups are not a valid finish by the seat's route (``pure``: M7.1, four groups of
    three that are combinations; ``dublee`` or none under ``dublee_finish_without_show``: the 8th
    dublee, M7.2), or ``None``."""
    if route == PURE_ROUTE:
        for g in groups:
            if len(g) != 3:
                return _("{cards} is not a group of three").format(cards=cards_words(g))
            if combination(g, tiplu, max_wilds) is None:
                return _("{cards} is not a combination").format(cards=cards_words(g))
        return None
    wanted = 1 if route == DUBLEE_ROUTE else DUBLEES_TO_SEE + 1
    if len(groups) != wanted:
        if wanted == 1:
            return _("a finish by dublees lays the 8th dublee")
        return _("a finish by dublees lays eight dublees")
    bad = next((g for g in groups if not is_dublee(tuple(g))), None)
    if bad is not None:
        return _("{cards} is not a dublee").format(cards=cards_words(bad))
    return None


# --- maal (M10) -----------------------------------------------------------------------------------------

def known_maal(obs) -> int | None:
    """The maal the observing seat holds now (its hand, shown and exposed cards), once it knows
    the tiplu; ``None`` before."""
    if obs.tiplu is None:
        return None
    jokers = jokers_of(KIND[obs.tiplu])
    seat = obs.seat
    kept = [KIND[c] for c in obs.hand] + [KIND[c] for g in obs.shown[seat] for c in g]
    exposed = [[KIND[c] for c in g] for g in obs.exposed[seat]]
    return maal_points(kept, exposed, jokers, obs.rules.double_marriage_points)


def joker_words(tiplu_kind: int) -> str:
    """``Tiplu 5♦ · poplu 6♦ · jhiplu 4♦ · jokers: every 5``."""
    j = jokers_of(tiplu_kind)
    return _("Tiplu {tiplu} · poplu {poplu} · jhiplu {jhiplu} · also jokers: {cards}").format(
        tiplu=card_text(j.tiplu), poplu=card_text(j.poplu), jhiplu=card_text(j.jhiplu),
        cards=cards_words(sorted(j.ordinary)))


def initial_groups(hand: Sequence[int], wild: Sequence[bool]) -> HandGroups:
    """A first grouping of a dealt hand: its tunnelas first (what may be exposed, M2.3), then one
    group a suit."""
    kinds = [KIND[c] for c in hand]
    tunnelas = [k for k in dublee_kinds(kinds) if kinds.count(k) == 3]
    groups = [[c for c in hand if KIND[c] == k] for k in tunnelas]
    rest = [c for c in hand if KIND[c] not in tunnelas]
    return HandGroups([*groups, *HandGroups.by_suit(rest, wild).groups])


__all__ = ["DUBLEE", "INVALID", "LABELS", "HandGroups", "cards_words", "finish_problem", "group_labels",
           "groups_words", "initial_groups", "is_kept_group", "joker_words", "known_maal", "label", "pure_need",
           "see_goal", "see_groups", "see_progress"]
