"""The authoritative table of a network match: seats, tokens, the match, bots, the clock.

A :class:`Table` holds one match of one game (the app's own match object: it plays every move
through the engine's checked ``apply``, deals the next hand, saves) and speaks to *links* (the
connections of :mod:`game.net.host`, or anything hashable in tests) through a ``send(link,
message)`` callback.  It does no I/O and never waits: the host calls it on one thread, and runs
the moves that need thought (:meth:`Table.due`) off that thread.

Seats: ``here`` (a person at the host's screen), ``network`` (a person elsewhere) and ``bot``.
Each person's seat has a token; a newcomer without one is given the first network seat nobody
has claimed.  A seat whose connection goes keeps its token; after ``grace_s`` a *stand-in* plays
it with the game's safe move (:attr:`ai.front.BotFront.fallback`) until its player rejoins.  The
optional turn timer gives each turn ``turn_s`` seconds and each seat a bank of ``bank_s`` more for
the deal, and (``declare_s``) a turn of grouping one's cards after another seat declared its own
time, apart from the bank (online apps' play time, extra time and declare time); at zero the
stand-in finishes the turn.

Privacy: a link is sent, for each of its seats, that seat's observation and nothing else of the
deal; the match's own document goes out only with every state document and the seed taken out
(:func:`public_document`).  Each update carries the table's commitment to the seed of the deal in
play (:mod:`game.net.fair`); that deal's seed, and the table's salt, go out once the deal is over.
"""

from __future__ import annotations

import logging
import threading
import time
import unicodedata
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.front import BotFront
from ai.players import SeatPlayer
from ai.safety import SafeBot
from game.core.errors import IllegalAction, StateError

from . import fair
from . import protocol as P

log = logging.getLogger(__name__)

HERE, NETWORK, BOT = "here", "network", "bot"
SHOW = "show"  # the phase of the in-hand games where, after a declaration, each loser groups its cards
KINDS = (HERE, NETWORK, BOT)
_FALLBACK = threading.Lock()  # a game's safe move may keep a memo (one solver): one at a time


@dataclass
class SeatPlan:
    """One seat of a network table before the match starts."""

    name: str
    kind: str  # HERE, NETWORK or BOT
    level: str = ""  # a bot seat's level (``Medium``) or registered bot (``Bot: random``)


@dataclass(frozen=True)
class Options:
    """How a table plays.  The timer is off unless ``turn_s`` is set."""

    turn_s: float | None = None  # seconds a turn; None: no turn timer
    bank_s: float = 0.0  # the time bank: extra seconds a seat may spend over its turns in one deal
    grace_s: float = 60.0  # a seat whose connection went: seconds before the stand-in plays it
    bot_delay_s: float = 0.8  # a pause before each bot or stand-in move, so people can follow
    ready_s: float | None = None  # after a deal: how long to wait for everyone's Next (None: as long as it takes)
    # with the timer on: seconds a seat has to group its cards after another declared (phase "show"), not
    # drawn from its bank; None: such a turn is timed as any other
    declare_s: float | None = None

    def to_json(self) -> dict:
        return {"turn_s": self.turn_s, "bank_s": self.bank_s, "grace_s": self.grace_s,
                "bot_delay_s": self.bot_delay_s, "ready_s": self.ready_s, "declare_s": self.declare_s}

    @classmethod
    def from_json(cls, doc: object) -> Options:
        """Raises ``ValueError`` for anything but the object :meth:`to_json` writes (a save from
        before the declare time has none)."""
        if isinstance(doc, dict) and "declare_s" not in doc:
            doc = {**doc, "declare_s": None}
        if not isinstance(doc, dict) or set(doc) != set(cls().to_json()):
            raise ValueError("the table's options are damaged")

        def seconds(v: object, none: bool) -> float | None:
            if v is None and none:
                return None
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 86_400:
                raise ValueError("the table's options are damaged")
            return float(v)

        return cls(seconds(doc["turn_s"], True), seconds(doc["bank_s"], False),  # type: ignore[arg-type]
                   seconds(doc["grace_s"], False), seconds(doc["bot_delay_s"], False),  # type: ignore[arg-type]
                   seconds(doc["ready_s"], True), seconds(doc["declare_s"], True))


@dataclass
class _Seat:
    plan: SeatPlan
    token: str | None  # None: a bot
    claimed: bool = False  # a person has taken this seat (its token was handed out)
    link: Hashable | None = None
    away_at: float | None = None  # when its connection went (None: connected, or never in play)
    ready: bool = False  # said Next after the deal
    bank: float = 0.0


@dataclass
class Move:
    """A move the table waits for that needs no person: ``think()`` (off the table's thread) gives
    the action for ``state``; then :meth:`Table.moved`."""

    seat: int  # table seat
    state: Any
    think: Callable[[], Any]
    at: float  # not before this time (``bot_delay_s``)
    stand_in: bool


def public_document(doc: dict, state_format: str) -> dict:
    """What every seat may see of a match's save document: no state document anywhere (the deal in
    play, undo records, the deal as dealt, the replay), and no seed."""

    def holds_state(value: object) -> bool:
        if isinstance(value, dict):
            return value.get("format") == state_format or any(holds_state(v) for v in value.values())
        if isinstance(value, list):
            return any(holds_state(v) for v in value)
        return False

    out = {k: v for k, v in doc.items() if not holds_state(v)}
    if "seed" in out:
        out["seed"] = 0
    return out


RESERVED_NAMES = frozenset({"you"})  # what every screen calls its own seat: never another player's name


def clean_player_name(text: object, fallback: str) -> str:
    """A name a player typed, fit for every screen: printable, at most :data:`~game.net.protocol.MAX_NAME`
    characters, never empty, and never "You" (each screen's word for its own seat), which is ``fallback``."""
    if not isinstance(text, str):
        return fallback
    kept = "".join(ch for ch in text if ch.isprintable() and unicodedata.category(ch) not in ("Cs", "Co", "Cn"))
    kept = " ".join(kept.split())[:P.MAX_NAME].strip()
    return kept if kept and kept.casefold() not in RESERVED_NAMES else fallback


class Table:
    """One network table.  ``make_match(plans)`` makes the match when it starts (names as the
    players chose them); a resumed table is given its ``match`` (and its seats' ``tokens``)."""

    def __init__(self, front: BotFront, plans: Sequence[SeatPlan], *, send: Callable[[Hashable, dict], None],
                 make_match: Callable[[list[SeatPlan]], Any] | None = None, match: Any = None,
                 code: str | None = None, tokens: Sequence[str | None] | None = None,
                 claimed: Sequence[bool] | None = None, options: Options | None = None,
                 on_change: Callable[[Table, str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if any(p.kind not in KINDS for p in plans) or (make_match is None) == (match is None):
            raise ValueError("a table needs seats of known kinds, and a match or a way to make one")
        self.front = front
        self.code = code or P.new_code()
        self.options = options or Options()
        self.send = send
        self.on_change = on_change
        # (table, why, action): puts a change on disk before any seat is told of it (game.net.journal)
        self.persist: Callable[[Table, str, Any], None] | None = None
        self.clock = clock
        self.make_match = make_match
        self.match = match
        tokens = list(tokens) if tokens is not None else [None if p.kind == BOT else P.new_token() for p in plans]
        claimed = list(claimed) if claimed is not None else [p.kind == HERE for p in plans]
        self.seats = [_Seat(p, t, c) for p, t, c in zip(plans, tokens, claimed)]
        self.links: dict[Hashable, list[int]] = {}
        self.started = False
        self.closed = False
        self.n = 0  # updates so far: a move answers the latest (``n``)
        self.deal = 0  # deals started at this table
        self.bots: dict[int, SeatPlayer] = {}
        self.stand_in = SafeBot(None, front)  # the safe move, for any seat
        self.turn_key: tuple | None = None  # (deal, seat to move): when it changes, a new turn began
        self.turn_at = 0.0
        self.declare_turn = False  # the turn in play is timed by the declare time (not the turn time and bank)
        self.timed_out = False  # the seat to move ran out of time: the stand-in ends its turn
        self.over_at: float | None = None  # when the deal in play ended
        self.last_change = 0.0
        self._public: dict | None = None
        self._public_key: tuple | None = None
        self._announced: tuple = ()
        # fair deals (game.net.fair): the salt of this table's commitments (kept by a resumed table's save),
        # and the number and seed of the deal in play, fixed when it is dealt
        self.salt = self.read_salt(getattr(match, "network", None)) or fair.new_salt()
        self.fair_deal: tuple[int, int] | None = None

    # --- who is who ---------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.front.name

    def deal_seat(self, seat: int) -> int | None:
        """The seat of the deal in play of table seat ``seat`` (None: not dealt in, a pool game)."""
        state = self.match.state
        return next((d for d in range(state.players) if self.match.table_seat(d) == seat), None)

    def person(self, seat: int) -> bool:
        return self.seats[seat].plan.kind != BOT

    def tokens(self, kind: str | None = None) -> list[str]:
        """The tokens of the seats of ``kind`` (every person's seat when None), in seat order."""
        return [s.token for s in self.seats if s.token is not None and (kind is None or s.plan.kind == kind)]

    def standing_in(self, seat: int, now: float | None = None) -> bool:
        """A stand-in plays this person's seat now: its connection has been gone longer than the grace."""
        s = self.seats[seat]
        if s.plan.kind == BOT or not self.started:
            return False
        now = self.clock() if now is None else now
        return s.link is None and s.away_at is not None and now - s.away_at >= self.options.grace_s

    # --- links ---------------------------------------------------------------------------------

    def hello(self, link: Hashable, msg: dict) -> str | None:
        """A new link said hello (protocol and code already checked by the host): its seats by
        its tokens, or a free network seat.  Returns an error code, or ``None`` when welcomed."""
        if self.closed:
            return P.HOST_CLOSED
        if msg.get("game") != self.name:
            return P.WRONG_GAME
        tokens = msg.get("tokens") or []
        if tokens:
            mine = [i for i, s in enumerate(self.seats) if s.token is not None and s.token in tokens]
            if len(mine) != len(set(tokens)):
                return P.BAD_TOKEN
        else:
            free = [i for i, s in enumerate(self.seats) if s.plan.kind == NETWORK and not s.claimed]
            if not free:
                return P.TABLE_FULL
            mine = free[:1]
            seat = self.seats[mine[0]]
            seat.claimed = True
            if not self.started and "name" in msg:
                taken = {s.plan.name for s in self.seats if s is not seat}
                name = clean_player_name(msg["name"], seat.plan.name)
                seat.plan.name = name if name not in taken else next(
                    f"{name[:P.MAX_NAME - 3]} {k}" for k in range(2, 99) if f"{name[:P.MAX_NAME - 3]} {k}" not in taken)
        for i in mine:
            old = self.seats[i].link
            if old is not None and old != link:  # the same token from elsewhere: the newer connection wins
                self.send(old, {"type": P.CLOSED, "code": P.REPLACED,
                                "message": "Your seat was taken up by a newer connection with your token."})
                self._drop(old)
        self.links[link] = mine
        for i in mine:
            self.seats[i].link = link
            self.seats[i].away_at = None
        self.send(link, {"type": P.WELCOME, "protocol": P.PROTOCOL, "game": self.name, "code": self.code,
                         "seats": mine, "tokens": [self.seats[i].token for i in mine], "table": self.info()})
        self._broadcast_table()
        if self.started:
            self._send_update(link, full=True)
        self._changed_links("join")
        return None

    def goodbye(self, link: Hashable) -> None:
        """A link closed: its seats keep their tokens and wait (the grace), then the stand-in plays."""
        if link not in self.links:
            return
        self._drop(link)
        self._broadcast_table()
        self._changed_links("leave")

    def _drop(self, link: Hashable) -> None:
        now = self.clock()
        for i in self.links.pop(link, []):
            if self.seats[i].link == link:
                self.seats[i].link = None
                self.seats[i].away_at = now

    def receive(self, link: Hashable, msg: dict) -> None:
        """A checked message (:func:`game.net.protocol.read`) from a welcomed link.  Raises
        :class:`~game.net.protocol.Malformed` for an action that is no action of this game."""
        kind = msg["type"]
        if kind == P.ACTION:
            self._action(link, msg)
        elif kind == P.READY:
            self._ready(link)
        else:
            self.send(link, P.error(P.NOT_NOW, f"a {kind} now means nothing"))

    # --- playing --------------------------------------------------------------------------------

    def start(self) -> None:
        """The match begins (a resumed one goes on): every seat is sent its observation."""
        if self.started or self.closed:
            return
        if self.match is None:
            self.match = self.make_match([s.plan for s in self.seats])  # type: ignore[misc]
        self.started = True
        now = self.clock()
        for s in self.seats:
            if s.plan.kind != BOT and s.link is None:
                s.away_at = now
            s.bank = self.options.bank_s
        self.deal = max(self.deal, 1)  # a resumed table goes on counting its deals (game.net.journal.resume)
        self.fair_deal = (self.match.deal_number(), self.match.deal_seed())
        self.over_at = now if self.match.state.result is not None else None
        self._changed("start")

    def _action(self, link: Hashable, msg: dict) -> None:
        if not self.started or self.closed:
            self.send(link, P.error(P.NOT_STARTED, "the host has not started the match yet"))
            return
        state = self.match.state
        try:
            action = self.front.engine.parse_action(msg["action"], state)
        except StateError as exc:
            raise P.Malformed(P.BAD_MESSAGE, f"not an action of this game: {str(exc)[:120]}") from None
        mine = self.links.get(link, [])
        seat = self.match.table_seat(action.player) if 0 <= action.player < state.players else None
        refused = {"refused": msg["action"]}
        if seat not in mine:
            self.send(link, P.error(P.NOT_YOUR_SEAT, "you may move only for your own seat", **refused))
            return
        if "n" in msg and msg["n"] != self.n:
            self.send(link, P.error(P.STALE, "the table has moved on since the update this answers", **refused))
            return
        if self.timed_out and seat == self.match.table_seat(state.turn):
            self.send(link, P.error("time_up", "your time ran out: a safe move finishes your turn", **refused))
            return
        try:
            self.match.play(action)
        except IllegalAction as exc:
            self.send(link, P.error(exc.code, exc.message, rule=exc.rule, **refused))
            return
        except Exception:  # noqa: BLE001  (a fault of ours must not take the table down)
            log.exception("table %s: a move could not be played", self.code)
            self.send(link, P.error("refused", "the table could not play this move", **refused))
            return
        self._changed("move", action)

    def _ready(self, link: Hashable) -> None:
        if not self.started or self.match.state.result is None or self.match.match_over:
            self.send(link, P.error(P.NOT_NOW, "Next means something only after a deal"))
            return
        for i in self.links.get(link, []):
            self.seats[i].ready = True
        self._next_deal_if_ready(self.clock())

    def _next_deal_if_ready(self, now: float) -> None:
        m = self.match
        if not self.started or m.state.result is None or m.match_over or self.closed:
            return
        waiting = [s for s in self.seats if s.plan.kind != BOT and s.link is not None and not s.ready]
        limit = self.options.ready_s
        late = limit is not None and self.over_at is not None and now - self.over_at >= limit
        if waiting and not late:
            return
        m.next_deal()
        self.fair_deal = (m.deal_number(), m.deal_seed())
        self.deal += 1
        for s in self.seats:
            s.ready = False
            s.bank = self.options.bank_s
        for b in self.bots.values():
            b.close()
        self.bots = {}
        self.over_at = None
        self._changed("deal")

    def due(self, now: float | None = None) -> Move | None:
        """The move the table waits for that no person makes now (a bot's, or the stand-in's for a
        seat away too long or out of time), or ``None``."""
        if not self.started or self.closed or self.match.state.result is not None:
            return None
        now = self.clock() if now is None else now
        state = self.match.state
        seat = self.match.table_seat(state.turn)
        plan = self.seats[seat].plan
        at = self.last_change + self.options.bot_delay_s
        if plan.kind == BOT:
            bot = self.bots.get(seat)
            if bot is None:
                # the match's level of the seat: its plan's, or under Match me the setting it stands at
                bot = self.bots[seat] = SeatPlayer(self.front, self.match.level(state.turn),
                                                   self.match.bot_seed(state.turn), earlier=self.match.state_at)
            return Move(seat, state, lambda: bot.advance(state)[0], at, False)
        if self.timed_out or self.standing_in(seat, now):
            return Move(seat, state, lambda: _safe(self.stand_in, state), at, True)
        return None

    def moved(self, move: Move, action: Any) -> bool:
        """The answer to a :class:`Move`: played if the table is still where it was asked."""
        if self.closed or self.match.state is not move.state:
            return False
        if move.stand_in and not (self.timed_out or self.standing_in(move.seat)):
            return False  # its player came back while the safe move was being found: theirs to play
        try:
            self.match.play(action)
        except Exception:  # noqa: BLE001  (a bot's move the net let through: the safe move instead)
            log.exception("table %s: a bot's move could not be played", self.code)
            try:
                action = _safe(self.stand_in, move.state)
                self.match.play(action)
            except Exception:  # noqa: BLE001
                log.exception("table %s: no move for seat %d", self.code, move.seat)
                return False
        self._changed("bot" if not move.stand_in else "stand_in", action)
        return True

    def tick(self, now: float | None = None) -> None:
        """Time passes: the turn timer, the grace of seats away, the wait after a deal."""
        if not self.started or self.closed:
            return
        now = self.clock() if now is None else now
        state = self.match.state
        if state.result is None and self.options.turn_s is not None and not self.timed_out:
            seat = self.match.table_seat(state.turn)
            s = self.seats[seat]
            if s.plan.kind != BOT and now >= self.turn_at + self.time_limit(s):
                if not self.declare_turn:
                    s.bank = 0.0
                self.timed_out = True
                self._broadcast_table()
        if state.result is not None:
            self._next_deal_if_ready(now)
        announced = tuple(self.standing_in(i, now) for i in range(len(self.seats)))
        if announced != self._announced:
            self._announced = announced
            self._broadcast_table()

    def close(self, reason: str = "The host closed the table.") -> None:
        """The host closes the table: everyone is told, the match is saved (``on_change``)."""
        if self.closed:
            return
        self.closed = True
        for link in list(self.links):
            self.send(link, {"type": P.CLOSED, "code": P.HOST_CLOSED, "message": reason})
        for b in self.bots.values():
            b.close()
        if self.on_change is not None:
            self.on_change(self, "close")

    # --- what is sent -----------------------------------------------------------------------

    def _changed(self, why: str, action: Any = None) -> None:
        """After every change of what a seat is told (``action``: the move played, if one was): put on
        disk first (``persist``), then every link's update, then ``on_change``."""
        now = self.clock()
        self.n += 1
        self.last_change = now
        m = self.match
        state = m.state
        key = (self.deal, state.turn if state.result is None else None)
        if key != self.turn_key:  # a new turn: the one that ended draws on its seat's bank
            if self.turn_key is not None and self.turn_key[1] is not None and self.options.turn_s is not None:
                old = self.seats[self.turn_seat_of(self.turn_key)]
                if not self.timed_out and not self.declare_turn:
                    old.bank = max(0.0, old.bank - max(0.0, now - self.turn_at - self.options.turn_s))
            self.turn_key, self.turn_at, self.timed_out = key, now, False
            self.declare_turn = (self.options.declare_s is not None and state.result is None
                                 and getattr(state, "phase", None) == SHOW)
        if state.result is not None and self.over_at is None:
            self.over_at = now
        if self.persist is not None:  # durable before sent: a kill after this loses nothing a seat saw
            self.persist(self, why, action)
        for link in list(self.links):
            self._send_update(link)
        if self.on_change is not None:
            self.on_change(self, why)
        if state.result is not None:
            self._next_deal_if_ready(now)  # nobody to wait for: the next deal at once

    def time_limit(self, s: _Seat) -> float:
        """Seconds the turn in play may last for seat ``s`` (the timer is on)."""
        if self.declare_turn:
            return float(self.options.declare_s or 0.0)
        return float(self.options.turn_s or 0.0) + s.bank

    def turn_seat_of(self, key: tuple) -> int:
        """The table seat to move of an earlier turn (the seat map of the deal in play)."""
        return self.match.table_seat(key[1]) if key[1] < self.match.state.players else 0

    def _changed_links(self, why: str) -> None:
        if self.on_change is not None:
            self.on_change(self, why)

    def public(self) -> dict:
        """The match's document as every seat may see it (recomputed when a deal starts or ends)."""
        state = self.match.state
        key = (self.deal, state.result is not None, id(state) if state.result is not None else None)
        if self._public is None or key != self._public_key:
            self._public = public_document(self.match.to_json(), self.front.engine.format)
            self._public_key = key
        return self._public

    def update_for(self, seats: Sequence[int], state: Any, public: dict, now: float) -> dict:
        """The update a link holding ``seats`` is sent for ``state``: each seat's observation (None
        for a seat not dealt in), the match's public document, the clock, and the commitment to the
        deal's seed (``fair``: :func:`game.net.fair.record`; the seed and salt shown once the deal is over)."""
        observations = {}
        for seat in seats:
            d = next((d for d in range(state.players) if self.match.table_seat(d) == seat), None)
            observations[str(seat)] = None if d is None else self.front.observe(state, d).to_json()
        over = state.result is not None and bool(self.match.match_over)
        update = {"type": P.UPDATE, "n": self.n, "deal": self.deal, "over": over, "observations": observations,
                  "match": public, "clock": self.clock_info(now)}
        if self.fair_deal is not None:
            update["fair"] = fair.record(*self.fair_deal, self.salt, state.result is not None)
        return update

    def _send_update(self, link: Hashable, full: bool = False) -> None:
        self.send(link, self.update_for(self.links.get(link, []), self.match.state, self.public(), self.clock()))

    def clock_info(self, now: float) -> dict | None:
        """The turn timer as it stands: the seat to move, its turn time and bank left (None: off)."""
        state = self.match.state if self.match is not None else None
        if self.options.turn_s is None or state is None or state.result is not None or not self.started:
            return None
        seat = self.match.table_seat(state.turn)
        s = self.seats[seat]
        used = now - self.turn_at
        if self.declare_turn:
            left = 0.0 if self.timed_out else max(0.0, self.time_limit(s) - used)
            return {"seat": seat, "turn": round(left, 1), "bank": 0.0, "declare": True}
        turn_left = max(0.0, self.options.turn_s - used)
        bank_left = s.bank if used <= self.options.turn_s else max(0.0, s.bank - (used - self.options.turn_s))
        return {"seat": seat, "turn": round(turn_left, 1), "bank": round(0.0 if self.timed_out else bank_left, 1)}

    def info(self) -> dict:
        """The table as everyone sees it: seats (names, kinds, who is connected, who waits to be
        stood in for and how long), whether it started, the timer."""
        now = self.clock()
        seats = []
        for s in self.seats:
            away = None
            if s.plan.kind != BOT and s.link is None and s.away_at is not None and self.started:
                away = round(max(0.0, self.options.grace_s - (now - s.away_at)), 1)
            seats.append({"name": s.plan.name, "kind": s.plan.kind, "level": s.plan.level if s.plan.kind == BOT else "",
                          "claimed": s.claimed, "connected": s.plan.kind == BOT or s.link is not None,
                          "away": away, "ready": s.ready})
        match = self.match
        over = bool(self.started and match.state.result is not None and match.match_over)
        timer = None if self.options.turn_s is None else {"turn_s": self.options.turn_s, "bank_s": self.options.bank_s,
                                                          "declare_s": self.options.declare_s}
        return {"started": self.started, "over": over, "seats": seats, "timer": timer,
                "grace_s": self.options.grace_s, "clock": self.clock_info(now)}

    def _broadcast_table(self) -> None:
        message = {"type": P.TABLE, **self.info()}
        for link in list(self.links):
            self.send(link, message)

    # --- saving ----------------------------------------------------------------------------------

    def network_json(self) -> dict:
        """What a save needs besides the match to open this table again: code, seats, tokens, options,
        and the salt of its commitments (so a deal in play keeps its commitment when the table is resumed)."""
        return {"protocol": P.PROTOCOL, "code": self.code, "options": self.options.to_json(),
                "seats": [{"name": s.plan.name, "kind": s.plan.kind, "level": s.plan.level, "token": s.token,
                           "claimed": s.claimed} for s in self.seats], "salt": self.salt.hex()}

    @staticmethod
    def read_network(doc: object, players: int) -> tuple[str, Options, list[SeatPlan], list[str | None], list[bool]]:
        """The parts of :meth:`network_json`; raises ``ValueError`` for anything else."""
        if not isinstance(doc, dict) or doc.get("protocol") != P.PROTOCOL:
            raise ValueError("the hosted table's seats are damaged")
        code = P.normal_code(doc.get("code"))
        seats = doc.get("seats")
        if code is None or not isinstance(seats, list) or len(seats) != players:
            raise ValueError("the hosted table's seats are damaged")
        plans, tokens, claimed = [], [], []
        for s in seats:
            if not (isinstance(s, dict) and s.get("kind") in KINDS and isinstance(s.get("name"), str)
                    and isinstance(s.get("level"), str) and isinstance(s.get("claimed"), bool)
                    and (s.get("token") is None if s.get("kind") == BOT else P.is_token(s.get("token")))):
                raise ValueError("the hosted table's seats are damaged")
            fallback = "Host" if s.get("kind") == HERE else "Player"  # a save from before hosts were named
            plans.append(SeatPlan(clean_player_name(s["name"], fallback), s["kind"], s["level"][:40]))
            tokens.append(s["token"])
            claimed.append(s["claimed"])
        return code, Options.from_json(doc.get("options")), plans, tokens, claimed

    @staticmethod
    def read_salt(doc: object) -> bytes | None:
        """The salt of a saved table (:meth:`network_json`), or ``None``: a save from before fair
        deals, or a salt that is not 32 bytes in hex (the table then draws a new one)."""
        return fair.from_hex(doc.get("salt")) if isinstance(doc, dict) else None


def _safe(stand_in: SafeBot, state: Any) -> Any:
    with _FALLBACK:
        return stand_in.front.fallback(state)
