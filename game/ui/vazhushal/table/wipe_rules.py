"""Which takes from the line are legal (from the legal-move source) and, when one is not, why,
citing the rule (V6)."""

from __future__ import annotations

from game.core.cards import KIND_OF
from game.vazhushal import DRAW, Action, DrawOption, State, explain, kind_pretty, legal_draws
from game.vazhushal.deal import has_pure_sequence

from .describe import reason


def draw_option_for(state: State, index: int) -> DrawOption | None:
    """The legal way to take the line from ``index`` (a plain take before a V6.4b pre-meld)."""
    found = [o for o in legal_draws(state) if o.take is not None and o.take.index == index]
    found.sort(key=lambda o: len(o.steps))
    return found[0] if found else None


def why_not_take(state: State, index: int) -> str:
    """Why the seat to move may not take the line from ``index``, in words with the rule."""
    if state.phase != DRAW:
        err = explain(state, Action.take_line(state.turn, index, None))
        return reason(err) if err else "You may not take from the line now"
    p = state.turn
    card = kind_pretty(KIND_OF[state.line[index]])
    taken = len(state.line) - index
    more = f" and the {taken - 1} newer card{'s' if taken > 2 else ''}" if taken > 1 else ""
    dealt_wild = index == 0 and state.line_first_dealt and state.wild[KIND_OF[state.line[0]]]
    if dealt_wild and state.rules.first_wild != "must_meld":
        if not state.melds[p] and not has_pure_sequence(state.hands[p]):
            return (f"V6.5: the dealt wild {card} may be taken only with a pure sequence on the table or in "
                    "your hand, or to use it as itself in a pure sequence")
    if not state.melds[p]:
        return (f"V6.4: before your first meld, the {card} must go into a pure sequence made with your hand"
                f"{more} (or lay down a pure sequence first, V6.4b); no such meld exists")
    return (f"V6.3: the {card} must start a new meld with cards from your hand{more}, and no legal meld "
            "can be made")
