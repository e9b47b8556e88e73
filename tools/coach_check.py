"""Does the coach name a habit it is shown?  (issue 49, item 3; docs/skill.md, "The coach")

    python -m tools.coach_check [--game G ...] [--habits take,declare,stay,discard] [--hands 12]
                                [--iterations 8] [--seed 7000] [--depth-check N]

For each game and habit (:data:`ai.habits.HABIT_BOTS`: Medium that never takes from the pile, holds a
winning hand two turns, drops on its first turn, or throws its highest card), ``--hands`` hands are
played with the habit player in seat 0 against Medium (hand k dealt from seed + k), each hand
profiled as the app profiles a person's (:func:`ai.insights.profile`, Medium on the same cards, the
reviews at ``--iterations``; the Expert left out: the ranking does not use it), and the coach's
first habit is compared with the one injected.  A habit the game has no move for (no drop, no
declaration) changes nothing and is reported as such.

``--time N`` instead profiles N hands of each game played by Easy in seat 0 against Medium (a
person who plays unlike Medium), as the app does after a rated hand (the Expert included, the
reviews at :data:`ai.insights.LIGHT`), and prints the processor and clock time a hand.

``--depth-check N`` instead reviews N Medium hands of each game at the profile's depth
(:data:`ai.insights.LIGHT`) and at the review's own (:data:`ai.rating.ITERATIONS`) and says how
often the two agree on which kind of decision lost the most win chance, and on the order of the
kinds.
"""

from __future__ import annotations

import argparse
import sys
import time

from ai import insights
from ai.games import GAMES
from ai.habits import HABIT_BOTS, habit_hand
from ai.rating import ITERATIONS
from ai.skill import bot_hand


def check(game: str, habit: str, hands: int, iterations: int, seed: int) -> dict:
    """The coach over ``hands`` hands of the habit player: its first habit and what it measured."""
    changes: list[int] = []
    profiles = []
    for k in range(hands):
        doc = habit_hand(game, habit, seed + k, changes=changes)
        profiles.append(insights.profile(doc, 0, iterations=iterations, expert=False))
    coach = insights.coach(profiles, fewest=1)
    ranked = coach.habits
    first = coach.advice[0] if coach.advice else None
    second = next((h for h in ranked if first is None or h.key != first.key), None)
    return {"game": game, "habit": habit, "changed": sum(changes), "first": first, "second": second,
            "named": first is not None and first.key == habit}


def words(h: insights.Habit | None) -> str:
    return "none" if h is None else f"{h.key} {h.excess.value:+.1f} ± {h.excess.half:.1f}"


def depth_check(game: str, hands: int, seed: int) -> tuple[int, int, int]:
    """(hands with a rated loss, the same costliest kind at both depths, the same order of kinds)."""
    top = order = counted = 0
    for k in range(hands):
        doc = bot_hand(game, "Medium", seed + k)
        phase = insights.phases(doc, 0)
        light = insights.hand_profile(insights.rated_decisions(doc, 0, iterations=insights.LIGHT), phase)
        full = insights.hand_profile(insights.rated_decisions(doc, 0, iterations=ITERATIONS), phase)
        if not any(full["k"].values()):
            continue
        counted += 1
        rank = [sorted(p["k"], key=lambda kind, p=p: (-p["k"][kind], kind)) for p in (light, full)]
        top += rank[0][0] == rank[1][0]
        order += rank[0] == rank[1]
    return counted, top, order


def timing(game: str, hands: int, seed: int) -> tuple[float, float, float]:
    """(processor seconds, clock seconds, decisions rated) a hand for the app's profile of ``hands`` hands."""
    cpu = wall = rated = 0.0
    for k in range(hands):
        doc = bot_hand(game, "Easy", seed + k)
        c0, w0 = time.process_time(), time.perf_counter()
        profile = insights.profile(doc, 0)
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        rated += sum(sum(side["n"].values()) for side in (profile["you"], profile["medium"], profile["expert"]))
    return cpu / hands, wall / hands, rated / hands


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.coach_check", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=list(GAMES), help="a game (default: every game)")
    ap.add_argument("--habits", default=",".join(HABIT_BOTS))
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=8, help="determinizations a decision in the reviews")
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--depth-check", type=int, default=0, metavar="N",
                    help="compare the profile's depth with the review's on N hands a game instead")
    ap.add_argument("--time", type=int, default=0, metavar="N",
                    help="time the app's profile of N hands a game instead")
    args = ap.parse_args(argv)
    games = args.game or list(GAMES)
    if args.time:
        print("| game | hands | processor s a hand | clock s a hand | decisions rated a hand (3 players) |")
        print("| --- | --- | --- | --- | --- |")
        for game in games:
            cpu, wall, rated = timing(game, args.time, args.seed)
            print(f"| {game} | {args.time} | {cpu:.1f} | {wall:.1f} | {rated:.0f} |", flush=True)
        return 0
    if args.depth_check:
        print(f"| game | hands | same costliest kind ({insights.LIGHT} vs {ITERATIONS}) | same order of kinds |")
        print("| --- | --- | --- | --- |")
        for game in games:
            start = time.time()
            counted, top, order = depth_check(game, args.depth_check, args.seed)
            print(f"| {game} | {counted} | {top} | {order} |  ({time.time() - start:.0f} s)", flush=True)
        return 0
    habits = [h for h in args.habits.split(",") if h]
    failed = 0
    print("| game | habit | moves changed | coach's first habit (excess over Medium per 100 hands ± 95 %) "
          "| next | named first |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game in games:
        for habit in habits:
            start = time.time()
            got = check(game, habit, args.hands, args.iterations, args.seed)
            if not got["changed"]:
                print(f"| {game} | {habit} | 0 (no such move in this game) | | | — |", flush=True)
                continue
            failed += not got["named"]
            print(f"| {game} | {habit} | {got['changed']} | {words(got['first'])} | {words(got['second'])} | "
                  f"{'yes' if got['named'] else 'NO'} |  ({time.time() - start:.0f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
