"""A seat receives its own observation and nothing else of the deal: every byte sent to each seat
over whole matches of every game is recorded, and none of it holds another seat's hidden hand,
the stock, the seed, or another seat's token."""

from __future__ import annotations

import json
import re

import pytest

from game.net import protocol as P
from game.ui.games import GAMES as TABLES

from .helpers import network_table, on_host, table_front

GAMES = list(TABLES)
SEED = 1_987_654_321  # a match seed no counter of a short match reaches
CARD = re.compile(r"^(10|[2-9AJQK])[SHDC]$|^JK$")


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def lists(value) -> list[list]:
    if isinstance(value, list):
        return [value] + [x for v in value for x in lists(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in lists(v)]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_every_byte_a_seat_receives_is_its_own_view(game, hosts, processes):
    host = hosts(rate=2000, burst=2000, tap=lambda link, text: wire.setdefault(link, []).append(text))
    wire: dict = {}
    table = network_table(game, [None, None, None], seed=SEED)
    host.add(table)
    records: list[tuple] = []
    sent = table.send

    def record(link, message):
        state = table.match.state if table.match is not None else None
        records.append((link, P.write(message), state, list(table.links.get(link, []))))
        sent(link, message)

    on_host(host, lambda: setattr(table, "send", record))
    table.on_change = lambda t, why: t.start() if why == "join" and all(s.claimed for s in t.seats) else None
    players = [processes.player(host.port, table.code, game, "--level", "Easy", "--seed", str(i)) for i in range(3)]
    outcomes = [processes.result(p, timeout=90) for p in players]
    assert all(o["why"] == "over" for o in outcomes)
    front = table_front(game).bots
    tokens = table.tokens()
    checked = 0
    by_link: dict = {}
    for link, text, state, seats in records:
        by_link.setdefault(link, []).append(text)
        assert str(SEED) not in text
        message = json.loads(text)
        mine = [table.seats[s].token for s in seats]
        assert not [t for t in tokens if t not in mine and t in text], "another seat's token"
        observations = message.pop("observations", {}) if message["type"] == P.UPDATE else {}
        assert [s for s in strings(message) if CARD.match(s) or s.endswith("-state")] == []
        for seat, obs in observations.items():
            assert int(seat) in seats
            deal_seat = next(d for d in range(state.players) if table.match.table_seat(d) == int(seat))
            assert obs == front.observe(state, deal_seat).to_json()  # exactly what the engine lets it see
            doc = front.engine.to_json(state)
            if state.result is None:
                shown = obs["revealed_hands"] or [None] * len(doc["hands"])
                hidden = [h for i, h in enumerate(doc["hands"]) if i != deal_seat and shown[i] is None]
                for cards in [*hidden, doc["stock"]]:
                    if len(cards) >= 3:
                        found = [x for x in lists(obs) if sorted(map(str, x)) == sorted(cards)]
                        assert found == [], "a hidden hand or the stock"
            checked += 1
    assert checked > 30
    for link, texts in wire.items():  # what went out is what was checked (a closed link got no more)
        assert texts == by_link[link][:len(texts)]
    assert set(wire) == set(by_link)
