"""A replay as the viewer walks it: every state of the hand, each step in words, the key moves.

No pygame here.  Step 0 is the deal; step ``i`` (1..N) is the table after the ``i``-th recorded
action, so ``states[i]`` is exactly :func:`game.replay.states` of the document (a sequence that
keeps checkpoints, not every state: a replay of 100,000 actions opens in about a second).  The
document is played once: that pass checks it, words every step and finds the key moves.  What a step is
called, and whether it is a *key move* (a take from the discard line or pile, a meld or a wipe,
a declaration, a drop, going out), is the game's business: a :class:`Wording` from the game's
adapter.  The last step, the end of the hand, is always a key move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.i18n import _
from game.i18n.names import shown_name
from game.replay import States

from ..safe_text import clean_name
from ..wording import seat_label


class Wording(Protocol):
    """What one game says about its steps (its adapter module provides these functions)."""

    def deal_words(self, state: Any, names: Sequence[str]) -> str:
        """Step 0: the deal."""

    def step_words(self, before: Any, entry: dict, after: Any, names: Sequence[str]) -> str:
        """One recorded action (``{"seat", "action"}``) between two states, in words."""

    def key_move(self, before: Any, entry: dict, after: Any) -> bool:
        """The action is a turning point of the hand."""


def ending_words(action_words: Callable[[Any, dict, Any, Sequence[str]], str],
                 end_words: Callable[[Any, Sequence[str]], str]) -> Callable[[Any, dict, Any, Sequence[str]], str]:
    """A game's ``step_words``: ``action_words`` of the step, and for the step that ends the hand
    ``; `` and how it ended (``end_words``)."""

    def step_words(before: Any, entry: dict, after: Any, names: Sequence[str]) -> str:
        words = action_words(before, entry, after, names)
        if after.result is not None and before.result is None:
            # Translators: a step's words, then how the hand ended ("Ravi went out; Ravi won").
            words = _("{step}; {ending}").format(step=words, ending=end_words(after, names))
        return words

    return step_words


class Timeline:
    """The states, captions and key moves of one replay document.

    Raises :class:`game.replay.MalformedReplay` / :class:`game.replay.ReplayError` for a document
    that cannot be played (the loader checks files before; a scene given a document trusts it
    no further than this)."""

    def __init__(self, doc: dict, wording: Wording, levels: Any = None) -> None:
        self.doc = doc
        self.wording = wording
        self.levels = levels  # the game's difficulty levels by name (how a bot seat is named)
        keys: list[int] = []

        def visit(before: Any, entry: dict, after: Any) -> None:
            keys.append(len(keys) + 1 if wording.key_move(before, entry, after) else 0)

        self.states = States(doc, visit)  # the document's structure is checked first
        self.states.check_end()  # and where it ends: a document that does not hold is never shown
        self.game: str = doc["game"]
        self.entries: list[dict] = list(doc["actions"])
        first = self.states[0]
        self.names = [clean_name(seat.name) for seat in first.seats]  # names from a file are drawn
        self.kinds = [seat.kind for seat in first.seats]
        self.captions = Captions(self)
        keys = [k for k in keys if k]
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

    @property
    def shown_names(self) -> list[str]:
        """The seats' names as the player reads them (:attr:`names` stay as stored: "You" is compared)."""
        return [shown_name(name) for name in self.names]

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
        return _("The deal") if index == 0 else _("Step {number} of {total}").format(number=index, total=self.last)

    def caption(self, index: int) -> str:
        """What step ``index`` was: ``Step 12 of 57: Ravi discarded 7♥``."""
        return _("{heading}: {step}").format(heading=self.heading(index), step=self.captions[index])

    def kind_label(self, seat: int) -> str:
        """Who played a seat, by the level players know: ``Human``, ``Medium``, or ``Computer``
        (:func:`game.ui.wording.seat_label`)."""
        return seat_label(self.kinds[seat], self.levels)


class Captions(Sequence):
    """What each step was, in words, worded when first asked for (a long hand is not worded all
    at once): ``captions[0]`` the deal, ``captions[i]`` the ``i``-th action."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        self.words: dict[int, str] = {}

    def __len__(self) -> int:
        return self.timeline.last + 1

    def __getitem__(self, index: int) -> str:  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]  # type: ignore[return-value]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("caption index out of range")
        words = self.words.get(index)
        if words is None:
            t = self.timeline
            if index == 0:
                words = t.wording.deal_words(t.states[0], t.shown_names)
            else:
                before = t.states[index - 1]
                words = t.wording.step_words(before, t.entries[index - 1], t.states[index], t.shown_names)
            self.words[index] = words
        return words
