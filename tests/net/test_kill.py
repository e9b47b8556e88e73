"""A kill takes nothing a player saw: the headless server killed outright (SIGKILL) at least 200 times,
at random moments and at every phase boundary (a table resumed and started, the show after a
declaration, a deal's end and the match's, a new deal), each time opened again with ``--resume``, and
every update any player received found in what the resumed server holds (the same deal or a later
one, the moves it showed or more, the same deals finished), with every finished deal's replay on disk.

The server processes are forked from one helper process that has imported everything once (a fresh
``python -m game.server`` a cycle would cost a second of imports); the helper is this file run as
``python -m tests.net.test_kill --forker``, with no thread of its own, so forking it is safe.  A
server process kills itself at a chosen point of the change that crosses the chosen boundary
(:class:`game.net.journal.Record` patched in that process only): ``queued`` (the write asked for, not
done), ``torn`` (half of the journal's lines, or half of the snapshot in a temp file, written),
``synced`` (on disk, nobody sent it) or ``sent`` (10 ms after it went to the connections).  Other
cycles are killed from here after a random number of updates or a random delay.  Each server
process reports its seats' tokens and the table it resumed (before it starts it), a JSON line each.
Bots play every seat but one or two, played from here by :class:`game.net.player.Player` with
those tokens; everything on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# bots in every seat but the network ones this test plays; rules for matches of two deals
TABLES = {
    "vazhushal": ("network,network,Easy", {"target_wins": 2}),
    "indian13": ("network,Easy,Easy", {"format": "deals", "deals": 2, "auto_arrange_losers": False}),
    "indian21": ("network,Easy", {"format": "deals", "deals": 2, "auto_arrange_losers": False}),
    "marriage": ("network,Easy", {"format": "deals", "deals": 2}),
}
CYCLES_A_GAME = 50  # kills (each resumed and checked) a game, at least: 200 in all
BOUNDARY_EVERY = 6  # every 6th cycle dies at a boundary
KINDS = ("start", "show", "end", "deal")  # the boundaries a server kills itself at (an "end" may end the match)
POINTS = ("queued", "torn", "synced", "sent")
SHOWS = {"indian13", "indian21"}  # the games with a show after a declaration (losers group their cards)
CYCLE_BUDGET_S = 20.0  # no cycle comes near this; past it the server is stuck
SERVER = ["--address", "127.0.0.1", "--port", "0", "--rate", "2000"]


# --- the forked server process -----------------------------------------------------------------


def _child(cmd: dict) -> int:
    """In the forked server process: the kill point and the report of the resumed table installed,
    then the server's own ``main``."""
    import game.server.__main__ as server
    from game.core import storage
    from game.net import journal

    kill = cmd.get("kill")
    note = Path(cmd["note"])
    armed: dict = {}
    phases: dict = {}

    def die(point: str) -> None:
        note.write_text(json.dumps({"kind": armed["kind"], "point": point, "over": armed["over"]}))
        os.kill(os.getpid(), signal.SIGKILL)

    def kind_of(table, why: str) -> str:
        state = table.match.state
        phase = getattr(state, "phase", None)
        before, phases[table.code] = phases.get(table.code), phase
        if why in ("start", "deal"):
            return why
        if state.result is not None:
            return "end"
        return "show" if phase == "show" and before != "show" else "move"

    persist, write, done = journal.Record.persist, journal.Record._write, journal.Record._done

    def persist_(self, table, why, action=None):
        kind = kind_of(table, why)
        persist(self, table, why, action)
        if kill and not armed and kind in kill["kinds"]:
            m = table.match
            armed.update(record=self, mark=self.queued, kind=kind, over=m.state.result is not None and m.match_over)
            if kill["point"] == "queued":
                die("queued")

    def hit(self, batch) -> bool:
        return bool(armed) and armed["record"] is self and batch[-1].mark >= armed["mark"]

    def write_(self, batch, reopen=False):
        if kill["point"] == "torn" and hit(self, batch):
            docs = [w.doc for w in batch if w.doc is not None]
            if docs:  # the snapshot's temp file half written: left behind, removed on resume
                text = json.dumps(docs[-1])
                storage._write_temp(self.path, text[: len(text) // 2])
            else:  # the journal's last line cut short
                text = "".join(w.line for w in batch)
                self._file.write(text[: max(1, len(text) // 2)].encode())
                self._file.flush()
            die("torn")
        return write(self, batch, reopen)

    def done_(self, batch, error):
        if kill["point"] == "synced" and hit(self, batch):
            die("synced")
        done(self, batch, error)
        if kill["point"] == "sent" and hit(self, batch) and not armed.get("sent"):
            armed["sent"] = True
            asyncio.get_running_loop().call_later(0.01, die, "sent")

    resume = server.resume

    def resume_(table, path):
        resumed = resume(table, path)
        folder = Path(path).parent
        temps = sorted(p.name for d in (folder, folder / "replays") if d.is_dir() for p in d.iterdir()
                       if p.name.endswith(".tmp"))
        update = table.update_for(list(range(len(table.seats))), table.match.state, table.public(), 0.0)
        print(json.dumps({"resumed": update, "replayed": resumed.changes, "temps": temps}), flush=True)
        return resumed

    build = server.build_tables

    def build_(args, srv):
        tables = build(args, srv)
        tokens = [[s.token for s in t.seats if s.plan.kind == "network"] for t in tables]
        print(json.dumps({"tokens": tokens}), flush=True)  # the seats' tokens: this test's players hold them
        return tables

    server.resume, server.build_tables = resume_, build_
    if kill:
        journal.Record.persist, journal.Record._write, journal.Record._done = persist_, write_, done_
    return server.main(cmd["argv"])


def forker() -> None:
    """The parent of every server process: one command a line in, a fork each; out, one line when the
    server printed its tables (with its pid and the table it resumed), one when it ended."""
    import websockets.asyncio.server  # noqa: F401

    import game.net.host  # noqa: F401  (everything a server process runs, imported once, before any fork)
    import game.net.journal  # noqa: F401
    import game.server.__main__  # noqa: F401
    import game.ui.app  # noqa: F401
    import game.ui.lobby.hosting  # noqa: F401
    from game.ui.games import GAMES  # noqa: F401

    if threading.active_count() != 1:
        print(f"the forker has {threading.active_count()} threads: forking it is not safe", file=sys.stderr)
        sys.exit(3)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cmd = json.loads(line)
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            code = 70
            try:
                os.close(read_end)
                os.dup2(write_end, 1)
                code = _child(cmd)
            except BaseException:  # noqa: BLE001
                traceback.print_exc()
            finally:
                os._exit(code)
        os.close(write_end)
        said: dict = {"pid": pid, "told": None, "resumed": None, "tokens": None}
        with os.fdopen(read_end) as pipe:
            for text in pipe:
                if text.startswith("{"):
                    doc = json.loads(text)
                    if "resumed" in doc:
                        said["resumed"] = doc
                    elif "tokens" in doc:
                        said["tokens"] = doc["tokens"]
                    elif "port" in doc:
                        said["told"] = doc
                        break
            print(json.dumps(said), flush=True)
            _, status = os.waitpid(pid, 0)
        print(json.dumps({"signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
                          "code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None}), flush=True)


# --- this test's side ----------------------------------------------------------------------------


class Forker:
    """The forker process, and its lines read with a deadline."""

    def __init__(self, log: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        self.log = log
        self.err = open(log, "w")  # noqa: SIM115
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.net.test_kill", "--forker"], cwd=ROOT, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err)
        self.buffer = b""
        self.child: int | None = None  # the server process of the cycle in play
        assert self.line(60).get("ready"), self.tail()

    def tail(self) -> str:
        self.err.flush()
        return self.log.read_text()[-3000:]

    def line(self, timeout: float = 30.0) -> dict:
        end = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()  # type: ignore[union-attr]
        while b"\n" not in self.buffer:
            left = end - time.monotonic()
            assert left > 0 and select.select([fd], [], [], left)[0], f"the forker said nothing\n{self.tail()}"
            chunk = os.read(fd, 65536)
            assert chunk, f"the forker ended\n{self.tail()}"
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(text)

    def start(self, argv: list[str], kill: dict | None, note: Path) -> dict:
        self.proc.stdin.write((json.dumps({"argv": argv, "kill": kill, "note": str(note)}) + "\n").encode())
        self.proc.stdin.flush()
        said = self.line()
        self.child = said["pid"]
        return said

    def ended(self) -> dict:
        """The server process of this cycle ended (and was reaped): how."""
        said = self.line()
        self.child = None
        return said

    def close(self) -> None:
        if self.child is not None:  # a test that failed mid-cycle leaves no server behind
            sigkill(self.child)
        self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        self.err.close()


def sigkill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


async def play(port: int, code: str, game: str, tokens: list, pid: int, updates: int | None,
               delay: float | None) -> tuple[list[dict], bool]:
    """This test's seats (by their ``tokens``) at the table until the server dies (killed here after
    ``updates`` updates or ``delay`` seconds, or when the match is decided): every update received,
    and whether the cycle ran out of time."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    from ai.games import GAMES as BOTS
    from game.net import protocol as P
    from game.net.player import Player

    views: list[dict] = []

    async def seat(slot: int) -> None:
        player = Player(BOTS[game], "Easy", slot)
        hello = {"type": P.HELLO, "protocol": P.PROTOCOL, "game": game, "code": code, "tokens": [tokens[slot]]}
        try:
            async with connect(f"ws://127.0.0.1:{port}/", max_size=P.MAX_HOST_MESSAGE, compression=None,
                               open_timeout=10, ping_interval=None, close_timeout=1) as ws:
                await ws.send(json.dumps(hello))
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("type") == P.UPDATE:
                        views.append(message)
                        if message["over"]:  # the match is decided: nothing more to play (a moment for a
                            asyncio.get_running_loop().call_later(0.05, sigkill, pid)  # kill planned at its end)
                        elif updates is not None and len(views) >= updates:
                            sigkill(pid)  # this cycle's moment
                    for answer in player.read(message):
                        await ws.send(json.dumps(answer))
        except (WebSocketException, OSError):  # the server killed, at any moment (its handshake too)
            pass

    async def later() -> None:
        await asyncio.sleep(delay or 0.0)
        sigkill(pid)

    timer = asyncio.ensure_future(later()) if delay is not None else None
    try:
        await asyncio.wait_for(asyncio.gather(*(seat(i) for i in range(len(tokens)))), CYCLE_BUDGET_S)
        stuck = False
    except TimeoutError:
        sigkill(pid)
        stuck = True
    if timer is not None:
        timer.cancel()
    return views, stuck


def check(views: list[dict], resumed: dict) -> bool:
    """Every update in ``views`` is in the history of ``resumed`` (the resumed table's update for every
    seat): the same deal or a later one, every move shown, the same deals finished.  True when the
    resumed table holds more than the last update showed (changes on disk that nobody was sent)."""
    last = max(views, key=lambda v: v["n"])
    assert resumed["n"] >= last["n"], (resumed["n"], last["n"])  # no change anyone saw is missing
    rsheet = resumed["match"].get("sheet", [])
    for v in views:
        assert resumed["deal"] >= v["deal"], (resumed["deal"], v["deal"])
        assert resumed["over"] or not v["over"]
        sheet = v["match"].get("sheet", [])
        assert rsheet[: len(sheet)] == sheet  # the deals it saw finished, finished alike
        if resumed["deal"] > v["deal"]:
            assert len(rsheet) >= v["deal"]  # the deal it saw was finished before the next was dealt
            continue
        for seat, obs in v["observations"].items():
            robs = resumed["observations"][seat]
            assert (obs is None) == (robs is None)
            if obs is None:
                continue
            assert robs["history"][: len(obs["history"])] == obs["history"]  # every move it saw, in order
            if resumed["n"] == v["n"]:  # the very change it showed: the same view
                assert robs == obs
                for key in ("totals", "sheet", "deals_played", "hand_no"):
                    assert resumed["match"].get(key) == v["match"].get(key), key
    return resumed["n"] > last["n"]


def final_deal(game: str, views: list[dict]) -> bool:
    """The match is in its last deal (a deal's end now ends the match)."""
    if not views:
        return False
    last = max(views, key=lambda v: v["n"])
    if game == "vazhushal":
        obs = next(o for o in last["observations"].values() if o is not None)
        return max(obs["wins"]) >= TABLES[game][1]["target_wins"] - 1
    return last["deal"] >= TABLES[game][1]["deals"]


class Plan:
    """Where each cycle's server dies: every :data:`BOUNDARY_EVERY`-th cycle at a boundary (each kind
    at each point, until every one has been seen to happen; the match's end at each point while its
    last deal is played), the others from here after a few updates or a few milliseconds."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.todo = [(k, p) for p in POINTS for k in KINDS]
        self.ends = list(POINTS)  # the points the match's end is still to be killed at
        self.count = 0

    def next(self, game: str, views: list[dict], quota_met: bool) -> tuple[dict | None, int | None, float | None]:
        """(the server's own kill point, or updates before this test kills it, or seconds before it does)."""
        self.count += 1
        last = final_deal(game, views)
        if self.count % BOUNDARY_EVERY == 0:
            if last and self.ends:
                return {"kinds": ["end"], "point": self.ends[0]}, None, None
            fits = [(k, p) for k in KINDS for p in POINTS
                    if (k != "show" or game in SHOWS) and not (k == "deal" and last)]
            kind, point = next((c for c in self.todo if c in fits), None) or self.rng.choice(fits)
            return {"kinds": [kind], "point": point}, None, None
        if quota_met:  # this game has had its kills but no whole match yet: its match is played to its end
            return None, None, None
        if self.rng.random() < 0.6:
            return None, self.rng.randint(1, 4), None
        return None, None, self.rng.uniform(0.0, 0.02)

    def seen(self, said: dict) -> None:
        """A server said where it died."""
        if (said["kind"], said["point"]) in self.todo:
            self.todo.remove((said["kind"], said["point"]))
        if said["over"] and said["point"] in self.ends:
            self.ends.remove(said["point"])


def test_no_view_is_lost_to_a_kill(tmp_path):
    from game.core.storage import load_json
    from game.replay.check import validate

    plan = Plan(45)
    forker = Forker(tmp_path / "forker.log")
    tally: dict = {"cycles": 0, "kills": 0, "at_boundaries": 0, "ahead": 0, "views": 0, "replayed": 0, "temps": 0,
                   "matches": {}}
    kills: set = set()
    began = time.monotonic()
    try:
        for game, (seats, rules) in TABLES.items():
            done_here, match = 0, 0
            while done_here < CYCLES_A_GAME:
                match += 1
                folder = tmp_path / f"{game}-{match}"
                fresh = ["--game", game, "--seats", seats, "--rules", json.dumps(rules), "--save-dir", str(folder),
                         "--start", "now", "--bot-delay", "0", "--grace", "600", *SERVER]
                views: list[dict] = []
                over = False
                while not over and not (done_here >= CYCLES_A_GAME and tally["matches"].get(game)):
                    kill, updates, delay = plan.next(game, views, done_here >= CYCLES_A_GAME)
                    note = tmp_path / "note.json"
                    note.unlink(missing_ok=True)
                    started = any(folder.glob("table-*.json"))
                    tally["temps"] += len(list(folder.glob(".*.tmp")))  # killed writes' temp files, for the resume
                    told = forker.start(["--resume", str(folder), *SERVER] if started else fresh, kill, note)
                    if started:  # a resumed server: what it holds against what its players were shown
                        resumed = told["resumed"]
                        assert resumed is not None and resumed["temps"] == [], (resumed, forker.tail())
                        tally["replayed"] += resumed["replayed"]
                        if views:
                            tally["ahead"] += check(views, resumed["resumed"])
                            tally["views"] += len(views)
                            tally["cycles"] += 1
                            done_here += 1
                        over = resumed["resumed"]["over"]
                    else:  # nothing on disk yet: nothing was shown
                        assert not views, "a table that was shown was never saved"
                    views = []
                    if told["told"] is None:  # it killed itself (its bots play at once) before it said its tables
                        assert kill is not None, forker.tail()
                    elif over:  # the match is decided: its server is not played any more
                        sigkill(told["pid"])
                    else:
                        port, code = told["told"]["port"], told["told"]["tables"][0]["code"]
                        views, stuck = asyncio.run(play(port, code, game, list(told["tokens"][0]), told["pid"],
                                                        updates, delay))
                        assert not stuck, f"the table stopped playing\n{forker.tail()}"
                    ended = forker.ended()
                    assert ended["signal"] == signal.SIGKILL, (ended, forker.tail())
                    tally["kills"] += 1
                    if note.exists():
                        tally["at_boundaries"] += 1
                        said = json.loads(note.read_text())
                        plan.seen(said)
                        kills.add((said["kind"], said["point"]))
                        if said["over"]:
                            kills.add(("over", said["point"]))
                if not over:
                    break  # this game has had its kills, and a whole match before: its last match is left
                final = load_json(next(folder.glob("table-*.json")))
                replays = sorted((folder / "replays").glob("*.json"))
                assert len(final["sheet"]) >= 2 and len(replays) == len(final["sheet"]), [p.name for p in replays]
                assert all(validate(load_json(p))["ok"] for p in replays)  # every finished deal's replay, none lost
                tally["matches"][game] = tally["matches"].get(game, 0) + 1
    finally:
        forker.close()
    tally["seconds"] = round(time.monotonic() - began, 1)
    print(json.dumps({**tally, "boundaries_and_points": len(kills)}))
    assert tally["cycles"] >= 4 * CYCLES_A_GAME and set(tally["matches"]) == set(TABLES), tally
    missing = {(k, p) for k in (*KINDS, "over") for p in POINTS} - kills
    assert not missing, missing  # every boundary killed at every point
    assert tally["replayed"] > 0 and tally["ahead"] > 0  # journals replayed; changes on disk that nobody was sent
    assert tally["temps"] > 0  # temp files of killed writes were there to remove (and were: ``temps`` above)


def test_a_journal_resumes_to_the_last_change_and_a_failed_write_is_logged(tmp_path, caplog):
    """Without a kill: any exception of a writer is logged and the table's updates go out all the
    same, its next change writing a snapshot; a replay that cannot be written is logged and the
    snapshot written; a table opened from the snapshot and its journal is the table as it was, a
    torn last line cut off and the journal going on after it."""
    import logging

    from game.core.storage import load_json, save_json
    from game.net import protocol as P
    from game.net.journal import Record, journal_path, resume
    from game.net.table import NETWORK, Options, SeatPlan
    from game.ui.app import load_saved_match
    from game.ui.lobby.hosting import resumed_table

    from .helpers import network_table, table_front

    table = network_table("indian13", [SeatPlan("A", NETWORK), SeatPlan("B", NETWORK)], seed=5,
                          options=Options(bot_delay_s=0))
    sent: list[dict] = []
    table.send = lambda link, message: sent.append(message)
    path = tmp_path / "table-X.json"
    failures = [RuntimeError("the disk caught fire")]  # not an OSError: every exception is logged

    def write_snapshot(doc: dict) -> None:
        if failures:
            raise failures.pop()
        save_json(path, doc)

    def write_replay(doc: dict) -> None:
        raise KeyError("no room for replays")

    record = Record(path, write_snapshot, write_replay)  # no executor: each write at once
    table.persist = record.persist
    table.hello("screen", {"type": P.HELLO, "protocol": P.PROTOCOL, "game": "indian13", "code": table.code,
                           "tokens": table.tokens()})
    caplog.set_level(logging.INFO, logger="game.net.journal")
    table.start()
    assert "the disk caught fire" in caplog.text and not path.exists()
    assert sent[-1]["type"] == P.UPDATE and sent[-1]["n"] == table.n  # the table plays on

    def move(at) -> None:
        at.receive("screen", {"type": P.ACTION, "action": at.front.fallback(at.match.state).to_json()})

    move(table)  # after a failure the next change is a whole snapshot
    assert load_json(path)["network"]["n"] == table.n and len(journal_path(path).read_bytes().splitlines()) == 1
    for _ in range(6):
        move(table)
    assert len(journal_path(path).read_bytes().splitlines()) == 1 + 6  # a line a move

    def reopened():
        again = resumed_table(table_front("indian13"), load_saved_match(load_json(path)))
        return again, resume(again, path)

    with journal_path(path).open("ab") as journal:
        journal.write(b'{"n":99,"a":{"player":0,"ty')  # a kill in the middle of a line
    size = len(journal_path(path).read_bytes())
    again, resumed = reopened()
    assert resumed.changes == 6 and resumed.epoch == load_json(path)["network"]["journal"]
    assert (again.n, again.deal) == (table.n, table.deal)
    assert again.match.to_json() == table.match.to_json()  # the very table, the deal's record too
    assert len(journal_path(path).read_bytes()) < size  # the torn line cut off

    record = Record(path, write_snapshot, write_replay)  # the table opened again goes on with that journal
    record.go_on(again, resumed.epoch)
    again.persist, again.send = record.persist, lambda link, message: sent.append(message)
    again.hello("screen", {"type": P.HELLO, "protocol": P.PROTOCOL, "game": "indian13", "code": again.code,
                           "tokens": again.tokens()})
    again.start()
    for _ in range(3):
        move(again)
    third, resumed = reopened()
    assert resumed.changes == 6 + 1 + 3 and third.match.to_json() == again.match.to_json() and third.n == again.n
    while again.match.state.result is None:
        move(again)
    assert "no room for replays" in caplog.text  # logged; the snapshot of the deal's end written all the same
    assert load_json(path)["network"]["n"] == again.n and load_json(path)["sheet"]
    fourth, resumed = reopened()
    assert fourth.match.to_json() == again.match.to_json() and resumed.changes == 0


if __name__ == "__main__" and sys.argv[1:] == ["--forker"]:
    forker()
