"""Whole matches over real sockets on loopback: a host and three players, each a process of its own
with a bot behind its connection; every player's final view agrees with the host; the host's
replays of the match are the documents a local match writes, and the referee's check holds."""

from __future__ import annotations

import pytest

from game.core.storage import load_json
from game.replay.check import validate
from game.server.__main__ import Server
from game.ui.games import GAMES as TABLES

from .helpers import network_table, on_host, wait

GAMES = list(TABLES)


@pytest.mark.parametrize("game", GAMES)
def test_a_match_end_to_end_with_three_player_processes(game, hosts, processes, tmp_path):
    host = hosts(rate=2000, burst=2000)  # bots answer at once: no person's rate applies
    server = Server(host, "full", tmp_path)
    table = network_table(game, [None, None, None], seed=11)
    table.on_change = server.changed
    host.add(table)
    players = [processes.player(host.port, table.code, game, "--level", "Easy", "--seed", str(i), "--name",
                                f"Bot{i}") for i in range(3)]
    outcomes = [processes.result(p, timeout=90) for p in players]
    assert wait(lambda: on_host(host, lambda: table.match is not None and table.match.match_over), 10)
    final = on_host(host, lambda: table.match.state.result.to_json())
    for out in outcomes:
        assert out["why"] == "over" and out["errors"] == [], out
        (seat,) = out["seats"]
        assert out["results"][str(seat)] == final  # each screen's last view is the host's result
    assert sorted(o["seats"][0] for o in outcomes) == [0, 1, 2]
    server.close()
    saved = load_json(tmp_path / f"table-{table.code}.json")
    assert saved["game"] == game and saved["network"]["code"] == table.code
    replays = sorted((tmp_path / "replays").glob("*.json"))
    assert replays, "the host wrote no replay"
    for path in replays:
        doc = load_json(path)
        assert validate(doc)["ok"]
        assert doc["game"] == game


def test_the_headless_server_plays_and_prints_its_tables(processes):
    server, told = processes.server("--game", "indian13", "--seats", "network,Easy", "--tables", "2",
                                    "--bot-delay", "0", "--rate", "2000")
    assert [t["seats"] for t in told["tables"]] == [["network", "bot"]] * 2
    assert len({t["code"] for t in told["tables"]}) == 2
    player = processes.player(told["port"], told["tables"][1]["code"], "indian13", "--level", "Easy")
    out = processes.result(player, timeout=60)
    assert out["why"] == "over" and out["seats"] == [0] and out["results"]["0"] is not None
    server.terminate()
    assert server.wait(10) == 0
