"""The legal-move source of 13-card Indian Rummy: bots, the UI and the tests list moves here.

Phase ``draw``: drop (I9.1), draw from the stock, take the top discard (unless I5.6 refuses it).
Phase ``discard``: every card that may be discarded (I5.3, I5.5), and for every finish card that
leaves a valid declaration, one such declaration (I7).  A declaration is any split of the 14
cards, so an invalid one, or another valid grouping, is also accepted by ``apply`` though not
listed.  Phase ``show``: the seat's fewest-points grouping (I10.3).  Phase ``over``: nothing.

>>> import random
>>> from .deal import new_deal
>>> from .rules import RuleSet
>>> [a.type for a in legal_actions(new_deal(RuleSet(), random.Random(3)))][:2]
['drop', 'draw_stock']
"""

from __future__ import annotations

from game.core.hand_legal import dropping_legal_actions

from .actions import Action
from .arrange import arrange, find_declaration, loners
from .deck import KIND
from .scoring import meld_rules
from .state import State
from .turn import banned_kind, joker_take_refused


def legal_actions(state: State, *, declarations: bool = True) -> list[Action]:
    """Every legal action of the seat to move (one declaration a finish card; see the module
    docstring).  ``declarations=False`` skips the search for declarations."""
    return dropping_legal_actions(state, Action, KIND, joker_take_refused, banned_kind, declarations_of, _fewest_points,
                                  declarations)


def _fewest_points(state: State, p: int) -> tuple:
    """I10.3: the seat's fewest-points grouping."""
    return arrange([KIND[c] for c in state.hands[p]], meld_rules(state), state.points).groups


def declarations_of(state: State) -> list[Action]:
    """I7.2: one valid declaration for every finish card that leaves one (phase ``discard``)."""
    p = state.turn
    hand = [KIND[c] for c in state.hands[p]]
    banned = banned_kind(state)
    rules = meld_rules(state)
    alone = loners(hand, rules)
    if alone is None or len(alone) > 1:
        return []
    out = []
    for finish in sorted((set(alone) or set(hand)) - {banned}):
        rest = list(hand)
        rest.remove(finish)
        groups = find_declaration(rest, rules)
        if groups is not None:
            out.append(Action.declare(p, finish, groups))
    return out
