"""Random play for soak runs: ``python -m game.indian21.simulate --hands N --seed S``.

Plays ``N`` random deals over every player count and a mix of options and presets, checks the
invariants after every action (every physical card once, hand sizes against phase and ``out``,
private observations; the JSON round trip every 10th action and at the end of a deal, ``apply``
leaving its input alone every 8th, the settlement summing to 0) and prints the counts: hands,
actions, breaks (invariant failures or crashes, each with the seed that replays it) and hands a
second.
"""

from __future__ import annotations

import sys

from game.core import soak
from game.core.soak import Soak

from .deal import new_deal
from .deck import DECK_IDS
from .observation import observe
from .policy import plain_action, random_action
from .rules import PRESETS, RuleSet
from .serialize import from_json, to_json
from .state import INVALID_END, OVER, SHOW, State
from .turn import apply

# (players, options): every player count, every option, and the presets
CONFIGS: list[tuple[int, dict]] = [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}),
    (2, {"auto_arrange_losers": False}), (3, {"auto_arrange_losers": False, "half_rule": False}),
    (4, {"invalid_declare_ends_deal": True}), (5, {"stock_out": "void"}),
    (6, {"joker_from_discard": "allowed", "max_jokers_per_meld": 1}),
    (2, {"wild_rank": "same_suit_only", "pj_cut_value": "spade_trio"}),
    (3, {"hand_size": 27, "value_offsets": 2}),
    (4, {"auto_arrange_declarer": True, "half_rounding": "up", "cap": None}),
    (5, {"value_cards": False, "near_show_points": 0}),
    (6, {"show_pure_sequences": 0, "show_tunnelas": 2, "show_dublees": 6, "show_jokers": 5}),
    (3, {"show_pure_sequences": 2, "near_dublees": 0, "near_jokers": 0, "value_table": [5, 15, 25],
         "marriage_table": [50, 150, 250]}),
    (2, {"first_drop": 0, "middle_drop": 0, "invalid_declare_penalty": 0, "format": "deals", "deals": 2}),
    (5, {"hand_size": 27, "auto_arrange_losers": False, "invalid_declare_ends_deal": True}),
]
CONFIGS += [(2 + i % (3 if rules.hand_size == 27 else 5), {k: v for k, v in rules.to_json().items() if k != "players"})
            for i, rules in enumerate(PRESETS.values())]


def check_state(state: State, *, round_trip: bool = True) -> None:
    """The invariants of every reachable state (T1.2, T9, T13), the settlement of a finished deal
    (T8, T12) and the privacy of the hands in play (T15); raises :class:`AssertionError`."""
    soak.check_dropping_state(state, DECK_IDS, state.rules.hand_size, to_json, from_json, observe, "T13",
                              round_trip=round_trip)
    r = state.result
    if r is not None:
        if r.reason == INVALID_END:  # T8 (CONTRACT.md): nobody collects, each pays its points
            assert list(r.net) == [-p for p in r.points] and not any(r.value)
        else:
            assert sum(r.net) == 0, "the settlement sums to 0 (T12)"
    if state.phase not in (OVER, SHOW):
        for seat in range(state.players):
            shown = observe(state, seat).revealed_hands
            assert all(shown[s] is None for s in range(state.players) if s != seat and state.out[s] is None), \
                "a hand in play is private (T15)"


SOAK = Soak(new_deal, apply, to_json, random_action, RuleSet, check_state, max_actions=20000)


report = soak.dropping_report
play_deal, run, main = SOAK.commands(CONFIGS, "python -m game.indian21.simulate", __doc__, report)


__all__ = ["CONFIGS", "check_state", "main", "plain_action", "play_deal", "random_action", "run"]


if __name__ == "__main__":
    sys.exit(main())
