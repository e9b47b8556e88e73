"""What real connections do: a player killed in the middle of its turn keeps its seat, a stand-in
plays it after the grace, and it rejoins with its token; the host killed outright is resumed from
its save and the players reconnect by themselves to the same seats."""

from __future__ import annotations

import json
import time

from game.core.storage import load_json
from game.net.table import Options

from .helpers import network_table, on_host, wait


def read_until(proc, predicate, timeout: float = 30.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("{"):
            doc = json.loads(line)
            if predicate(doc):
                return doc
    raise AssertionError("the player never said it")


def test_a_player_killed_mid_turn_is_stood_in_for_then_rejoins(hosts, processes):
    host = hosts(rate=2000, burst=2000)
    table = network_table("vazhushal", [None, None, None], seed=3, options=Options(grace_s=1.0, bot_delay_s=0),
                          target_wins=3)
    table.on_change = lambda t, why: t.start() if why == "join" and all(s.claimed for s in t.seats) else None
    host.add(table)
    steady = [processes.player(host.port, table.code, "vazhushal", "--level", "Easy", "--seed", str(i))
              for i in range(2)]
    hanging = processes.player(host.port, table.code, "vazhushal", "--level", "Easy", "--hang-after", "3")
    said = read_until(hanging, lambda d: d.get("moved") == 3)
    (seat,) = said["seats"]
    def stuck() -> bool:  # its turn, and the table waits for it
        n = on_host(host, lambda: table.n)
        time.sleep(0.2)
        return on_host(host, lambda: table.n == n and table.match.state.result is None
                       and table.match.table_seat(table.match.state.turn) == seat)

    assert wait(stuck, 30)
    deal, before = on_host(host, lambda: (table.deal, len(table.match.state.history)))
    hanging.kill()  # in the middle of its turn
    hanging.wait(5)
    assert wait(lambda: on_host(host, lambda: table.info()["seats"][seat]["connected"] is False), 5)
    away = on_host(host, lambda: table.info()["seats"][seat]["away"])
    assert 0 < away <= 1.0  # the countdown every screen shows
    n = on_host(host, lambda: table.n)
    assert wait(lambda: on_host(host, lambda: table.n > n), 10)  # only the stand-in can have moved it on
    assert on_host(host, lambda: table.standing_in(seat))
    played = on_host(host, lambda: [e["player"] for e in table.match.state.history[before:]] if table.deal == deal
                     else None)
    assert played is None or table.deal_seat(seat) in played  # the stand-in's moves for the seat
    # a token may begin with "-": hence --token=...
    back = processes.player(host.port, table.code, "vazhushal", "--level", "Easy", f"--token={said['tokens'][0]}")
    outcomes = [processes.result(p, timeout=90) for p in [*steady, back]]
    assert outcomes[-1]["seats"] == [seat] and outcomes[-1]["why"] == "over"
    assert [(o["why"], o["errors"]) for o in outcomes] == [("over", [])] * 3
    final = on_host(host, lambda: table.match.state.result.to_json())
    assert all(o["results"][str(o["seats"][0])] == final for o in outcomes)


def test_the_host_killed_and_resumed_from_its_save(processes, tmp_path):
    args = ["--game", "indian13", "--seats", "3", "--bot-delay", "0", "--rate", "2000", "--grace", "30",
            "--save-dir", str(tmp_path), "--rules", json.dumps({"format": "deals", "deals": 2})]
    server, told = processes.server(*args)
    port, code = told["port"], told["tables"][0]["code"]
    players = [processes.player(port, code, "indian13", "--level", "Easy", "--seed", str(i), "--timeout", "120")
               for i in range(3)]
    saved = tmp_path / f"table-{code}.json"
    first = read_until(players[0], lambda d: d.get("moved", 0) >= 4)
    assert first["seats"]
    assert wait(lambda: saved.exists() and len(load_json(saved)["state"]["history"]) >= 8, 20)
    server.kill()  # no goodbye, no last save: what was saved after the last change is what there is
    server.wait(5)
    at_kill = load_json(saved)
    resumed, told_again = processes.server("--resume", str(tmp_path), "--port", str(port), "--address", "127.0.0.1",
                                           "--rate", "2000", "--bot-delay", "0")
    assert told_again["tables"][0]["code"] == code
    outcomes = [processes.result(p, timeout=120) for p in players]
    assert all(o["why"] == "over" for o in outcomes), outcomes
    assert sorted(o["seats"][0] for o in outcomes) == [0, 1, 2]
    assert outcomes[0]["seats"] == first["seats"]  # the same seats, by their tokens
    assert wait(lambda: load_json(saved)["deals_played"] == 2, 10)  # the last save is written off the loop
    final = load_json(saved)
    assert len(final["sheet"]) == 2
    assert final["match_id"] == at_kill["match_id"]
    results = {json.dumps(o["results"][str(o["seats"][0])], sort_keys=True) for o in outcomes}
    assert len(results) == 1
    resumed.terminate()
    assert resumed.wait(10) == 0
