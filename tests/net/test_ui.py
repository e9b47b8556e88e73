"""The app at network tables: hosting from the title screen, joining a table, the game's own table
drawn from this screen's view, closing and resuming a hosted match."""

from __future__ import annotations

import time

import pygame
import pytest

from game.net import protocol as P
from game.net.table import BOT, NETWORK, SeatPlan
from game.ui.drive import button, click_at, click_widget, press, top_name, wait_for
from game.ui.games import GAMES as TABLES
from game.ui.persist import SAVE_FILE
from game.ui.scenes.confirm import ConfirmScene

from .helpers import Friend, network_table, on_host

# Where a hand played through ends: every game's own scenes but its table (the scene with turns) and
# the questions it asks over the table (a confirm scene, as Marriage's expose question at the deal).
RESULTS = {scene.name for front in TABLES.values() for scene in front.scenes
           if not hasattr(scene, "my_turn") and not issubclass(scene, ConfirmScene)}


def host_from_title(app, game: str, friends: int = 1):
    """Title -> Host a table -> the game chosen -> Open the table: the lobby; returns the session."""
    app.reset_to(app.make("title"))
    app.step([])
    click_widget(app, button(app, "Host a table"))
    assert top_name(app) == "host"
    scene = app.top
    scene.set_game(list(app.games).index(game))
    while len(scene.seats) < 1 + friends:
        scene.add_seat()
    for i in range(1, 1 + friends):
        scene.set_seat(i, level="Friend")
    app.step([])
    click_widget(app, scene.start)
    assert top_name(app) == "lobby"
    return app.network


def play_until_results(app, limit: float = 60.0):
    """This screen's turns played through the table (its safe move, from the view it draws), at
    most one move each 0.08 s: as fast as a person could, never as fast as the host's limit on a
    player's messages (20 a second) would stop (a long deal played at full speed would be)."""
    last = [0.0]

    def done() -> bool:
        table = app.top
        if top_name(app) in RESULTS:
            return True
        if top_name(app) == "pass":
            press(app, pygame.K_RETURN)
        elif hasattr(table, "my_turn") and table.my_turn() and time.monotonic() - last[0] >= 0.08:
            last[0] = time.monotonic()
            table.play(table.match.bots.fallback(table.state))
        return False

    assert wait_for(app, done, limit), top_name(app)


def test_hosting_a_table_from_the_title_and_playing_a_hand_by_events(app):
    session = host_from_title(app, "vazhushal")
    table = session.hosting.table
    friend = Friend(session.hosting.port, session.code, "vazhushal")
    try:
        assert wait_for(app, lambda: session.info and session.info["seats"][1]["claimed"], 10)
        assert session.info["seats"][1]["name"] == "Asha"
        press(app, pygame.K_RETURN)  # Start
        assert wait_for(app, lambda: top_name(app) == "table", 10)
        scene = app.top
        assert wait_for(app, lambda: scene.my_turn(), 20)
        hand = len(scene.obs.hand)
        click_at(app, scene.geo().layout.stock.center)  # the draw goes to the host ...
        assert wait_for(app, lambda: scene.my_turn() and len(scene.obs.hand) == hand + 1, 10)  # ... and comes back
        scene.selected.clear()
        scene.cursor = ("hand", 0)
        press(app, pygame.K_d)
        assert wait_for(app, lambda: on_host(session.hosting.host, lambda: len(table.match.state.history)) >= 2, 10)
        play_until_results(app)
        real = on_host(session.hosting.host, lambda: table.match.state.result.to_json())
        assert session.match.state.result.to_json() == real  # the results drawn are the host's
        assert app.store.path(SAVE_FILE).exists()
    finally:
        friend.close()


@pytest.mark.parametrize("game", [g for g in TABLES if g != "vazhushal"])
def test_every_game_hosted_and_played_to_its_results(app, game):
    session = host_from_title(app, game, friends=1)
    friends = [Friend(session.hosting.port, session.code, game, name="Asha")]
    try:
        assert wait_for(app, lambda: session.info and all(s["claimed"] for s in session.info["seats"]), 10)
        click_widget(app, app.top.start)
        assert wait_for(app, lambda: top_name(app) not in ("lobby",), 10)
        play_until_results(app)
        table = session.hosting.table
        real = on_host(session.hosting.host, lambda: table.match.state.result.to_json())
        assert session.match.state.result.to_json() == real
        assert app.top.name in RESULTS
    finally:
        for f in friends:
            f.close()


def test_joining_a_table_from_the_title(app, hosts):
    host = hosts()
    table = network_table("indian13", [SeatPlan("Seat 1", NETWORK), SeatPlan("Meena", BOT, "Easy")])
    table.on_change = lambda t, why: t.start() if why == "join" and not t.started else None
    host.add(table)
    app.reset_to(app.make("title"))
    app.step([])
    click_widget(app, button(app, "Join a table"))
    join = app.top
    assert top_name(app) == "join"
    join.game.index = list(app.games).index("indian13")
    for field, words in ((join.player, "Ravi"), (join.address, f"127.0.0.1:{host.port}"),
                         (join.code, table.code.lower())):
        field.value = ""
        click_widget(app, field)
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in words])
    press(app, pygame.K_RETURN)
    assert wait_for(app, lambda: top_name(app) == "table13", 10), top_name(app)
    scene = app.top
    session = app.network
    real = lambda: on_host(host, lambda: table.match.state)  # noqa: E731
    assert on_host(host, lambda: table.seats[0].plan.name) == "Ravi"
    assert scene.match.state is not real() and scene.viewer == 0
    assert scene.obs.to_json() == TABLES["indian13"].bots.observe(real(), 0).to_json()
    assert session.tokens == table.tokens(NETWORK)
    play_until_results(app)
    assert session.match.state.result.to_json() == real().result.to_json()
    host.stop()  # the host goes: this screen is told and goes back to the title
    assert wait_for(app, lambda: top_name(app) == "title", 10)
    assert app.network is None and any("closed" in t for t, _ in app.toasts)


def test_a_refused_move_is_said_like_the_engines_and_changes_nothing(app, hosts):
    host = hosts()
    table = network_table("vazhushal", [SeatPlan("Seat 1", NETWORK), SeatPlan("Meena", BOT, "Easy")])
    table.on_change = lambda t, why: t.start() if why == "join" and not t.started else None
    host.add(table)
    from game.net.client import Client
    from game.ui.lobby.scenes import open_session

    front = TABLES["vazhushal"]
    app.reset_to(app.make("title"))
    session = open_session(app, front, Client("127.0.0.1", host.port, "vazhushal", table.code, "Ravi").start())
    app.open("lobby", session)
    assert wait_for(app, lambda: top_name(app) == "table", 10)
    scene = app.top
    assert wait_for(app, lambda: scene.my_turn() and scene.state.phase == "draw", 20)
    n = on_host(host, lambda: table.n)
    wrong = front.bots.action_type.discard(scene.state.turn, 0)  # before drawing: the host refuses it
    session.sent = wrong
    session.client.send({"type": "action", "action": wrong.to_json(), "n": n})
    assert wait_for(app, lambda: scene.message[1] == "bad", 10)
    assert "draw" in scene.message[0] and session.sent is None and scene.my_turn()
    assert on_host(host, lambda: table.n) == n


def test_the_host_closes_its_table_then_resumes_it_and_the_friend_rejoins(app):
    session = host_from_title(app, "indian13")
    code, port = session.code, session.hosting.port
    friend = Friend(port, code, "indian13", level="Easy")
    assert wait_for(app, lambda: session.info and session.info["seats"][1]["claimed"], 10)
    token = friend.client.tokens
    click_widget(app, app.top.start)
    assert wait_for(app, lambda: top_name(app) == "table13", 10)
    scene = app.top
    def two_moves() -> bool:
        if scene.my_turn():
            scene.play(scene.match.bots.fallback(scene.state))
        return len(scene.state.history) >= 2

    assert wait_for(app, two_moves, 20)
    played = len(scene.state.history)
    press(app, pygame.K_ESCAPE)
    click_widget(app, button(app, "Save and leave to title"))
    assert top_name(app) == "title" and app.network is None
    assert wait_for(app, lambda: "closed" in friend.kinds(), 10), (friend.kinds()[-8:], friend.messages[-3:])
    closed = next(m for m in friend.messages if m["type"] == "closed")
    assert closed["code"] == P.HOST_CLOSED
    friend.close()
    app.flush_saves()
    click_widget(app, button(app, "Continue"))
    assert top_name(app) == "lobby"
    lobby = app.top
    resumed = app.network
    assert resumed.code == code and lobby.start.caption == "Resume the match"
    back = Friend(resumed.hosting.port, code, "indian13", tokens=token)
    try:
        assert wait_for(app, lambda: resumed.info and resumed.info["seats"][1]["connected"], 20), \
            (back.messages[-6:], resumed.info and resumed.info["seats"])
        assert back.client.seats == [1]
        click_widget(app, lobby.start)
        assert wait_for(app, lambda: top_name(app) == "table13", 10)
        assert len(app.top.state.history) >= played
        assert len(app.top.news) >= min(played, 6), app.top.news  # the deal so far told again, not an empty log
        play_until_results(app)
    finally:
        back.close()


def test_two_people_at_the_host_screen_and_a_friend_at_one_table(app):
    app.reset_to(app.make("title"))
    app.step([])
    click_widget(app, button(app, "Host a table"))
    scene = app.top
    scene.set_game(list(app.games).index("indian13"))
    scene.add_seat()
    scene.set_seat(1, level="Human")
    scene.set_seat(2, level="Friend")
    assert [(s.name, s.level) for s in scene.seats] == [("Player 1", "Human"), ("Player 2", "Human"),
                                                        ("Friend 1", "Friend")]
    click_widget(app, scene.start)
    session = app.network
    table = session.hosting.table
    friend = Friend(session.hosting.port, session.code, "indian13")
    try:
        assert wait_for(app, lambda: session.info and session.info["seats"][2]["claimed"], 10)
        assert session.seats == [0, 1]  # this screen holds both people's seats
        click_widget(app, app.top.start)
        passes, checked = [], 0

        def step() -> bool:
            nonlocal checked
            top = app.top
            if top_name(app) == "pass":
                passes.append(top.seat)
                press(app, pygame.K_RETURN)
            elif top_name(app) == "table13" and top.my_turn():
                real = on_host(session.hosting.host, lambda: table.match.state)
                assert top.obs.to_json() == TABLES["indian13"].bots.observe(real, top.viewer).to_json()
                checked += 1
                top.play(top.match.bots.fallback(top.state))
            return top_name(app) in RESULTS or (len(set(passes)) == 2 and checked >= 4)

        assert wait_for(app, step, 60)
        assert set(passes) == {0, 1}  # the device was passed between the two people here, each seeing their own
    finally:
        friend.close()
