"""The fingerprint of every engine's behaviour: ``python -m tools.engine_trace [--deals N] [--seed S]``.

Plays ``N`` random deals of every registered game (random player counts and presets) and hashes
everything the engine says: every state document, every refusal of a mutated action (its code, rule
and message), and what the reader says of damaged state documents (a key set to junk).  It prints
one digest a game.  Run it before and after a refactoring (for instance in a ``git worktree`` of
the old commit, with ``PYTHONPATH`` pointing there): equal digests mean the engines answer every one
of those inputs exactly as before.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
from collections import Counter

from game.core.errors import IllegalAction, RulesError, StateError
from game.games import GAMES

ACTION_TYPES = ("draw", "draw_stock", "discard", "take_discard", "drop", "declare", "show", "meld", "wipe", "expose",
                "see_maal", "pass", "x")
JUNK = (None, -1, 10**19, "x", [], {}, [1, "2"], True, 2.5)


def mutate_action(doc: dict, rng: random.Random, players: int) -> dict:
    """An action made (probably) wrong: another seat, a number, a type, or a list cut short."""
    d = copy.deepcopy(doc)
    r = rng.random()
    if r < 0.3 and "player" in d:
        d["player"] = rng.randrange(players)
    elif r < 0.6:
        for k, v in list(d.items()):
            if isinstance(v, int) and k != "player":
                d[k] = rng.randrange(-2, 170)
    elif r < 0.8:
        d["type"] = rng.choice(ACTION_TYPES)
    else:
        for k, v in list(d.items()):
            if isinstance(v, list):
                d[k] = v[:-1] if v else [1]
    return d


def damage(doc: dict, rng: random.Random) -> dict:
    d = copy.deepcopy(doc)
    key = rng.choice(sorted(d))
    d[key] = rng.choice(JUNK) if rng.random() < 0.7 else (d[key][:-1] if isinstance(d[key], list) and d[key] else None)
    return d


def trace(name: str, deals: int, seed: int) -> tuple[str, Counter]:
    game = GAMES[name]
    digest = hashlib.sha256()
    rng = random.Random(seed)
    counts: Counter = Counter()

    def note(text: str) -> None:
        digest.update(text.encode("utf-8", "backslashreplace"))

    for _ in range(deals):
        players = rng.randint(*game.players)
        preset = rng.choice(game.presets)
        try:
            state = game.from_json(game.new_document(preset, players, {}, rng.randrange(2**31)))
        except RulesError as exc:  # a preset for fewer players
            note(f"no deal {exc}")
            continue
        for step in range(5000):
            doc = game.to_json(state)
            note(json.dumps(doc, sort_keys=True))
            if step % 10 == 0:
                try:
                    game.from_json(damage(doc, rng))
                    note("read")
                    counts["damaged_read"] += 1
                except StateError as exc:
                    note(f"unreadable {exc}")
                    counts["damaged_refused"] += 1
            if state.result is not None:  # the deal is over
                break
            action = game.random_action(state, rng)
            if rng.random() < 0.3:
                try:
                    state = game.apply(state, game.parse_action(mutate_action(action.to_json(), rng, players), state))
                    counts["applied"] += 1
                    note("mutated action applied")
                    continue
                except IllegalAction as exc:
                    counts["refused"] += 1
                    note(f"illegal {exc.code} {exc.rule} {exc}")
                except StateError as exc:
                    counts["malformed"] += 1
                    note(f"malformed {exc}")
            state = game.apply(state, action)
            counts["applied"] += 1
    return digest.hexdigest()[:16], counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.engine_trace", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args(argv)
    for name in GAMES:
        digest, counts = trace(name, args.deals, args.seed)
        print(name, digest, dict(sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
