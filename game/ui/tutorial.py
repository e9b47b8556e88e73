"""What every game's guided first hand shares (no pygame here): a script of coach marks, each a
:class:`Step` (what to do and why, where on the table, and a hint for a wrong try), and a
:class:`Script` that follows the hand and moves the coach on when a step's check holds.

A game's tutorial (``game.ui.<game>.tutorial``) gives the fixed deal, the steps, their checks
(:meth:`Script.is_done`, from the state and whatever else the table shows, such as the player's
groups) and its patient opponent; its table draws the coach bubble.  A wrong try (a move the
engine refuses, a button for another moment) is explained, never punished: the table says the
engine's refusal and the coach adds the step's hint (:meth:`Script.wrong_try`).  A player who
leaves the script is told so and the hand plays on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.i18n import _


@dataclass(frozen=True)
class Step:
    """One coach mark: what to do, where (a place on the table), and when it is done.  The words
    are marked for the catalogue (``N_``) and translated where the coach shows them."""

    key: str
    title: str
    words: str
    target: str  # a place on the game's table ("stock", "discard", "hand", ...)
    hint: str = ""  # what the coach adds after a wrong try at this step


@dataclass
class Script:
    """Where the guided hand is: the step shown, the steps done, whether the player left the
    script, the last wrong try.  A game subclasses it with ``STEPS`` and :meth:`is_done`."""

    STEPS: ClassVar[tuple[Step, ...]] = ()

    step: int = 0
    off_script: bool = False
    done: list[str] = field(default_factory=list)
    tried: bool = False  # a wrong try at the step shown: its hint is in the bubble until the step is done

    @property
    def current(self) -> Step | None:
        return self.STEPS[self.step] if self.step < len(self.STEPS) else None

    def advance(self, state: Any, *seen: Any) -> None:
        """Move the coach on after a change, from what the state (and ``seen``: what else the
        table shows) now holds."""
        while self.current is not None and self.is_done(self.current.key, state, *seen):
            self.done.append(self.current.key)
            self.step += 1
            self.tried = False
        if self.finished(state):
            self.step = len(self.STEPS)

    def is_done(self, key: str, state: Any, *seen: Any) -> bool:
        """Whether the step ``key`` is done."""
        raise NotImplementedError

    def finished(self, state: Any) -> bool:
        """The hand is over (every game's last phase is ``over``): no more coach marks."""
        return getattr(state, "phase", None) == "over"

    def wrong_try(self) -> None:
        """The player tried something the step does not ask for: the bubble adds its hint."""
        self.tried = self.current is not None and bool(self.current.hint)

    def hint(self) -> str:
        """The step's hint after a wrong try, translated, or ``""``."""
        step = self.current
        return _(step.hint) if self.tried and step is not None and step.hint else ""

    def left_script_words(self) -> str:
        """What the coach says once the player has left the script (the hand plays on)."""
        return _("You left the script: play on, or restart the tutorial from the menu.") if self.off_script else ""
