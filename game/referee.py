"""The referee (CONTRACT.md): validate a recorded game from the command line.

    python -m game.referee [FILE]          reads {"state": ..., "actions": [...]} (stdin without FILE)
    python -m game.referee --new --players N --seed S [--preset NAME]

Prints one JSON object ``{"ok", "applied", "error", "state"}``.  Exit status 0 when every action
was legal, 1 when one was illegal (the state is the one before it), 2 when the input itself is bad
(the reason on standard error, no traceback).
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from .engine import Action, IllegalAction, StateError, apply, from_json, new_hand, preset, to_json
from .engine.rules import PRESETS, RulesError


class BadInput(ValueError):
    """The referee's input is not a well-formed document."""


def run(document: object) -> dict:
    """Apply ``document["actions"]`` to ``document["state"]``; raises :class:`BadInput`."""
    if not isinstance(document, dict):
        raise BadInput("the input must be a JSON object with keys 'state' and 'actions'")
    unknown = sorted(set(document) - {"state", "actions"})
    if unknown:
        raise BadInput(f"unknown key {unknown[0]!r} in the input (expected 'state' and 'actions')")
    for key in ("state", "actions"):
        if key not in document:
            raise BadInput(f"the input is missing key {key!r}")
    try:
        state = from_json(document["state"])
        if not isinstance(document["actions"], list):
            raise StateError("key 'actions' must be a list of action objects")
        actions = []
        for i, a in enumerate(document["actions"]):
            try:
                actions.append(Action.from_json(a, state.players))
            except StateError as exc:
                raise StateError(f"actions[{i}]: {exc}") from None
    except StateError as exc:
        raise BadInput(str(exc)) from None
    applied = 0
    error = None
    for i, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            error = {"index": i, "code": exc.code, "message": exc.message}
            break
        applied += 1
    return {"ok": error is None, "applied": applied, "error": error, "state": to_json(state)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.referee", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="input document (default: standard input)")
    parser.add_argument("--new", action="store_true", help="print a freshly dealt hand instead")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="Standard", help=f"rule preset: {', '.join(PRESETS)}")
    args = parser.parse_args(argv)
    if args.new:
        try:
            rules = preset(args.preset, args.players)
        except RulesError as exc:
            print(f"referee: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(to_json(new_hand(rules, random.Random(args.seed)))))
        return 0
    try:
        if args.file:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
        else:
            text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"referee: cannot read the input: {exc}", file=sys.stderr)
        return 2
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, too-long integers, deep nesting
        print(f"referee: the input is not JSON this referee can read: {exc}", file=sys.stderr)
        return 2
    try:
        report = run(document)
    except BadInput as exc:
        print(f"referee: bad input: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
