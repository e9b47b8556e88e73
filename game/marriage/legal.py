"""The legal-move source of Indian Marriage: bots, the UI and the tests list moves here.

Phase ``expose``: every choice of the dealt tunnelas to lay (none included, M2.3).  Phase ``draw``:
draw from the stock, take the top discard (unless M5.1 refuses it).  Phase ``discard``: every card
that may be discarded (M5.2, M5.3); for a seat that has not seen, one way to see the maal by each
route it can take (M6); for a seat that may finish, one finish for every finish card that leaves a
valid W1 split (M7.1), or one W2 finish for every dublee it holds (M7.2).  Any other valid way to
see or finish is also accepted by ``apply`` though not listed (:mod:`game.marriage.solver` lists
them all), and so is an invalid finish (M8).  Phase ``over``: nothing.

Nothing listed for a seat that has not seen depends on the tiplu (M13): its combinations are all
natural, and the W2 finish card is chosen by kind alone.

>>> import random
>>> from .deal import new_deal
>>> from .rules import RuleSet
>>> [a.type for a in legal_actions(new_deal(RuleSet(), random.Random(3)))][:1]
['expose']
"""

from __future__ import annotations

from itertools import combinations

from game.core.errors import IllegalAction
from game.core.turns import legal_discards, legal_draws

from .actions import Action
from .deck import KIND
from .solver import dublee_kinds, find_dublee_see, find_pure_see, finishes
from .state import DISCARD, DRAW, EXPOSE, State
from .turn import DUBLEES_TO_SEE, W1, banned_kind, finish_route, joker_take_refused, see_need


def legal_actions(state: State, *, searches: bool = True) -> list[Action]:
    """Every legal action of the seat to move (see the module docstring).  ``searches=False``
    skips the searches for ways to see and to finish."""
    p = state.turn
    if state.phase == EXPOSE:
        tunnelas = [k for k in dublee_kinds(KIND[c] for c in state.hands[p])
                    if sum(1 for c in state.hands[p] if KIND[c] == k) == 3]
        return [Action.expose(p, [(k, k, k) for k in chosen])
                for size in range(len(tunnelas) + 1) for chosen in combinations(tunnelas, size)]
    if state.phase == DRAW:
        return legal_draws(state, Action, joker_take_refused(state), drop=False)
    if state.phase == DISCARD:
        out = legal_discards(state, Action, KIND, banned_kind(state))
        if searches:
            out += see_options(state) + finish_options(state)
        return out
    return []


def see_options(state: State) -> list[Action]:
    """M6: one way to see the maal by each route open to the seat to move (phase ``discard``)."""
    p = state.turn
    if state.phase != DISCARD or state.seen[p] is not None:
        return []
    hand = [KIND[c] for c in state.hands[p]]
    out = []
    pure = find_pure_see(hand, see_need(state, p))
    if pure is not None:
        out.append(Action.see_maal(p, pure))
    if state.rules.dublee_route:
        dublees = find_dublee_see(hand, DUBLEES_TO_SEE)
        if dublees is not None:
            out.append(Action.see_maal(p, dublees))
    return out


def finish_options(state: State) -> list[Action]:
    """M7: the valid finishes of the seat to move: one a finish card (W1), or one a dublee (W2)."""
    p = state.turn
    if state.phase != DISCARD:
        return []
    try:
        route = finish_route(state, p)
    except IllegalAction:
        return []  # M7.3
    hand = [KIND[c] for c in state.hands[p]]
    banned = banned_kind(state)
    if route == W1:
        found = finishes(hand, banned, state.tiplu_kind, state.rules.max_wilds_per_combo)
        return [Action.declare(p, finish, groups) for finish, groups in found.items()]
    pairs = dublee_kinds(hand)
    if state.seen[p] is None:  # M7.2 without a show: all eight dublees at once
        wanted = DUBLEES_TO_SEE + 1
        if len(pairs) < wanted:
            return []
        chosen = [[(k, k) for k in pairs[:wanted]]]
    else:
        chosen = [[(k, k)] for k in pairs]
    return [a for a in (dublee_finish(p, hand, groups, banned) for groups in chosen) if a is not None]


def dublee_finish(p: int, hand: list[int], groups: list[tuple[int, int]], banned: int | None) -> Action | None:
    """A finish of seat ``p`` laying the dublees ``groups`` with the lowest card left in ``hand``
    face down (never the ``banned`` one), or ``None`` when no card may go."""
    rest = list(hand)
    for g in groups:
        for k in g:
            rest.remove(k)
    finish = next((k for k in sorted(rest) if k != banned), None)
    return None if finish is None else Action.declare(p, finish, groups)
