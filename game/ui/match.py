"""What every game's match shares: who sits where, the save's header, the hand's replay, the
statistics.  No pygame here.

A game's match (``game.ui.<game>.match``) subclasses :class:`Match`: it holds the engine state
and whatever its game format adds (a score sheet, totals, undo), plays every change through the
engine's checked ``apply``, and writes and reads its own save document behind the shared header
(:meth:`Match.header`, :meth:`Match.check_header`).  The numbers a save holds are read with the
bounds they are written with (:func:`read_count`, :func:`read_seed`), so what loads can be saved
and replayed again.

A match's seed is a secret: a new match draws it from the operating system (:func:`new_seed`), and
each deal is dealt from its own seed made from it (:func:`deal_seed_of`), so nobody can work out a
deal from the cards of one hand, and showing one deal's seed afterwards (a network table does, so
each player can check the deal: :mod:`game.net.fair`) tells nothing of the match's seed or of any
other deal.  A seed below :data:`SEED_LIMIT` (an explicit seed, a save from before) deals as it
always did.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from dataclasses import dataclass
from typing import Any, ClassVar

from ai import match_me
from ai.front import BotFront
from ai.match_me import MatchMe
from ai.players import seat_seed
from game.i18n.names import shown_name
from game.replay import MATCH_ID, Recorder, new_match_id

from .bots import HUMAN, seat_kind

log = logging.getLogger(__name__)

SAVE_FORMAT = "vazhushal-save"  # every game's saves (the app's name, from when it played one game)
SAVE_VERSION = 1
SEED_LIMIT = 1 << 31  # seeds below this deal as matches dealt before secret seeds (explicit seeds, old saves)
SECRET_BITS = 255  # the operating system's random bits of a new match's seed
SEED_BOUND = 1 << 256  # a match's seed a save may hold (a new match's is 256 bits, its top bit set)
MAX_HANDS = 100_000  # hands or deals of one match a save may count (far more than anyone plays)


class Sent(Exception):
    """A move of a network table went to the host (:mod:`game.ui.lobby`): nothing changed yet; the
    host's answer is played on the table by :meth:`Match.sync`, as any move is."""


@dataclass(frozen=True)
class SeatSetup:
    """One seat of a new game: a name and ``Human`` or a bot level (``Medium``...)."""

    name: str
    level: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN


def new_seed() -> int:
    """A new match's secret seed: :data:`SECRET_BITS` bits of the operating system's randomness
    (:func:`secrets.randbits`) with the top bit of 256 set, so it is never a seed of the old kind."""
    return (1 << SECRET_BITS) | secrets.randbits(SECRET_BITS)


def match_seed(value: object) -> int:
    """``value`` if it is a match's seed: one of the old kind (``0 <= seed < SEED_LIMIT``: explicit
    seeds, saves from before) or a secret one (256 bits, the top bit set: :func:`new_seed`); raises
    ``ValueError``."""
    if type(value) is not int or not (0 <= value < SEED_LIMIT or 1 << SECRET_BITS <= value < SEED_BOUND):
        raise ValueError("a match's seed is a whole number below 2**31, or a secret of 256 bits")
    return value


def deal_seed_of(seed: int, deal: int) -> int:
    """The seed deal ``deal`` (from 0) of a match of ``seed`` is dealt from (``random.Random`` of it).

    A seed of the old kind (``0 <= seed < SEED_LIMIT``) deals as before: the first deal from the seed
    itself, deal ``n`` from ``seed * 1009 + n + 1``; one deal's seed gives every other.  Any other
    seed (``0 <= seed < SEED_BOUND``): HMAC-SHA256 keyed with the seed's 32 bytes (big-endian) of the
    deal's number in 8 bytes, read as a 256-bit whole number; a deal's seed tells nothing of the
    match's or of another deal's.  Raises ``ValueError`` for a seed out of range."""
    if 0 <= seed < SEED_LIMIT:
        return seed if deal == 0 else seed * 1009 + deal + 1
    if not 0 <= seed < SEED_BOUND or deal < 0:
        raise ValueError("a match's seed is a whole number from 0 below 2**256")
    return int.from_bytes(hmac.digest(seed.to_bytes(32, "big"), deal.to_bytes(8, "big"), "sha256"), "big")


def read_seed(value: object) -> int:
    """A match's seed from a save (:func:`match_seed`: what new matches draw, or a seed of the old
    kind); raises ``ValueError``."""
    try:
        return match_seed(value)
    except ValueError:
        raise ValueError("the saved game's seed is damaged") from None


def read_count(value: object, what: str, limit: int = MAX_HANDS) -> int:
    """A count (hands played, a hand's number) from a save: ``0 <= value < limit``; raises
    ``ValueError`` naming ``what``."""
    if type(value) is not int or not 0 <= value < limit:
        raise ValueError(f"the saved game's {what} is damaged")
    return value


def read_match_id(value: object) -> str:
    """The match id of a save, or a new one (saves from before replays have none)."""
    return value if isinstance(value, str) and MATCH_ID.match(value) else new_match_id()


class Match:
    """A match in progress of one game; ``levels[i]`` is ``Human`` or the level of the bot of
    table seat ``i``.  Subclasses set :attr:`game` (the game's name) and :attr:`scene` (the table
    scene that plays it)."""

    game: ClassVar[str]
    scene: ClassVar[str]
    bots: ClassVar[BotFront]  # the game's bots: what a seat's level plays as

    levels: list[str]
    seed: int
    state: Any
    match_id: str
    practice: bool = False  # the tutorial: never saved, never counted
    network: dict | None = None  # a hosted network table's seats and tokens, read from its save (game.ui.lobby)
    recording: Recorder | None = None  # this hand's replay so far; None: not recorded
    finished_replay: dict | None = None  # a finished hand's replay, until the app takes it
    last_replay: dict | None = None  # the replay of the hand just finished (Review this hand)
    match_me: MatchMe | None = None  # where Match me stands, when a seat plays under it (ai.match_me)

    # --- seats ---------------------------------------------------------------------------

    @classmethod
    def seat_kinds(cls, setups: list[SeatSetup]) -> list[str]:
        """The engine's seat kind of each seat of a new match (``human`` or ``bot:<name>``)."""
        return [seat_kind(cls.bots, s.level) for s in setups]

    @property
    def players(self) -> int:
        return len(self.levels)

    def table_seat(self, seat: int) -> int:
        """The table seat of a seat of the hand in play (the same unless the game seats fewer)."""
        return seat

    def level(self, seat: int) -> str:
        """The level the seat's bot plays: its stored level, or under Match me the setting it stands
        at now (``Strength -12 cautious``, as the hand's replay records it)."""
        stored = self.levels[self.table_seat(seat)]
        if match_me.is_match_me(stored):
            return match_me.played(self.match_me or MatchMe(), self.bots, match_me.style_of(stored)).name
        return stored

    # --- Match me (ai.match_me) ----------------------------------------------------------------

    @property
    def follows(self) -> bool:
        """A seat plays under Match me."""
        return any(match_me.is_match_me(level) for level in self.levels)

    def follow(self, me: MatchMe) -> None:
        """Play the Match me seats at ``me`` from now on; a hand in play not yet begun is recorded
        afresh with it."""
        self.match_me = me
        if self.recording is not None and self.state.result is None and not self.state.history:
            self.recording = self.new_recording(self.deal_number(), self.deal_seed())

    def followed(self) -> MatchMe | None:
        """After a hand counted: Match me moved by the people's result against their share of the
        seats (``None`` when no seat plays under it, or no person sits)."""
        if not self.follows or not self.humans:
            return None
        low, high = match_me.bounds(self.bots)
        won = 1.0 if self.hand_won() else 0.0
        self.follow((self.match_me or MatchMe()).after(won, len(self.humans) / len(self.state.seats), low, high))
        return self.match_me

    def is_human(self, seat: int) -> bool:
        return self.level(seat) == HUMAN

    @property
    def humans(self) -> list[int]:
        """The seats of the hand in play played by people."""
        return [s for s in range(len(self.state.seats)) if self.is_human(s)]

    def name(self, seat: int) -> str:
        """The seat's name as the player reads it (a default name translated: :func:`shown_name`)."""
        return shown_name(self.stored_name(seat))

    def stored_name(self, seat: int) -> str:
        """The seat's name as stored (English defaults: "You", "Player 2"...): what code compares,
        saves and sends."""
        return self.state.seats[seat].name

    # --- network tables (game.ui.lobby): a local match plays every seat here --------------------

    def remote(self, seat: int) -> bool:
        """The seat is played at another screen or by the host: the table waits, it asks no bot."""
        return False

    def away(self, seat: int) -> bool:
        """The person of the seat lost the connection to a network table (its box says "away", never
        "thinking")."""
        return False

    def sync(self, table: Any) -> None:
        """Once a frame: play on ``table`` the moves a network table's host reported."""

    def bot_levels(self, prefix: str = "") -> list[str]:
        """The opponents' levels, as the statistics count them."""
        return [prefix + lv for lv in self.levels if lv != HUMAN]

    # --- results, for the statistics ------------------------------------------------------

    def hand_won(self) -> bool:
        """A person won the hand just finished."""
        r = self.state.result
        return r is not None and r.winner is not None and self.is_human(r.winner)

    @property
    def match_over(self) -> bool:
        """The whole match is decided (the hand just finished was its last)."""
        raise NotImplementedError

    def match_won(self) -> bool:
        """A person won the match (when it is over)."""
        raise NotImplementedError

    def count_result(self) -> bool:
        """Mark the hand just finished as counted in the statistics: ``False`` when it already was."""
        raise NotImplementedError

    # --- the replay of the hand -------------------------------------------------------------

    def take_replay(self) -> dict | None:
        """The replay of the hand just finished, once (the app writes it to the data folder)."""
        doc, self.finished_replay = self.finished_replay, None
        return doc

    def finish_recording(self, end: Any, hand_no: int) -> None:
        """The hand is over: its replay is kept for :meth:`take_replay` (a failure is logged)."""
        recorder, self.recording = self.recording, None
        if recorder is None or self.practice:
            return
        try:
            self.finished_replay = self.last_replay = recorder.finish(end)
        except ValueError:
            log.warning("the replay of hand %s could not be finished", hand_no, exc_info=True)

    def new_recording(self, hand_no: int, seed: int) -> Recorder | None:
        """A new record of the hand in play from its deal (``None`` in the tutorial), with the
        level and seed of each bot seat, so the hand can be played again with its bots."""
        if self.practice:
            return None
        recorder = Recorder()
        recorder.start(self.state, self.game, match_id=self.match_id, hand_no=hand_no, seed=seed,
                       bots=self.recorded_bots())
        return recorder

    # --- the bots of the hand in play ---------------------------------------------------------

    def deal_number(self) -> int:
        """The number of the hand in play in its match (from 0: the replay's ``hand_no``)."""
        raise NotImplementedError

    def deal_seed(self) -> int:
        """The seed the hand in play was dealt from."""
        raise NotImplementedError

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot in ``seat`` of the hand in play (:func:`ai.players.seat_seed`): the
        same whenever the hand is played or continued, and recorded in its replay."""
        return seat_seed(self.deal_seed(), seat)

    def state_at(self, moment: int) -> Any | None:
        """The hand in play's state when its history was ``moment`` long, from its record (``None``
        when it is not recorded that far): a bot continued mid-turn picks up its plan from it."""
        return None if self.recording is None else self.recording.state_at(moment)

    def recorded_bots(self) -> list[dict]:
        """The replay's ``bots``: the level and seed of every seat a bot of this screen plays."""
        return [{"seat": s, "level": self.level(s), "seed": self.bot_seed(s)}
                for s in range(len(self.state.seats)) if not self.is_human(s)]

    # --- saving ------------------------------------------------------------------------------

    @classmethod
    def header(cls) -> dict:
        """The keys every save starts with."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": cls.game}

    @classmethod
    def check_header(cls, doc: object, legacy: bool = False) -> dict:
        """``doc`` as a save of this game (``legacy``: a save without ``game`` is this game's, as
        saved before there were two); raises ``ValueError`` with a plain reason."""
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT or doc.get("game", cls.game if legacy
                                                                                     else None) != cls.game:
            raise ValueError(f"not a saved game of {cls.game}")
        if doc.get("version") != SAVE_VERSION or type(doc.get("version")) is not int:
            raise ValueError(f"saved by another version ({str(doc.get('version'))[:20]!r})")
        return doc
