"""Experiments behind Indian Rummy's Expert figures (docs/indian13.md): where its edge over Medium
could come from, measured with bots that read the real state on purpose.

    python -m tools.study13 peek --deals 60 --seed 11 --jobs 2
    python -m tools.study13 deny --deals 500 --penalty 3 --seed 5 --jobs 2
    python -m tools.study13 model --deals 300 --seed 12 --jobs 2
    python -m tools.study13 rivals --deals 300 --seed 12 --jobs 2
    python -m tools.study13 leaf --deals 3000 --test-deals 1500 --seed 31337 --jobs 2

* ``peek``: the Expert's search (``search`` at ``time_s``) given the other seat's *real* hand in
  every determinization (only the stock order stays unknown), against Medium.  An upper bound for
  what any inference of the opponent's hand can add to the search.
* ``deny``: Medium's heuristic told exactly whether the other seat would take each of its best
  discards (Medium's own draw rule asked on the real state), a discard that would be taken costing
  ``penalty`` evaluation units more, against Medium.  An upper bound for what denial (not feeding
  the next seat) can win.
* ``model``: ``peek`` with the Expert level's options, and the other seat played on in the
  play-outs by Medium's own policy (without its danger term and drops) instead of the quick
  rules: the search knowing everything but the stock order.  An upper bound for what inference of the
  opponent's hand *and* a model of its play can add to the Expert's search.
* ``rivals``: ``model`` without the peek (hands dealt as the search deals them): a fair bot, the
  Expert whose play-outs model the other seat as Medium.
* ``leaf``: how well the search's leaf estimate (:meth:`ai.indian13.search.SearchBot.estimate`)
  predicts who wins, against logistic models with more features fitted on other deals.  Positions:
  every draw of Medium self-play, the seat to move's view; ``--deals`` deals to fit on and
  ``--test-deals`` others (seed + 1) to score on (mean log-loss, lower is better).

All but ``leaf`` play every deal from both seats (duplicate), 2 players, the preset ``Standard
points``; a deal is won by the fewest points, ties shared, as in the arena.  They print one JSON
object: the first bot's win rate with its 95 % (Wilson) interval.  None of these is a bot a player
can pick.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from multiprocessing import Pool

from ai.arena import wilson
from ai.indian13.base import make_bot
from ai.indian13.heuristic import DEFAULT_PARAMS, Policy
from ai.indian13.levels import LEVELS
from ai.indian13.search import SearchBot
from ai.indian13.view import public_record, state_with, view_state
from game.indian13 import Action, State, apply, new_deal, observe, preset
from game.indian13.deck import KIND
from game.indian13.state import DISCARD, DRAW, OVER

PRESET = "Standard points"
MAX_ACTIONS = 2000


class PeekingSearch:
    """The search bot whose determinizations hold the other seats' real hands (the stock is
    shuffled as usual; with ``peek=False`` dealt as the search deals them), optionally with the
    Expert's options and Medium's policy for the other seat (``model``)."""

    name = "peek"

    def __init__(self, rng: random.Random, time_s: float, model: bool = False, peek: bool = True) -> None:
        options = dict(LEVELS["Expert"].options) if model else {}
        options["time_s"] = time_s
        self.bot = make_bot("search", rng, **options)
        self.model = Policy(DEFAULT_PARAMS) if model else None
        self.peek = peek
        if self.model is not None:  # the other seat plays on as Medium (no danger term, no drops)
            self.bot.other_draw = lambda s: self.model.draw_values(s)[0][1]
            self.bot.other_discard = self.model.discard

    def choose(self, state: State) -> Action:
        real = state

        def sample(obs, rng, record=None):
            stock = list(real.stock)
            rng.shuffle(stock)
            return state_with(obs, [list(h) for h in real.hands], stock)

        if self.peek:
            self.bot.sample = sample
        return self.bot.choose(observe(state, state.turn))


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
        first = (Denier(random.Random(index), value) if what == "deny" else
                 PeekingSearch(random.Random(index), value, model=what != "peek", peek=what != "rivals"))
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


# --- leaf ------------------------------------------------------------------------------------------

# the models compared with the leaf estimate: name -> features of a position (v: the evaluator's
# value of the hand of the seat to move and of the other seat, draws: draws so far in the deal,
# wild: wild cards in each hand)
LEAF_MODELS = {
    "refit (its own form)": lambda p: [1.0, p["v_other"] - p["v"]],
    "+ stage": lambda p: [1.0, p["v"], p["v_other"], p["draws"] / 10, p["v"] * p["draws"] / 10,
                          p["v_other"] * p["draws"] / 10],
    "+ stage + wild cards": lambda p: [1.0, p["v"], p["v_other"], p["draws"] / 10, p["v"] * p["draws"] / 10,
                                       p["v_other"] * p["draws"] / 10, p["wild"], p["wild_other"]],
}


def _leaf_positions(task: tuple[int, int]) -> list[dict]:
    """The draws of one deal of Medium self-play, each seen by the seat to move, with whether that
    seat won (deals with no single winner left out)."""
    seed, index = task
    rng = random.Random(seed * 1_000_003 + index)
    state = new_deal(preset(PRESET, 2), rng)
    bots = [make_bot("heuristic", random.Random(rng.getrandbits(64))) for _ in range(2)]
    probe = SearchBot(random.Random(0))
    positions = []
    for _ in range(MAX_ACTIONS):
        if state.phase == OVER:
            break
        if state.phase == DRAW and all(o is None for o in state.out):
            ev = probe.rollout.evaluator(state)
            me, other = state.turn, 1 - state.turn
            value = {s: ev.value([KIND[c] for c in state.hands[s]]) for s in (me, other)}
            wild = {s: sum(state.wild[KIND[c]] for c in state.hands[s]) for s in (me, other)}
            positions.append({"seat": me, "v": value[me], "v_other": value[other], "draws": len(positions),
                              "wild": wild[me], "wild_other": wild[other], "estimate": probe.estimate(state, me)})
        state = apply(state, bots[state.turn].choose(observe(state, state.turn)))
    points = state.result.points if state.result is not None else None
    if points is None or points[0] == points[1]:
        return []
    winner = points.index(min(points))
    return [{**p, "won": p["seat"] == winner} for p in positions]


def _logistic(rows: list[list[float]], labels: list[bool], ridge: float = 1e-3) -> list[float]:
    """Weights of a logistic regression (Newton's method, a little ridge for stability)."""
    d = len(rows[0])
    w = [0.0] * d
    for _ in range(30):
        grad = [ridge * x for x in w]
        hess = [[ridge * (i == j) for j in range(d)] for i in range(d)]
        for x, y in zip(rows, labels):
            p = _sigmoid(sum(a * b for a, b in zip(w, x)))
            for i in range(d):
                grad[i] += (p - y) * x[i]
                for j in range(d):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(b) for b in step) < 1e-8:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _log_loss(chances: list[float], labels: list[bool]) -> float:
    return -sum(math.log(max(1e-9, p if y else 1.0 - p)) for p, y in zip(chances, labels)) / len(labels)


def leaf(deals: int, test_deals: int, seed: int, jobs: int) -> dict:
    tasks = [(seed, i) for i in range(deals)] + [(seed + 1, i) for i in range(test_deals)]
    if jobs > 1:
        with Pool(jobs) as pool:
            parts = pool.map(_leaf_positions, tasks, chunksize=20)
    else:
        parts = list(map(_leaf_positions, tasks))
    train = [p for part in parts[:deals] for p in part]
    test = [p for part in parts[deals:] for p in part]
    y_train, y_test = [p["won"] for p in train], [p["won"] for p in test]
    base = sum(y_train) / len(y_train)
    out = {"experiment": "leaf", "seed": seed, "positions": [len(train), len(test)],
           "log_loss": {"a constant": round(_log_loss([base] * len(test), y_test), 4),
                        "the leaf estimate": round(_log_loss([p["estimate"] for p in test], y_test), 4)},
           "weights": {}}
    for name, features in LEAF_MODELS.items():
        w = _logistic([features(p) for p in train], y_train)
        chances = [_sigmoid(sum(a * b for a, b in zip(w, features(p)))) for p in test]
        out["log_loss"][name] = round(_log_loss(chances, y_test), 4)
        out["weights"][name] = [round(x, 3) for x in w]
    return out


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
    for name in ("peek", "model", "rivals"):
        p = sub.add_parser(name)
        p.add_argument("--time-s", type=float, default=0.7, help="the search's clock per decision")
        p.add_argument("--deals", type=int, default=60)
        p.add_argument("--seed", type=int, default=11)
        p.add_argument("--jobs", type=int, default=1)
    p = sub.add_parser("leaf")
    p.add_argument("--deals", type=int, default=3000, help="deals to fit the models on")
    p.add_argument("--test-deals", type=int, default=1500, help="deals (seed + 1) to score them on")
    p.add_argument("--seed", type=int, default=31337)
    p.add_argument("--jobs", type=int, default=1)
    p = sub.add_parser("deny")
    p.add_argument("--penalty", type=float, default=3.0, help="evaluation units per discard the other seat takes")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "leaf":
        print(json.dumps(leaf(args.deals, args.test_deals, args.seed, args.jobs)))
        return 0
    value = args.penalty if args.what == "deny" else args.time_s
    print(json.dumps(run(args.what, value, args.deals, args.seed, args.jobs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
