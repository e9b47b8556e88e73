"""Hosting a table from the app: the server (:class:`game.net.host.Host`) on its own thread, the
table with the game's own match, the advertisement on the local network, and the save.

The match is saved like every match (``autosave.json``, the game's own save document) with one
more key, ``network``: the table's code, seats, tokens and options, so the host can resume it
(Continue on the title screen) and the same players rejoin with their tokens.  Every change is on
disk before any player is told of it, as the headless server's (:mod:`game.net.journal`): a move
is a line of ``autosave.journal``, the whole save is written when a deal starts or ends (a
finished deal's replay first, to the replays folder, the same document a local match writes); the
files are written on the app's writer thread, in order with the app's other saves, while the
table's messages wait for them.

Where it listens: every interface of the machine (players of the local network only, unless the
headless server is told otherwise), on :data:`DEFAULT_PORT` or, when that is taken, any free port.
``VAZHUSHAL_NET_INTERFACES`` (a comma list of addresses) narrows it and the advertisement to those
addresses: the tests and the smoke test set it to ``127.0.0.1``.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Sequence
from typing import Any

from game.i18n import _
from game.net.discovery import Advertiser, lan_addresses
from game.net.journal import Record, resume
from game.net.table import BOT, HERE, Options, SeatPlan, Table

from ..bots import HUMAN
from ..front import TableFront
from ..match import SeatSetup
from ..persist import SAVE_FILE

log = logging.getLogger(__name__)

DEFAULT_PORT = 47300
INTERFACES_ENV = "VAZHUSHAL_NET_INTERFACES"


def interfaces() -> list[str] | None:
    """The addresses to listen and advertise on (``None``: all of the machine's)."""
    text = os.environ.get(INTERFACES_ENV, "").strip()
    return [a.strip() for a in text.split(",") if a.strip()] or None


def match_maker(front: TableFront, rules: Any, seed: int | None = None,
                match_me: Callable[[], Any] | None = None):
    """How a table makes its match when it starts: the game's own ``new``, people as humans; a
    Match me seat starts where ``match_me()`` says (the host's app: ai.match_me)."""

    def make(plans: Sequence[SeatPlan]) -> Any:
        setups = [SeatSetup(p.name, HUMAN if p.kind != BOT else p.level) for p in plans]
        match = front.match.new(setups, rules.with_players(len(plans)), seed)
        if match_me is not None and match.follows:
            match.follow(match_me())
        return match

    return make


def new_table(front: TableFront, plans: Sequence[SeatPlan], rules: Any, options: Options | None = None,
              seed: int | None = None, match_me: Callable[[], Any] | None = None) -> Table:
    """A table that makes its match (the game's own) when the host starts it."""
    return Table(front.bots, list(plans), send=lambda *_: None, make_match=match_maker(front, rules, seed, match_me),
                 options=options)


def resumed_table(front: TableFront, match: Any) -> Table:
    """The table of a saved hosted match (its ``network`` part); raises ``ValueError`` when damaged."""
    code, options, plans, tokens, claimed = Table.read_network(match.network, len(match.levels))
    for plan, level in zip(plans, match.levels):
        if (plan.kind == BOT) == (level == HUMAN):
            raise ValueError("the hosted table's seats do not match the saved match")
    return Table(front.bots, plans, send=lambda *_: None, match=match, code=code, tokens=tokens, claimed=claimed,
                 options=options)


class Hosting:
    """This app hosting ``table`` for ``app`` (the server thread, the advertisement, the saves)."""

    def __init__(self, app: Any, front: TableFront, table: Table, name: str = "", port: int = DEFAULT_PORT) -> None:
        self.app = app
        self.front = front
        self.table = table
        self.record: Record | None = None
        if not app.store.read_only:  # a second window saves nothing (game.ui.persist.Store)
            self.record = Record(app.store.path(SAVE_FILE), self.write_save, app.store.write_replay, app.writer)
            if table.match is not None and not table.started:  # a hosted match continued: the changes since its save
                resumed = resume(table, app.store.path(SAVE_FILE))
                if resumed.epoch is not None:
                    self.record.go_on(table, resumed.epoch)
            table.persist = self.record.persist
        from game.net.host import Host  # the server's modules load when a table opens, not at the app's start

        chosen = interfaces()
        bind = chosen[0] if chosen else "0.0.0.0"
        try:
            self.host = Host(bind, port).start()
        except OSError:
            log.info("port %s is taken; any free port instead", port)
            self.host = Host(bind, 0).start()
        table.on_change = self.changed
        self.host.add(table)
        self.addresses = chosen if chosen else lan_addresses()
        self.advertiser = Advertiser(name or f"Table on {socket.gethostname()[:24]}", self.host.port, front.name,
                                     chosen)
        self.advertised = self.advertiser.start()

    @property
    def port(self) -> int:
        return self.host.port

    def where(self) -> list[str]:
        """The addresses a friend types (``192.168.1.20:47300``)."""
        return [f"{a}:{self.port}" for a in self.addresses] or [
            _("{address} (no network found)").format(address=f"127.0.0.1:{self.port}")]

    def start(self) -> None:
        self.host.start_table(self.table)

    def changed(self, table: Table, why: str) -> None:
        """On the host's loop after a change (each already on disk, ``table.persist``): a seat newly
        taken written; a closing table's writes finished."""
        if self.record is not None:
            self.record.changed(table, why)

    def write_save(self, doc: dict) -> None:
        """The whole save (on the app's writer thread); raises when it could not be written (the
        player is told by the store's notice, the log by the record)."""
        if not self.app.store.write(SAVE_FILE, doc):
            raise OSError(f"{SAVE_FILE} could not be written")

    def close(self) -> None:
        """Close the table (everyone is told; the match saved), stop listening and advertising."""
        self.advertiser.close()
        self.host.stop()
        if self.record is not None and not self.host.running:  # the loop is gone: what it left, written here
            self.record.flush()


def here_seats(plans: Sequence[SeatPlan]) -> list[int]:
    return [i for i, p in enumerate(plans) if p.kind == HERE]
