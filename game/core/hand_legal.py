"""The legal-move source the games with drops share (13- and 21-card Indian Rummy): what the seat to
move may do in each phase, given the game's own pieces (its action type, its kind table, its
refusals of the discard pile, its declarations and the grouping it shows).  Each game's
``legal_actions`` is this function with its pieces; nothing here names a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .hand_state import DISCARD, DRAW, SHOW
from .turns import legal_discards, legal_draws


def dropping_legal_actions(state: Any, action: Any, kind_of: Sequence[int], take_refused: Callable[[Any], bool],
                           banned: Callable[[Any], int | None], declarations_of: Callable[[Any], list],
                           shown_groups: Callable[[Any, int], Any], declarations: bool = True) -> list:
    """Phase ``draw``: drop, draw from the stock, take the top discard (unless ``take_refused``).
    Phase ``discard``: every card that may be discarded (never the ``banned`` kind), and with
    ``declarations`` the game's ``declarations_of(state)``.  Phase ``show``: the seat's
    ``shown_groups(state, seat)``.  Phase ``over``: nothing."""
    if state.phase == DRAW:
        return legal_draws(state, action, take_refused(state), drop=True)
    if state.phase == DISCARD:
        out = legal_discards(state, action, kind_of, banned(state))
        if declarations:
            out += declarations_of(state)
        return out
    if state.phase == SHOW:
        return [action.show(state.turn, shown_groups(state, state.turn))]
    return []


def plain_dropping_action(state: Any, action: Any, legal_actions: Callable[[Any], list],
                          best_discard: Callable[[Any, list], Any]) -> Any:
    """An engine-only move for the seat to move of a game with drops, from its own cards only: draw
    from the stock; declare when the cards allow it (the first declaration listed); else the
    discard ``best_discard(state, discards)`` picks of the legal ones; the first grouping listed in
    phase ``show``.  Raises ``ValueError`` when nobody is to move."""
    if state.phase == DRAW:
        return action.draw_stock(state.turn)
    if state.phase == DISCARD:
        legal = legal_actions(state)
        declares = [a for a in legal if a.type == "declare"]
        if declares:
            return declares[0]
        return best_discard(state, [a for a in legal if a.type == "discard"])
    if state.phase == SHOW:
        return legal_actions(state)[0]
    raise ValueError("nobody is to move in a finished deal")
