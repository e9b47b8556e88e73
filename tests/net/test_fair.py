"""Issue 45, items 3 and 4: no deal can be worked out from one hand, and every deal can be checked
afterwards.  A match's seed is 255 bits of the operating system's randomness; each deal is dealt
from its own seed (HMAC-SHA256 of the match's), which the table commits to before the first move
and shows when the deal is over; :mod:`game.net.fair` checks it against what the seat saw."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets

import pytest

from game import referee
from game.net import fair
from game.net import protocol as P
from game.net.fair import Watch, check, commitment, seed_bytes
from game.net.reading import HostReader
from game.net.table import BOT, HERE, Options, SeatPlan, Table, public_document
from game.replay import validate
from game.ui.lobby.hosting import new_table
from game.ui.match import SEED_LIMIT, SeatSetup, deal_seed_of, read_seed

from .helpers import table_front

GAMES = ["vazhushal", "indian13", "indian21", "marriage"]
SECRET = (1 << 255) | 0x5EED  # a seed of the secret kind, fixed: the same deals every run


def rules_of(game: str, players: int, **options):
    front = table_front(game)
    rules = front.bots.preset(front.bots.engine.default_preset, players)
    return rules.with_options(options) if options else rules


class Played:
    """A network table of people at the host's screen (one link a seat), every message each link got
    as it went over the wire (through JSON), played with random legal moves."""

    def __init__(self, game: str, players: int = 2, seed: int | None = None, plans=None, **options) -> None:
        self.front = table_front(game)
        plans = plans or [SeatPlan(f"P{i}", HERE) for i in range(players)]
        self.table = new_table(self.front, plans, rules_of(game, len(plans), **options), Options(bot_delay_s=0), seed)
        self.wire: dict[str, list[dict]] = {}
        self.table.send = lambda link, m: self.wire.setdefault(link, []).append(json.loads(P.write(m)))
        self.links = {}
        for i, s in enumerate(self.table.seats):
            if s.plan.kind != BOT:
                link = self.links[i] = f"seat{i}"
                assert self.table.hello(link, {"type": "hello", "game": self.table.name, "code": self.table.code,
                                               "tokens": [s.token]}) is None
        self.table.start()

    def play(self, deals: int | None = None, seed: int = 1) -> None:
        """Random legal moves (bots move themselves) until the match is over, or ``deals`` have ended."""
        rng, table, ended = random.Random(seed), self.table, 0
        while True:
            state = table.match.state
            if state.result is not None:
                ended += 1
                if table.match.match_over or ended == deals:
                    return
                for link in self.links.values():
                    table.receive(link, {"type": "ready"})
                continue
            seat = table.match.table_seat(state.turn)
            if seat not in self.links:
                move = table.due()
                assert move is not None and table.moved(move, move.think())
                continue
            action = self.front.bots.engine.random_action(state, rng)
            table.receive(self.links[seat], {"type": "action", "action": action.to_json()})

    def updates(self, link: str) -> list[dict]:
        return [m for m in self.wire.get(link, []) if m["type"] == P.UPDATE]


def watched(played: Played) -> list:
    """Every verdict of every link's :class:`Watch`, fed that link's updates in order."""
    verdicts = []
    for link in played.links.values():
        watch = Watch(played.front.bots)
        for update in played.updates(link):
            verdicts += watch.read(update)
    return verdicts


def first_deal(played: Played, link: str = "seat0") -> tuple[dict, list[dict], dict]:
    """Deal 0 as ``link`` saw it: the commitment sent at its start, its first and last observation,
    and the update that showed its seed."""
    ups = [u for u in played.updates(link) if u["fair"]["deal"] == 0]
    end = next(u for u in ups if u["fair"]["seed"] is not None)
    seat = next(iter(end["observations"]))
    return ups[0]["fair"], [ups[0]["observations"][seat], end["observations"][seat]], end["fair"]


# --- the seed: 255 bits of the operating system's randomness, a seed a deal --------------------------------


class Drawn:
    """``secrets.randbits`` as the matches ask it: what they asked for, and a known answer."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def __call__(self, bits: int) -> int:
        self.asked.append(bits)
        return (1 << bits) - 12345  # any answer of that many bits


@pytest.mark.parametrize("game", GAMES)
def test_a_new_match_and_a_network_table_draw_their_seed_from_the_operating_system(game, monkeypatch):
    drawn = Drawn()
    monkeypatch.setattr(secrets, "randbits", drawn)
    front = table_front(game)
    local = front.match.new([SeatSetup("You"), SeatSetup("Meena", "Medium")], rules_of(game, 2))
    hosted = Played(game).table.match  # the app's hosting and the headless server: new_table, no seed
    assert drawn.asked == [255, 255] and all(bits >= 128 for bits in drawn.asked)
    assert local.seed == hosted.seed == (1 << 255) | ((1 << 255) - 12345)
    assert local.deal_seed() == deal_seed_of(local.seed, 0) != local.seed  # the first deal too has its own seed
    assert local.recording is not None and local.recording.to_json()["seed"] == local.deal_seed()


def test_each_deal_is_dealt_from_its_own_seed_which_tells_nothing_of_the_others():
    played = Played("indian13", 2, SECRET, format="deals", deals=4)
    played.play()
    match = played.table.match
    master = match.seed
    assert master.bit_length() == 256
    seeds = [deal_seed_of(master, n) for n in range(4)]
    expected = [int.from_bytes(hmac.new(master.to_bytes(32, "big"), n.to_bytes(8, "big"), hashlib.sha256).digest(),
                               "big") for n in range(4)]
    assert seeds == expected and len(set(seeds)) == 4 and master not in seeds
    shown = [u["fair"] for u in played.updates("seat0") if u["fair"]["seed"] is not None]
    assert sorted({(f["deal"], int(f["seed"], 16)) for f in shown}) == list(enumerate(seeds))
    for n, deal_seed in enumerate(seeds):  # not one of the old formulas of the master or of another deal's seed
        others = [s for s in seeds if s != deal_seed]
        assert deal_seed not in {master, master * 1009 + n + 1} | {s * 1009 + k for s in others for k in range(1, 6)}


def test_a_seed_of_the_old_kind_deals_as_before_and_its_saves_load():
    front = table_front("marriage")
    match = front.match.new([SeatSetup("You"), SeatSetup("Meena", "Medium")], rules_of("marriage", 2), 21)
    series = front.match.engine.Series.start(match.rules, match.series.seats)
    assert front.match.engine.to_json(match.state) == front.match.engine.to_json(series.deal(random.Random(21)))
    assert [deal_seed_of(21, n) for n in range(3)] == [21, 21 * 1009 + 2, 21 * 1009 + 3]
    again = front.match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.seed == 21 and again.deal_seed() == 21
    with pytest.raises(ValueError, match="seed"):
        read_seed(SEED_LIMIT)  # neither a seed of the old kind nor a secret one
    with pytest.raises(ValueError, match="seed"):
        front.match.new([SeatSetup("You"), SeatSetup("Meena", "Medium")], rules_of("marriage", 2), 2**62)


@pytest.mark.parametrize("game", ["vazhushal", "indian21"])
def test_a_secret_seed_survives_the_save_the_replay_and_the_referee(game):
    front = table_front(game)
    match = front.match.new([SeatSetup("You"), SeatSetup("Meena", "Medium")], rules_of(game, 2))
    loaded = front.match.from_json(json.loads(json.dumps(match.to_json())))
    assert loaded.seed == match.seed and loaded.deal_seed() == match.deal_seed()
    rng = random.Random(3)
    while match.state.result is None:
        match.play(front.bots.engine.random_action(match.state, rng))
    doc = json.loads(json.dumps(match.take_replay()))
    assert doc["seed"] == match.deal_seed() and doc["seed"].bit_length() > 128
    assert validate(doc)["ok"] is True
    again = referee.new_document(game, 2, doc["seed"], front.bots.engine.default_preset)
    assert again["hands"] == doc["initial"]["hands"]  # the replay's seed deals its first hand again


# --- the attack of issue 45: one hand, then a search over seeds ----------------------------------------


def attack(front, obs: dict, deal: int, masters) -> int | None:
    """From one seat's observation alone (its hand, the dealer, the open card), every master seed of
    ``masters`` under every way a deal's seed was or is made from it: the master that deals this
    hand, or None."""
    shown = front.engine.from_json(front.engine.view(obs))
    seat, hand = obs["seat"], sorted(obs["hand"])
    for s in masters:
        hashed = int.from_bytes(hmac.digest(s.to_bytes(32, "big"), deal.to_bytes(8, "big"), "sha256"), "big")
        for candidate in (s, s * 1009 + deal + 1, hashed):
            state = front.deal(shown.rules, random.Random(candidate), shown.seats, None if deal == 0 else shown.dealer)
            if state.dealer == shown.dealer and sorted(front.observe(state, seat).to_json()["hand"]) == hand:
                return s
    return None


def test_the_attack_finds_an_old_seed_and_nothing_of_a_local_or_networked_match():
    front = table_front("indian13").bots
    old = Played("indian13", 2, seed=1500, format="deals", deals=2)  # a seed of the old kind: the attack works
    old.play()
    updates = old.updates("seat0")
    first = updates[0]["observations"]["0"]
    second = next(u for u in updates if u["fair"]["deal"] == 1)["observations"]["0"]
    assert attack(front, first, 0, range(2**11)) == 1500 and attack(front, second, 1, range(1400, 1600)) == 1500

    local = table_front("indian13").match.new([SeatSetup("You"), SeatSetup("Meena", "Medium")],
                                              rules_of("indian13", 2))
    networked = Played("indian13", 2)
    for obs, deal_seed in ((front.observe(local.state, 0).to_json(), local.deal_seed()),
                           (networked.updates("seat0")[0]["observations"]["0"], networked.table.match.deal_seed())):
        assert attack(front, json.loads(json.dumps(obs)), 0, range(2**11)) is None
        # every master below 2**20, exactly: the deal's seed is none of the old formulas' ...
        assert deal_seed >= 2**20 and deal_seed > 2**20 * 1009 + 1
        # ... nor the new formula's of a small master
        assert all(hmac.digest(s.to_bytes(32, "big"), bytes(8), "sha256") != seed_bytes(deal_seed)
                   for s in range(2**16))


def test_nothing_a_seat_receives_holds_the_match_secret_or_a_deal_before_its_end():
    played = Played("vazhushal", 2, SECRET, target_wins=2)
    played.play()
    master = played.table.match.seed
    secret_forms = [str(master), f"{master:x}", f"{master:064x}", f"{master:X}"]
    texts = [(m, json.dumps(m)) for link in played.links.values() for m in played.wire[link]]
    assert len(texts) > 50
    for _message, text in texts:
        assert not [f for f in secret_forms if f in text]
    deals = {u["fair"]["deal"] for link in played.links.values() for u in played.updates(link)}
    assert len(deals) >= 2
    for n in deals:  # a deal's seed appears only once that deal is over, and only in its fair record
        deal_seed = f"{deal_seed_of(master, n):064x}"
        for message, text in texts:
            if deal_seed in text:
                assert message["type"] == P.UPDATE and message["fair"]["deal"] == n
                assert message["fair"]["seed"] == deal_seed and all(
                    o is None or o["result"] is not None for o in message["observations"].values())
                assert deal_seed not in json.dumps({k: v for k, v in message.items() if k != "fair"})
    assert played.table.public()["seed"] == 0
    assert public_document(played.table.match.to_json(), played.front.bots.engine.format)["seed"] == 0


# --- the commitment and the check ------------------------------------------------------------------------


def test_every_deal_of_a_20_deal_match_checks_out():
    played = Played("indian13", 2, SECRET, format="deals", deals=20)
    played.play()
    verdicts = watched(played)
    assert len(verdicts) == 40 and {v.deal for v in verdicts} == set(range(20))
    assert all(v.fair and v.complete for v in verdicts), [v.words for v in verdicts if not v.fair]
    assert verdicts[0].words.startswith("Deal 1 was fair")
    fairs = [u["fair"] for u in played.updates("seat1")]
    for f in fairs:  # the shape the client's reader accepts: the deal's number and 64 hex digits
        assert set(f) == {"deal", "commit", "seed", "salt"} and type(f["deal"]) is int
        assert all(v is None or (isinstance(v, str) and len(v) == 64) for k, v in f.items() if k != "deal")
    shown = [f for f in fairs if f["seed"] is not None]
    assert all(commitment(int(f["seed"], 16), bytes.fromhex(f["salt"])) == f["commit"] for f in shown)
    assert len({f["commit"] for f in fairs}) == 20 and len({f["salt"] for f in shown}) == 1
    reader = HostReader()  # the client's strict reader of a host's messages takes every one of them
    assert all(reader.read(P.write(m))["type"] == m["type"] for m in played.wire["seat1"])


@pytest.mark.parametrize("game, players, seed, options", [
    ("vazhushal", 3, SECRET + 53, {"target_wins": 2, "first_wild": "first_player_takes"}),  # the first hand's take
    ("vazhushal", 3, SECRET + 70, {"target_wins": 2, "first_wild": "return_to_deck"}),  # its joker back in the stock
    ("indian21", 3, SECRET, {}),
    ("marriage", 3, SECRET, {"deals": 2}),
], ids=["vazhushal-take", "vazhushal-return", "indian21", "marriage"])
def test_the_deals_of_every_game_check_out(game, players, seed, options):
    played = Played(game, players, seed, **options)
    played.play()
    verdicts = watched(played)
    assert verdicts and all(v.fair and v.complete for v in verdicts), [v.words for v in verdicts if not v.fair]
    if options.get("first_wild") == "first_player_takes":  # dealt with the first player's take already made
        assert played.updates("seat0")[0]["observations"]["0"]["history"][0]["type"] == "take_line"


def test_a_pool_seat_that_is_out_checks_the_promise_only():
    played = Played("indian13", 3, SECRET + 7, format="pool101")  # this seed: a seat sits out the last deals
    played.play()
    table = played.table
    out = [i for i in range(3) if table.match.series.eliminated[i]]
    assert out and table.match.series.deals_played >= 2
    verdicts = watched(played)
    assert all(v.fair for v in verdicts) and len(verdicts) == 3 * table.match.series.deals_played
    sat_out = [v for v in verdicts if v.seat is None]  # deals a seat sat out: only the promise to check
    assert sat_out and all(not v.complete and "only the promise" in v.words for v in sat_out)


def test_a_seat_that_joins_mid_deal_checks_from_what_it_saw():
    played = Played("marriage", 2, SECRET, deals=1)
    played.play()
    ups = played.updates("seat0")
    watch = Watch(played.front.bots)
    verdicts = [v for u in ups[len(ups) // 2:] for v in watch.read(u)]
    assert len(verdicts) == 1 and verdicts[0].fair and verdicts[0].complete


def test_a_tampered_deal_is_caught():
    played = Played("indian13", 2, SECRET, format="deals", deals=1)
    played.play()
    front = played.front.bots
    sent, seen, shown = first_deal(played)
    assert check(front, 0, sent["commit"], shown["seed"], shown["salt"], seen).fair

    def flip(text: str) -> str:
        return ("1" if text[0] == "0" else "0") + text[1:]

    verdict = check(front, 0, sent["commit"], flip(shown["seed"]), shown["salt"], seen)
    assert not verdict.fair and "not the one it promised" in verdict.words
    assert not check(front, 0, sent["commit"], shown["seed"], flip(shown["salt"]), seen).fair
    # a table that promised, and showed, a seed other than the one it dealt from
    other, salt = played.table.match.deal_seed() + 1, bytes.fromhex(shown["salt"])
    verdict = check(front, 0, commitment(other, salt), seed_bytes(other).hex(), shown["salt"], seen)
    assert not verdict.fair and "not the cards you were dealt" in verdict.words
    # a deal changed during play: the history shown does not follow from the promised cards
    end = json.loads(json.dumps(seen[-1]))
    move = next(i for i, a in enumerate(end["history"]) if a["type"] == "discard")
    end["history"][move]["card"] = next(c for c in ("2C", "3C", "4C") if c != end["history"][move]["card"])
    assert not check(front, 0, sent["commit"], shown["seed"], shown["salt"], [seen[0], end]).fair
    assert not check(front, 0, sent["commit"], "zz", shown["salt"], seen).fair  # unreadable: never raises
    # the promise changed during the deal
    ups = [u for u in played.updates("seat0") if u["fair"]["deal"] == 0]
    watch = Watch(front)
    assert watch.read(ups[0]) == []
    forged = {**ups[1], "fair": {**ups[1]["fair"], "commit": commitment(other, salt)}}
    verdicts = watch.read(forged)
    assert len(verdicts) == 1 and not verdicts[0].fair and "changed its promise" in verdicts[0].words


def test_a_resumed_table_keeps_its_salt_and_a_save_from_before_gets_one():
    played = Played("vazhushal", 2, SECRET)
    table, match = played.table, played.table.match
    saved = table.network_json()
    assert Table.read_salt(saved) == table.salt and len(table.salt) == fair.SALT_BYTES
    match.network = saved
    resumed = Table(played.front.bots, [s.plan for s in table.seats], send=lambda *_: None, match=match)
    resumed.start()
    commit = played.updates("seat0")[-1]["fair"]["commit"]
    assert resumed.update_for([0], match.state, resumed.public(), 0.0)["fair"]["commit"] == commit
    match.network = {k: v for k, v in saved.items() if k != "salt"}  # a save from before fair deals
    code, *_ = Table.read_network(match.network, 2)
    assert code == table.code and Table.read_salt(match.network) is None
    assert len(Table(played.front.bots, [s.plan for s in table.seats], send=lambda *_: None,
                     match=match).salt) == fair.SALT_BYTES
