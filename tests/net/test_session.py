"""This screen's session at a table: what its panel says (a player away and the countdown to the
safe-move bot, the turn timer and the bank, a lost connection)."""

from __future__ import annotations

import random
import time

import pytest

from game.net import client as C
from game.net.table import public_document
from game.ui.games import GAMES as TABLES
from game.ui.lobby.remote import rebuild, remote_class
from game.ui.lobby.session import Session
from game.ui.match import SeatSetup


class FakeClient:
    code = "ABCDEF"

    def __init__(self) -> None:
        self.inbox: list[dict] = []
        self.sent: list[dict] = []

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self, timeout: float = 0) -> None:
        pass


def seats(away=None, clock=None) -> dict:
    return {"type": "table", "started": True, "over": False, "grace_s": 60, "timer": {"turn_s": 30, "bank_s": 60},
            "clock": clock, "seats": [{"name": "Ravi", "kind": "network", "connected": True, "away": None},
                                      {"name": "Asha", "kind": "network", "connected": away is None, "away": away},
                                      {"name": "Meena", "kind": "bot", "connected": True, "away": None}]}


def session(app) -> tuple[Session, FakeClient]:
    client = FakeClient()
    s = Session(app, TABLES["vazhushal"], client)  # type: ignore[arg-type]
    client.inbox.append({"type": "welcome", "seats": [0], "tokens": [], "table": seats()})
    s.poll()
    return s, client


def test_the_panel_counts_down_to_the_safe_move_bot_and_the_turn_timer(app):
    s, client = session(app)
    assert s.status_lines() == []
    client.inbox.append(seats(away=42.0, clock={"seat": 0, "turn": 12.0, "bank": 60.0}))
    s.poll()
    words = [w for w, _ in s.status_lines()]
    assert words == ["Asha lost connection: a bot plays for them in 0:42", "Your time: 0:12 · bank 1:00"]
    s.info_at -= 50  # fifty seconds later
    s.clock = (s.clock[0], time.monotonic() - 20)
    words = [w for w, _ in s.status_lines()]
    assert words == ["Asha is away: a bot plays safe moves for them", "Your time: 0:00 · bank 0:52"]
    client.inbox.append({"type": "link", "state": C.RETRYING, "message": ""})
    s.poll()
    assert s.status_lines()[0][0] == "Connection lost: reconnecting…"
    client.inbox.append({"type": "closed", "code": "host_closed", "message": "The host went home."})
    s.poll()
    assert s.ended == "The host went home."


def test_the_clock_of_another_seat_is_named(app):
    s, client = session(app)
    client.inbox.append(seats(clock={"seat": 1, "turn": 0.0, "bank": 0.0}))
    s.poll()
    assert [w for w, _ in s.status_lines()] == ["Asha's time is up: a safe move finishes the turn"]


def test_a_view_the_games_save_reader_refuses_is_still_drawn():
    """A Vazhushal seat that must take from the line holds cards this screen cannot see: the game's
    save reader, which asks that the seat to move can move, may refuse the view; the state alone is
    then read by the engine and put in the match built last."""
    front = TABLES["vazhushal"]
    engine = front.bots.engine
    match = front.match.new([SeatSetup("A"), SeatSetup("B")], front.setup.default_rules(), 5)
    public = public_document(match.to_json(), engine.format)
    first = rebuild(front.match, public, engine.view(front.bots.observe(match.state, 0).to_json()))
    assert type(first) is remote_class(front.match)
    rng = random.Random(1)
    for _ in range(3):
        match.play(engine.random_action(match.state, rng))
    doc = engine.view(front.bots.observe(match.state, 0).to_json())

    class Refusing(front.match):  # type: ignore[misc, valid-type]
        @classmethod
        def from_json(cls, doc):
            raise ValueError("the saved game cannot go on")

    again = rebuild(Refusing, public, doc, engine, first)
    assert again is not first and again.sheet == first.sheet
    assert engine.to_json(again.state) == engine.to_json(engine.from_json(doc))
    with pytest.raises(ValueError):  # without a match built before, the refusal stands
        rebuild(Refusing, public, doc)


def test_a_refusal_names_the_tables_game_as_the_player_knows_it(app):
    """Joining with another game picked: the host's words name the table's game by its registry
    name; the screen shows the game's title."""
    s, client = session(app)
    name, front = next((n, f) for n, f in TABLES.items() if f.title != n)
    client.inbox.append({"type": "closed", "code": "wrong_game",
                         "message": f"This table plays another game ({name}): choose that game and join again."})
    s.poll()
    assert s.ended == f"This table plays another game ({front.title}): choose that game and join again."


@pytest.mark.parametrize("name,most", [(n, most) for n in TABLES for most in (False, True)])
def test_the_panel_keeps_inside_the_tables_free_places_at_the_smallest_window(app, name, most):
    """At the smallest window the band a table leaves free may hold fewer lines than the panel has,
    or none: the panel goes where the most fit (the band, else the foot of the news box), shows what
    fits there (a warning first) and never covers the hand, its labels or its count."""
    import pygame

    from game.ui.app import MIN_SIZE
    from game.ui.lobby.session import free_places, panel_place
    from game.ui.widgets import ACCENT, BAD

    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=MIN_SIZE[0], h=MIN_SIZE[1], size=MIN_SIZE)])
    front = TABLES[name]
    low, high = front.setup.players
    players = high if most else low
    seats_ = [SeatSetup("You", "Human")] + [SeatSetup(f"P{i}", "Medium") for i in range(1, players)]
    match = front.match.new(seats_, front.setup.default_rules().with_players(players), 5)
    app.reset_to(app.make(match.scene, match))
    app.dirty = True
    app.step([])
    scale = max(0.5, min(MIN_SIZE[0] / 1280, MIN_SIZE[1] / 720))
    places = free_places(app.top, scale, MIN_SIZE[0])
    assert places, name
    size = max(12, round(16 * scale))
    step, pad = size + max(4, round(6 * scale)), round(12 * scale)
    lines = [("Asha lost connection: a bot plays for them in 0:42", BAD), ("Your time: 0:12 · bank 1:00", ACCENT),
             ("Ravi is away: a bot plays safe moves for them", ACCENT)]
    default = pygame.Rect(0, 300, 400, step * len(lines) + pad)
    shown, box = panel_place(lines, places, step, pad, default)
    assert shown and shown[0] == lines[0], (name, places)
    assert box != default and any(p.contains(box) for p in places), (name, places, box)
    scene = app.top
    if hasattr(scene, "geo"):
        covered = [r for _, r in scene.geo().hand]
    else:
        lay = scene.layout()
        covered = [r for _, r in lay.cards] + lay.labels + [
            pygame.Rect(0, lay.label_y - round(30 * scale), MIN_SIZE[0], round(30 * scale))]  # the count
    assert box.collidelist(covered) == -1, (name, box)


# --- a host's messages the session cannot use: never a traceback, never a screen that waits --------

@pytest.mark.parametrize("message", [
    {"type": "welcome", "seats": [0], "tokens": 5, "table": seats()},
    {"type": "welcome", "seats": 5, "tokens": [], "table": seats()},
    {"type": "table", "seats": 5, "started": True},
    {**seats(), "seats": [{"name": "A", "kind": "network", "away": "x"}, 7, None]},
    seats(clock={"seat": 0, "turn": "x", "bank": 1}),
    {**seats(clock={"seat": 2, "turn": 1, "bank": 1}), "seats": [1, 2, 3]},
    seats(clock={"seat": 7, "turn": 1e308, "bank": float("nan")}),
    seats(away=10**400),
    {"type": "update", "n": 1, "deal": 1, "over": False, "observations": {"0": {"garbage": 1}}, "match": {}},
    {"type": "update", "observations": 5, "match": 5},
    {"type": "error", "code": 5, "message": None, "refused": 5},
    {"type": "closed", "message": ""},
])
def test_the_session_never_raises_on_what_a_host_sends(app, message):
    """Defence in depth (the client's reader refuses all of these): each frame's methods of the
    session read only what they can use; what they cannot ends the session with words."""
    s, client = session(app)
    s.info_at -= 1  # a second later: every countdown computed
    client.inbox.append(message)
    s.poll()
    assert isinstance(s.status_lines(), list)
    assert s.ended is None or s.ended  # ended, then with words


def test_an_update_the_engine_cannot_read_ends_the_session_with_words(app):
    """At the table, an update whose observation the engine's view refuses: the player is back at
    the title, told the host sent something this app cannot read."""
    from game.net.client import UNREADABLE
    from game.ui.drive import top_name, wait_for
    from game.ui.lobby.scenes import open_session

    from .fakehost import real_messages

    real = real_messages("indian13")
    client = FakeClient()
    client.code = real["welcome"]["code"]
    s = open_session(app, TABLES["indian13"], client)
    app.reset_to(app.make("title"))
    app.open("lobby", s)
    client.inbox += [real["welcome"], real["table"], real["updates"][0]]
    assert wait_for(app, lambda: top_name(app) == "table13", 5)
    damaged = {**real["updates"][1], "observations": {"0": {**real["updates"][1]["observations"]["0"], "hand": 7}}}
    client.inbox.append(damaged)
    assert wait_for(app, lambda: top_name(app) == "title", 5)
    assert app.network is None and app.toasts[-1][0] == UNREADABLE


def test_a_hosted_table_left_for_an_unreadable_message_is_closed_as_on_leaving_it(app):
    """This app hosting the table: the session's end closes its table through the hosting (which
    saves the match as Save and leave does); the session itself writes nothing of it."""
    from game.net.client import UNREADABLE
    from game.ui.persist import SAVE_FILE

    class Hosting:
        closed = 0

        def close(self) -> None:
            self.closed += 1

    client = FakeClient()
    hosting = Hosting()
    s = Session(app, TABLES["vazhushal"], client, hosting=hosting)  # type: ignore[arg-type]
    app.network = s
    client.inbox.append({"type": "link", "state": C.ENDED, "message": UNREADABLE})
    s.sync(None, None)
    assert hosting.closed == 1 and s.hosting is None and app.network is None
    assert app.toasts[-1][0] == UNREADABLE and not app.store.path(SAVE_FILE).exists()


def test_a_deal_that_does_not_match_the_tables_promise_is_said_plainly(app):
    """Issue 45 item 4: the screen deals each finished deal again from the seed the host shows; an
    honest deal says nothing, a shown seed other than the promised one is told at once and stays on
    the panel."""
    from .test_fair import SECRET, Played

    played = Played("indian13", 2, SECRET, format="deals", deals=2)
    played.play(deals=1)
    updates = played.updates("seat0")
    assert any(u["fair"]["seed"] for u in updates)  # the first deal ended: its seed was shown
    honest = Session(app, TABLES["indian13"], FakeClient())  # type: ignore[arg-type]
    for update in updates:
        honest._check_deals(update)
    assert honest.unfair == [] and not any("does not match" in w for w, _ in honest.status_lines())
    client = FakeClient()
    cheated = Session(app, TABLES["indian13"], client)  # type: ignore[arg-type]
    client.inbox.append({"type": "welcome", "seats": [0], "tokens": [], "table": seats()})
    cheated.poll()
    for update in updates:
        if update["fair"]["seed"]:
            update = {**update, "fair": {**update["fair"], "seed": ("1" if update["fair"]["seed"][0] == "0" else "0")
                                         + update["fair"]["seed"][1:]}}
        client.inbox.append(update)
    toasts = len(app.toasts)
    cheated.poll()
    assert len(cheated.unfair) == 1 and "does not match" in cheated.unfair[0]
    assert cheated.status_lines()[0][0] == cheated.unfair[0]
    assert len(app.toasts) == toasts + 1 and app.toasts[-1][0] == cheated.unfair[0]
