"""Network play's part of the app's smoke test (:mod:`game.ui.selftest`, the frozen app's too), on
loopback only: a table hosted from the title screen, joined by a friend (a bot behind a real
connection), a turn played, closed (the friend is told), continued and closed again; then a table
served by a headless host joined from Join a table, a turn played, left.  Buttons are found by their
captions in the language in force (the frozen app's smoke test runs in the player's language)."""

from __future__ import annotations

import os
import threading
import time

import pygame

from game.i18n import _
from game.net.table import BOT, NETWORK, Options, SeatPlan

from ..drive import button, click_at, click_widget, press, top_name, wait_for
from .hosting import INTERFACES_ENV, new_table


class LoopbackFriend:
    """A friend at another screen of this machine: a connection with a bot behind it."""

    def __init__(self, port: int, code: str, game: str) -> None:
        from ai.games import GAMES
        from game.net.client import Client
        from game.net.player import Player

        self.client = Client("127.0.0.1", port, game, code, "Smoke friend").start()
        self.player = Player(GAMES[game], "random", 1)
        self.kinds: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, name="smoke-friend", daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            for message in self.client.poll():
                self.kinds.append(str(message.get("type")))
                for answer in self.player.read(message):
                    self.client.send(answer)
            time.sleep(0.005)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.client.close()


def one_turn(app, table) -> None:
    """A turn by events at a network table: click the stock, wait for the host's answer, discard (D)."""
    assert wait_for(app, lambda: table.my_turn() or top_name(app) not in ("table",), 30), "no turn came"
    if not table.my_turn():
        return
    hand = len(table.obs.hand)
    click_at(app, table.geo().layout.stock.center)
    assert wait_for(app, lambda: len(table.obs.hand) > hand or top_name(app) != "table", 10), "no answer to a draw"
    if table.my_turn() and table.state.phase == "play":
        table.selected.clear()
        table.cursor = ("hand", 0)
        press(app, pygame.K_d)


def leave_table(app) -> None:
    if top_name(app) not in ("title",):
        press(app, pygame.K_ESCAPE)
        if top_name(app) == "menu":
            click_widget(app, button(app, _("Save and leave to title")))
    assert wait_for(app, lambda: top_name(app) == "title", 10), top_name(app)


def smoke(app) -> None:
    os.environ.setdefault(INTERFACES_ENV, "127.0.0.1")  # loopback only: the smoke test never uses the network
    game = next(iter(app.games))
    host_and_close(app, game)
    join_a_table(app, game)


def host_and_close(app, game: str) -> None:
    click_widget(app, button(app, _("Host a table")))
    assert top_name(app) == "host"
    click_widget(app, app.top.start)
    if top_name(app) == "confirm":  # a saved match would be replaced: yes
        press(app, pygame.K_RETURN)
    assert top_name(app) == "lobby", top_name(app)
    session = app.network
    friend = LoopbackFriend(session.hosting.port, session.code, game)
    try:
        assert wait_for(app, lambda: bool(session.info) and session.info["seats"][1]["claimed"], 10), "nobody joined"
        click_widget(app, app.top.start)
        assert wait_for(app, lambda: top_name(app) == "table", 10), top_name(app)
        one_turn(app, app.top)
        leave_table(app)  # the host closes the table: saved, the friend told
        assert wait_for(app, lambda: "closed" in friend.kinds, 10), "the friend was not told"
    finally:
        friend.close()
    app.flush_saves()
    app.top.build()
    click_widget(app, button(app, _("Continue")))  # the hosted match opens again, for its players to rejoin
    assert top_name(app) == "lobby" and app.network is not None and app.network.hosting is not None
    click_widget(app, button(app, _("Close the table")))
    assert top_name(app) == "title"


def join_a_table(app, game: str) -> None:
    from game.net.host import Host

    front = app.games[game]
    host = Host("127.0.0.1", 0).start()
    rules = front.bots.preset(front.bots.engine.default_preset, 2)
    table = new_table(front, [SeatPlan("Seat 1", NETWORK), SeatPlan("Bot", BOT, "random")], rules,
                      Options(bot_delay_s=0.0))
    table.on_change = lambda t, why: t.start() if why == "join" and not t.started else None
    host.add(table)
    try:
        click_widget(app, button(app, _("Join a table")))
        join = app.top
        assert top_name(app) == "join"
        for field, words in ((join.address, f"127.0.0.1:{host.port}"), (join.code, table.code)):
            field.value = ""
            click_widget(app, field)
            app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in words])
        press(app, pygame.K_RETURN)
        assert wait_for(app, lambda: top_name(app) == "table", 10), top_name(app)
        one_turn(app, app.top)
        leave_table(app)
    finally:
        host.stop()
