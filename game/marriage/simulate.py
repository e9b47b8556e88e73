"""Random play for soak runs and benchmarks: ``python -m game.marriage.simulate --hands N --seed S``
(the policies, :func:`random_action` and :func:`plain_action`, live in :mod:`game.marriage.policy`).

Plays ``N`` random deals over every player count and a mix of options and presets, checks the
invariants after every action (every physical card once, card counts against phase and ``out``,
the result, private observations: nothing about the jokers for a seat that has not seen; the JSON
round trip every 10th action and at the end of a deal, ``apply`` leaving its input alone every 8th)
and prints the counts: deals, actions, breaks (invariant failures or crashes, each with the seed
that replays it) and deals a second.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable

from game.core import soak
from game.core.soak import Soak, summary

from .deal import new_deal
from .deck import DECK_IDS, HAND_SIZE
from .observation import observe
from .policy import plain_action, random_action
from .rules import PRESETS, RuleSet
from .serialize import from_json, to_json
from .state import DISCARD, DRAW, OVER, VOID, State
from .turn import apply

# (players, options): every player count, every option, and the presets
CONFIGS: list[tuple[int, dict]] = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (2, {"dublee_route": False}), (3, {"finish_same_turn": False}), (4, {"dublee_finish_without_show": True}),
    (5, {"max_wilds_per_combo": 1}), (2, {"unseen_maal": "zero", "stock_out": "void"}),
    (3, {"stock_out": "void"}), (4, {"double_marriage_points": 30, "format": "points", "point_value": 2.5}),
    (5, {"seen_game_points": 0, "unseen_game_points": 7, "dublee_bonus": 0, "invalid_finish_penalty": 25,
         "deals": 3}),
    (2, {"dublee_finish_without_show": True, "dublee_route": False, "finish_same_turn": False}),
    (3, {"max_wilds_per_combo": 1, "unseen_maal": "zero"}),
]
CONFIGS += [(2 + i % 4, {k: v for k, v in rules.to_json().items() if k != "players"})
            for i, rules in enumerate(PRESETS.values())]

MAX_ACTIONS = 5000


# --- invariants and the soak run ---------------------------------------------------------------

def check_state(state: State, *, round_trip: bool = True) -> None:
    """The invariants of every reachable state; raises :class:`AssertionError`."""
    assert sorted(state.all_cards()) == sorted(DECK_IDS), "a card was lost or duplicated (M1.1)"
    over = state.phase == OVER
    for s in range(state.players):
        expected = HAND_SIZE + (state.phase == DISCARD and s == state.turn)
        held = state.held(s)
        assert held == expected or (over and s == state.turn and held == HAND_SIZE + 1 and state.finish is None), \
            f"seat {s} holds {held} cards in phase {state.phase}"
    assert (state.result is None) == (not over)
    if state.phase == DRAW:
        assert state.stock, "a turn never starts with an empty stock (M9)"
    if any(state.seen) and not (over and state.result.reason == VOID):  # type: ignore[union-attr]
        assert state.tiplu is not None, "M4.1: the first sight sets the tiplu"
    elif not over:
        assert state.tiplu is None, "M4.1: no tiplu before the first sight"
    if over:
        r = state.result
        assert sum(r.net) == 0, "M11: the deal sums to 0"
        if r.reason == VOID:
            assert r.winner is None and not any(r.net) and not any(r.maal) and not any(r.game_points)
        else:
            assert r.game_points[r.winner] == 0 and state.out[r.winner] is None and state.tiplu is not None
    else:
        assert state.out[state.turn] is None and len(state.in_play()) >= 2, "the seat to move is in play"
    if round_trip:
        doc = to_json(state)
        assert to_json(from_json(doc)) == doc, "JSON round trip"
    for seat in range(state.players):
        check_observation(state, seat)


def check_observation(state: State, seat: int) -> None:
    """M13: a seat sees its own hand and the public table; a seat that has not seen learns nothing
    about the jokers before the deal is over."""
    obs = observe(state, seat)
    assert obs.hand == tuple(state.hands[seat])
    if state.phase != OVER:
        assert obs.finish is None and obs.result is None and not any(obs.revealed_hands)
        if state.seen[seat] is None:
            assert obs.tiplu is None and obs.jokers is None, "M13: no joker information for a seat that has not seen"
        else:
            assert obs.tiplu == state.tiplu


def _count(before: State, action, after: State, stats: Counter) -> None:
    """What a Marriage deal counts beyond every game's counts."""
    if action.type == "see_maal":
        stats["seen_" + after.seen[action.player]] += 1  # type: ignore[operator]
    elif action.type == "expose" and action.groups:
        stats["tunnelas_exposed"] += len(action.groups)
    elif action.type == "declare" and after.out[action.player] is not None:
        stats["invalid_finish"] += 1


SOAK = Soak(new_deal, apply, to_json, random_action, RuleSet, check_state, max_actions=MAX_ACTIONS, count=_count,
            reshuffle_growth=1)


def play_deal(rules: RuleSet, rng: random.Random, stats: Counter,
              check: Callable[..., None] = check_state) -> State:
    """Play one random deal, calling ``check`` after every action and counting what happened."""
    return SOAK.play_deal(rules, rng, stats, check)


def run(hands: int, seed: int, log: Callable[[str], None] = print, check: Callable[..., None] = check_state) -> Counter:
    """Play ``hands`` deals; a failing deal is logged with the seed that replays it."""
    return SOAK.run(hands, seed, CONFIGS, log, check, word="deals")


def report(stats: Counter) -> dict:
    return summary(stats, "deals", ("declared", "dublees", "all_out", "void"),
                   ("tunnelas_exposed", "draw_stock", "take_discard", "seen_pure", "seen_dublee", "discard",
                    "declare", "invalid_finish", "reshuffle"))


def main(argv: list[str] | None = None) -> int:
    return soak.main(argv, "python -m game.marriage.simulate", __doc__, run, report, "deals to play")


__all__ = ["CONFIGS", "check_observation", "check_state", "plain_action", "play_deal", "random_action", "run"]

if __name__ == "__main__":
    sys.exit(main())
