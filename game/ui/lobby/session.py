"""One screen at a network table: its connection (:class:`game.net.client.Client`), the seats it
holds, the table as the host last described it, and the match it draws (:mod:`.remote`).

Once a frame the table calls ``match.sync(table)``, which lands here (:meth:`Session.sync`): what
the host sent since the last frame is played on the game's own table through its own ``play``, so
it animates, narrates and ends a deal exactly as a local move does:

- a move (the deal's public history grew by one): the table plays it; the match adopts the state
  the host's update describes;
- this screen's own move goes to the host first (:meth:`Session.play` raises
  :class:`~game.ui.match.Sent` after checking it on the view, which answers this seat's legal
  moves exactly); the host's update plays it, or its error is said the way the engine's are;
- a new deal waits until the player leaves the results (Next), then the table deals it;
- anything else (a join in the middle of a deal, a reconnection) is adopted as it is.

The session also draws a small panel over the scenes: a lost connection, a player away and how
long before the safe-move bot plays for them, the turn timer.

What the host sends was read by the client (:mod:`game.net.reading`: every message of its shape);
the observations and the match document inside an update are the engine's, read here by the
engine's ``view`` and the game's ``from_json``: anything they, or the table playing the host's move,
raise on an update is an update this screen cannot read, and the session ends with words for the
player (never a traceback, never a screen that waits for ever).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any

import pygame

from game.core.errors import IllegalAction
from game.i18n import N_, _
from game.i18n.names import shown_name
from game.net import protocol as P
from game.net.client import UNREADABLE
from game.net.fair import Watch
from game.net.table import BOT

from ..front import TableFront
from ..match import Sent
from ..resources import elide
from ..textdraw import note_elided
from ..widgets import ACCENT, BAD, INK, MUTED, label, panel
from .remote import rebuild
from .words import ERROR_WORDS, client_words, host_words

log = logging.getLogger(__name__)


class Session:
    """This screen's part of a network table.  ``hosting`` is set when this app hosts it."""

    def __init__(self, app: Any, front: TableFront, client: Any, *, hosting: Any = None,
                 address: str = "") -> None:
        self.app = app
        self.front = front
        self.engine = front.bots.engine
        self.client = client
        self.hosting = hosting
        self.address = address
        self.code = client.code
        self.seats: list[int] = []
        self.tokens: list[str] = []
        self.info: dict | None = None
        self.info_at = 0.0
        self.clock: tuple[dict | None, float] = (None, 0.0)  # the turn timer as last told, and when
        self.link = "connecting"
        self.link_words = ""
        self.ended: str | None = None  # why the connection ended for good (in the player's language)
        self.host_said: tuple[str, str] | None = None  # the host's last closing words: (as sent, as shown)
        self.pending: deque[dict] = deque()  # updates and refusals not yet played on the table
        self.update: dict | None = None  # the update the match was last rebuilt from
        self.public: dict | None = None
        self.match: Any = None
        self.looking: int | None = None  # the table seat whose view the match holds
        self.sent: Any = None  # this screen's move on its way to the host
        self.queued: list[Any] = []  # further moves of the same turn, sent when the first is played
        self.asked_next = False  # the player left the results: the next deal may come
        self._arriving: tuple[Any, dict] | None = None
        self._refusal: tuple[Any, IllegalAction] | None = None
        self.told_end = False
        self.table_game: str | None = None  # a refusal for another game: the game the table plays
        self.deals = Watch(front.bots)  # every deal checked against the table's promise when it ends
        self.unfair: list[str] = []  # what those checks found wrong, said on the panel for the rest of the table

    # --- the connection ----------------------------------------------------------------------

    def poll(self) -> None:
        """Read what arrived (from the app's thread)."""
        for message in self.client.poll():
            try:
                self._read(message)
            except Exception as exc:  # noqa: BLE001  (the client's reader let through what this cannot use)
                self._unreadable("a message", exc)
        if self.match is None and self.pending and self.ended is None:
            self._first_match()

    def _read(self, message: dict) -> None:
        kind = message.get("type")
        if kind == P.LINK:
            self.link = str(message.get("state", ""))
            self.link_words = str(message.get("message", ""))
            if self.link == P.ENDED:
                self.ended = self.shown_end(self.link_words) or _("The connection to the table ended.")
        elif kind == P.WELCOME:
            self.seats = [s for s in message.get("seats", []) if type(s) is int]
            self.tokens = [t for t in message.get("tokens", []) if P.is_token(t)]
            self._table(message.get("table"))
            self.remember()
        elif kind == P.TABLE:
            self._table(message)
        elif kind == P.UPDATE:
            if isinstance(message.get("match"), dict):
                self.public = message["match"]
            self.pending.append(message)
            self.clock = (message.get("clock"), time.monotonic())
            self._check_deals(message)
        elif kind == P.ERROR:
            if message.get("code") == P.WRONG_GAME:  # the host's words name the table's game
                words = str(message.get("message", ""))
                self.table_game = next((name for name in self.app.games if f"({name})" in words), None)
            if "refused" in message:
                self.pending.append(message)
            else:
                log.info("the host says %s: %s", message.get("code"), message.get("message"))
                self.heard(message)
        elif kind == P.CLOSED:
            words = self.heard(message)
            self.ended = words[:200] if words else _("The host closed the table.")

    def _check_deals(self, update: dict) -> None:
        """A deal whose seed the host showed is dealt again and compared with what this screen saw
        (:mod:`game.net.fair`); a mismatch is said at once and stays on the panel."""
        for verdict in self.deals.read(update):
            if verdict.fair:
                log.info("%s", verdict.words)
                continue
            log.warning("%s", verdict.words)
            if verdict.words not in self.unfair:
                self.unfair.append(verdict.words)
                self.app.toast(verdict.words, 15.0)

    def _unreadable(self, what: str, exc: BaseException) -> None:
        """The host sent what this screen cannot use: the session ends (the player is told, the
        table left; a table this app hosts is closed and saved as on leaving it)."""
        log.warning("%s from the host this screen cannot use: %s: %s", what, type(exc).__name__, str(exc)[:200])
        if self.ended is None:
            self.ended = client_words(UNREADABLE)

    def heard(self, message: dict) -> str:
        """A closing or an error of the host, in the player's words (kept: the client's news that the
        connection ended passes on the same words, as they came)."""
        words = str(message.get("message", ""))
        shown = host_words(str(message.get("type")), message.get("code"), self.titled(words), self.titles())
        self.host_said = (words[:200], shown)
        return shown

    def shown_end(self, words: str) -> str:
        """The client's words for the end of the connection, in the player's language: the host's
        closing words as this screen showed them, or the client's own sentence."""
        if self.host_said is not None and words == self.host_said[0]:
            return self.host_said[1][:200]
        return client_words(self.titled(words), self.titles())

    def titles(self) -> dict[str, str]:
        """The games' titles (English, marked for the catalogue) by registry name."""
        return {name: front.title for name, front in self.app.games.items()}

    def titled(self, words: str) -> str:
        """The host's words with a game's registry name, such as ``(indian13)`` in a refusal of
        another game, written as the player knows the game (its title)."""
        for name, front in self.app.games.items():
            words = words.replace(f"({name})", f"({front.title})")
        return words

    def _table(self, info: object) -> None:
        if isinstance(info, dict):
            self.info = info
            self.info_at = time.monotonic()
            self.clock = (info.get("clock"), self.info_at)

    def remember(self) -> None:
        """Keep this screen's tokens for the table (Join again takes the same seats)."""
        if self.hosting is None and self.tokens:
            remember_tokens(self.app.store, self.address, self.code, self.front.name, self.tokens)

    @property
    def started(self) -> bool:
        return bool(self.info and self.info.get("started"))

    def close(self) -> None:
        """Leave the table (the seat is kept for its token); a hosted table is closed and saved."""
        self.client.close(1.0)
        if self.hosting is not None:
            self.hosting.close()
            self.hosting = None
        if self.app.network is self:
            self.app.network = None

    # --- the match ---------------------------------------------------------------------------

    def _first_match(self) -> None:
        """The first update with a seat of this screen dealt in: the match to draw."""
        while self.pending and self.ended is None:
            item = self.pending[0]
            if item.get("type") != P.UPDATE:
                self.pending.popleft()
                continue
            built = self._build(item)
            self.pending.popleft()
            if built is not None:
                self.match = built[0]
                self.match.net = self
                self.update = item
                return

    def _observation(self, update: dict, seat: int) -> dict | None:
        obs = update.get("observations", {})
        return obs.get(str(seat)) if isinstance(obs, dict) else None

    def _looking_at(self, update: dict) -> int | None:
        """The seat whose view to draw: the seat to move when it is this screen's, else the last one."""
        views = {s: self._observation(update, s) for s in self.seats}
        views = {s: o for s, o in views.items() if isinstance(o, dict)}
        if not views:
            return None
        for seat, obs in views.items():
            if obs.get("turn") == obs.get("seat") and obs.get("phase") != "over":
                return seat
        return self.looking if self.looking in views else next(iter(views))

    def _build(self, update: dict) -> tuple[Any, int] | None:
        """The match this update describes (None: no seat of this screen is dealt in); a damaged
        update ends the session."""
        seat = self._looking_at(update)
        if seat is None or self.public is None:
            return None
        try:
            state_doc = self.engine.view(self._observation(update, seat))  # type: ignore[misc]
            match = rebuild(self.front.match, self.public, state_doc, self.engine, self.match)
        except Exception as exc:  # noqa: BLE001  (the engine's reading of a host's document may raise anything)
            if self.match is None:  # not yet at the table: the next update may do
                log.info("an update this screen cannot draw yet: %s: %s", type(exc).__name__, str(exc)[:200])
                return None
            self._unreadable("an update", exc)
            return None
        self.looking = seat
        return match, seat

    def _adopt(self, match: Any, update: dict) -> bool:
        built = self._build(update)
        if built is None:
            return False
        fresh = built[0]
        net = match.net
        match.__dict__.clear()
        match.__dict__.update(fresh.__dict__)
        match.net = net
        self.update = update
        return True

    # --- the table's frame --------------------------------------------------------------------

    def sync(self, match: Any, table: Any) -> None:
        """Play on ``table`` what the host said since the last frame."""
        self.poll()
        if self.ended is None:
            try:
                self._play_pending(match, table)
            except Exception as exc:  # noqa: BLE001  (the table playing a host's move it cannot follow)
                self._unreadable("an update", exc)
        if self.ended is not None:
            self.leave(table)

    def _play_pending(self, match: Any, table: Any) -> None:
        while self.pending and match is self.match and self.ended is None:
            if getattr(table, "flyers", None):  # let a move land before the next one flies
                return
            item = self.pending[0]
            if item.get("type") == P.ERROR:
                self.pending.popleft()
                self._refused(table, item)
                continue
            if item.get("deal") != self.update.get("deal"):  # type: ignore[union-attr]
                if match.state.result is not None and not self.asked_next:
                    return  # the results are still open: the next deal waits for Next
                self.asked_next = True
                (getattr(table, "start_next_deal", None) or table.start_next_hand)()
                continue
            self.pending.popleft()
            if self._looking_at(item) is None:  # no seat of this screen is dealt in any more (a pool game)
                self.match = None
                self.app.replace(self.app.make("lobby", self))
                return
            move = self._move_in(item)
            if move is not None:
                self._arriving = (move, item)
                try:
                    table.play(move)
                finally:
                    self._arriving = None
                self._send_queued(table)
            elif self._adopt(match, item):
                if hasattr(table, "retold"):  # joined or rejoined mid-deal: the news so far, told again
                    table.news = table.retold()
                table.refresh()
                if match.state.result is not None and getattr(table, "over_at", 0) is None:
                    table.over_at = time.monotonic()

    def _move_in(self, update: dict) -> Any:
        """The one move that leads from the match's update to this one, or None."""
        seat = self.looking
        old = self._observation(self.update or {}, seat) if seat is not None else None
        new = self._observation(update, seat) if seat is not None else None
        if not (isinstance(old, dict) and isinstance(new, dict)):
            return None
        before, after = old.get("history"), new.get("history")
        if not (isinstance(before, list) and isinstance(after, list) and len(after) == len(before) + 1
                and after[:-1] == before):
            return None
        try:
            return self.engine.parse_action(after[-1], self.match.state)
        except Exception:  # noqa: BLE001  (no move of this game: the update is adopted as it is, or refused)
            return None

    def _send_queued(self, table: Any) -> None:
        """This screen's move came back: the next one of its turn goes (or is said to be illegal)."""
        if self.sent is not None or not self.queued:
            return
        action = self.queued.pop(0)
        try:
            self._send(self.match, action)
        except IllegalAction as exc:
            self._refusal = (action, exc)
            self.queued = []
            table.play(action)
            self._refusal = None

    def in_flight(self, seat: int) -> bool:
        """A move of this deal seat is on its way to the host (the table waits for its answer)."""
        return self.sent is not None and self.sent.player == seat

    def _refused(self, table: Any, error: dict) -> None:
        action, self.sent, self.queued = self.sent, None, []
        if action is None:
            return
        exc = IllegalAction(str(error.get("code", "refused")), str(error.get("rule") or ""), "")
        code = error.get("code")
        words = str(error.get("message", "")) or _("The host refused this move.")
        exc.message = (host_words(P.ERROR, code, words) if code in ERROR_WORDS else words)[:300]
        self._refusal = (action, exc)
        table.play(action)
        self._refusal = None

    def play(self, match: Any, action: Any) -> Any:
        """``match.play``: the host's move being played, a refusal being said, or this screen's own
        move, checked here and sent (raises :class:`Sent`)."""
        if self._arriving is not None and action is self._arriving[0]:
            if self.sent is not None and self.sent.player == action.player:
                self.sent = None  # this seat's move came back (or the safe move played for it)
            self._adopt(match, self._arriving[1])
            return match.state
        if self._refusal is not None and action is self._refusal[0]:
            raise self._refusal[1]
        if self.sent is not None:  # a later step of the same turn: it goes when the first is played
            if action != self.sent and action not in self.queued:
                self.queued.append(action)
            raise Sent()
        self._send(match, action)
        raise Sent()

    def _send(self, match: Any, action: Any) -> None:
        if match.table_seat(action.player) not in self.seats:
            raise IllegalAction("not_your_seat", "", _("You can move only for your own seat."))
        self.engine.apply(match.state, action)  # the view answers this seat's legal moves exactly
        self.sent = action
        self.client.send({"type": P.ACTION, "action": action.to_json(), "n": self.update["n"]})  # type: ignore[index]

    def next_deal(self, match: Any) -> None:
        """The player left the results: the next deal, once the host deals it."""
        if self.pending and self.pending[0].get("type") == P.UPDATE and self.pending[0].get("deal") != (
                self.update or {}).get("deal"):
            self._adopt(match, self.pending.popleft())
            self.asked_next = False
            return
        if not self.asked_next and not (self.update or {}).get("over"):
            self.client.send({"type": P.READY})
        self.asked_next = True

    def leave(self, table: Any = None) -> None:
        """The table ended (closed by the host, or the connection lost for good): to the title."""
        if self.told_end:
            return
        self.told_end = True
        why = self.ended or _("The table ended.")
        if table is not None and getattr(table, "over_at", None) is not None:
            table.over_at = None  # the table's frame goes on after its sync: no results opened over the title
        self.close()
        self.app.toast(why, 10.0)
        self.app.reset_to(self.app.make("title"))

    # --- the panel over the scenes -------------------------------------------------------------

    def status_lines(self) -> list[tuple[str, tuple]]:
        """What the panel says: the connection, a deal that did not match the table's promise,
        players away, the clock."""
        out: list[tuple[str, tuple]] = []
        if self.link == P.RETRYING:
            out.append((_("Connection lost: reconnecting…"), BAD))
        out += [(words, BAD) for words in self.unfair[-1:]]
        info = self.info
        if not isinstance(info, dict):
            return out
        elapsed = time.monotonic() - self.info_at
        seats = info.get("seats") if isinstance(info.get("seats"), list) else []
        for seat in seats:  # type: ignore[union-attr]
            away = _seconds(seat.get("away")) if isinstance(seat, dict) else None
            if away is None or seat.get("kind") == BOT or not self.started:
                continue
            name = shown_name(str(seat.get("name", "?")))
            left = away - elapsed
            if left > 0:
                out.append((_("{name} lost connection: a bot plays for them in {time}").format(
                    name=name, time=_clock(left)), BAD))
            else:
                out.append((_("{name} is away: a bot plays safe moves for them").format(name=name), MUTED))
        clock, at = self.clock
        if isinstance(clock, dict) and type(clock.get("seat")) is int:
            turn_left, bank_left = _seconds(clock.get("turn", 0)), _seconds(clock.get("bank", 0))
            if turn_left is None or bank_left is None:
                return out
            turn = turn_left - (time.monotonic() - at)
            bank = bank_left + min(0.0, turn)
            seat = clock["seat"]
            other = seats[seat] if 0 <= seat < len(seats) and isinstance(seats[seat], dict) else {}  # type: ignore
            mine, name = seat in self.seats, shown_name(str(other.get("name", "?")))
            declare = bool(clock.get("declare"))
            on_clock, in_bank = _clock(max(0.0, turn)), _clock(max(0.0, bank))
            if turn <= 0 and bank <= 0:
                words = (_("Your time to group your cards is up: a safe move finishes the turn") if mine and declare
                         else _("Your time is up: a safe move finishes the turn") if mine
                         else _("{name}'s time is up: a safe move finishes the turn").format(name=name))
            elif declare:
                words = (_("Your time to group your cards: {time}").format(time=on_clock) if mine
                         else _("{name}'s time: {time}").format(name=name, time=on_clock))
            else:  # time is left, on the turn's clock or in the bank: both shown
                words = (_("Your time: {time} · bank {bank}").format(time=on_clock, bank=in_bank) if mine
                         else _("{name}'s time: {time} · bank {bank}").format(name=name, time=on_clock, bank=in_bank))
            out.append((words, BAD if turn <= 10 and seat in self.seats else ACCENT))
        return out

    def draw(self, surf: pygame.Surface) -> None:
        """The panel, on the table's own scenes only, in the band every table leaves free between its
        middle and the player's hand (at a small window, where that is too thin, over the foot of the
        news box)."""
        top = self.app.top
        lines = self.status_lines()
        if not lines or top is None or getattr(top, "match", None) is not self.match or self.match is None:
            return
        scale = max(0.5, min(surf.get_width() / 1280, surf.get_height() / 720))
        size = max(12, round(16 * scale))
        room = min(max(round(560 * scale), 380), surf.get_width() - 20)
        step = size + max(4, round(6 * scale))
        pad = round(12 * scale)
        default = pygame.Rect(0, round(surf.get_height() * 0.415), room + round(20 * scale), step * len(lines) + pad)
        default.centerx = surf.get_width() // 2
        lines, box = panel_place(lines, free_places(top, scale, surf.get_width()), step, pad, default)
        inner = box.w - round(20 * scale)
        panel(surf, box, (30, 24, 18), 225, border=ACCENT)
        y = box.y + round(6 * scale)
        for words, colour in lines:
            label(surf, elide(words, size, inner), (box.x + round(10 * scale), y), size,
                  colour if colour != MUTED else INK)
            y += step


def panel_place(lines: list[tuple[str, Any]], places: list[pygame.Rect], step: int, pad: int,
                default: pygame.Rect) -> tuple[list[tuple[str, Any]], pygame.Rect]:
    """The lines the panel shows and its box.  In the first of the table's free ``places`` that holds
    them all (no wider than ``default``; centred in the first place, at the foot of the others, under
    the headline of a news box); when none does (a small window), in the one
    that holds the most, as many as fit there, the most urgent first (a warning before the others,
    each kind in its order); with no place that holds one line, every line in ``default``.

    >>> import pygame
    >>> shown, box = panel_place([("a", MUTED), ("b", BAD)], [pygame.Rect(0, 100, 400, 32)], 20, 12,
    ...                          pygame.Rect(0, 300, 300, 52))
    >>> [words for words, _ in shown], box.top, box.h, box.w
    (['b'], 100, 32, 300)
    """
    fits = [(max(0, (r.h - pad) // step), -i) for i, r in enumerate(places)]
    whole = [i for i, (n, _) in enumerate(fits) if n >= len(lines)]
    best = whole[0] if whole else max(range(len(places)), key=lambda i: fits[i], default=None)
    if best is None or fits[best][0] < 1:
        return lines, default
    room = fits[best][0]
    if room < len(lines):
        order = sorted(range(len(lines)), key=lambda i: (lines[i][1] != BAD, i))[:room]
        note_elided(" ".join(words for i, (words, _) in enumerate(lines) if i not in order))  # cut, for the check
        lines = [lines[i] for i in sorted(order)]
    place = places[best]
    box = pygame.Rect(0, 0, min(default.w, place.w), step * len(lines) + pad)
    box.center = place.center
    if best:
        box.bottom = place.bottom
    return lines, box


def free_places(scene: Any, scale: float, width: int) -> list[pygame.Rect]:
    """Where a table leaves room for the panel, best first: the band between its middle and the
    player's melds and hand, then its news (or log) box, whose lines matter less than a countdown
    (read from the table's own geometry: the in-hand tables' ``layout()``, Vazhushal's ``geo()``)."""
    try:
        if hasattr(scene, "geo"):
            geo = scene.geo()
            rows = [geo.new_meld] if geo.new_meld is not None else []
            top = max([r.bottom for r in rows] + [r.bottom for r, _ in geo.groups] + [geo.layout.stock.bottom])
            top += round(6 * scale)
            bottom = min(r.top for _, r in geo.hand) - round(34 * scale)  # the message line above the hand
            side = [geo.log_panel] if geo.log_panel is not None else []
        elif hasattr(scene, "layout"):
            lay = scene.layout()
            top = max(r.bottom for r in lay.slots.values()) + round(36 * scale)  # the words under the middle
            bottom = lay.label_y - round(30 * scale)  # the count and its note sit over the labels
            side = [lay.news]
        else:
            return []
    except Exception:  # noqa: BLE001  (a table without such geometry: the default place)
        return []
    band = pygame.Rect(0, top, width, max(0, bottom - top))
    return [band] + [pygame.Rect(r).inflate(-round(8 * scale), -round(8 * scale)) for r in side]


def _seconds(value: object) -> float | None:
    """A number of seconds the host sent, or None (not a number, not finite, or absurd)."""
    if type(value) not in (int, float) or not -1e9 <= value <= 1e9:  # type: ignore[operator]  (NaN fails too)
        return None
    return float(value)  # type: ignore[arg-type]


def _clock(seconds: float) -> str:
    s = max(0, int(seconds + 0.999))
    return f"{s // 60}:{s % 60:02d}"


TABLES_FILE = "tables.json"  # the tokens this player was given at tables joined, to take the same seat again
MAX_REMEMBERED = 20
JOINED_TABLES = N_("Your joined tables")  # the file as a message about it names it


def remembered_tokens(store: Any, address: str, code: str) -> list[str]:
    doc = store.load(TABLES_FILE, _parse_tables, list, JOINED_TABLES)
    for entry in doc:
        if entry["address"] == address and entry["code"] == code:
            return list(entry["tokens"])
    return []


def remember_tokens(store: Any, address: str, code: str, game: str, tokens: list[str]) -> None:
    doc = [e for e in store.load(TABLES_FILE, _parse_tables, list, JOINED_TABLES)
           if not (e["address"] == address and e["code"] == code)]
    doc.insert(0, {"address": address, "code": code, "game": game, "tokens": tokens})
    store.write(TABLES_FILE, doc[:MAX_REMEMBERED])


def _parse_tables(doc: object) -> list[dict]:
    if not isinstance(doc, list):
        raise ValueError("expected a list of tables")
    return [e for e in doc if isinstance(e, dict) and isinstance(e.get("address"), str)
            and isinstance(e.get("code"), str) and isinstance(e.get("game"), str)
            and isinstance(e.get("tokens"), list) and all(P.is_token(t) for t in e["tokens"])][:MAX_REMEMBERED]
