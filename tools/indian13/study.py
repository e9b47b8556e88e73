"""Experiments behind Indian Rummy's Expert figures (docs/indian13.md): where its edge over Medium
could come from, measured with bots that read the real state on purpose.

    python -m tools.indian13.study peek --deals 60 --seed 11 --jobs 2
    python -m tools.indian13.study deny --deals 500 --penalty 3 --seed 5 --jobs 2
    python -m tools.indian13.study model --deals 300 --seed 12 --jobs 2
    python -m tools.indian13.study rivals --deals 300 --seed 12 --jobs 2
    python -m tools.indian13.study fair --deals 300 --seed 13 --jobs 2 --players 4   (and peek --expert)
    python -m tools.indian13.study leaf --deals 3000 --test-deals 1500 --seed 31337 --jobs 2
    python -m tools.indian13.study takes --deals 1500 --test-deals 600 --seed 100 --jobs 2
    python -m tools.indian13.study fair-deny --penalty 4 --deals 1000 --seed 7002 --jobs 2

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
* ``fair``: the Expert's own search (its level's options, at ``time_s``), for comparing with
  ``peek --expert`` (the same search given the other seats' real hands) on the same deals.
* ``leaf``: how well the search's leaf estimate (:meth:`ai.indian13.search.SearchBot.estimate`)
  predicts who wins, against logistic models with more features fitted on other deals.  Positions:
  every draw of Medium self-play, the seat to move's view; ``--deals`` deals to fit on and
  ``--test-deals`` others (seed + 1) to score on (mean log-loss, lower is better).
* ``takes``: how well the public record predicts whether Medium takes the discard on top of the
  pile: a logistic model (:data:`TAKE_FEATURES`, from what the discarding seat may know) fitted on
  the draws of Medium self-play and scored on other deals (log-loss against a constant, and the
  area under the ROC curve).
* ``fair-deny``: ``deny`` with that model in place of the real state: each of Medium's best five
  discards charged ``penalty`` times the chance the other seat takes it (:data:`TAKE_WEIGHTS`, fitted
  by the ``takes`` command above).  A fair bot.

All but ``leaf`` and ``takes`` play every deal from both seats (duplicate), 2 players, the preset ``Standard
points`` (with ``--players N``, 3 to 6, N seats, Medium in all others, the first bot in one seat a
deal, moving round the table); a deal is won by the fewest points, ties shared, as in the arena.
They print one JSON object: the first bot's win rate with its 95 % (Wilson) interval.  None of these is a bot a player
can pick.
"""

from __future__ import annotations

import argparse
import bisect
import json
import math
import random
from collections import Counter
from multiprocessing import Pool

from ai.arena import wilson
from ai.indian13.base import make_bot
from ai.indian13.heuristic import DEFAULT_PARAMS, Policy
from ai.indian13.levels import LEVELS
from ai.indian13.search import SearchBot
from ai.indian13.view import PublicRecord, public_record, state_with, view_state
from game.core.cards import rank_of, suit_of
from game.core.turns import next_in_play
from game.indian13 import Action, State, apply, new_deal, observe, preset
from game.indian13.deck import KIND
from game.indian13.state import DISCARD, DRAW, OVER
from tools.seatings import seatings

PRESET = "Standard points"
MAX_ACTIONS = 2000


class PeekingSearch:
    """The search bot whose determinizations hold the other seats' real hands (the stock is
    shuffled as usual; with ``peek=False`` dealt as the search deals them), optionally with the
    Expert's options and Medium's policy for the other seat (``model``)."""

    name = "peek"

    def __init__(self, rng: random.Random, time_s: float, model: bool = False, peek: bool = True,
                 expert: bool = False) -> None:
        options = dict(LEVELS["Expert"].options) if model or expert else {}
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
    draw rule would take it (asked of Medium's policy on the real state after the discard), or,
    with ``fair``, ``penalty`` times the chance :func:`take_chance` gives."""

    name = "deny"

    def __init__(self, rng: random.Random, penalty: float, fair: bool = False) -> None:
        self.bot = make_bot("heuristic", rng)
        self.penalty = penalty
        self.fair = fair
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
            if self.fair:
                fed = take_chance(kind, next_in_play(state, state.turn), record, state.points)
            else:
                after = apply(state, Action.discard(state.turn, kind))
                if after.phase == OVER:
                    return action
                taken = self.other.draw_values(after, public_record(observe(after, after.turn)))[0][1]
                fed = 1.0 if taken.type == "take_discard" else 0.0
            total = cost + self.penalty * fed
            if best is None or total < best[0]:
                best = (total, kind)
        assert best is not None
        return Action.discard(state.turn, best[1])


def _deal(task: tuple[str, float, int, int, int, bool]) -> float:
    """One deal, Medium in every other seat: the first bot's wins (ties shared) over the seatings
    :func:`~tools.seatings.seatings` gives."""
    what, value, seed, index, players, expert = task
    won = 0.0
    for seat in seatings(index, players):
        rng = random.Random(seed * 100_003 + index)
        state = new_deal(preset(PRESET, players), rng)
        first = (Denier(random.Random(index), value, fair=what == "fair-deny") if what.endswith("deny") else
                 PeekingSearch(random.Random(index), value, model=what in ("model", "rivals"),
                               peek=what in ("peek", "model"), expert=expert or what == "fair"))
        medium = {s: make_bot("heuristic", random.Random(index * 7 + 2)) for s in range(players)}
        for _ in range(MAX_ACTIONS):
            if state.phase == OVER:
                break
            mover = state.turn
            action = first.choose(state) if mover == seat else medium[mover].choose(observe(state, mover))
            state = apply(state, action)
        if state.result is None:
            continue
        low = min(state.result.points)
        winners = [s for s, p in enumerate(state.result.points) if p == low]
        won += 1.0 / len(winners) if seat in winners else 0.0
    return won


# --- takes -----------------------------------------------------------------------------------------

TAKE_FEATURES = (
    "constant", "points / 10", "draws so far / 10", "cards taken so far",
    "held: same suit, 1 apart", "held: same suit, 2 apart", "held: same rank", "held: same card",
    "shed: same suit, 1 apart", "shed: same suit, 2 apart", "shed: same rank", "shed: same card",
    "refused: same suit, 1 apart", "refused: same suit, 2 apart", "refused: same rank", "refused: same card",
)
# fitted by `python -m tools.indian13.study takes --deals 1500 --test-deals 600 --seed 100 --jobs 2`
TAKE_WEIGHTS = (0.314, -0.427, -0.642, -0.22, 0.897, 0.792, 0.704, -1.199, -0.149, -0.189, -0.16, -2.035,
                -0.22, -0.106, -0.122, -1.457)


def _near(kind: int, counts: Counter) -> list[int]:
    """Cards of ``counts`` of the same suit one and two ranks away (the ace next to the two and
    the king), of the same rank in another suit, and of the same kind."""
    rank, suit = rank_of(kind), suit_of(kind)
    out = [0, 0, 0, 0]
    for other, n in counts.items():
        if other >= 52 or n <= 0:
            continue
        if other == kind:
            out[3] += n
        elif suit_of(other) == suit:
            r = rank_of(other)
            gap = min(abs(r - rank), 14 - r if rank == 1 else 99, 14 - rank if r == 1 else 99)
            if gap <= 2:
                out[gap - 1] += n
        elif rank_of(other) == rank:
            out[2] += n
    return out


def take_features(kind: int, seat: int, record: PublicRecord, points: list[int]) -> list[float]:
    """:data:`TAKE_FEATURES` of ``kind`` offered to ``seat``, from the public record."""
    return ([1.0, points[kind] / 10, record.turns / 10, float(sum(record.taken[seat].values()))]
            + _near(kind, record.known[seat]) + _near(kind, record.shed[seat]) + _near(kind, record.refused[seat]))


def take_chance(kind: int, seat: int, record: PublicRecord, points: list[int]) -> float:
    """The chance that ``seat`` takes ``kind`` from the pile (:data:`TAKE_WEIGHTS`)."""
    return _sigmoid(sum(w * x for w, x in zip(TAKE_WEIGHTS, take_features(kind, seat, record, points))))


def _take_rows(task: tuple[int, int]) -> list[tuple[list[float], bool]]:
    """Every draw of one deal of Medium self-play with a natural card on top of the pile that the
    other seat discarded: its features as that seat sees them, and whether it was taken."""
    seed, index = task
    state = new_deal(preset(PRESET, 2), random.Random(seed * 1_000_003 + index))
    bots = [make_bot("heuristic", random.Random(index * 2 + s)) for s in range(2)]
    rows = []
    for _ in range(MAX_ACTIONS):
        if state.phase == OVER:
            break
        mover = state.turn
        action = bots[mover].choose(observe(state, mover))
        if state.phase == DRAW and action.type in ("draw_stock", "take_discard") and state.history:
            record = public_record(observe(state, 1 - mover))
            top = record.pile[-1] if record.pile else -1
            if 0 <= top < 52 and not state.wild[top]:
                rows.append((take_features(top, mover, record, state.points), action.type == "take_discard"))
        state = apply(state, action)
    return rows


def _auc(chances: list[float], labels: list[bool]) -> float:
    """Chance that a taken card is rated above one left (ties half)."""
    left = sorted(p for p, y in zip(chances, labels) if not y)
    taken = [p for p, y in zip(chances, labels) if y]
    total = 0.0
    for p in taken:
        below = bisect.bisect_left(left, p)
        total += below + 0.5 * (bisect.bisect_right(left, p) - below)
    return total / (len(taken) * len(left))


def takes(deals: int, test_deals: int, seed: int, jobs: int) -> dict:
    tasks = [(seed, i) for i in range(deals)] + [(seed + 1, i) for i in range(test_deals)]
    parts = _map(_take_rows, tasks, jobs, chunksize=20)
    train = [r for part in parts[:deals] for r in part]
    test = [r for part in parts[deals:] for r in part]
    y_train, y_test = [y for _, y in train], [y for _, y in test]
    w = _logistic([x for x, _ in train], y_train)
    chances = [_sigmoid(sum(a * b for a, b in zip(w, x))) for x, _ in test]
    base = sum(y_train) / len(y_train)
    return {"experiment": "takes", "seed": seed, "draws": [len(train), len(test)],
            "take_rate": [round(base, 4), round(sum(y_test) / len(y_test), 4)],
            "log_loss": {"a constant": round(_log_loss([base] * len(test), y_test), 4),
                         "the model": round(_log_loss(chances, y_test), 4)},
            "auc": round(_auc(chances, y_test), 4),
            "weights": {name: round(x, 3) for name, x in zip(TAKE_FEATURES, w)}}


def _map(function, tasks: list, jobs: int, chunksize: int = 1) -> list:
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(function, tasks, chunksize=chunksize)
    return list(map(function, tasks))


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
    parts = _map(_leaf_positions, tasks, jobs, chunksize=20)
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


def run(what: str, value: float, deals: int, seed: int, jobs: int, players: int = 2, expert: bool = False) -> dict:
    wins = _map(_deal, [(what, value, seed, i, players, expert) for i in range(deals)], jobs)
    games = len(seatings(0, players)) * deals
    low, high = wilson(sum(wins), games)
    out = {"experiment": what, "value": value, "players": players, "deals": deals, "games": games, "seed": seed,
           "win_rate": round(sum(wins) / games, 4), "ci95": [round(low, 4), round(high, 4)]}
    if not what.endswith("deny"):
        out["expert_options"] = expert or what != "peek"
    return out


PLAYERS_HELP = "seats (2: each deal from both seats; more: the first bot in one seat a deal, in turn)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.indian13.study", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    for name in ("peek", "model", "rivals", "fair"):
        p = sub.add_parser(name)
        p.add_argument("--time-s", type=float, default=0.7, help="the search's clock per decision")
        p.add_argument("--expert", action="store_true", help="peek: with the Expert level's options")
        p.add_argument("--players", type=int, default=2, help=PLAYERS_HELP)
        p.add_argument("--deals", type=int, default=60)
        p.add_argument("--seed", type=int, default=11)
        p.add_argument("--jobs", type=int, default=1)
    for name, deals, seed in (("leaf", 3000, 31337), ("takes", 1500, 100)):
        p = sub.add_parser(name)
        p.add_argument("--deals", type=int, default=deals, help="deals to fit the models on")
        p.add_argument("--test-deals", type=int, default=deals // 2, help="deals (seed + 1) to score them on")
        p.add_argument("--seed", type=int, default=seed)
        p.add_argument("--jobs", type=int, default=1)
    for name in ("deny", "fair-deny"):
        p = sub.add_parser(name)
        p.add_argument("--penalty", type=float, default=3.0, help="evaluation units per discard the other seat takes")
        p.add_argument("--players", type=int, default=2, help=PLAYERS_HELP)
        p.add_argument("--deals", type=int, default=500)
        p.add_argument("--seed", type=int, default=5)
        p.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what in ("leaf", "takes"):
        fit = leaf if args.what == "leaf" else takes
        print(json.dumps(fit(args.deals, args.test_deals, args.seed, args.jobs)))
        return 0
    value = args.penalty if args.what.endswith("deny") else args.time_s
    print(json.dumps(run(args.what, value, args.deals, args.seed, args.jobs, args.players,
                         getattr(args, "expert", False))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
