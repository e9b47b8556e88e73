"""The legal-move source of 21-card Indian Rummy: bots, the UI and the tests list moves here.

Phase ``draw``: drop (T9), draw from the stock, take the top discard (unless T4.2 refuses it).
Phase ``discard``: every card that may be discarded (T4.3), and for every finish card that leaves
a valid show (T7.2), one such show.  A show is any split of the held cards, so an invalid one, or
another valid grouping, is also accepted by ``apply`` though not listed.  Phase ``show``: the
seat's grouping with the lowest count (T10).  Phase ``over``: nothing.

>>> from random import Random
>>> from game.indian21 import RuleSet, new_deal
>>> [a.type for a in legal_actions(new_deal(RuleSet(players=3), Random(3)))]
['drop', 'draw_stock', 'take_discard']
"""

from __future__ import annotations

from game.core.hand_legal import dropping_legal_actions

from .actions import Action
from .arrange import find_show, lowest_count, may_show_a_after_finish
from .deck import KIND
from .melds import MeldRules, dublees_held, jokers_held, tunnelas_held
from .state import State
from .turn import banned_kind, joker_take_refused


def legal_actions(state: State, *, declarations: bool = True) -> list[Action]:
    """Every legal action of the seat to move (one show a finish card; see the module docstring).
    ``declarations=False`` skips the search for shows."""
    return dropping_legal_actions(state, Action, KIND, joker_take_refused, banned_kind, declarations_of, _lowest_count,
                                  declarations)


def _lowest_count(state: State, p: int) -> tuple:
    """T10: the seat's grouping with the lowest count."""
    assert state.meld_rules is not None
    return lowest_count(state.hand_kinds(p), state.meld_rules).groups


def might_show(kinds: list[int], rules: MeldRules) -> bool:
    """A quick look before the search: whether some card of ``kinds`` (one more than a show holds)
    can be the finish card of a valid show.  Taking a card away never adds a tunnela, a dublee, a
    joker or a pure sequence."""
    return bool(rules.show_tunnelas and tunnelas_held(kinds) >= rules.show_tunnelas
                or rules.show_dublees and dublees_held(kinds) >= rules.show_dublees
                or rules.show_jokers and jokers_held(kinds, rules) >= rules.show_jokers
                or may_show_a_after_finish(kinds, rules))


def declarations_of(state: State) -> list[Action]:
    """T7.2: one valid show for every finish card that leaves one (phase ``discard``)."""
    p = state.turn
    hand = state.hand_kinds(p)
    rules = state.meld_rules
    assert rules is not None
    if not might_show(hand, rules):
        return []
    banned = banned_kind(state)
    out = []
    for finish in sorted(set(hand) - {banned}):
        rest = list(hand)
        rest.remove(finish)
        found = find_show(rest, rules)
        if found is not None:
            out.append(Action.declare(p, finish, found[1]))
    return out
