"""A replay as the viewer walks it: every state of the hand, each step in words, the key moves.

No pygame here.  Step 0 is the deal; step ``i`` (1..N) is the table after the ``i``-th recorded
action, so ``states[i]`` is exactly :func:`game.replay.states` of the document.  What a step is
called, and whether it is a *key move* (a take from the discard line or pile, a meld or a wipe,
a declaration, a drop, going out), is the game's business: a :class:`Wording` from the game's
adapter.  The last step, the end of the hand, is always a key move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.replay import states as replay_states

from ..safe_text import clean_name


class Wording(Protocol):
    """What one game says about its steps (its adapter module provides these functions)."""

    def deal_words(self, state: Any, names: Sequence[str]) -> str:
        """Step 0: the deal."""

    def step_words(self, before: Any, entry: dict, after: Any, names: Sequence[str]) -> str:
        """One recorded action (``{"seat", "action"}``) between two states, in words."""

    def key_move(self, before: Any, entry: dict, after: Any) -> bool:
        """The action is a turning point of the hand."""


class Timeline:
    """The states, captions and key moves of one replay document.

    Raises :class:`game.replay.MalformedReplay` / :class:`game.replay.ReplayError` for a document
    that cannot be played (the loader checks files before; a scene given a document trusts it
    no further than this)."""

    def __init__(self, doc: dict, wording: Wording) -> None:
        self.doc = doc
        self.states: list[Any] = replay_states(doc)  # the document's structure is checked first
        self.game: str = doc["game"]
        self.entries: list[dict] = list(doc["actions"])
        first = self.states[0]
        self.names = [clean_name(seat.name) for seat in first.seats]  # names from a file are drawn
        self.kinds = [seat.kind for seat in first.seats]
        self.captions = [wording.deal_words(first, self.names)] + [
            wording.step_words(self.states[i], entry, self.states[i + 1], self.names)
            for i, entry in enumerate(self.entries)]
        keys = [i + 1 for i, entry in enumerate(self.entries)
                if wording.key_move(self.states[i], entry, self.states[i + 1])]
        if self.last not in keys:
            keys.append(self.last)
        self.key_moves: list[int] = keys

    @property
    def last(self) -> int:
        """The index of the last step (the number of actions)."""
        return len(self.states) - 1

    @property
    def players(self) -> int:
        return len(self.names)

    def default_seat(self) -> int:
        """Whose view a replay opens in: the first person at the table, else seat 0."""
        return next((i for i, kind in enumerate(self.kinds) if kind == "human"), 0)

    def clamp(self, index: int) -> int:
        return max(0, min(self.last, index))

    def is_key(self, index: int) -> bool:
        return index in self.key_moves

    def next_key(self, index: int) -> int:
        """The first key move after ``index`` (the end when there is none)."""
        return next((k for k in self.key_moves if k > index), self.last)

    def prev_key(self, index: int) -> int:
        """The last key move before ``index`` (the deal when there is none)."""
        return next((k for k in reversed(self.key_moves) if k < index), 0)

    def actor(self, index: int) -> int | None:
        """The seat whose action step ``index`` was (``None`` for the deal)."""
        return None if index <= 0 else self.entries[index - 1]["seat"]

    def heading(self, index: int) -> str:
        """``Step 12 of 57`` (``The deal`` for step 0)."""
        return "The deal" if index == 0 else f"Step {index} of {self.last}"

    def caption(self, index: int) -> str:
        """What step ``index`` was: ``Step 12 of 57: Ravi discarded 7♥``."""
        return f"{self.heading(index)}: {self.captions[index]}"

    def kind_label(self, seat: int) -> str:
        """Who played a seat: ``Human`` or ``Bot: heuristic``."""
        kind = self.kinds[seat]
        return "Human" if kind == "human" else "Bot: " + clean_name(kind.removeprefix("bot:"))
