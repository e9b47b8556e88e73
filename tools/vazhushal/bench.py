"""Engine benchmark: random play through the checked engine.

    python -m tools.vazhushal.bench --players 2 --hands 2000 --seed 1
    python -m tools.vazhushal.bench --game indian13 --players 2 --hands 500 --seed 1

Policy: :func:`game.vazhushal.simulate.play_hand` (a random legal draw, the greedy arrangement, a
random discard).  With ``--game`` another registered game is played the same way its soak runs and
``tools.engine_trace`` play it: deals of its default preset (``game.<name>.deal.new_deal``), each
action its front's ``random_action`` through its checked ``apply``, until the deal has a result.
Prints one JSON object: hands, seconds (wall clock), cpu_seconds (this process's CPU time, which
other work on a shared machine inflates less), hands_per_s, actions_per_s (and counts).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time

from game.vazhushal import Action, RuleSet, is_legal, parse_kind
from game.vazhushal.deal import new_hand
from game.vazhushal.simulate import play_hand


def run(players: int, hands: int, seed: int) -> dict:
    rng = random.Random(seed)
    rules = RuleSet(players=players)
    total_actions = 0
    reasons = {"went_out": 0, "stock_out": 0}
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(hands):
        state, actions = play_hand(new_hand(rules, rng), rng)
        total_actions += actions
        assert state.result is not None
        reasons[state.result.reason] += 1
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    return {
        "players": players, "hands": hands, "seed": seed, "seconds": round(seconds, 4),
        "cpu_seconds": round(cpu_seconds, 4),
        "hands_per_s": round(hands / seconds, 2), "actions_per_s": round(total_actions / seconds, 1),
        "actions": total_actions, "actions_per_hand": round(total_actions / hands, 2), **reasons,
    }


MAX_ACTIONS = 5000  # a deal still going after this many actions is a bug, not a slow deal


def run_game(name: str, players: int, hands: int, seed: int) -> dict:
    """:func:`run` for another registered game: random deals of its default preset through its front."""
    from game.games import GAMES

    game = GAMES[name]
    package = importlib.import_module(f"game.{name}")
    deal = importlib.import_module(f"game.{name}.deal").new_deal
    rules = package.preset(game.default_preset, players)
    apply, random_action = game.apply, game.random_action
    rng = random.Random(seed)
    total_actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(hands):
        state = deal(rules, rng)
        actions = 0
        while state.result is None:
            state = apply(state, random_action(state, rng))
            actions += 1
            if actions > MAX_ACTIONS:
                raise RuntimeError(f"a {name} deal did not end within {MAX_ACTIONS} actions")
        total_actions += actions
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    return {
        "game": name, "preset": game.default_preset, "players": players, "hands": hands, "seed": seed,
        "seconds": round(seconds, 4), "cpu_seconds": round(cpu_seconds, 4), "hands_per_s": round(hands / seconds, 2),
        "actions_per_s": round(total_actions / seconds, 1), "actions": total_actions,
        "actions_per_hand": round(total_actions / hands, 2),
    }


def legality(repeats: int = 2000) -> dict:
    """Median time to check single actions on a 14-card hand holding 4 wild cards."""
    from game.vazhushal import from_json, to_json
    from game.vazhushal.legal import legal_takes

    state = new_hand(RuleSet(players=3), random.Random(7))
    doc = to_json(state)
    rest = doc["stock"] + doc["line"] + [c for h in doc["hands"] for c in h]
    hand = ["JK", "JK", "8H", "8D", "5S", "6S", "7S", "9C", "9D", "JC", "QC", "4C", "2H", "3H"]
    line = ["4S", "9H", "KD", "10C", "3C", "AH"]
    for card in hand + line + ["8S"]:
        rest.remove(card)
    others = [rest[:13], rest[13:26]]
    doc.update(indicator="8S", stock=rest[26:] + ["8S"], line=line, line_first_dealt=False,
               hands=[hand, *others], turn=0, phase="play", history=[])
    play = from_json(doc)
    draw = from_json({**doc, "phase": "draw", "hands": [hand[:13], *others], "stock": [hand[13]] + doc["stock"]})
    def kinds(*texts: str) -> tuple[int, ...]:
        return tuple(parse_kind(t) for t in texts)

    cases = {  # (state, action); None times the whole legal_takes enumeration
        "meld_4_melds_4_wilds": (play, Action.meld_(0, [kinds("5S", "6S", "7S"), kinds("9C", "JK", "JC", "QC"),
                                                       kinds("9D", "8H", "JK"), kinds("2H", "3H", "8D")])),
        "illegal_meld": (play, Action.meld_(0, [kinds("5S", "6S", "9C")])),
        "take_line_pure": (draw, Action.take_line(0, 0, kinds("4S", "5S", "6S"))),
        "legal_takes_all_positions": (draw, None),
    }
    out = {}
    for name, (state, action) in cases.items():
        legal = action is not None and is_legal(state, action)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            if action is None:
                legal_takes(state)
            else:
                is_legal(state, action)
            times.append(time.perf_counter() - t0)
        if action is not None:
            out[name + "_legal"] = legal
        times.sort()
        out[name + "_median_us"] = round(times[len(times) // 2] * 1e6, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.vazhushal.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="vazhushal",
                        help="the registered game to play (default: %(default)s, with the benchmark policy)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--legality", action="store_true",
                        help="time single legality checks on a 14-card hand with 4 wilds instead")
    args = parser.parse_args(argv)
    if args.legality:
        print(json.dumps(legality()))
        return 0
    if not 2 <= args.players <= 6 or args.hands < 1:
        parser.error("--players must be 2 to 6 and --hands at least 1")
    if args.game != "vazhushal":
        from game.games import GAMES

        if args.game not in GAMES:
            parser.error(f"--game must be one of {', '.join(GAMES)}")
        print(json.dumps(run_game(args.game, args.players, args.hands, args.seed)))
        return 0
    print(json.dumps(run(args.players, args.hands, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
