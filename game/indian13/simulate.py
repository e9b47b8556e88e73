"""Random play for soak runs and benchmarks: ``python -m game.indian13.simulate --hands N --seed S``;
and :func:`plain_action`, a plain sensible move (tests and harnesses drive deals with it).

Plays ``N`` random deals over every player count and a mix of options and presets, checks the
invariants after every action (every physical card once, hand sizes against phase and ``out``,
private observations; the JSON round trip every 10th action and at the end of a deal, ``apply``
leaving its input alone every 8th) and prints the counts: hands, actions, breaks (invariant failures or crashes,
each with the seed that replays it) and hands a second.
"""

from __future__ import annotations

import random
import sys

from game.core import soak
from game.core.hand_legal import plain_dropping_action
from game.core.soak import Soak, dropping_random_action

from .actions import Action
from .arrange import arrange
from .deal import new_deal
from .deck import KIND, deck_ids
from .legal import legal_actions
from .observation import observe
from .rules import PRESETS, RuleSet
from .scoring import meld_rules
from .serialize import from_json, to_json
from .state import State
from .turn import apply, banned_kind

# (players, options): every player count, every option, and the presets
CONFIGS: list[tuple[int, dict]] = [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}),
    (2, {"auto_arrange_losers": False}), (3, {"auto_arrange_losers": False, "four_card_life": True}),
    (4, {"invalid_declare_ends_deal": True}), (5, {"stock_out": "void"}),
    (6, {"joker_from_discard": "allowed", "max_jokers_per_meld": "unlimited"}),
    (2, {"jokers": "printed_only"}), (3, {"jokers": "none"}),
    (4, {"pj_cut": "printed_only", "pj_cut_double_score": True}),
    (5, {"auto_arrange_declarer": True, "first_turn_bonus": True}),
    (6, {"full_count": "flat", "count_melded_cards": True, "cap": None}),
    (3, {"deck_table": "catsatcards"}), (6, {"deck_table": "catsatcards", "auto_arrange_losers": False}),
]
CONFIGS += [(2 + i % 5, {k: v for k, v in rules.to_json().items() if k != "players"})
            for i, rules in enumerate(PRESETS.values())]


def random_action(state: State, rng: random.Random, *, drop: float = 0.03, invalid: float = 0.01,
                  declare: float = 0.8, search: bool = True) -> Action:
    """A random legal action: mostly draws and discards, sometimes a drop, a valid declaration
    when one exists (with probability ``declare``), now and then an invalid one, and shows that
    are either the engine's grouping or a careless one."""
    return dropping_random_action(state, rng, legal_actions, Action, KIND, banned_kind, 3, (3, 7), drop=drop,
                                  invalid=invalid, declare=declare, search=search)


def check_state(state: State, *, round_trip: bool = True) -> None:
    """The invariants of every reachable state (I1.3, I9.4, I11); raises :class:`AssertionError`."""
    soak.check_dropping_state(state, deck_ids(state.rules), 13, to_json, from_json, observe, "I11",
                              round_trip=round_trip)


SOAK = Soak(new_deal, apply, to_json, random_action, RuleSet, check_state, max_actions=5000)


report = soak.dropping_report
play_deal, run, main = SOAK.commands(CONFIGS, "python -m game.indian13.simulate", __doc__, report)


def plain_action(state: State) -> Action:
    """An engine-only move for the seat to move, using its own cards only: draw from the stock;
    declare when the cards allow it; else discard the loose card worth most."""
    return plain_dropping_action(state, Action, legal_actions, _loose_worth_most)


def _loose_worth_most(state: State, discards: list[Action]) -> Action:
    """The discard of the natural card worth most that the fewest-points grouping leaves loose."""
    best = arrange([KIND[c] for c in state.hands[state.turn]], meld_rules(state), state.points)
    loose = set(best.loose)
    return max(discards, key=lambda a: (a.card in loose and not state.wild[a.card], state.points[a.card]))


if __name__ == "__main__":
    sys.exit(main())
