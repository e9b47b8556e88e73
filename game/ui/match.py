"""The match being played: the engine state, who sits where, undo within a turn, the autosave.

No pygame here.  Every change of the game is an engine action (:func:`game.engine.apply`); undo
restores an earlier state of the same turn (the engine is functional), never before the draw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import (
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
from game.engine.legal import stuck_reason
from game.engine.rules import RulesError

from .safe_text import clean_name

SAVE_FORMAT = "vazhushal-save"
SAVE_VERSION = 1
HUMAN = "Human"


@dataclass(frozen=True)
class SeatSetup:
    """One seat of a new game: a name and ``Human`` or a bot level (``Medium``...)."""

    name: str
    level: str = HUMAN

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN


class Match:
    """A match in progress.  ``levels[i]`` is ``Human`` or the difficulty of the bot in seat i."""

    def __init__(self, state: State, levels: list[str], seed: int, hand_no: int = 0,
                 undo: list[State] | None = None, recorded: bool = False) -> None:
        self.state = state
        self.levels = levels
        self.seed = seed
        self.hand_no = hand_no
        self.undo_stack: list[State] = undo or []
        self.recorded = recorded  # the statistics already counted this (finished) hand

    # --- making ----------------------------------------------------------------------------

    @classmethod
    def new(cls, setups: list[SeatSetup], rules: RuleSet, seed: int | None = None) -> Match:
        from . import bots

        seed = random.randrange(1 << 31) if seed is None else seed
        seats = [Seat(s.name, "human" if s.is_human else f"bot:{bots.bot_for_level(s.level)}") for s in setups]
        rules = rules.with_players(len(setups))
        state = new_hand(rules, random.Random(seed), seats)
        return cls(state, [s.level for s in setups], seed)

    def hand_rng(self) -> random.Random:
        return random.Random(self.seed * 1009 + self.hand_no + 1)

    def next_hand(self) -> None:
        """Deal the next hand (V11: the deal passes left, wins carry over)."""
        self.hand_no += 1
        self.state = next_hand(self.state, self.hand_rng())
        self.undo_stack = []
        self.recorded = False

    # --- questions -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.state.players

    def is_human(self, seat: int) -> bool:
        return self.levels[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [i for i in range(self.players) if self.is_human(i)]

    def name(self, seat: int) -> str:
        return self.state.seats[seat].name

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    @property
    def can_undo(self) -> bool:
        return len(self.undo_stack) > 1 and self.state.phase in (PLAY, FINAL)

    def bot_levels(self) -> list[str]:
        return [lv for lv in self.levels if lv != HUMAN]

    # --- acting ----------------------------------------------------------------------------

    def play(self, action: Action) -> State:
        """Apply ``action`` (raises :class:`IllegalAction`); keeps the turn's undo record."""
        before = self.state
        after = apply(before, action)
        self.state = after
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
        return True

    # --- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "seed": self.seed, "hand_no": self.hand_no,
                "levels": list(self.levels), "recorded": self.recorded, "state": to_json(self.state),
                "undo": [to_json(s) for s in self.undo_stack]}

    @classmethod
    def from_json(cls, doc: object) -> Match:
        """Raises ``ValueError`` (with a plain reason) for anything that is not a good save: a
        document of another shape, a state the engine refuses (CONTRACT.md), or a state in which
        the seat to move has no legal move."""
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise ValueError("not a Vazhushal saved game")
        if doc.get("version") != SAVE_VERSION or type(doc.get("version")) is not int:
            raise ValueError(f"saved by another version ({str(doc.get('version'))[:20]!r})")
        try:
            state = from_json(doc["state"])
            undo_docs = doc.get("undo", [])
            if not isinstance(undo_docs, list):
                raise TypeError("'undo' must be a list")
            undo = [from_json(s) for s in undo_docs]
            levels = doc["levels"]
            seed, hand_no = doc["seed"], doc["hand_no"]
        except (KeyError, TypeError, StateError, RulesError) as exc:
            raise ValueError(f"the saved game is damaged ({exc})") from None
        if (not isinstance(levels, list) or len(levels) != state.players
                or not all(isinstance(x, str) and x for x in levels)):
            raise ValueError("the saved game's seats are damaged")
        for i, level in enumerate(levels):
            if (level == HUMAN) != (state.seats[i].kind == "human"):
                raise ValueError(f"the saved game's seat {i + 1} is both a human and a bot")
        if type(seed) is not int or type(hand_no) is not int or hand_no < 0:
            raise ValueError("the saved game's seed is damaged")
        seats = [Seat(clean_name(s.name), s.kind) for s in state.seats]
        for s in (state, *undo):  # names from a file are drawn on screen: cleaned and bounded
            if len(s.seats) == len(seats):
                s.seats = seats
        problem = stuck_reason(state)
        if problem is not None:
            raise ValueError(f"the saved game cannot go on: {problem}")
        if not _undo_fits(state, undo):
            undo = []  # an undo record that does not lead to this state is dropped, the game kept
        return cls(state, levels, seed, hand_no, undo, doc.get("recorded") is True)


def _undo_fits(state: State, undo: list[State]) -> bool:
    """The undo record is this turn's: same table, same seat to move, ending at ``state``."""
    if not undo:
        return True
    same = all(u.rules == state.rules and u.seats == state.seats and u.turn == state.turn
               and u.phase in (PLAY, FINAL) and stuck_reason(u) is None for u in undo)
    return same and to_json(undo[-1]) == to_json(state)
