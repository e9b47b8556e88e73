"""The network tables with no window: ``python -m game.server --game GAME --seats SEATS``.

For a small machine at home or a rented server when friends are not on one network
(docs/network.md has a container recipe).  It serves ``--tables`` tables of one game, prints one
JSON line (the address, the port, each table's code) and then plays until it is stopped (Ctrl+C,
SIGTERM), when every table is closed, its players told and, with ``--save-dir``, saved;
``--resume`` opens the saved tables again and their players rejoin with their tokens.  With
``--save-dir`` every change is on disk before any player is told of it (:mod:`game.net.journal`),
so even a kill (SIGKILL, a crash) takes nothing a player has seen.

``--seats`` is a number of players (every seat for a person joining over the network) or a comma
list of ``network`` and bot levels (``network,network,Medium,Hard``).  A table starts when every
network seat has been taken (``--start now``: at once; a seat nobody has taken is played by the
safe-move bot until its player joins).  By default only players of the local network are let in;
``--public`` lets in anyone who knows the table's code (use it on a rented server).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import json
import logging
import os
import signal
import ssl
import sys
import threading
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the games' matches are the app's; no window opens

from game.core.errors import RulesError  # noqa: E402
from game.core.storage import CorruptFile, clean_stale_temps, load_json, save_json  # noqa: E402
from game.net.host import Host  # noqa: E402
from game.net.journal import Record, resume  # noqa: E402
from game.net.table import BOT, NETWORK, Options, SeatPlan, Table  # noqa: E402

log = logging.getLogger("game.server")
DEFAULT_PORT = 47300


def seat_plans(spec: str, levels: list[str]) -> list[SeatPlan]:
    """``--seats``: a number of network seats, or a comma list of ``network`` and bot levels."""
    spec = spec.strip()
    if spec.isdigit():
        return [SeatPlan(f"Seat {i + 1}", NETWORK) for i in range(int(spec))]
    plans = []
    for i, part in enumerate(p.strip() for p in spec.split(",")):
        if part.lower() in ("network", "friend", "person", "human"):
            plans.append(SeatPlan(f"Seat {i + 1}", NETWORK))
        elif part in levels or part.startswith("Bot: "):
            plans.append(SeatPlan(f"Bot {i + 1}", BOT, part))
        else:
            raise ValueError(f"seat {i + 1}: {part!r} is neither 'network' nor a level ({', '.join(levels)})")
    return plans


class Server:
    """Tables of one game on one host; ``start`` ``now`` or when ``full``.  With ``save_dir``, each
    table's every change is on disk before any seat is told of it (:mod:`game.net.journal`: a
    snapshot ``table-CODE.json``, a journal ``table-CODE.journal`` of the moves since, a finished
    deal's replay under ``replays/``), written by writer threads while the host's loop plays on."""

    def __init__(self, host: Host, start: str = "full", save_dir: Path | None = None) -> None:
        self.host = host
        self.start_when = start
        self.save_dir = save_dir
        self.writer = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="table-save")
        self.records: dict[str, Record] = {}

    def serve(self, table: Table) -> Table:
        """Wire ``table`` to this server: started when full, and recorded (with ``--save-dir``)."""
        table.on_change = self.changed
        if self.save_dir is not None:
            table.persist = self.persist
        return table

    def record(self, table: Table) -> Record:
        """The durable record of ``table`` (one a table, made when first needed)."""
        record = self.records.get(table.code)
        if record is None:
            assert self.save_dir is not None
            path = self.save_dir / f"table-{table.code}.json"
            record = self.records[table.code] = Record(path, functools.partial(save_json, path), self.write_replay,
                                                       self.writer)
        return record

    def persist(self, table: Table, why: str, action: object = None) -> None:
        """On the host's loop, before a change is sent: queued for the disk (the messages wait for it)."""
        self.record(table).persist(table, why, action)

    def changed(self, table: Table, why: str) -> None:
        """On the host's loop after a change: start a table that is full; a seat newly taken or the
        table closing saved (with ``--save-dir``)."""
        if (not table.started and self.start_when == "full" and why == "join"
                and all(s.claimed for s in table.seats if s.plan.kind == NETWORK)):
            table.start()
            return  # start() changed the table: saved by that change
        if self.save_dir is None or table.match is None:
            return
        if table.persist is None:  # a table given only this ``on_change``: recorded from now on
            table.persist = self.persist
            self.record(table).snapshot(table)
            return
        self.record(table).changed(table, why)

    def write_replay(self, replay: dict) -> None:
        """A finished deal's replay (on a writer thread; a failure raises, and the record logs it)."""
        assert self.save_dir is not None
        name = f"{replay.get('match_id', 'match')}-hand{replay.get('hand_no', 0)}.json"
        save_json(self.save_dir / "replays" / name, replay)

    def close(self) -> None:
        """After the host has stopped (every table closed and written): the writers end."""
        self.writer.shutdown(wait=True)


def build_tables(args: argparse.Namespace, server: Server) -> list[Table]:
    from game.ui.games import GAMES

    if args.resume:
        return resumed_tables(Path(args.resume), GAMES, server)
    front = GAMES.get(args.game or next(iter(GAMES)))
    if front is None:
        raise ValueError(f"unknown game {args.game!r}; games: {', '.join(GAMES)}")
    if front.bots.engine.view is None:
        raise ValueError(f"{front.title} cannot be played over the network yet")
    plans = seat_plans(args.seats, list(front.bots.levels))
    low, high = front.setup.players
    if not low <= len(plans) <= high:
        raise ValueError(f"{front.title} seats {low} to {high} players, not {len(plans)}")
    rules = front.bots.preset(args.preset or front.bots.engine.default_preset, len(plans))
    if args.rules:
        rules = rules.with_options(json.loads(args.rules))
    options = Options(turn_s=args.turn, bank_s=args.bank, grace_s=args.grace, bot_delay_s=args.bot_delay,
                      ready_s=args.ready, declare_s=args.declare)
    from game.ui.lobby.hosting import new_table

    tables = []
    for _ in range(args.tables):
        table = new_table(front, [SeatPlan(p.name, p.kind, p.level) for p in plans], rules, options)
        tables.append(server.serve(table))
    return tables


def resumed_tables(folder: Path, games: dict, server: Server) -> list[Table]:
    from game.ui.app import load_saved_match
    from game.ui.lobby.hosting import resumed_table

    for where in (folder, folder / "replays"):  # this server owns the folder: a temp file left is a killed write's
        clean_stale_temps(where, older_than_s=0)
    tables = []
    for path in sorted(folder.glob("table-*.json")):
        try:
            doc = load_json(path)
            match = load_saved_match(doc)
            table = resumed_table(games[match.game], match)
        except (CorruptFile, ValueError, KeyError) as exc:
            log.warning("%s is not a saved table: %s", path, exc)
            continue
        resumed = resume(table, path)  # the changes since the snapshot, from its journal
        server.serve(table)
        if resumed.epoch is not None:  # its changes from now on go on that journal
            server.record(table).go_on(table, resumed.epoch)
        tables.append(table)
    if not tables:
        raise ValueError(f"no saved table in {folder}")
    return tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="the game the tables play (default: the first game with a table)")
    parser.add_argument("--seats", default="4", help="a number of network seats, or e.g. network,network,Medium")
    parser.add_argument("--tables", type=int, default=1, help="how many tables")
    parser.add_argument("--preset", help="a preset of the game (the referee's names)")
    parser.add_argument("--rules", help="rule options as a JSON object, on top of the preset")
    parser.add_argument("--address", default="0.0.0.0", help="the address to listen on (default: every interface)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--public", action="store_true", help="let in players from outside the local network")
    parser.add_argument("--rate", type=float, default=20.0, help="messages a second a client may send")
    parser.add_argument("--per-address", type=int, default=24,
                        help="connections one address (an IPv6 /64) may hold at once, counted from its TCP connection")
    parser.add_argument("--cert", help="serve wss:// (TLS) with this certificate chain (a PEM file); with --key")
    parser.add_argument("--key", help="the private key of --cert (a PEM file)")
    parser.add_argument("--proxy", action="store_true",
                        help="behind a reverse proxy on this machine: a client's address is the last of its "
                             "X-Forwarded-For")
    parser.add_argument("--turn", type=float, default=None, help="the turn timer: seconds a turn (default: off)")
    parser.add_argument("--bank", type=float, default=0.0, help="the time bank: extra seconds a seat has a deal")
    parser.add_argument("--declare", type=float, default=None,
                        help="with --turn: seconds to group one's cards after another declared (default: a turn)")
    parser.add_argument("--grace", type=float, default=60.0, help="seconds a lost player's seat waits for them")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="seconds before each bot move")
    parser.add_argument("--ready", type=float, default=None, help="seconds to wait for Next after a deal")
    parser.add_argument("--start", choices=("full", "now"), default="full", help="when a table starts")
    parser.add_argument("--save-dir", help="save every table here (and its replays under replays/)")
    parser.add_argument("--resume", help="open the tables saved in this folder again")
    parser.add_argument("--log", default="WARNING", help="logging level")
    parser.add_argument("--stats", action="store_true",
                        help="on exit, print one more JSON line: the server's own time on each message (the bench)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=getattr(logging, str(args.log).upper(), logging.WARNING),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.tables < 1 or args.tables > 10_000:
        print("--tables: from 1 to 10000", file=sys.stderr)
        return 2
    if bool(args.cert) != bool(args.key):
        print("--cert and --key go together", file=sys.stderr)
        return 2
    save_dir = Path(args.save_dir or args.resume) if (args.save_dir or args.resume) else None
    try:
        context = None
        if args.cert:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(args.cert, args.key)  # an ssl.SSLError is an OSError
        host = Host(args.address, args.port, public=args.public, rate=args.rate, burst=max(40, int(2 * args.rate)),
                    per_address=args.per_address, ssl=context, proxy=args.proxy)
        server = Server(host, args.start, save_dir)
        tables = build_tables(args, server)
        host.start()
    except (ValueError, RulesError, OSError, json.JSONDecodeError) as exc:
        print(f"python -m game.server: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before the line that says the server is up: stoppable from then on
        signal.signal(sig, lambda *_: stop.set())
    for table in tables:
        host.add(table)
    if args.start == "now" or args.resume:
        for table in tables:
            host.start_table(table)
    print(json.dumps({"address": args.address, "port": host.port, "scheme": "wss" if context else "ws",
                      "public": args.public,
                      "tables": [{"game": t.name, "code": t.code, "seats": [s.plan.kind for s in t.seats]}
                                 for t in tables]}), flush=True)
    while not stop.wait(1.0):
        if not host.running:
            break
    host.stop()
    server.close()
    if args.stats:
        work = sorted(host.work_s)
        at = lambda q: round(work[min(len(work) - 1, int(q * len(work)))] * 1000, 3) if work else None  # noqa: E731
        print(json.dumps({"messages": len(work), "work_ms_p50": at(0.5), "work_ms_p99": at(0.99),
                          "work_ms_max": at(1.0)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
