"""A bot that takes a seat over the network as a person would: ``python -m game.server.player
ADDRESS CODE --game GAME [--level Medium]``.

It sees only what the host sends its seat, rebuilds the deal from that observation (the engine's
``view``), asks its bot (behind the one safety net, :class:`ai.safety.SafeBot`) and sends the
move; it says Next after each deal and leaves when the match is over.  The tests play whole
matches with such players in processes of their own, the benchmark with many in one.  It prints
one JSON line at the end: its seats, the final observation's result, what it sent and received.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from game.net import protocol as P
from game.net.player import Player

__all__ = ["Player", "main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server.player", description=__doc__.split("\n\n")[0])
    parser.add_argument("address", help="host:port, or wss://host:port for a table served with TLS")
    parser.add_argument("code", help="the table's code")
    parser.add_argument("--game", help="the game of the table (default: the first game with a table)")
    parser.add_argument("--level", default="Easy", help="a bot level, 'Bot: <name>', or 'random'")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--token", action="append", default=[], help="a seat token (rejoin)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=120.0, help="give up after this many seconds")
    parser.add_argument("--stop-after", type=int, default=0, help="leave after this many of its own moves (tests)")
    parser.add_argument("--hang-after", type=int, default=0, help="stop answering after this many moves (tests)")
    args = parser.parse_args(argv)
    from ai.games import GAMES
    from game.net.client import Client, secure_address, split_address

    from . import default_game

    front = GAMES[args.game or default_game()]
    host, port = split_address(args.address, 47300)
    client = Client(host, port, front.name, args.code, args.name, args.token,
                    secure=secure_address(args.address)).start()
    player = Player(front, None if args.level == "random" else args.level, args.seed)
    end, moves, errors, why = time.monotonic() + args.timeout, 0, [], "timeout"
    while time.monotonic() < end:
        for message in client.poll():
            if message.get("type") == P.ERROR:
                errors.append(message.get("code"))
            if message.get("type") == "link" and message.get("state") == "ended":
                why = str(message.get("message", "ended"))
                end = 0
            if message.get("type") == P.CLOSED:
                why = "closed"
                end = 0
            if args.hang_after and moves >= args.hang_after:
                continue  # thinking forever, connected (a test then kills it mid-turn)
            for answer in player.read(message):
                client.send(answer)
                moves += answer["type"] == P.ACTION
                if answer["type"] == P.ACTION:
                    print(json.dumps({"moved": moves, "seats": client.seats, "tokens": client.tokens}), flush=True)
        if player.over:
            why = "over"
            break
        if args.stop_after and moves >= args.stop_after:
            why = "stopped"
            break
        time.sleep(0.002)
    client.close()
    results = {seat: obs.get("result") for seat, obs in player.observations.items()}
    print(json.dumps({"seats": client.seats, "tokens": client.tokens, "why": why, "moves": moves, "errors": errors,
                      "results": results, "received": client.received}), flush=True)
    return 0 if why in ("over", "stopped", "closed") else 1


if __name__ == "__main__":
    sys.exit(main())
