"""Experiments behind Indian Rummy's Expert figures (docs/indian13.md): where its edge over Medium
could come from, measured with bots that read the real state on purpose.

    python -m tools.study13 peek --deals 60 --seed 11 --jobs 2
    python -m tools.study13 deny --deals 500 --penalty 3 --seed 5 --jobs 2

* ``peek``: the Expert's search (``search`` at ``time_s``) given the other seat's *real* hand in
  every determinization (only the stock order stays unknown), against Medium.  An upper bound for
  what any inference of the opponent's hand can add to the search.
* ``deny``: Medium's heuristic told exactly whether the other seat would take each of its best
  discards (Medium's own draw rule asked on the real state), a discard that would be taken costing
  ``penalty`` evaluation units more, against Medium.  An upper bound for what denial (not feeding
  the next seat) can win.

Both play every deal from both seats (duplicate), 2 players, the preset ``Standard points``; a deal
is won by the fewest points, ties shared, as in the arena.  Prints one JSON object: the first bot's
win rate with its 95 % (Wilson) interval.  None of these is a bot a player can pick.
"""

from __future__ import annotations

import argparse
import json
import random
from multiprocessing import Pool

import ai.indian13.search as search_module
from ai.arena import wilson
from ai.indian13.base import make_bot
from ai.indian13.heuristic import DEFAULT_PARAMS, Policy
from ai.indian13.view import public_record, state_with, view_state
from game.indian13 import Action, State, apply, new_deal, observe, preset
from game.indian13.state import DISCARD, OVER

PRESET = "Standard points"
MAX_ACTIONS = 2000


class PeekingSearch:
    """The search bot whose determinizations hold the other seats' real hands (the stock is
    shuffled as usual)."""

    name = "peek"

    def __init__(self, rng: random.Random, time_s: float) -> None:
        self.bot = make_bot("search", rng, time_s=time_s)

    def choose(self, state: State) -> Action:
        real = state

        def sample(obs, rng, record=None):
            stock = list(real.stock)
            rng.shuffle(stock)
            return state_with(obs, [list(h) for h in real.hands], stock)

        saved = search_module.sample_state
        search_module.sample_state = sample
        try:
            return self.bot.choose(observe(state, state.turn))
        finally:
            search_module.sample_state = saved


class Denier:
    """Medium, with each of its best five discards charged ``penalty`` when the other seat's own
    draw rule would take it (asked of Medium's policy on the real state after the discard)."""

    name = "deny"

    def __init__(self, rng: random.Random, penalty: float) -> None:
        self.bot = make_bot("heuristic", rng)
        self.penalty = penalty
        self.other = Policy(DEFAULT_PARAMS)

    def choose(self, state: State) -> Action:
        obs = observe(state, state.turn)
        action = self.bot.choose(obs)
        if state.phase != DISCARD or action.type != "discard":
            return action  # draws, drops and declarations as Medium
        view, record = view_state(obs), public_record(obs)
        ranked = self.bot.policy.discard_values(view, record)[:5]
        natural = [(c, k) for c, k in ranked if not view.wild[k]] or ranked[:1]
        best = None
        for cost, kind in natural:
            after = apply(state, Action.discard(state.turn, kind))
            if after.phase == OVER:
                return action
            taken = self.other.draw_values(after, public_record(observe(after, after.turn)))[0][1]
            total = cost + (self.penalty if taken.type == "take_discard" else 0.0)
            if best is None or total < best[0]:
                best = (total, kind)
        assert best is not None
        return Action.discard(state.turn, best[1])


def _deal(task: tuple[str, float, int, int]) -> float:
    """Both seatings of one deal: the first bot's wins (ties shared)."""
    what, value, seed, index = task
    won = 0.0
    for seat in (0, 1):
        rng = random.Random(seed * 100_003 + index)
        state = new_deal(preset(PRESET, 2), rng)
        first = (PeekingSearch(random.Random(index), value) if what == "peek"
                 else Denier(random.Random(index), value))
        medium = make_bot("heuristic", random.Random(index * 7 + 2))
        for _ in range(MAX_ACTIONS):
            if state.phase == OVER:
                break
            mover = state.turn
            action = first.choose(state) if mover == seat else medium.choose(observe(state, mover))
            state = apply(state, action)
        if state.result is None:
            continue
        low = min(state.result.points)
        winners = [s for s, p in enumerate(state.result.points) if p == low]
        won += 1.0 / len(winners) if seat in winners else 0.0
    return won


def run(what: str, value: float, deals: int, seed: int, jobs: int) -> dict:
    tasks = [(what, value, seed, i) for i in range(deals)]
    if jobs > 1:
        with Pool(jobs) as pool:
            wins = pool.map(_deal, tasks, chunksize=1)
    else:
        wins = list(map(_deal, tasks))
    games = 2 * deals
    low, high = wilson(sum(wins), games)
    return {"experiment": what, "value": value, "deals": deals, "games": games, "seed": seed,
            "win_rate": round(sum(wins) / games, 4), "ci95": [round(low, 4), round(high, 4)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.study13", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("peek")
    p.add_argument("--time-s", type=float, default=0.7, help="the search's clock per decision")
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--jobs", type=int, default=1)
    p = sub.add_parser("deny")
    p.add_argument("--penalty", type=float, default=3.0, help="evaluation units per discard the other seat takes")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    value = args.time_s if args.what == "peek" else args.penalty
    print(json.dumps(run(args.what, value, args.deals, args.seed, args.jobs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
