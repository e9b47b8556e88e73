"""The referee (CONTRACT.md): validate a recorded game from the command line.

    python -m game.referee [FILE]          reads {"state": ..., "actions": [...]} (stdin without FILE)
    python -m game.referee --new [--game NAME] --players N --seed S [--preset NAME] [--rules JSON]
    python -m game.referee --replay FILE   checks a hand replay (docs/replays.md)

Prints one JSON object ``{"ok", "applied", "error", "state"}``.  Exit status 0 when every action
was legal, 1 when one was illegal (the state is the one before it), 2 when the input itself is bad
(the reason on standard error, no traceback).  A document is routed to its game by the state's
``format``; each game is one entry of :data:`GAMES`.

With ``--replay`` the document is a hand replay: it prints ``{"ok": true, "actions", "result"}``
(exit 0), or ``{"ok": false, "error": {"rule", "code", "message", "index"}}`` (exit 1) for an
illegal action or an end other than the one recorded; a malformed replay is bad input (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys

from . import replay
from .core.errors import IllegalAction, RulesError, StateError
from .core.storage import UnreadableDocument, parse_document
from .games import DEFAULT_GAME, GAMES, GameFront


class BadInput(ValueError):
    """The referee's input is not a well-formed document."""


_BY_FORMAT = {g.format: g for g in GAMES.values()}


def game_of(state_doc: object) -> GameFront:
    """The game a state document belongs to, by its ``format`` (the default game's reader reports
    a document without one)."""
    if isinstance(state_doc, dict) and "format" in state_doc:
        fmt = state_doc["format"]
        if isinstance(fmt, str) and fmt in _BY_FORMAT:
            return _BY_FORMAT[fmt]
        raise BadInput(f"key 'format' of the state must be one of {', '.join(map(repr, _BY_FORMAT))}, not {fmt!r}")
    return GAMES[DEFAULT_GAME]


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
    game = game_of(document["state"])
    try:
        state = game.from_json(document["state"])
        if not isinstance(document["actions"], list):
            raise StateError("key 'actions' must be a list of action objects")
        actions = []
        for i, a in enumerate(document["actions"]):
            try:
                actions.append(game.parse_action(a, state))
            except StateError as exc:
                raise StateError(f"actions[{i}]: {exc}") from None
    except StateError as exc:
        raise BadInput(str(exc)) from None
    applied = 0
    error = None
    for i, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            error = {"index": i, "code": exc.code, "message": exc.message}
            break
        applied += 1
    return {"ok": error is None, "applied": applied, "error": error, "state": game.to_json(state)}


def new_document(game_name: str, players: int, seed: int, preset_name: str | None = None,
                 rules_json: str | None = None) -> dict:
    """A freshly dealt state document (``--new``); raises :class:`BadInput` for bad options."""
    game = GAMES[game_name]
    options = None
    if rules_json is not None:
        try:
            options = json.loads(rules_json)
        except (ValueError, RecursionError) as exc:
            raise BadInput(f"--rules is not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise BadInput("--rules must be a JSON object of rule options")
    try:
        return game.new_document(preset_name or game.default_preset, players, options, seed)
    except RulesError as exc:
        raise BadInput(str(exc)) from None


def check_replay(document: object) -> int:
    """Validate a hand replay (``--replay``): print the summary or the error; the exit status."""
    try:
        summary = replay.validate(document)
    except replay.MalformedReplay as exc:
        print(f"referee: bad replay: {exc}", file=sys.stderr)
        return 2
    except replay.ReplayError as exc:
        print(json.dumps({"ok": False, "error": exc.to_json()}))
        return 1
    print(json.dumps(summary))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.referee", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="input document (default: standard input)")
    parser.add_argument("--new", action="store_true", help="print a freshly dealt hand instead")
    parser.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help="the game of --new")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default=None, help="rule preset of --new: " + "; ".join(
        f"{g.name}: {', '.join(g.presets)} (default {g.default_preset})" for g in GAMES.values()))
    parser.add_argument("--rules", default=None, help="a JSON object of rule options set on top of the preset")
    parser.add_argument("--replay", action="store_true", help="the input is a hand replay: check it")
    args = parser.parse_args(argv)
    if args.new:
        try:
            doc = new_document(args.game, args.players, args.seed, args.preset, args.rules)
        except BadInput as exc:
            print(f"referee: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(doc))
        return 0
    try:
        if args.file:
            with open(args.file, "rb") as fh:
                raw = fh.read()
        else:
            raw = sys.stdin.buffer.read()
    except OSError as exc:
        print(f"referee: cannot read the input: {exc}", file=sys.stderr)
        return 2
    try:
        document = parse_document(raw)  # the one reading rule of every document (a byte-order mark is fine)
    except UnreadableDocument as exc:
        print(f"referee: the input is not JSON this referee can read: {exc}", file=sys.stderr)
        return 2
    if args.replay:
        return check_replay(document)
    try:
        report = run(document)
    except BadInput as exc:
        print(f"referee: bad input: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
