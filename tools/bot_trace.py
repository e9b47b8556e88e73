"""The fingerprint of the bots' play: ``python -m tools.bot_trace [--game G ...]``.

Plays fixed-seed hands of every registered game with each of a few bot specs in the first seat and
the heuristic (Medium) in the others, behind the safety net, and hashes every final state document
and every fault the safety net recorded.  The specs take no clock (``time_s=null``, a fixed number
of iterations), so a hand depends only on its seed.  It prints one digest a (game, spec, seats).
Run it before and after a refactoring of the bots (for instance in a ``git worktree`` of the old
commit, with ``PYTHONPATH`` pointing there): equal digests mean the bots chose every move as before.
The engines' own fingerprint is :mod:`tools.engine_trace`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

from ai.arena import parse_bot, play_one
from ai.games import GAMES
from ai.games import front as game_front

# (spec, seats, hands): the search with a fixed budget, the heuristic with blunders and look-ahead,
# the random bot (``lookahead`` is an option of the in-hand heuristics only)
RUNS = (
    ("search:time_s=null:iterations=30", 3, 4),
    ("heuristic:blunder=0.2", 3, 20),
    ("heuristic:lookahead=3:blunder=0.1", 4, 6),
    ("random", 3, 5),
)


def trace(game: str, spec: str, players: int, hands: int, seed: int) -> str:
    """The digest of ``hands`` hands of ``game`` at ``players`` seats, ``spec`` in the first seat."""
    front = game_front(game)
    rules = front.preset(front.engine.default_preset, players)
    parsed = [parse_bot(spec), parse_bot("heuristic")]
    digest = hashlib.sha256()
    for n in range(hands):
        end, seats = play_one(front, parsed, rules, random.Random(seed + n), [0] + [1] * (players - 1))
        digest.update(json.dumps(front.engine.to_json(end), sort_keys=True).encode())
        digest.update(repr([s.faults for s in seats]).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bot_trace", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=list(GAMES), help="a game (default: every game)")
    parser.add_argument("--seed", type=int, default=777)
    args = parser.parse_args(argv)
    for game in args.game or list(GAMES):
        for spec, players, hands in RUNS:
            name, options = parse_bot(spec)
            if "lookahead" in options and "lookahead" not in game_front(game).heuristic_defaults():
                continue
            print(f"{game} {spec} {players} seats, {hands} hands: {trace(game, spec, players, hands, args.seed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
