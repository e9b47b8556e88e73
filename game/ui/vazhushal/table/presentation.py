"""What the table shows besides the game: cards being dragged or in flight, and the view of the
table scene that geometry and drawing read (:class:`TableView`).

The scene (:mod:`.scene`) is the one implementation of :class:`TableView`; geometry, the view and
the panels take the protocol, so they sit below the scene and never import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.vazhushal import Action, Observation, State

from ..match import VazhushalMatch as Match
from .staging import Staging, WipeDraft


@dataclass
class Drag:
    cards: list[int]
    source: str  # "hand" or "meld"
    grab: tuple[int, int]  # offset of the pointer inside the first card
    pos: tuple[int, int]


@dataclass
class Flyer:
    """A card in flight (an animation of a public move): face up (``kind``) or a back."""

    kind: int | None
    card_id: int | None
    start: tuple[int, int]
    end: tuple[int, int]
    t0: float
    duration: float
    width: int


@dataclass
class Hint:
    """A suggested turn: the steps still to do, in words and as actions (the first one is next)."""

    steps: list[str]
    actions: list[Action]

    @property
    def next(self) -> Action:
        return self.actions[0]

    def hand_kinds(self) -> list[int]:
        """Kinds of your cards the next step uses: the discard, or the cards a meld adds."""
        a = self.next
        if a.type == "discard":
            return [a.card]  # type: ignore[list-item]
        if a.type in ("meld", "arrange") and a.melds:
            return [k for m in a.melds for k in m]
        if a.type == "take_line" and a.meld:
            return list(a.meld)
        return []


class TableView(Protocol):
    """The table scene as geometry and drawing see it (read only)."""

    app: Any
    match: Match
    viewer: int | None
    hidden: bool
    obs: Observation | None
    selected: set[int]
    breaks: set[int]
    staging: Staging | None
    wipe: WipeDraft | None
    drag: Drag | None
    lasso: Any
    hover_line: int | None
    hover_text: str  # what a take from the hovered line card would do
    hover_said: int  # ``said`` when the pointer came onto it
    said: int  # messages said so far
    keyboard: bool  # the last input was a key (the focused card is announced)
    message: tuple[str, str]
    message_rule: str | None
    hint: Hint | None
    hint_job: Any  # the Hint being worked out (or None)
    hint_progress: list[int]  # [done, total] of that work
    log_open: bool
    line_scroll: int
    cursor: tuple[str, int]
    flyers: list[Flyer]
    buttons: dict[str, Any]
    tutorial: Any  # game.ui.vazhushal.tutorial.Tutorial or None

    @property
    def state(self) -> State: ...

    def my_turn(self) -> bool: ...

    def hand_cards(self) -> list[int]: ...

    def cursor_card(self) -> int | None: ...

    def focus_words(self) -> str: ...

    def card_scale(self) -> float: ...

    def log_lines(self) -> list[str]: ...

    def geo(self) -> Any: ...

    def px(self, v: float) -> int: ...

    def fs(self, v: float) -> int: ...
