"""Which takes from the line are legal (from the engine's legal-move source, ``legal_draws``) and,
when one is not, why (the rule id leads the long reason, for the "?" and the log); and what a
take from a line card would do, in a few words for the pointer or the keyboard focus on it.

Each is a message of the catalogue (:mod:`game.i18n`); a rule id stays out of what translators
translate (a prefix, or a placeholder), so that the table can take it out of what is shown."""

from __future__ import annotations

from game.core.cards import KIND_OF
from game.i18n import _, ngettext
from game.vazhushal import DRAW, Action, DrawOption, State, explain, legal_draws
from game.vazhushal.deal import has_pure_sequence

from ...wording import card_text, cards_text, shown
from .describe import reason


def draw_option_for(state: State, index: int) -> DrawOption | None:
    """The legal way to take the line from ``index`` (a plain take before a V6.4b pre-meld)."""
    return legal_takes_by_index(state).get(index)


def legal_takes_by_index(state: State) -> dict[int, DrawOption]:
    """Every legal take of the line by the index it starts at (the shortest way to do it)."""
    found: dict[int, DrawOption] = {}
    if state.phase != DRAW:
        return found
    for o in legal_draws(state):
        if o.take is None or o.take.index is None:
            continue
        have = found.get(o.take.index)
        if have is None or len(o.steps) < len(have.steps):
            found[o.take.index] = o
    return found


def _dealt_wild_refused(state: State, index: int) -> bool:
    p = state.turn
    dealt_wild = index == 0 and state.line_first_dealt and state.wild[KIND_OF[state.line[0]]]
    return (dealt_wild and state.rules.first_wild != "must_meld" and not state.melds[p]
            and not has_pure_sequence(state.hands[p]))


def why_not_take(state: State, index: int) -> str:
    """Why the seat to move may not take the line from ``index``, in words with the rule."""
    if state.phase != DRAW:
        err = explain(state, Action.take_line(state.turn, index, None))
        return reason(err) if err else _("You may not take from the line now")
    p = state.turn
    card = card_text(KIND_OF[state.line[index]])
    newer = len(state.line) - index - 1  # the cards taken with it
    if _dealt_wild_refused(state, index):
        return "V6.5: " + _("the dealt wild {card} may be taken only with a pure sequence on the table or in "
                            "your hand, or to use it as itself in a pure sequence").format(card=card)
    if not state.melds[p]:
        if newer:
            # Translators: {rule} is a rule's number (V6.4b), taken out of what the table shows.
            words = ngettext("before your first meld, the {card} must go into a pure sequence made with your hand "
                             "and the {n} newer card (or lay down a pure sequence first, {rule}); no such meld exists",
                             "before your first meld, the {card} must go into a pure sequence made with your hand "
                             "and the {n} newer cards (or lay down a pure sequence first, {rule}); no such meld "
                             "exists", newer)
        else:
            # Translators: {rule} is a rule's number (V6.4b), taken out of what the table shows.
            words = _("before your first meld, the {card} must go into a pure sequence made with your hand (or lay "
                      "down a pure sequence first, {rule}); no such meld exists")
        return "V6.4: " + words.format(card=card, n=newer, rule="V6.4b")
    if newer:
        words = ngettext("the {card} must start a new meld with cards from your hand and the {n} newer card, and "
                         "no legal meld can be made",
                         "the {card} must start a new meld with cards from your hand and the {n} newer cards, and "
                         "no legal meld can be made", newer)
    else:
        words = _("the {card} must start a new meld with cards from your hand, and no legal meld can be made")
    return "V6.3: " + words.format(card=card, n=newer)


def why_not_short(state: State, index: int) -> str:
    """:func:`why_not_take` in a few words (no rule id), for the line card under the pointer."""
    if state.phase != DRAW:
        return _("you have drawn this turn already")
    if _dealt_wild_refused(state, index):
        return _("a dealt wild card needs a pure sequence on the table or in your hand first")
    if not state.melds[state.turn]:
        return _("before your first meld it must start a pure sequence with your cards, and none can be made")
    return _("no meld can start with it from your cards")


def take_words(state: State, index: int, option: DrawOption | None, mine: bool, keyboard: bool = False) -> str:
    """What taking the line from ``index`` would do: whether it is legal now and what it brings
    (the cards taken, the meld laid down), from the engine's legal takes (``option``: the legal
    way to take from there, ``None`` when there is none); how to do it by the mouse, or by the
    keys (``keyboard``)."""
    if not 0 <= index < len(state.line):
        return ""
    card = card_text(KIND_OF[state.line[index]])
    n = len(state.line) - index
    if not mine:
        return ngettext("The {card}: a wipe from here takes {n} card", "The {card}: a wipe from here takes {n} cards",
                        n).format(card=card, n=n)
    if option is None:
        # Translators: {why} says why the wipe is not allowed ("no meld can start with it from your cards").
        return shown(ngettext("Wipe from the {card} ({n} card): not allowed — {why}",
                              "Wipe from the {card} ({n} cards): not allowed — {why}", n).format(
            card=card, n=n, why=why_not_short(state, index)))
    take = option.take
    clauses = [_("Wipe from the {card}: allowed — takes {cards}").format(
        card=card, cards=cards_text(KIND_OF[c] for c in state.line[index:]))]
    pre = option.steps[0] if len(option.steps) > 1 else None
    if pre is not None and pre.melds:
        clauses.append(_("first lay down {melds}").format(melds=",  ".join(cards_text(m) for m in pre.melds)))
    if take is not None and take.meld:
        clauses.append(_("meld {meld}").format(meld=cards_text(take.meld)))
    how = " · " + _("Enter wipes") if keyboard else " — " + _("click to wipe")
    return "; ".join(clauses) + how
