"""A game of deals at the table, for the in-hand games where every seat plays every deal and the
deals add up (the engine's net series: one deal settled alone, or a number of deals added up, the
dealer passing to the next seat each deal).  No pygame here.

:class:`DealsMatch` holds the series, the deal in play, the sheet of finished deals, the autosave
and the deal's replay; a game subclasses it with its engine's pieces (``engine``), its record of a
finished deal (a :class:`DealRecord` subclass naming its per-seat columns) and its names.  Every
change of a deal is an engine action (``engine.apply``).  The save is the shared
``vazhushal-save`` document with ``"game"`` the game's name and the deal in play as the game's
CONTRACT.md state document.  Every number is read with the bounds it is written with, and what the
save says twice must agree (the totals before the deal in play and after it, the dealer, one record
a deal played, the records adding up to the totals), so what loads can be saved and played on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, ClassVar

from game.core.errors import StateError
from game.core.seats import Seat
from game.replay import Recorder, new_match_id

from ..match import HUMAN, Match, SeatSetup, deal_seed_of, match_seed, new_seed, read_count, read_match_id, read_seed
from ..safe_text import clean_name

LIMIT = 10**7  # any number of points a save may hold (far beyond any game)


def read_seats(levels: object, seats_doc: object, n: int) -> list[Seat]:
    """The ``n`` seats of a save (names cleaned) and their levels checked against them; raises
    ``ValueError`` for a list of another length or shape, or a seat both a human and a bot."""
    if not (isinstance(levels, list) and len(levels) == n and all(isinstance(x, str) and x for x in levels)):
        raise ValueError("the saved game's seats are damaged")
    if not (isinstance(seats_doc, list) and len(seats_doc) == n
            and all(isinstance(x, dict) and isinstance(x.get("name"), str) and isinstance(x.get("kind"), str)
                    for x in seats_doc)):
        raise ValueError("the saved game's seats are damaged")
    seats = [Seat(clean_name(x["name"]), x["kind"]) for x in seats_doc]
    if any((lv == HUMAN) != seat.is_human for lv, seat in zip(levels, seats)):
        raise ValueError("a seat of the saved game is both a human and a bot")
    return seats


def small(v: object) -> bool:
    return type(v) is int and abs(v) < LIMIT


def ints(v: object, size: int) -> bool:
    return isinstance(v, list) and len(v) == size and all(small(x) for x in v)


@dataclass(frozen=True)
class DealRecord:
    """One finished deal: its number (0-based), who won and how, and the per-seat columns a game
    names in ``COLUMNS`` (the last is ``net``, what the deal added to each total)."""

    COLUMNS: ClassVar[tuple[str, ...]] = ("net",)
    PAID: ClassVar[tuple[str, ...]] = ()  # the columns that are never below zero
    REASONS: ClassVar[tuple[str, ...]] = ()
    ZERO_SUM: ClassVar[bool] = False  # the nets of a deal add up to zero

    deal: int
    winner: int | None
    reason: str

    def to_json(self) -> dict:
        return {"deal": self.deal, "winner": self.winner, "reason": self.reason,
                **{k: getattr(self, k) for k in self.COLUMNS}}

    @classmethod
    def from_json(cls, doc: object, players: int, number: int) -> DealRecord:
        """Raises ``ValueError`` for anything that is not the record of deal ``number`` of this table."""
        ok = (isinstance(doc, dict) and set(doc) == {"deal", "winner", "reason", *cls.COLUMNS}
              and type(doc["deal"]) is int and doc["deal"] == number and doc["reason"] in cls.REASONS
              and (doc["winner"] is None or (type(doc["winner"]) is int and 0 <= doc["winner"] < players))
              and all(ints(doc[k], players) for k in cls.COLUMNS)
              and all(x >= 0 for k in cls.PAID for x in doc[k])
              and (not cls.ZERO_SUM or sum(doc["net"]) == 0))
        if not ok:
            raise ValueError("a deal of the results is damaged")
        return cls(doc["deal"], doc["winner"], doc["reason"], *(list(doc[k]) for k in cls.COLUMNS))  # type: ignore[call-arg]


class DealsMatch(Match):
    """A game of deals in progress.  ``levels[i]`` is ``Human`` or the bot level of seat ``i``
    (every seat plays every deal).  A game sets ``engine`` (its ``Series``, ``State``, ``RuleSet``,
    ``apply``, ``from_json``, ``to_json``, ``deal_scores``, ``OVER`` and the errors of its rule
    sets), ``record`` and the hooks below."""

    engine: ClassVar[SimpleNamespace]
    record: ClassVar[type[DealRecord]]
    ZERO_SUM_TOTALS: ClassVar[bool] = False  # the totals of a game add up to zero

    def __init__(self, series: Any, state: Any, levels: list[str], seed: int, *,
                 sheet: list[DealRecord] | None = None, deal_start: Any = None,
                 recorded: bool = False, match_id: str | None = None, recording: Recorder | None = None) -> None:
        self.series = series
        self.state = state
        self.levels = levels
        self.seed = seed
        self.sheet: list[Any] = sheet or []
        self.deal_start = deal_start  # the deal as dealt (restart)
        self.recorded = recorded  # the finished deal is already in the totals and the statistics
        self.practice = False
        self.match_id = match_id or new_match_id()  # names this game's replay files
        self.recording = recording  # this deal's replay so far; None: not recorded
        self.finished_replay: dict | None = None  # a finished deal's replay, until the app takes it
        self.counted: int | None = None  # the deals played when the statistics last counted one

    # --- the game's hooks ---------------------------------------------------------------------

    @classmethod
    def engine_rules(cls, rules: Any) -> Any:
        """The engine's rule set of the new game's ``rules`` (the new-game screen's may be another type)."""
        return rules

    def deal_record(self, number: int, result: Any, before: list[int]) -> Any:
        """The sheet's record of the deal just finished (``before``: the totals before it)."""
        raise NotImplementedError

    @classmethod
    def make_series(cls, rules: Any, seats: list[Seat], totals: list[int], played: int, dealer: int) -> Any:
        return cls.engine.Series(rules, seats, totals, played, dealer)

    @classmethod
    def can_go_on(cls, state: Any) -> bool:
        """The seat to move of a deal in play has a legal move."""
        raise NotImplementedError

    # --- making ----------------------------------------------------------------------------

    @classmethod
    def new(cls, setups: list[SeatSetup], rules: Any, seed: int | None = None) -> Any:
        """A new game of ``setups`` (names and levels) under ``rules`` (any player count), of a secret
        seed (:func:`~game.ui.match.new_seed`) unless ``seed`` is given."""
        seed = new_seed() if seed is None else match_seed(seed)
        seats = [Seat(clean_name(s.name), kind) for s, kind in zip(setups, cls.seat_kinds(setups))]
        series = cls.engine.Series.start(cls.engine_rules(rules.with_players(len(seats))), seats)
        state = series.deal(random.Random(deal_seed_of(seed, 0)))
        match = cls(series, state, [s.level for s in setups], seed, deal_start=state)
        match.recording = match.start_recording()
        return match

    def deal_number(self) -> int:
        """The number of the deal in play (from 0; a finished deal keeps its number until the next)."""
        return self.series.deals_played - (1 if self.recorded else 0)

    def deal_seed(self) -> int:
        """The seed the deal in play was dealt from (:func:`~game.ui.match.deal_seed_of`)."""
        return deal_seed_of(self.seed, self.deal_number())

    def start_recording(self) -> Recorder | None:
        return self.new_recording(self.series.deals_played, self.deal_seed())

    @property
    def rules(self) -> Any:
        return self.series.rules

    # --- playing ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """The whole game is over."""
        return self.state.phase == self.engine.OVER and self.recorded and self.series.over

    def play(self, action: Any) -> Any:
        """Apply a checked action (raises ``IllegalAction``, the state unchanged); a finished deal
        goes into the totals at once."""
        self.state = self.engine.apply(self.state, action)
        if self.recording is not None:
            self.recording.add(action.player, action)
        if self.state.phase == self.engine.OVER:
            self.finish_deal()
        return self.state

    def finish_deal(self) -> None:
        if self.recorded or self.state.result is None:
            return
        self.finish_recording(self.state, self.series.deals_played)
        before = list(self.series.totals)
        self.series.record(self.state)
        self.sheet.append(self.deal_record(self.series.deals_played - 1, self.state.result, before))
        self.recorded = True

    @property
    def match_over(self) -> bool:
        return self.series.over

    def count_result(self) -> bool:
        counted, self.counted = self.counted, self.series.deals_played
        return counted != self.series.deals_played

    def match_won(self) -> bool:
        return bool(set(self.humans) & set(self.winners()))

    def winners(self) -> list[int]:
        """The seats with the highest total (ties are shared)."""
        return self.series.winners()

    def next_deal(self) -> None:
        if self.state.phase != self.engine.OVER or self.series.over:
            raise ValueError("the deal is not over, or the game is")
        self.finish_deal()
        self.state = self.series.deal(random.Random(deal_seed_of(self.seed, self.series.deals_played)))
        self.deal_start = self.state
        self.recorded = False
        self.recording = self.start_recording()

    @property
    def can_restart(self) -> bool:
        return self.deal_start is not None and self.state.phase != self.engine.OVER

    def restart_hand(self) -> bool:
        """The same deal again, exactly as it was dealt (nothing of it counted)."""
        if not self.can_restart:
            return False
        self.state = self.deal_start
        self.recording = self.start_recording()
        return True

    def deal_scores(self) -> list[int]:
        """What the deal just finished adds to each total."""
        r = self.state.result
        return [] if r is None else self.engine.deal_scores(self.rules, r)

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict:
        s, to_json = self.series, self.engine.to_json
        return {**self.header(), "seed": self.seed, "levels": list(self.levels), "rules": s.rules.to_json(),
                "seats": [{"name": seat.name, "kind": seat.kind} for seat in s.seats],
                "totals": list(s.totals), "deals_played": s.deals_played, "dealer": s.dealer,
                "recorded": self.recorded, "state": to_json(self.state), "sheet": [d.to_json() for d in self.sheet],
                "deal_start": None if self.deal_start is None else to_json(self.deal_start),
                "match_id": self.match_id, "replay": None if self.recording is None else self.recording.to_json()}

    @classmethod
    def from_json(cls, doc: object) -> Any:
        """Raises ``ValueError`` (with a plain reason) for anything that is not a good save of this
        game: another shape, a state the engine refuses, seats or totals that do not agree, a state
        in which the seat to move has no legal move."""
        doc = cls.check_header(doc)
        engine = cls.engine
        try:
            rules = engine.RuleSet.from_json(doc["rules"])
            state = engine.from_json(doc["state"])
            start = None if doc.get("deal_start") is None else engine.from_json(doc["deal_start"])
            levels, seats_doc, seed = doc["levels"], doc["seats"], doc["seed"]
            totals, played, dealer, sheet_docs = doc["totals"], doc["deals_played"], doc["dealer"], doc["sheet"]
        except (KeyError, TypeError, StateError, engine.RulesError) as exc:
            raise ValueError(f"the saved game is damaged ({exc})") from None
        n = rules.players
        seats = read_seats(levels, seats_doc, n)
        seed, played = read_seed(seed), read_count(played, "count of deals played")
        if not ints(totals, n) or (cls.ZERO_SUM_TOTALS and sum(totals) != 0):
            raise ValueError("the saved game's totals are damaged")
        if state.rules != rules or [Seat(clean_name(x.name), x.kind) for x in state.seats] != seats:
            raise ValueError("the saved deal is not this game's")
        if type(dealer) is not int or dealer != state.dealer:
            raise ValueError("the saved game's dealer is damaged")
        recorded = doc.get("recorded") is True and state.phase == engine.OVER
        if recorded and not played:
            raise ValueError("the saved game's count of deals played is damaged")
        net = engine.deal_scores(rules, state.result) if recorded else [0] * n
        if list(state.totals) != [t - x for t, x in zip(totals, net)]:
            raise ValueError("the saved game's totals do not match the deal in play")
        if not isinstance(sheet_docs, list) or len(sheet_docs) != played:
            raise ValueError("the saved game's deals are damaged")
        sheet = [cls.record.from_json(d, n, i) for i, d in enumerate(sheet_docs)]
        if [sum(d.net[s] for d in sheet) for s in range(n)] != list(totals):
            raise ValueError("the saved game's deals do not add up to its totals")
        series = cls.make_series(rules, seats, list(totals), played, dealer)
        if not recorded and series.over:
            raise ValueError("the saved game is over, yet a deal is in play")
        if state.phase != engine.OVER and not cls.can_go_on(state):
            raise ValueError("the saved game cannot go on: the seat to move has no legal move")
        state.seats = seats  # names from a file are drawn: cleaned
        if start is not None and (start.rules != state.rules or start.phase == engine.OVER
                                  or start.dealer != state.dealer or list(start.totals) != list(state.totals)):
            start = None
        if start is not None:
            start.seats = seats
        match_id = read_match_id(doc.get("match_id"))
        deal_no = played - (1 if recorded else 0)
        recording = None if state.phase == engine.OVER else Recorder.resume(doc.get("replay"), state, match_id,
                                                                              deal_no)
        return cls(series, state, list(levels), seed, sheet=sheet, deal_start=start, recorded=recorded,
                   match_id=match_id, recording=recording)
