"""The legal-move source of a bot of a game whose melds stay in the hand (13- and 21-card Indian
Rummy), built from one seat's observation alone: the game's own legal-move source asked on a state
rebuilt from the observation (the hidden cards dealt in a fixed order), so it cannot leak a hidden
card, and it is exact because the seat's moves depend only on what the seat sees.  A game's
``LegalMoves`` names its pieces (``view``, ``legal``, ``declarations_of``, ``apply``, ``action``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from game.core.errors import IllegalAction
from game.core.hand_state import DISCARD, DRAW, SHOW


class ViewedMoves:
    """A legal-move source for one seat, built from its observation alone: the engine is asked on
    the seat's view (``view``: observation -> a state, the hidden cards in a fixed order), so it
    cannot leak a hidden card.  Every game's ``LegalMoves`` starts here."""

    view: ClassVar[Callable[[Any], Any]]  # observation -> the seat's view as a state

    def __init__(self, obs: Any) -> None:
        self.obs = obs
        self._state: Any = None

    @property
    def state(self) -> Any:
        """The seat's view as a state."""
        if self._state is None:
            self._state = type(self).view(self.obs)
        return self._state


class HandMoves(ViewedMoves):
    """The legal-move source for one seat of a game whose melds stay in the hand."""

    legal: ClassVar[Callable[..., list]]  # (state, declarations=...) -> the legal actions
    declarations_of: ClassVar[Callable[[Any], list]]  # state -> one valid declaration a finish card
    apply: ClassVar[Callable[[Any, Any], Any]]
    action: ClassVar[type]
    discard_phase: ClassVar[str] = "discard"

    @classmethod
    def listed(cls, obs: Any) -> list:
        """Every legal action of the observing seat (empty when it is not its turn)."""
        return cls(obs).actions()

    def actions(self, *, declarations: bool = True) -> list:
        """Every legal action of the seat to move (one valid declaration a finish card)."""
        if self.obs.turn != self.obs.seat:
            return []
        return type(self).legal(self.state, declarations=declarations)

    def declarations(self) -> list:
        """One valid declaration (show) for every finish card that leaves one (phase discard)."""
        if self.obs.turn != self.obs.seat or self.obs.phase != self.discard_phase:
            return []
        return type(self).declarations_of(self.state)

    def after(self, action: Any) -> Any:
        """The view state after ``action`` (checked: raises ``IllegalAction``)."""
        return type(self).apply(self.state, action)

    def is_legal(self, action: object) -> bool:
        if not isinstance(action, type(self).action) or action.player != self.obs.seat:  # type: ignore[attr-defined]
            return False
        try:
            type(self).apply(self.state, action)
        except Exception:  # noqa: BLE001  (a malformed action is not legal)
            return False
        return True


def hand_moves(view: Callable[[Any], Any], legal: Callable[..., list], declarations_of: Callable[[Any], list],
               apply: Callable[[Any, Any], Any], action: type) -> type[HandMoves]:
    """A game's ``LegalMoves``: :class:`HandMoves` with the game's pieces."""
    return type("LegalMoves", (HandMoves,), {
        "__doc__": HandMoves.__doc__, "view": staticmethod(view), "legal": staticmethod(legal),
        "declarations_of": staticmethod(declarations_of), "apply": staticmethod(apply), "action": action})


def opening_move(obs: Any, action: Any, rule: str) -> Any:
    """The move of a safe player that needs no look at the cards, for a game with drops: the stock
    draw at a turn's start (a turn never starts with an empty stock); ``None`` in phases
    ``discard`` and ``show``, where the hand decides.  Raises ``IllegalAction`` (citing ``rule``,
    the game's turn order) when the observing seat has nothing to do."""
    seat = obs.seat
    if obs.turn != seat or obs.phase not in (DRAW, DISCARD, SHOW):
        raise IllegalAction("not_your_turn", rule, f"seat {seat} has nothing to do now")
    return action.draw_stock(seat) if obs.phase == DRAW else None
