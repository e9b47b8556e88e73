"""Which takes from the line are legal (from the engine's legal-move source, ``legal_draws``) and,
when one is not, why (the rule id leads the long reason, for the "?" and the log); and what a
take from a line card would do, in a few words for the pointer or the keyboard focus on it."""

from __future__ import annotations

from game.core.cards import KIND_OF
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
        return reason(err) if err else "You may not take from the line now"
    p = state.turn
    card = card_text(KIND_OF[state.line[index]])
    taken = len(state.line) - index
    more = f" and the {taken - 1} newer card{'s' if taken > 2 else ''}" if taken > 1 else ""
    if _dealt_wild_refused(state, index):
        return (f"V6.5: the dealt wild {card} may be taken only with a pure sequence on the table or in "
                "your hand, or to use it as itself in a pure sequence")
    if not state.melds[p]:
        return (f"V6.4: before your first meld, the {card} must go into a pure sequence made with your hand"
                f"{more} (or lay down a pure sequence first, V6.4b); no such meld exists")
    return (f"V6.3: the {card} must start a new meld with cards from your hand{more}, and no legal meld "
            "can be made")


def why_not_short(state: State, index: int) -> str:
    """:func:`why_not_take` in a few words (no rule id), for the line card under the pointer."""
    if state.phase != DRAW:
        return "you have drawn this turn already"
    if _dealt_wild_refused(state, index):
        return "a dealt wild card needs a pure sequence on the table or in your hand first"
    if not state.melds[state.turn]:
        return "before your first meld it must start a pure sequence with your cards, and none can be made"
    return "no meld can start with it from your cards"


def take_words(state: State, index: int, option: DrawOption | None, mine: bool) -> str:
    """What taking the line from ``index`` would do: whether it is legal now and what it brings
    (the cards taken, the meld laid down), from the engine's legal takes (``option``: the legal
    way to take from there, ``None`` when there is none)."""
    if not 0 <= index < len(state.line):
        return ""
    card = card_text(KIND_OF[state.line[index]])
    n = len(state.line) - index
    cards = f"{n} card{'s' if n != 1 else ''}"
    if not mine:
        return f"The {card}: a wipe from here takes {cards}"
    if option is None:
        return shown(f"Wipe from the {card} ({cards}): not allowed — {why_not_short(state, index)}")
    take = option.take
    words = f"Wipe from the {card}: allowed — takes {cards_text(KIND_OF[c] for c in state.line[index:])}"
    pre = option.steps[0] if len(option.steps) > 1 else None
    if pre is not None and pre.melds:
        words += "; first lay down " + ",  ".join(cards_text(m) for m in pre.melds)
    if take is not None and take.meld:
        words += f"; meld {cards_text(take.meld)}"
    return words + " — click to wipe"
