"""Tables, players and processes for the network tests (loopback only, bounded waits)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from game.net.table import NETWORK, Options, SeatPlan, Table

ROOT = Path(__file__).resolve().parents[2]
SHORT = {"vazhushal": {"target_wins": 1}, "indian13": {}, "marriage": {}}  # one hand or deal a match


def table_front(game: str):
    from game.ui.games import GAMES

    return GAMES[game]


def short_rules(game: str, players: int, **more):
    front = table_front(game)
    rules = front.bots.preset(front.bots.engine.default_preset, players)
    options = {**SHORT.get(game, {}), **more}
    return rules.with_options(options) if options else rules


def network_table(game: str, plans, seed: int = 7, options: Options | None = None, **rules) -> Table:
    from game.ui.lobby.hosting import new_table

    plans = [p if isinstance(p, SeatPlan) else SeatPlan(f"Seat {i + 1}", NETWORK) for i, p in enumerate(plans)]
    return new_table(table_front(game), plans, short_rules(game, len(plans), **rules),
                     options or Options(bot_delay_s=0.0), seed)


def wait(predicate, timeout: float = 20.0, step: float = 0.01) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def on_host(host, fn, *args):
    """``fn(*args)`` on the host's loop (the tables live there)."""
    return host.call(fn, *args).result(10)


class Processes:
    """Players in processes of their own (``python -m game.server.player``), ended by their id."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen] = []

    def player(self, port: int, code: str, game: str, *args: str) -> subprocess.Popen:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([sys.executable, "-m", "game.server.player", f"127.0.0.1:{port}", code, "--game", game,
                                 *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.procs.append(proc)
        return proc

    def server(self, *args: str) -> tuple[subprocess.Popen, dict]:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen([sys.executable, "-m", "game.server", "--address", "127.0.0.1", "--port", "0", *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.procs.append(proc)
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line, proc.stderr.read()  # type: ignore[union-attr]
        return proc, json.loads(line)

    @staticmethod
    def result(proc: subprocess.Popen, timeout: float = 60.0) -> dict:
        out, err = proc.communicate(timeout=timeout)
        lines = [x for x in out.splitlines() if x.startswith("{")]
        assert lines, f"exit {proc.returncode}: {err[-2000:]}"
        return json.loads(lines[-1])

    def end(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    pass
            for stream in (proc.stdout, proc.stderr):
                if stream is not None:
                    stream.close()


class Friend:
    """A friend at another computer: a connection with a bot behind it, on a thread of its own."""

    def __init__(self, port: int, code: str, game: str, level: str = "Easy", tokens=(), name: str = "Asha") -> None:
        import threading

        from ai.games import GAMES as BOTS
        from game.net.client import Client
        from game.net.player import Player

        self.client = Client("127.0.0.1", port, game, code, name, list(tokens)).start()
        self.player = Player(BOTS[game], level, 5)
        self.messages: list[dict] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            for message in self.client.poll():
                self.messages.append(message)
                for answer in self.player.read(message):
                    self.client.send(answer)
            time.sleep(0.005)

    def kinds(self) -> list[str]:
        return [m.get("type") for m in self.messages]

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.client.close()
