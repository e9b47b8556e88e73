"""A Vazhushal match being played: the engine state, who sits where, undo within a turn, the score
sheet of the hands played, the autosave.

No pygame here.  Every change of the game is an engine action (:func:`game.vazhushal.apply`); undo
restores an earlier state of the same turn (the engine is functional), never before the draw;
restarting a hand deals it again exactly as it was dealt.

Every hand is recorded as it is played (:class:`game.replay.Recorder`: the deal, then each action;
an undone action leaves the record, a restarted hand starts a new one); when the hand ends its
replay waits in :meth:`Match.take_replay` for the app to write it (files are the app's business);
the tutorial's hands are not recorded.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field

from ai.vazhushal import FRONT as BOTS
from game.replay import Recorder, new_match_id
from game.vazhushal import (
    DRAW,
    FINAL,
    OVER,
    PLAY,
    Action,
    RuleSet,
    Seat,
    State,
    StateError,
    apply,
    from_json,
    new_hand,
    next_hand,
    to_json,
)
from game.vazhushal.legal import stuck_reason
from game.vazhushal.rules import RulesError

from ..match import HUMAN, Match, SeatSetup, deal_seed_of, match_seed, new_seed, read_count, read_match_id, read_seed
from ..safe_text import clean_name

log = logging.getLogger(__name__)

__all__ = ["HUMAN", "HandRecord", "SeatSetup", "VazhushalMatch"]


@dataclass
class HandRecord:
    """One finished hand on the score sheet: who won and how (V8 went out, V9 stock out), the
    stock-out scores, the cards each seat still held, and how many hints each seat asked for."""

    hand: int  # 0-based hand number of the match
    winner: int | None
    reason: str  # "went_out" or "stock_out"
    scores: list[int] | None
    cards_left: list[int]
    hints: list[int] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"hand": self.hand, "winner": self.winner, "reason": self.reason, "scores": self.scores,
                "cards_left": self.cards_left, "hints": self.hints}

    @classmethod
    def from_json(cls, doc: object, players: int) -> HandRecord:
        """Raises ``ValueError`` for anything that is not a record of this table."""
        def count(v: object) -> bool:
            return type(v) is int and 0 <= v < 10**6

        if not isinstance(doc, dict) or set(doc) != {"hand", "winner", "reason", "scores", "cards_left", "hints"}:
            raise ValueError("a hand of the score sheet is damaged")
        ok = (count(doc["hand"]) and (doc["winner"] is None or (count(doc["winner"]) and doc["winner"] < players))
              and doc["reason"] in ("went_out", "stock_out")
              and (doc["scores"] is None or (isinstance(doc["scores"], list) and len(doc["scores"]) == players
                                              and all(type(x) is int and abs(x) < 10**6 for x in doc["scores"])))
              and all(isinstance(doc[k], list) and len(doc[k]) == players and all(count(x) for x in doc[k])
                      for k in ("cards_left", "hints")))
        if not ok:
            raise ValueError("a hand of the score sheet is damaged")
        return cls(doc["hand"], doc["winner"], doc["reason"], doc["scores"], doc["cards_left"], doc["hints"])


class VazhushalMatch(Match):
    """A Vazhushal match in progress.  ``levels[i]`` is ``Human`` or the difficulty of the bot in
    seat i."""

    game = "vazhushal"
    scene = "table"
    bots = BOTS

    def __init__(self, state: State, levels: list[str], seed: int, hand_no: int = 0,
                 undo: list[State] | None = None, recorded: bool = False, *,
                 sheet: list[HandRecord] | None = None, hand_start: State | None = None,
                 hints: list[int] | None = None, match_id: str | None = None,
                 recording: Recorder | None = None) -> None:
        self.state = state
        self.levels = levels
        self.seed = seed
        self.hand_no = hand_no
        self.undo_stack: list[State] = undo or []
        self.recorded = recorded  # the statistics already counted this (finished) hand
        self.sheet: list[HandRecord] = sheet or []  # the hands finished so far
        self.hand_start = hand_start  # the hand as dealt (restart); None in a save that predates it
        self.hints = hints or [0] * state.players  # hints asked for this hand, per seat
        self.practice = False  # the tutorial: never saved, never counted
        self.match_id = match_id or new_match_id()  # names this match's replay files
        self.recording = recording  # this hand's replay so far; None: this hand is not recorded
        self.finished_replay: dict | None = None  # a finished hand's replay, until the app takes it
        self.last_replay: dict | None = None  # the replay of the hand just finished (Review this hand)

    # --- making ----------------------------------------------------------------------------

    @classmethod
    def new(cls, setups: list[SeatSetup], rules: RuleSet, seed: int | None = None) -> VazhushalMatch:
        """A new match of ``setups`` (names and levels), of a secret seed
        (:func:`~game.ui.match.new_seed`) unless ``seed`` is given."""
        seed = new_seed() if seed is None else match_seed(seed)
        seats = [Seat(s.name, kind) for s, kind in zip(setups, cls.seat_kinds(setups))]
        rules = rules.with_players(len(setups))
        state = new_hand(rules, random.Random(deal_seed_of(seed, 0)), seats)
        match = cls(state, [s.level for s in setups], seed, hand_start=state)
        match.recording = match._start_recording()
        return match

    def hand_rng(self) -> random.Random:
        return random.Random(self.deal_seed())

    def next_hand(self) -> None:
        """Deal the next hand (V11: the deal passes left, wins carry over)."""
        self.hand_no += 1
        self.state = next_hand(self.state, self.hand_rng())
        self.hand_start = self.state
        self.undo_stack = []
        self.recorded = False
        self.hints = [0] * self.players
        self.recording = self._start_recording()
        self.last_replay = None

    def next_deal(self) -> None:
        """The next hand, by the name every game's match answers to (a network table deals with it)."""
        self.next_hand()

    @property
    def can_restart(self) -> bool:
        return self.hand_start is not None and self.state.phase != OVER and self.state is not self.hand_start

    def restart_hand(self) -> bool:
        """Deal this hand again exactly as it was dealt (nothing of it is counted)."""
        if not self.can_restart:
            return False
        self.state = self.hand_start  # type: ignore[assignment]
        self.undo_stack = []
        self.hints = [0] * self.players
        self.recording = self._start_recording()
        return True

    def note_hint(self, seat: int) -> None:
        """A hint was asked for: noted in this hand's record on the score sheet."""
        self.hints[seat] += 1

    # --- questions -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    @property
    def can_undo(self) -> bool:
        return len(self.undo_stack) > 1 and self.state.phase in (PLAY, FINAL)


    # --- acting ----------------------------------------------------------------------------

    def play(self, action: Action) -> State:
        """Apply ``action`` (raises :class:`IllegalAction`); keeps the turn's undo record."""
        before = self.state
        after = apply(before, action)
        self.state = after
        if self.recording is not None:
            self.recording.add(action.player, action)
            if after.phase == OVER:
                self.finish_recording(after, self.hand_no)
        if after.phase == OVER and before.phase != OVER:
            self.sheet.append(self._record(after))
        human = self.is_human(action.player)
        if not human or after.phase == OVER or after.turn != action.player:
            self.undo_stack = []
        elif action.type in ("draw_stock", "take_line") or (before.phase == DRAW and after.phase == DRAW):
            self.undo_stack = [after] if after.phase != DRAW else []
        elif action.type in ("meld", "arrange"):
            if not self.undo_stack:
                self.undo_stack = [before]
            self.undo_stack.append(after)
        return after

    def undo(self) -> bool:
        """Back one meld or arrangement of this turn (never past the draw)."""
        if not self.can_undo:
            return False
        self.undo_stack.pop()
        self.state = self.undo_stack[-1]
        if self.recording is not None:
            self.recording.undo()  # each step of the undo record is one meld or arrangement
        return True

    def deal_number(self) -> int:
        """The number of the hand in play (from 0), by the name every game's match answers to."""
        return self.hand_no

    def deal_seed(self) -> int:
        """The seed the hand in play was dealt from (:func:`~game.ui.match.deal_seed_of`; as :meth:`hand_rng`)."""
        return deal_seed_of(self.seed, self.hand_no)

    def _start_recording(self) -> Recorder | None:
        """A new record of this hand from the deal (``None`` in the tutorial)."""
        return self.new_recording(self.hand_no, self.deal_seed())

    @property
    def match_over(self) -> bool:
        return self.state.match_over

    def match_won(self) -> bool:
        return self.hand_won()  # the hand that decides a match is won by the match's winner (V11)

    def count_result(self) -> bool:
        counted, self.recorded = self.recorded, True
        return not counted

    def _record(self, end: State) -> HandRecord:
        r = end.result
        assert r is not None
        return HandRecord(self.hand_no, r.winner, r.reason, None if r.scores is None else list(r.scores),
                          [len(h) for h in end.hands], list(self.hints))

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {**self.header(), "seed": self.seed, "hand_no": self.hand_no,
                "levels": list(self.levels), "recorded": self.recorded, "state": to_json(self.state),
                "undo": [to_json(s) for s in self.undo_stack], "sheet": [h.to_json() for h in self.sheet],
                "hand_start": None if self.hand_start is None else to_json(self.hand_start),
                "hints": list(self.hints), "match_id": self.match_id,
                "replay": None if self.recording is None else self.recording.to_json()}

    @classmethod
    def from_json(cls, doc: object) -> VazhushalMatch:
        """Raises ``ValueError`` (with a plain reason) for anything that is not a good save: a
        document of another shape, a state the engine refuses (CONTRACT.md), or a state in which
        the seat to move has no legal move.  A save without ``game`` is Vazhushal's (as saved
        before there were two games)."""
        doc = cls.check_header(doc, legacy=True)
        try:
            state = from_json(doc["state"])
            undo_docs = doc.get("undo", [])
            if not isinstance(undo_docs, list):
                raise TypeError("'undo' must be a list")
            undo = [from_json(s) for s in undo_docs]
            levels = doc["levels"]
            seed, hand_no = doc["seed"], doc["hand_no"]
            start = None if doc.get("hand_start") is None else from_json(doc["hand_start"])
        except (KeyError, TypeError, StateError, RulesError) as exc:
            raise ValueError(f"the saved game is damaged ({exc})") from None
        if (not isinstance(levels, list) or len(levels) != state.players
                or not all(isinstance(x, str) and x for x in levels)):
            raise ValueError("the saved game's seats are damaged")
        for i, level in enumerate(levels):
            if (level == HUMAN) != (state.seats[i].kind == "human"):
                raise ValueError(f"the saved game's seat {i + 1} is both a human and a bot")
        seed, hand_no = read_seed(seed), read_count(hand_no, "hand number")
        seats = [Seat(clean_name(s.name), s.kind) for s in state.seats]
        for s in (state, *undo):  # names from a file are drawn on screen: cleaned and bounded
            if len(s.seats) == len(seats):
                s.seats = seats
        problem = stuck_reason(state)
        if problem is not None:
            raise ValueError(f"the saved game cannot go on: {problem}")
        if not _undo_fits(state, undo):
            undo = []  # an undo record that does not lead to this state is dropped, the game kept
        sheet_docs, hints = doc.get("sheet", []), doc.get("hints")
        if not isinstance(sheet_docs, list):
            raise ValueError("the saved game's score sheet is damaged")
        sheet = [HandRecord.from_json(h, state.players) for h in sheet_docs]
        if not (isinstance(hints, list) and len(hints) == state.players
                and all(type(x) is int and 0 <= x < 10**6 for x in hints)):
            hints = None
        if start is not None and (start.rules != state.rules or len(start.seats) != len(seats)
                                  or start.phase == OVER or stuck_reason(start) is not None):
            start = None  # a restart point that is not this hand's deal: restarting is not offered
        if start is not None:
            start.seats = seats
        match_id = read_match_id(doc.get("match_id"))  # optional, as the replay: saves from before replays
        return cls(state, levels, seed, hand_no, undo, doc.get("recorded") is True, sheet=sheet,
                   hand_start=start, hints=hints, match_id=match_id,
                   recording=Recorder.resume(doc.get("replay"), state, match_id, hand_no))


def _undo_fits(state: State, undo: list[State]) -> bool:
    """The undo record is this turn's: same table, same seat to move, ending at ``state``."""
    if not undo:
        return True
    same = all(u.rules == state.rules and u.seats == state.seats and u.turn == state.turn
               and u.phase in (PLAY, FINAL) and stuck_reason(u) is None for u in undo)
    return same and to_json(undo[-1]) == to_json(state)
