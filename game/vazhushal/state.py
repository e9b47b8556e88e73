"""The state of one hand (and the match score around it).

The engine treats a :class:`State` as a value: :func:`game.vazhushal.turn.apply` returns a new one.
Internally the stock is kept *bottom first* (so drawing is ``list.pop()``); the JSON form
(CONTRACT.md) lists it top first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter

from game.core.cards import KIND_OF, count_kinds
from game.core.log import Log
from game.core.seats import Seat

from .melds import Meld, wild_table
from .rules import RuleSet

DRAW, PLAY, FINAL, OVER = "draw", "play", "final", "over"
PHASES = (DRAW, PLAY, FINAL, OVER)
WENT_OUT, STOCK_OUT = "went_out", "stock_out"
_blank = object.__new__
_copied = itemgetter(slice(None))  # _copied(x) is x[:]


@dataclass(frozen=True, slots=True)
class Result:
    winner: int | None
    reason: str  # WENT_OUT or STOCK_OUT
    scores: tuple[int, ...] | None = None

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason,
                "scores": None if self.scores is None else list(self.scores)}


@dataclass(slots=True)
class State:
    rules: RuleSet
    seats: list[Seat]
    dealer: int
    indicator: int | None  # kind of the negative joker, None when the option is off
    stock: list[int]  # physical ids, bottom first (the indicator is stock[0] until drawn)
    line: list[int]  # the discard line, oldest first
    line_first_dealt: bool
    hands: list[list[int]]
    melds: list[list[Meld]]
    turn: int
    phase: str
    wins: list[int]
    result: Result | None = None
    history: Log = field(default_factory=Log)  # list[dict] in, a shared append-only log inside
    wild: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        if type(self.history) is not Log:
            self.history = Log(self.history)
        if not self.wild:
            self.wild = wild_table(self.rules.negative_joker, self.indicator)

    @property
    def players(self) -> int:
        return self.rules.players

    def copy(self) -> State:
        new = _blank(State)  # every field set below: no __init__ (apply copies at every action)
        new.rules, new.seats, new.dealer, new.indicator = self.rules, self.seats, self.dealer, self.indicator
        new.stock, new.line, new.line_first_dealt = self.stock[:], self.line[:], self.line_first_dealt
        new.hands, new.melds = list(map(_copied, self.hands)), list(map(_copied, self.melds))
        new.turn, new.phase, new.wins, new.result = self.turn, self.phase, self.wins[:], self.result
        h = self.history  # a Log; a list when a caller assigned one
        new.history, new.wild = (h.fork() if type(h) is Log else Log(h)), self.wild
        return new

    def is_wild(self, card_id: int) -> bool:
        return self.wild[KIND_OF[card_id]]

    def all_cards(self) -> list[int]:
        """Every physical card id in play, wherever it is."""
        cards = self.stock + self.line
        for hand in self.hands:
            cards += hand
        for melds in self.melds:
            for m in melds:
                cards += m.cards
        return cards

    def kind_counts(self) -> list[int]:
        return count_kinds(self.all_cards())

    def turn_actions(self) -> list[dict]:
        """The public actions of the current turn so far (trailing history of the seat to move)."""
        out: list[dict] = []
        for entry in reversed(self.history):
            if entry["player"] != self.turn:
                break
            out.append(entry)
        out.reverse()
        return out

    @property
    def match_over(self) -> bool:
        """V11: a seat has reached the target number of won hands."""
        target = self.rules.target_wins
        return target > 0 and max(self.wins) >= target
