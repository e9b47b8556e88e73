"""Experiments behind the bot figures in README (how far the targets are, and why).

    python -m tools.vazhushal.study solo --bot heuristic --hands 400 --seed 1
    python -m tools.vazhushal.study oracle --hands 200 --width 4 --seed 99
    python -m tools.vazhushal.study gaps --states 24 --iterations 300 --seed 500
    python -m tools.vazhushal.study danger --hands 600 --weight 15 --seed 1
    python -m tools.vazhushal.study peek --deals 400 --seed 4242 --jobs 2 [--reveal 4] [--arms peeking] [--players 4]
    python -m tools.vazhushal.study model --hands 300 --samples 20 --tries 300 --seed 77000
    python -m tools.vazhushal.study infosets --players 4 --hands 12 --samples 100 --seed 99

* ``solo``: how many of its own turns a bot needs to go out when the other seat never takes from
  the line and discards the card it drew (a race against nobody: the bot's own speed).
* ``oracle``: the search bot given the *real* state (the stock order, the other hand) as its
  only determinization and the opponent's exact policy for its play-outs, against the heuristic,
  two players, every deal played from both seats.  An upper bound for what one step of look-ahead
  over the heuristic can win with perfect information.  With ``--against random`` it plays the
  random bot instead (the play-outs still play that seat as the heuristic: its dice are unknown).
* ``gaps``: at decision points of heuristic self-play, every candidate of the search bot played
  out to the end of the hand on many determinizations; prints each candidate's paired gain over
  the heuristic's own choice (win rate, with its standard error).  Small gaps mean that no
  amount of sampling makes the search much stronger than its rollout policy.
* ``danger``: the heuristic against the random bot, two players, but told exactly whether the
  next player could take from the line after each possible discard (its danger estimate replaced
  by the truth, ``weight`` points per dangerous card).  Shows how much better discards could do.
* ``peek``: the Expert's search (its level's options, an iteration budget instead of the clock so
  that the figures do not depend on how busy the machine is) against Medium, twice on the same
  deals and with the same seeds: *fair*, dealing its determinizations as it always does, and
  *peeking*, every determinization holding the other seat's real hand (only the stock order stays
  unknown).  The peeking search is an upper bound for what any inference of the other hand can
  add to this search; prints both win rates and their paired difference.  With ``--reveal K``
  (below 13) the peeking search is shown only ``K`` cards of that hand, drawn at random at each
  decision (besides those the record shows), the rest dealt as usual: how the gain grows with
  what is known.  With ``--players N`` (3 to 6) the table has N seats, Medium in all but the
  search's, which moves round the table from deal to deal (every other seat's real hand in
  the peeking determinizations).
* ``model``: how many of the other seat's cards a determinization places right (besides those the
  public record already places), at the start of a turn in Medium self-play: dealt as the search
  deals them (uniformly), kept only when Medium itself, holding that hand, would have made the
  discard the other seat just made, and kept only when it would also have drawn from the stock as
  that seat did (some card of the hand being the one it drew).  The other seat's exact policy is
  the most the last turn can tell about its hand; prints each way's mean, the paired gains and how
  many deals pass each check.
* ``infosets``: whether a tree over the searching seat's own decisions (information-set Monte Carlo
  tree search) would have anything to share between determinizations.  At every discard of
  seat 0 in Medium self-play that the search would weigh, ``samples`` determinizations each
  play the heuristic's discard and then every seat on with the search's quick rules to seat 0's
  next draw; prints how many distinct information sets of seat 0 they reach there (its hand,
  the line, every table and every hand's size).  As many sets as play-outs: each node below the
  root is visited once, and such a tree is the flat search.

None of these is a bot a player can pick; they read the real state on purpose.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from multiprocessing import Pool

from ai.arena import parse_bot, wilson
from ai.paired import paired
from ai.vazhushal.base import LEVELS, LegalMoves, make_bot
from ai.vazhushal.determinize import PublicRecord, public_record, sample_state
from ai.vazhushal.heuristic import DEFAULT_PARAMS, Policy
from ai.vazhushal.runner import safe_bot
from ai.vazhushal.search import SearchBot
from game.core.cards import KIND_OF
from game.vazhushal import DRAW, FINAL, OVER, PLAY, Action, apply, new_hand, observe, preset
from tools.seatings import seatings


class PassiveBot:
    """Draws from the stock and discards the card it drew; never melds (not registered)."""

    name = "passive"

    def choose(self, obs, legal):
        if obs.phase == DRAW:
            return Action.draw_stock(obs.seat)
        if obs.phase == FINAL:
            return Action.done(obs.seat)
        return Action.discard(obs.seat, KIND_OF[obs.hand[-1]])


def solo(spec: str, hands: int, seed: int) -> dict:
    name, options = parse_bot(spec)
    rules = preset("Standard", 2)
    turns = []
    for h in range(hands):
        rng = random.Random(seed * 1_000_003 + h)
        state = new_hand(rules, rng)
        bots = [safe_bot(make_bot(name, random.Random(rng.getrandbits(64)), **options)), safe_bot(PassiveBot())]
        while state.phase != OVER:
            state = bots[state.turn].advance(state)[1]
        own = sum(1 for e in state.history if e["type"] == "discard" and e["player"] == 0)
        turns.append(own if state.result.winner == 0 else None)
    out = [t for t in turns if t is not None]
    cdf = {t: round(sum(1 for x in out if x <= t) / hands, 3) for t in range(1, 19)}
    out.sort()
    return {"bot": spec, "hands": hands, "went_out": len(out), "median_turns": out[len(out) // 2] if out else None,
            "share_out_by_turn": cdf}


def oracle(hands: int, width: int, seed: int, against: str = "heuristic") -> dict:
    real = {}
    wins: Counter = Counter()
    rules = preset("Standard", 2)
    for h in range(hands):
        rng = random.Random(seed * 1_000_003 + h // 2)
        state = new_hand(rules, rng)
        oracle_seat = h % 2
        bots = []
        for s in range(2):
            sub = random.Random(rng.getrandbits(64))
            if s == oracle_seat:
                bot = SearchBot(sub, iterations=2, time_s=None, width=width, max_turns=None, confidence=0.0)
                bot.rollout_policy = Policy(DEFAULT_PARAMS)  # the opponent's own policy
                bot.sample = lambda *args: real["state"]  # its one determinization: the real state
            else:
                bot = make_bot(against, sub)
            bots.append(safe_bot(bot))
        while state.phase != OVER:
            real["state"] = state
            state = bots[state.turn].advance(state)[1]
        winner = state.result.winner
        wins["drawn" if winner is None else "oracle" if winner == oracle_seat else against] += 1
    return {"hands": hands, "width": width, "against": against, "wins": dict(wins),
            "oracle_win_rate": round(wins["oracle"] / hands, 4)}


def gaps(states: int, iterations: int, seed: int) -> dict:
    rules = preset("Standard", 2)
    points = []
    h = 0
    while len(points) < states:
        rng = random.Random(seed + h)
        h += 1
        state = new_hand(rules, rng)
        bots = [safe_bot(make_bot("heuristic", random.Random(s))) for s in range(2)]
        n = 0
        while state.phase != OVER and len(points) < states:
            if state.turn == 0 and state.phase in (DRAW, PLAY):
                n += 1
                if n in (3, 6, 9):
                    points.append(state)
            state = bots[state.turn].advance(state)[1]
    bot = SearchBot(random.Random(seed), time_s=None, max_turns=None, width=4)
    rows = []
    for state in points:
        obs = observe(state, state.turn)
        record = public_record(obs)
        candidates = bot.candidates(LegalMoves(obs).state, record)
        if len(candidates) < 2:
            continue
        results = [[] for _ in candidates]
        for _ in range(iterations):
            world = sample_state(obs, bot.rng, record)
            for i, steps in enumerate(candidates):
                s = world
                for action in steps:
                    s = apply(s, action, check=False)
                results[i].append(bot.play_out(s, obs.seat))
        row = {"phase": obs.phase, "first_choice_wins": round(sum(results[0]) / iterations, 3), "others": []}
        for other in results[1:]:
            diffs = [a - b for a, b in zip(other, results[0])]
            gain = sum(diffs) / iterations
            se = math.sqrt(sum((d - gain) ** 2 for d in diffs) / (iterations - 1) / iterations)
            row["others"].append([round(gain, 3), round(se, 3)])
        rows.append(row)
    return {"states": len(rows), "iterations": iterations, "rows": rows}


def danger(hands: int, weight: float, seed: int) -> dict:
    from ai.vazhushal import heuristic
    from game.vazhushal import legal_takes

    real = {}

    def true_costs(self, state, record):
        world = real["state"]
        out = [0.0] * 53
        if world.phase != PLAY:
            return out
        p = world.turn
        for k in {KIND_OF[c] for c in world.hands[p]}:
            after = apply(world, Action.discard(p, k), check=False)
            if after.phase == DRAW and legal_takes(after):
                out[k] = weight
        return out

    original = heuristic.Policy.discard_costs
    heuristic.Policy.discard_costs = true_costs
    wins: Counter = Counter()
    try:
        rules = preset("Standard", 2)
        specs = ["heuristic", "random"]
        for h in range(hands):
            rng = random.Random(seed * 1_000_003 + h)
            state = new_hand(rules, rng)
            seat_spec = [(s + h) % 2 for s in range(2)]
            bots = [safe_bot(make_bot(specs[seat_spec[s]], random.Random(rng.getrandbits(64)))) for s in range(2)]
            while state.phase != OVER:
                real["state"] = state
                state = bots[state.turn].advance(state)[1]
            winner = state.result.winner
            wins["drawn" if winner is None else specs[seat_spec[winner]]] += 1
    finally:
        heuristic.Policy.discard_costs = original
    return {"hands": hands, "weight": weight, "wins": dict(wins),
            "heuristic_win_rate": round(wins["heuristic"] / hands, 4)}


def _peek_deal(task: tuple[int, int, bool, int, int, int]) -> float:
    """One deal, the search (peeking or fair) against Medium in every other seat: its wins (a
    drawn hand counts half) over the seatings :func:`~tools.seatings.seatings` gives."""
    seed, index, peeking, iterations, reveal, players = task
    won = 0.0
    for seat in seatings(index, players):
        rng = random.Random(seed * 1_000_003 + index)
        state = new_hand(preset("Standard", players), rng)
        real = {}
        search = make_bot("search", random.Random(index * 2 + 1),
                          **{**LEVELS["Expert"].options, "iterations": iterations, "time_s": None})
        if peeking and reveal >= 13:
            search.sample = lambda obs, sub, *rest, real=real: _with_stock_shuffled(real["state"], sub)
        elif peeking:
            search.sample = lambda obs, sub, record, *rest, real=real: sample_state(
                obs, sub, _revealed(record, real["state"], obs.seat, reveal, sub), *rest)
        bots = {other: safe_bot(make_bot("heuristic", random.Random(index * 2 + 2))) for other in range(players)}
        bots[seat] = safe_bot(search)
        while state.phase != OVER:
            real["state"] = state
            state = bots[state.turn].advance(state)[1]
        winner = state.result.winner
        won += 0.5 if winner is None else float(winner == seat)
    return won


def _with_stock_shuffled(state, rng: random.Random):
    """The real state with the stock in a random order (the indicator stays at the bottom, V2.4)."""
    world = state.copy()
    keep = 1 if state.indicator is not None and world.stock else 0
    rest = world.stock[keep:]
    rng.shuffle(rest)
    world.stock[keep:] = rest
    return world


def _revealed(record: PublicRecord, state, seat: int, reveal: int, rng: random.Random) -> PublicRecord:
    """The record with ``reveal`` more cards of each other seat's real hand known to be there
    (a random choice among those the record does not already place)."""
    known = []
    for s, hand in enumerate(state.hands):
        placed = Counter(record.known[s])
        if s != seat:
            rest = Counter(KIND_OF[c] for c in hand) - placed
            pool = [k for k, c in rest.items() for _ in range(c)]
            placed.update(rng.sample(pool, min(reveal, len(pool))))
        known.append(placed)
    return PublicRecord(tuple(known), record.stock, record.picked, record.shed)


def peek(deals: int, seed: int, iterations: int = 200, jobs: int = 1, reveal: int = 13,
         arms: tuple[str, ...] = ("fair", "peeking"), players: int = 2) -> dict:
    per_deal = len(seatings(0, players))
    games = per_deal * deals
    out: dict = {"players": players, "deals": deals, "games": games, "seed": seed, "iterations": iterations,
                 "reveal": reveal}
    wins = {}
    for name in arms:
        tasks = [(seed, i, name == "peeking", iterations, reveal, players) for i in range(deals)]
        if jobs > 1:
            with Pool(jobs) as pool:
                wins[name] = pool.map(_peek_deal, tasks, chunksize=1)
        else:
            wins[name] = [_peek_deal(t) for t in tasks]
        low, high = wilson(sum(wins[name]), games)
        out[name] = {"win_rate": round(sum(wins[name]) / games, 4), "ci95": [round(low, 4), round(high, 4)]}
    if len(wins) == 2:
        diffs = [(a - b) / per_deal for a, b in zip(wins["peeking"], wins["fair"])]  # per game, paired by deal
        gain = sum(diffs) / deals
        se = math.sqrt(sum((d - gain) ** 2 for d in diffs) / max(1, deals - 1) / deals)
        out["peeking_gain"] = {"mean": round(gain, 4), "se": round(se, 4)}
    return out


def model(hands: int, samples: int, tries: int, seed: int) -> dict:
    """See the module docstring: two players, Medium in both seats, measured at seat 0's draws
    that follow a stock draw and a discard of seat 1."""
    policy = Policy()
    rows = []  # per state: mean cards right, uniform / discard checked / discard and draw checked
    passed = [0, 0, 0]  # deals tried, passing the discard check, passing both
    for h in range(hands):
        rng = random.Random(seed * 1_000_003 + h)
        state = new_hand(preset("Standard", 2), rng)
        bots = [safe_bot(make_bot("heuristic", random.Random(rng.getrandbits(64)))) for _ in range(2)]
        sampler = random.Random(rng.getrandbits(64))
        while state.phase != OVER:
            if _after_stock_and_discard(state):
                row = _placements(policy, state, sampler, samples, tries, passed)
                if row is not None:
                    rows.append(row)
            state = bots[state.turn].advance(state)[1]
    out: dict = {"hands": hands, "states": len(rows), "samples": samples, "tries": tries, "seed": seed,
                 "deals_tried": passed[0], "pass_discard": round(passed[1] / max(1, passed[0]), 4),
                 "pass_both": round(passed[2] / max(1, passed[0]), 4)}
    for i, name in enumerate(("uniform", "discard", "discard_and_draw")):
        out[name] = round(sum(r[i] for r in rows) / max(1, len(rows)), 3)
    for i, name in ((1, "discard"), (2, "discard_and_draw")):
        gain, se, _ = paired([r[i] for r in rows], [r[0] for r in rows])
        out[f"gain_{name}"] = {"mean": round(gain, 3), "se": round(se, 3)}
    return out


def infosets(players: int, hands: int, samples: int, seed: int) -> dict:
    """See the module docstring."""
    search = SearchBot(random.Random(seed))
    rng = random.Random(seed + 1)
    reached = distinct = decisions = 0
    for h in range(hands):
        state = new_hand(preset("Standard", players), random.Random(seed * 1_000_003 + h))
        bots = [safe_bot(make_bot("heuristic", random.Random(h * 10 + s))) for s in range(players)]
        while state.phase != OVER:
            if state.phase == PLAY and state.turn == 0:
                obs = observe(state, 0)
                record = public_record(obs)
                first = search.candidates(state, record)[0]
                if len(first) == 1 and first[0].type == "discard":
                    keys = Counter(_next_infoset(search, sample_state(obs, rng, record), first[0])
                                   for _ in range(samples))
                    keys.pop(None, None)  # the hand ended before seat 0 drew again
                    decisions += 1
                    reached += sum(keys.values())
                    distinct += len(keys)
            state = bots[state.turn].advance(state)[1]
    return {"players": players, "hands": hands, "samples": samples, "seed": seed, "decisions": decisions,
            "play_outs_reaching_the_next_draw": reached, "distinct_information_sets": distinct,
            "visits_per_set": round(reached / max(1, distinct), 2)}


def _next_infoset(search: SearchBot, world, discard: Action) -> tuple | None:
    """Seat 0's information set at its next draw after ``discard`` (the other seats playing the
    search's quick rules), or ``None`` when the hand ends first."""
    world = apply(world, discard, check=False)
    while world.phase != OVER and not (world.turn == 0 and world.phase == DRAW):
        for action in search.rollout_policy.plan(world):
            world = apply(world, action, check=False)
            if world.phase == OVER:
                return None
    if world.phase == OVER:
        return None
    return (tuple(sorted(KIND_OF[c] for c in world.hands[0])), tuple(KIND_OF[c] for c in world.line),
            tuple(tuple(sorted(KIND_OF[c] for m in melds for c in m.cards)) for melds in world.melds),
            tuple(len(hand) for hand in world.hands))


def _after_stock_and_discard(state) -> bool:
    """Seat 0 to draw, seat 1's last turn a stock draw and a discard (nothing melded)."""
    history = state.history
    return (state.turn == 0 and state.phase == DRAW and len(history) >= 2 and bool(state.line)
            and history[-1]["type"] == "discard" and history[-1]["player"] == 1
            and history[-2]["type"] == "draw_stock" and history[-2]["player"] == 1)


def _placements(policy: Policy, state, rng: random.Random, samples: int, tries: int,
                passed: list[int]) -> tuple[float, float, float] | None:
    """Mean cards of seat 1's real hand that ``samples`` determinizations place right: dealt
    uniformly, and of those dealt (at most ``tries``) the ones passing each check; ``None`` when
    no deal passes both."""
    obs = observe(state, 0)
    record = public_record(obs)
    real = Counter(KIND_OF[c] for c in state.hands[1])
    placed = sum(record.known[1].values())

    def right(world) -> int:
        return sum((Counter(KIND_OF[c] for c in world.hands[1]) & real).values()) - placed

    uniform = [right(sample_state(obs, rng, record)) for _ in range(samples)]
    kept: tuple[list[int], list[int]] = ([], [])
    for _ in range(tries):
        if len(kept[1]) >= samples:
            break
        world = sample_state(obs, rng, record)
        passed[0] += 1
        if not _would_discard(policy, world):
            continue
        passed[1] += 1
        if len(kept[0]) < samples:
            kept[0].append(right(world))
        if _would_draw_stock(policy, world):
            passed[2] += 1
            kept[1].append(right(world))
    if not kept[1]:
        return None
    return (sum(uniform) / samples, sum(kept[0]) / len(kept[0]), sum(kept[1]) / len(kept[1]))


def _would_discard(policy: Policy, world) -> bool:
    """Whether Medium in seat 1, holding its hand of ``world`` and the card it discarded last,
    would discard that card again."""
    before = world.copy()
    card = before.line.pop()
    before.hands[1].append(card)
    before.turn, before.phase, before.history = 1, PLAY, before.history[:-1]
    plan = policy.play(before, public_record(observe(before, 1)))
    return plan[-1].type == "discard" and plan[-1].card == KIND_OF[card]


def _would_draw_stock(policy: Policy, world) -> bool:
    """Whether Medium in seat 1 would have drawn from the stock at the start of its last turn,
    with its hand then being its hand of ``world`` and the card it discarded, less some card
    it drew from the stock."""
    before = world.copy()
    card = before.line.pop()
    before.turn, before.phase, before.history = 1, DRAW, before.history[:-2]
    full = world.hands[1] + [card]
    before.stock = before.stock + [card]
    record = None
    for drawn in sorted(set(full), key=KIND_OF.__getitem__):
        hand = list(full)
        hand.remove(drawn)
        before.hands[1], before.stock[-1] = hand, drawn
        if record is None:  # the same for every drawn card: the public history before the draw
            record = public_record(observe(before, 1))
        if policy.choose_draw(before, record).steps[0].type == "draw_stock":
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.vazhushal.study", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)

    def study(name: str, **numbers: int | float) -> argparse.ArgumentParser:
        """The subcommand ``name`` with its number options (``--key``, of its default's type)."""
        p = sub.add_parser(name)
        for key, default in numbers.items():
            p.add_argument(f"--{key}", type=type(default), default=default)
        return p

    study("solo", hands=400, seed=1).add_argument("--bot", default="heuristic")
    study("oracle", hands=200, width=4, seed=99).add_argument(
        "--against", default="heuristic", help="the other seat's bot (its play-outs stay the heuristic's)")
    study("gaps", states=24, iterations=300, seed=500)
    study("danger", hands=600, weight=15.0, seed=1)
    p = study("peek", deals=400, seed=4242)
    p.add_argument("--iterations", type=int, default=200, help="determinizations a decision (no clock)")
    p.add_argument("--reveal", type=int, default=13,
                   help="cards of the other hand the peeking search sees (13 or more: all of it)")
    p.add_argument("--players", type=int, default=2,
                   help="seats (2: each deal from both seats; more: the search in one seat a deal, in turn)")
    p.add_argument("--arms", default="fair,peeking", help="which searches to play: fair, peeking or both")
    p.add_argument("--jobs", type=int, default=1)
    p = study("model", hands=300, seed=77000)
    p.add_argument("--samples", type=int, default=20, help="determinizations kept at each state")
    p.add_argument("--tries", type=int, default=300, help="deals tried at each state")
    study("infosets", players=4, hands=12, seed=99).add_argument(
        "--samples", type=int, default=100, help="determinizations at each decision")
    args = parser.parse_args(argv)
    if args.what == "peek":
        arms = tuple(a for a in ("fair", "peeking") if a in args.arms.split(","))
        if not arms:
            parser.error("--arms: fair, peeking or both")
        print(json.dumps(peek(args.deals, args.seed, args.iterations, args.jobs, args.reveal, arms, args.players)))
        return 0
    if args.what == "solo":
        result = solo(args.bot, args.hands, args.seed)
    elif args.what == "oracle":
        result = oracle(args.hands, args.width, args.seed, args.against)
    elif args.what == "danger":
        result = danger(args.hands, args.weight, args.seed)
    elif args.what == "model":
        result = model(args.hands, args.samples, args.tries, args.seed)
    elif args.what == "infosets":
        result = infosets(args.players, args.hands, args.samples, args.seed)
    else:
        result = gaps(args.states, args.iterations, args.seed)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
