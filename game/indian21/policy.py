"""Two simple policies over the legal-move source: :func:`random_action` (soak runs, benches, the
registry's random player) and :func:`plain_action`, a plain sensible move (tests and harnesses
drive deals with it)."""

from __future__ import annotations

import random

from game.core.hand_legal import plain_dropping_action
from game.core.soak import dropping_random_action

from .actions import Action
from .arrange import arrange
from .deck import KIND
from .legal import legal_actions
from .state import State
from .turn import banned_kind


def random_action(state: State, rng: random.Random, *, drop: float = 0.03, invalid: float = 0.01,
                  declare: float = 0.8, search: bool = True) -> Action:
    """A random legal action: mostly draws and discards, sometimes a drop, a valid show when one
    exists (with probability ``declare``), now and then an invalid one, and shows of the losers that
    are either the engine's grouping or a careless one."""
    return dropping_random_action(state, rng, legal_actions, Action, KIND, banned_kind, 4, (3, 7, 12), drop=drop,
                                  invalid=invalid, declare=declare, search=search)


def plain_action(state: State) -> Action:
    """An engine-only move for the seat to move, using its own cards only: draw from the stock;
    show when the cards allow it; else discard the natural card outside melds worth most (the card
    whose loss hurts least), never a wild card while another will do."""
    return plain_dropping_action(state, Action, legal_actions, _hurts_least)


def _hurts_least(state: State, discards: list[Action]) -> Action:
    """The discard of the natural card outside melds worth most, never a wild card while another will do."""
    assert state.meld_rules is not None
    best = arrange(state.hand_kinds(state.turn), state.meld_rules)
    loose = set(best.loose) if best is not None else set()
    return max(discards, key=lambda a: (not state.wild[a.card], a.card in loose,  # type: ignore[index]
                                        state.points[a.card], -a.card))  # type: ignore[index,operator]
