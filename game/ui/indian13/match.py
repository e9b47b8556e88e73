"""An Indian Rummy game at the table: the series of deals (I12), who sits where, the deal in play,
the results so far, the autosave.

No pygame here.  Every change of a deal is an engine action (:func:`game.indian13.apply`); the
series (points: one deal, pool 101/201, a fixed number of deals) is the engine's
:class:`game.indian13.Match`.  Seats are *table* seats; in a pool game a player who reaches the
limit sits out, so a deal's seats are a subset (``deal_seat`` ↔ ``table_seat``).

The save is the same ``vazhushal-save`` document as Vazhushal's with ``"game": "indian13"``; the
deal in play is the CONTRACT.md ``indian13-state`` document.  Every deal is recorded as it is
played (:class:`game.replay.Recorder`); when it ends its replay waits in :meth:`Indian13Match.take_replay`
for the app to write it.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from ai.indian13 import FRONT as BOTS
from game.core.errors import StateError
from game.indian13 import Action, RulesError, RuleSet, Series, State, apply, from_json, legal_actions, to_json
from game.indian13.formats import POOL_LIMITS, deal_scores
from game.indian13.state import OVER, REASONS, Seat
from game.replay import Recorder, new_match_id

from ..match import HUMAN, SEED_LIMIT, Match, SeatSetup, read_count, read_match_id, read_seed
from ..safe_text import clean_name

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DealRecord:
    """One finished deal: who won and why, what each table seat was charged and added."""

    deal: int  # 0-based
    winner: int | None  # table seat
    reason: str
    seats: list[int]  # the table seats dealt in (pool players who are out are not)
    points: list[int]  # per dealt seat, as the result charges them
    scores: list[int]  # per table seat, what the deal added to the running total

    def to_json(self) -> dict:
        return {"deal": self.deal, "winner": self.winner, "reason": self.reason, "seats": self.seats,
                "points": self.points, "scores": self.scores}

    @classmethod
    def from_json(cls, doc: object, players: int) -> DealRecord:
        """Raises ``ValueError`` for anything that is not a record of this table."""
        def small(v: object) -> bool:
            return type(v) is int and abs(v) < 10**7

        ok = (isinstance(doc, dict) and set(doc) == {"deal", "winner", "reason", "seats", "points", "scores"}
              and small(doc["deal"]) and doc["deal"] >= 0 and doc["reason"] in REASONS
              and isinstance(doc["seats"], list) and 2 <= len(doc["seats"]) <= players
              and all(small(s) and 0 <= s < players for s in doc["seats"])
              and (doc["winner"] is None or doc["winner"] in doc["seats"])
              and isinstance(doc["points"], list) and len(doc["points"]) == len(doc["seats"])
              and all(small(x) for x in doc["points"])
              and isinstance(doc["scores"], list) and len(doc["scores"]) == players
              and all(small(x) for x in doc["scores"]))
        if not ok:
            raise ValueError("a deal of the results is damaged")
        return cls(doc["deal"], doc["winner"], doc["reason"], doc["seats"], doc["points"], doc["scores"])


class Indian13Match(Match):
    """An Indian Rummy game in progress.  ``levels[i]`` is ``Human`` or the bot level of table
    seat ``i``; the scenes speak the seats of the deal in play (pool players who are out are not
    dealt in: :meth:`table_seat`)."""

    game = "indian13"
    scene = "table13"  # the table scene that plays it (game.ui.catalog)
    bots = BOTS

    def __init__(self, series: Series, state: State, levels: list[str], seed: int, *,
                 sheet: list[DealRecord] | None = None, deal_start: State | None = None,
                 recorded: bool = False, match_id: str | None = None, recording: Recorder | None = None) -> None:
        self.series = series
        self.state = state
        self.levels = levels
        self.seed = seed
        self.sheet: list[DealRecord] = sheet or []
        self.deal_start = deal_start  # the deal as dealt (restart)
        self.recorded = recorded  # the finished deal is already in the totals and the statistics
        self.practice = False
        self.match_id = match_id or new_match_id()  # names this game's replay files
        self.recording = recording  # this deal's replay so far; None: not recorded
        self.finished_replay: dict | None = None  # a finished deal's replay, until the app takes it
        self.counted: int | None = None  # the deals played when the statistics last counted one

    # --- making ----------------------------------------------------------------------------

    @classmethod
    def new(cls, setups: list[SeatSetup], rules: RuleSet, seed: int | None = None) -> Indian13Match:
        """A new game of ``setups`` (names and levels)."""
        seed = random.randrange(SEED_LIMIT) if seed is None else seed
        seats = [Seat(clean_name(s.name), kind) for s, kind in zip(setups, cls.seat_kinds(setups))]
        levels = [s.level for s in setups]
        series = Series.start(rules.with_players(len(seats)), seats)
        state = series.deal(random.Random(seed))
        match = cls(series, state, list(levels), seed, deal_start=state)
        match.recording = match.start_recording()
        return match

    def deal_seed(self) -> int:
        """The seed the deal in play was (or the next deal will be) dealt from."""
        n = self.series.deals_played - (1 if self.recorded else 0)
        return self.seed if n == 0 else self.seed * 1009 + n + 1

    def start_recording(self) -> Recorder | None:
        return self.new_recording(self.series.deals_played, self.deal_seed())

    # --- seats -----------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return self.series.rules

    def table_seat(self, deal_seat: int) -> int:
        return self.series.seat_map[deal_seat]

    def deal_seat(self, table_seat: int) -> int | None:
        seats = self.series.seat_map
        return seats.index(table_seat) if table_seat in seats else None

    # --- playing ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """The whole game (I12) is over: the deal in play is finished and the series too."""
        return self.state.phase == OVER and self.recorded and self.series.over

    def play(self, action: Action) -> State:
        """Apply a checked action (raises ``IllegalAction``, the state unchanged); a finished deal
        goes into the totals at once."""
        self.state = apply(self.state, action)
        if self.recording is not None:
            self.recording.add(action.player, action)
        if self.state.phase == OVER:
            self.finish_deal()
        return self.state

    def finish_deal(self) -> None:
        if self.recorded or self.state.result is None:
            return
        self.finish_recording(self.state, self.series.deals_played)
        result = self.state.result
        seats = list(self.series.seat_map)
        before = list(self.series.totals)
        self.series.record(self.state)
        scores = [after - b for after, b in zip(self.series.totals, before)]
        winner = None if result.winner is None else seats[result.winner]
        self.sheet.append(DealRecord(self.series.deals_played - 1, winner, result.reason, seats,
                                     list(result.points), scores))
        self.recorded = True

    @property
    def match_over(self) -> bool:
        return self.series.over

    def count_result(self) -> bool:
        counted, self.counted = self.counted, self.series.deals_played
        return counted != self.series.deals_played

    def match_won(self) -> bool:
        humans = {self.table_seat(s) for s in self.humans}
        return bool(humans & set(self.winners()))

    def winners(self) -> list[int]:
        """The table seats that won the game (when it is over)."""
        return self.series.winners()

    def next_deal(self) -> None:
        if self.state.phase != OVER or self.series.over:
            raise ValueError("the deal is not over, or the game is")
        self.finish_deal()
        self.state = self.series.deal(random.Random(self.seed * 1009 + self.series.deals_played + 1))  # deal_seed
        self.deal_start = self.state
        self.recorded = False
        self.recording = self.start_recording()

    @property
    def can_restart(self) -> bool:
        return self.deal_start is not None and self.state.phase != OVER

    def restart_hand(self) -> bool:
        """The same deal again, exactly as it was dealt (nothing of it counted)."""
        if not self.can_restart:
            return False
        self.state = self.deal_start  # type: ignore[assignment]
        self.recording = self.start_recording()
        return True

    def deal_scores(self) -> list[int]:
        """What the deal just finished adds to each *deal* seat's total."""
        r = self.state.result
        return [] if r is None else deal_scores(self.rules, r)

    def limit(self) -> int | None:
        return POOL_LIMITS.get(self.rules.format)

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict:
        s = self.series
        return {**self.header(), "seed": self.seed,
                "levels": list(self.levels), "rules": s.rules.to_json(),
                "seats": [{"name": seat.name, "kind": seat.kind} for seat in s.seats],
                "totals": list(s.totals), "eliminated": list(s.eliminated), "deals_played": s.deals_played,
                "dealer": s.dealer, "seat_map": list(s.seat_map), "recorded": self.recorded,
                "state": to_json(self.state), "sheet": [d.to_json() for d in self.sheet],
                "deal_start": None if self.deal_start is None else to_json(self.deal_start),
                "match_id": self.match_id, "replay": None if self.recording is None else self.recording.to_json()}

    @classmethod
    def from_json(cls, doc: object) -> Indian13Match:
        """Raises ``ValueError`` (with a plain reason) for anything that is not a good save of this
        game: another shape, a state the engine refuses, seats that do not agree, a state in which
        the seat to move has no legal move."""
        doc = cls.check_header(doc)
        try:
            rules = RuleSet.from_json(doc["rules"])
            state = from_json(doc["state"])
            start = None if doc.get("deal_start") is None else from_json(doc["deal_start"])
            levels, seats_doc, seed = doc["levels"], doc["seats"], doc["seed"]
            totals, eliminated, seat_map = doc["totals"], doc["eliminated"], doc["seat_map"]
            played, dealer, sheet_docs = doc["deals_played"], doc["dealer"], doc.get("sheet", [])
        except (KeyError, TypeError, StateError, RulesError) as exc:
            raise ValueError(f"the saved game is damaged ({exc})") from None
        n = rules.players

        def ints(v: object, size: int, low: int = -10**7, high: int = 10**7) -> bool:
            return isinstance(v, list) and len(v) == size and all(type(x) is int and low <= x < high for x in v)

        if not (isinstance(levels, list) and len(levels) == n and all(isinstance(x, str) and x for x in levels)):
            raise ValueError("the saved game's seats are damaged")
        if not (isinstance(seats_doc, list) and len(seats_doc) == n
                and all(isinstance(x, dict) and isinstance(x.get("name"), str) and isinstance(x.get("kind"), str)
                        for x in seats_doc)):
            raise ValueError("the saved game's seats are damaged")
        seats = [Seat(clean_name(x["name"]), x["kind"]) for x in seats_doc]
        if any((lv == HUMAN) != seat.is_human for lv, seat in zip(levels, seats)):
            raise ValueError("a seat of the saved game is both a human and a bot")
        if not (ints(totals, n) and isinstance(eliminated, list) and len(eliminated) == n
                and all(isinstance(x, bool) for x in eliminated) and ints(seat_map, state.players, 0, n)
                and sorted(set(seat_map)) == seat_map
                and (dealer is None or (type(dealer) is int and dealer in seat_map))
                and isinstance(sheet_docs, list)):
            raise ValueError("the saved game's totals are damaged")
        seed, played = read_seed(seed), read_count(played, "count of deals played")
        recorded = doc.get("recorded") is True and state.phase == OVER
        active = [s for s in range(n) if not eliminated[s]]
        # the deal in play is dealt to the seats still in (once recorded, a pool may have put some out)
        if not (set(active) <= set(seat_map) if recorded else active == seat_map) or (recorded and not played):
            raise ValueError("the saved game's seats in play do not match who is out")
        if state.rules != rules.with_players(state.players) or [seats[s] for s in seat_map] != [
                Seat(clean_name(x.name), x.kind) for x in state.seats]:
            raise ValueError("the saved deal is not this game's")
        if state.phase != OVER and not legal_actions(state, declarations=False):
            raise ValueError("the saved game cannot go on: the seat to move has no legal move")
        sheet = [DealRecord.from_json(d, n) for d in sheet_docs]
        series = Series(rules, seats, list(totals), list(eliminated), played, dealer, list(seat_map))
        state.seats = [seats[s] for s in seat_map]  # names from a file are drawn: cleaned
        if start is not None and (start.rules != state.rules or start.phase == OVER
                                  or len(start.seats) != len(state.seats)):
            start = None
        if start is not None:
            start.seats = state.seats
        match_id = read_match_id(doc.get("match_id"))
        deal_no = played - (1 if recorded else 0)
        recording = None if state.phase == OVER else Recorder.resume(doc.get("replay"), state, match_id, deal_no)
        return cls(series, state, list(levels), seed, sheet=sheet, deal_start=start, recorded=recorded,
                   match_id=match_id, recording=recording)
