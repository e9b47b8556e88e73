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

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from ai.indian13 import FRONT as BOTS
from game.core.errors import StateError
from game.indian13 import RulesError, RuleSet, Series, apply, from_json, legal_actions, to_json
from game.indian13.formats import POOL_LIMITS, deal_scores
from game.indian13.state import OVER, REASONS, Seat
from game.replay import Recorder

from ..inhand.match import DealsMatch, read_seats
from ..match import read_count, read_match_id, read_seed
from ..safe_text import clean_name


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


class Indian13Match(DealsMatch):
    """An Indian Rummy game in progress.  ``levels[i]`` is ``Human`` or the bot level of table
    seat ``i``; the scenes speak the seats of the deal in play (pool players who are out are not
    dealt in: :meth:`table_seat`).  The whole game (I12) is over when the deal in play is finished
    and the series too."""

    game = "indian13"
    scene = "table13"  # the table scene that plays it (game.ui.catalog)
    bots = BOTS
    engine = SimpleNamespace(Series=Series, apply=apply, to_json=to_json, deal_scores=deal_scores, OVER=OVER)

    def deal_record(self, number: int, result: Any, before: list[int]) -> DealRecord:
        """The table seats dealt in, the points of each, what the deal added to each table seat's
        total (``deal_scores`` gives each *deal* seat's)."""
        seats = list(self.series.seat_map)
        scores = [after - b for after, b in zip(self.series.totals, before)]
        winner = None if result.winner is None else seats[result.winner]
        return DealRecord(number, winner, result.reason, seats, list(result.points), scores)

    # --- seats -----------------------------------------------------------------------------

    def table_seat(self, deal_seat: int) -> int:
        return self.series.seat_map[deal_seat]

    def deal_seat(self, table_seat: int) -> int | None:
        seats = self.series.seat_map
        return seats.index(table_seat) if table_seat in seats else None

    def match_won(self) -> bool:
        humans = {self.table_seat(s) for s in self.humans}
        return bool(humans & set(self.winners()))

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

        seats = read_seats(levels, seats_doc, n)
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
