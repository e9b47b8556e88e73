"""The authoritative table without sockets: links are names, the clock is a number."""

from __future__ import annotations

import pytest

from game.net import protocol as P
from game.net.table import BOT, HERE, NETWORK, Options, SeatPlan, Table, public_document

from .helpers import network_table, table_front


class Wire:
    """What each link was sent."""

    def __init__(self) -> None:
        self.sent: dict[str, list[dict]] = {}

    def __call__(self, link, message: dict) -> None:
        self.sent.setdefault(link, []).append(message)

    def last(self, link, kind: str) -> dict:
        return next(m for m in reversed(self.sent.get(link, [])) if m["type"] == kind)

    def kinds(self, link) -> list[str]:
        return [m["type"] for m in self.sent.get(link, [])]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def hello(table: Table, **more) -> dict:
    return {"type": "hello", "protocol": P.PROTOCOL, "game": table.name, "code": table.code, **more}


def make(game="vazhushal", plans=(NETWORK, NETWORK), options=None, **rules) -> tuple[Table, Wire, Clock]:
    table = network_table(game, [SeatPlan(f"P{i}", k) if k != BOT else SeatPlan(f"B{i}", BOT, "random")
                                 for i, k in enumerate(plans)], options=options or Options(bot_delay_s=0), **rules)
    wire, clock = Wire(), Clock()
    table.send, table.clock = wire, clock
    return table, wire, clock


def act(table: Table, link, action: dict, **more) -> None:
    table.receive(link, {"type": "action", "action": action, **more})


def seat_to_move(table: Table) -> int:
    return table.match.table_seat(table.match.state.turn)


def test_newcomers_get_free_network_seats_then_the_table_is_full():
    table, wire, _ = make(plans=(HERE, NETWORK, NETWORK))
    assert table.hello("host", hello(table, tokens=table.tokens(HERE))) is None
    assert table.hello("a", hello(table, name="Asha\x00")) is None
    assert table.hello("b", hello(table, name="Asha")) is None
    assert table.hello("c", hello(table)) == P.TABLE_FULL
    welcome = wire.last("a", "welcome")
    assert welcome["seats"] == [1] and P.is_token(welcome["tokens"][0])
    assert [s["name"] for s in table.info()["seats"]] == ["P0", "Asha", "Asha 2"]  # cleaned, distinct
    assert table.hello("d", hello(table, tokens=[P.new_token()])) == P.BAD_TOKEN
    assert table.hello("e", hello(table, game="marriage")) == P.WRONG_GAME


def test_a_token_connecting_again_replaces_its_old_connection():
    table, wire, _ = make()
    table.hello("a", hello(table))
    token = wire.last("a", "welcome")["tokens"]
    assert table.hello("a2", hello(table, tokens=token)) is None
    assert wire.last("a", "closed")["code"] == P.REPLACED
    assert table.links == {"a2": [0]}


def test_each_link_is_sent_its_own_seats_observations_only():
    table, wire, _ = make(plans=(NETWORK, NETWORK, NETWORK))
    for link in "abc":
        table.hello(link, hello(table))
    table.start()
    for seat, link in enumerate("abc"):
        update = wire.last(link, "update")
        assert list(update["observations"]) == [str(seat)]
        assert update["observations"][str(seat)]["seat"] == seat
        assert "state" not in update["match"] and update["match"]["seed"] == 0


def test_refused_moves_carry_the_engines_code_and_change_nothing():
    table, wire, _ = make()
    table.hello("a", hello(table))
    table.hello("b", hello(table))
    table.start()
    mover = "ab"[seat_to_move(table)]
    waiter = "ba"[seat_to_move(table)]
    before, n = table.match.to_json(), table.n
    act(table, waiter, {"player": "ab".index(waiter), "type": "draw_stock"})  # out of turn
    assert wire.last(waiter, "error")["code"] == "not_your_turn"
    act(table, waiter, {"player": "ab".index(mover), "type": "draw_stock"})  # another's seat
    assert wire.last(waiter, "error")["code"] == P.NOT_YOUR_SEAT
    act(table, mover, {"player": "ab".index(mover), "type": "discard", "card": "AS"})  # before drawing
    error = wire.last(mover, "error")
    assert error["code"] == "wrong_phase" and error["rule"] == "V5.1" and error["refused"]["card"] == "AS"
    act(table, mover, {"player": "ab".index(mover), "type": "draw_stock"}, n=n - 1)  # answers an old update
    assert wire.last(mover, "error")["code"] == P.STALE
    assert table.match.to_json() == before and table.n == n
    with pytest.raises(P.Malformed):
        act(table, mover, {"player": 0, "type": "fly"})
    act(table, mover, {"player": "ab".index(mover), "type": "draw_stock"}, n=n)
    assert table.n == n + 1


def test_a_seat_away_is_played_by_the_stand_in_after_the_grace_and_rejoins():
    table, wire, clock = make(options=Options(grace_s=30, bot_delay_s=0))
    table.hello("a", hello(table))
    table.hello("b", hello(table))
    table.start()
    seat = seat_to_move(table)
    link = "ab"[seat]
    token = wire.last(link, "welcome")["tokens"]
    table.goodbye(link)
    info = wire.last("ab"[1 - seat], "table")
    assert info["seats"][seat]["connected"] is False and info["seats"][seat]["away"] == 30
    assert table.due() is None  # the table waits for the player...
    clock.now += 31
    table.tick()
    move = table.due()  # ... then the stand-in plays the seat's safe move
    assert move is not None and move.stand_in and move.seat == seat
    assert table.moved(move, move.think())
    assert table.hello("back", hello(table, tokens=token)) is None  # the same seat, with its token
    assert wire.last("back", "welcome")["seats"] == [seat]
    assert wire.last("back", "update")["observations"][str(seat)]["seat"] == table.deal_seat(seat)
    assert not table.standing_in(seat)


def test_the_turn_timer_spends_the_bank_then_plays_the_safe_move():
    table, wire, clock = make(options=Options(turn_s=10, bank_s=5, bot_delay_s=0))
    table.hello("a", hello(table))
    table.hello("b", hello(table))
    table.start()
    seat = seat_to_move(table)
    clock.now += 12
    assert table.clock_info(clock.now) == {"seat": seat, "turn": 0.0, "bank": 3.0}
    table.tick()
    assert table.due() is None
    clock.now += 4
    table.tick()
    move = table.due()
    assert move is not None and move.stand_in
    act(table, "ab"[seat], {"player": table.deal_seat(seat), "type": "draw_stock"})
    assert wire.last("ab"[seat], "error")["code"] == "time_up"
    while table.match.table_seat(table.match.state.turn) == seat and table.match.state.result is None:
        move = table.due()
        table.moved(move, move.think())
    assert table.seats[seat].bank == 0.0


def test_the_declare_time_times_the_grouping_after_a_declaration_apart_from_the_bank():
    from game.indian13 import Action, apply

    from ..indian13.helpers import K, groups, make_state
    from ..indian13.test_declare import LOSER, VALID, hand_of

    options = Options(turn_s=10, bank_s=5, declare_s=20, bot_delay_s=0)
    table, wire, clock = make("indian13", plans=(NETWORK,) * 4, options=options, auto_arrange_losers=False)
    for link in "abcd":
        table.hello(link, hello(table))
    table.start()
    state = make_state(4, hands=[hand_of(VALID, "2D"), LOSER, 13, 13], cut="5D", phase="discard",
                       out=[None, None, "first_drop", None], auto_arrange_losers=False)
    table.match.state = apply(state, Action.declare(0, K("2D"), groups(VALID)))
    table._changed("move")
    assert table.match.state.phase == "show" and seat_to_move(table) == 1
    assert table.clock_info(clock.now) == {"seat": 1, "turn": 20.0, "bank": 0.0, "declare": True}
    assert wire.last("b", "update")["clock"]["declare"] is True
    clock.now += 16  # past the turn time and the bank: the declare time still runs
    table.tick()
    assert table.due() is None
    clock.now += 5
    table.tick()
    move = table.due()
    assert move is not None and move.stand_in and move.seat == 1
    table.moved(move, move.think())
    assert table.seats[1].bank == 5.0  # the grouping drew nothing from the bank
    assert seat_to_move(table) == 3 and table.clock_info(clock.now)["turn"] == 20.0


def test_bots_and_the_next_deal_after_everyones_next():
    table, wire, _ = make("indian13", plans=(NETWORK, BOT), format="deals", deals=2)
    table.hello("a", hello(table))
    table.start()
    for _ in range(2000):
        state = table.match.state
        if state.result is not None:
            break
        move = table.due()
        if move is not None:
            table.moved(move, move.think())
            continue
        obs = wire.last("a", "update")["observations"]["0"]
        front = table_front("indian13").bots.engine
        view = front.from_json(front.view(obs))
        act(table, "a", front.random_action(view, __import__("random").Random(1)).to_json())
    assert table.match.state.result is not None and table.deal == 1
    table.receive("a", {"type": "ready"})
    assert table.deal == 2 and table.match.state.result is None
    assert wire.last("a", "update")["deal"] == 2


def test_closing_tells_everyone_and_saves():
    saved = []
    table, wire, _ = make()
    table.on_change = lambda t, why: saved.append(why)
    table.hello("a", hello(table))
    table.start()
    table.close("The host went home.")
    assert wire.last("a", "closed") == {"type": "closed", "code": P.HOST_CLOSED, "message": "The host went home."}
    assert saved[-1] == "close"
    assert table.hello("b", hello(table)) == P.HOST_CLOSED


def test_the_public_document_holds_no_state_and_no_seed():
    table, _, _ = make()
    table.start()
    doc = table.match.to_json()
    public = public_document(doc, "vazhushal-state")
    assert public["seed"] == 0 and "state" not in public and "replay" not in public and "hand_start" not in public
    assert "vazhushal-state" not in str(public)


def test_saved_network_seats_read_back_and_damage_is_refused():
    table, _, _ = make(plans=(HERE, NETWORK, BOT), options=Options(turn_s=30, bank_s=60))
    doc = table.network_json()
    code, options, plans, tokens, claimed = Table.read_network(doc, 3)
    assert code == table.code and options.turn_s == 30 and [p.kind for p in plans] == [HERE, NETWORK, BOT]
    assert tokens == [s.token for s in table.seats] and claimed == [True, False, False]
    for bad in ({**doc, "code": "0"}, {**doc, "seats": doc["seats"][:2]}, {**doc, "options": {}},
                {**doc, "seats": [{**doc["seats"][0], "token": "x"}, *doc["seats"][1:]]}, None):
        with pytest.raises(ValueError):
            Table.read_network(bad, 3)


def test_no_player_is_named_you_on_another_screen():
    """Issue 46: "You" is what each screen calls its own seat, so no seat is called that for everyone."""
    table, wire, _ = make(plans=(HERE, NETWORK, NETWORK))
    assert table.hello("a", hello(table, name=" you ")) is None
    assert table.hello("b", hello(table, name="YOU")) is None
    names = [s["name"] for s in table.info()["seats"]]
    assert "you" not in {n.casefold() for n in names} and len(set(names)) == 3
    doc = table.network_json()
    doc["seats"][0]["name"] = "You"  # a hosted table saved before hosts were named
    _, _, plans, _, _ = Table.read_network(doc, 3)
    assert plans[0].name == "Host"


def test_a_match_me_seat_plays_where_match_me_stands():
    """A Match me bot at a network table plays the setting the host's Match me stands at (not a
    safe move for a level the bots do not know), and its seat's bot is made again each deal."""
    from ai.match_me import MatchMe
    from game.ui.lobby.hosting import new_table

    from .helpers import short_rules

    plans = [SeatPlan("P0", NETWORK), SeatPlan("B1", BOT, "Match me cautious")]
    table = new_table(table_front("indian13"), plans, short_rules("indian13", 2), Options(bot_delay_s=0), 7,
                      match_me=lambda: MatchMe(-20.0, 12))
    table.send, table.clock = Wire(), Clock()
    table.hello("a", hello(table))
    table.start()
    assert table.match.match_me == MatchMe(-20.0, 12) and table.match.level(1) == "Strength -20 cautious"
    for _ in range(40):
        move = table.due()
        if move is not None and move.seat == 1:
            bot = table.bots[1]
            assert bot.level == "Strength -20 cautious" and not bot.fallback
            return
        if table.match.state.turn == 0:
            front = table_front("indian13").bots.engine
            act(table, "a", front.random_action(table.match.state, __import__("random").Random(1)).to_json())
    raise AssertionError("the Match me seat never came to move")
