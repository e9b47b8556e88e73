"""The one door from the Indian Rummy table to its bots (``ai.indian13``).

    level_names() -> ["Easy", "Medium", "Hard", "Expert"]
    BotPlayer13(level, seed).next_action(state) -> Action   # slow: call off the UI thread

A bot is handed only the observation of its seat (I13).  Whatever a bot does (raises, returns
junk or an illegal move), the action returned is legal: the engine-only :func:`plain_action`
takes over.
"""

from __future__ import annotations

import logging
import random

from game.indian13 import Action, State, is_legal, legal_actions, observe
from game.indian13.arrange import arrange
from game.indian13.deck import KIND
from game.indian13.scoring import meld_rules
from game.indian13.state import DISCARD, DRAW, SHOW

log = logging.getLogger(__name__)

DEFAULT_LEVELS = ("Easy", "Medium", "Hard", "Expert")


def _levels() -> dict:
    try:
        from ai.indian13 import LEVELS
        return dict(LEVELS)
    except Exception:  # noqa: BLE001  (a missing or broken bot package must not stop the table)
        return {}


def level_names() -> list[str]:
    return list(_levels()) or list(DEFAULT_LEVELS)


def level_description(level: str) -> str:
    if level == "Human":
        return "Human: a person at this screen (several people take turns, passing the device)."
    lv = _levels().get(level)
    return getattr(lv, "description", "") or f"{level}: a computer player."


def registry_names() -> dict[str, str]:
    """Level → the registry name of its bot (the seat kind ``bot:<name>``)."""
    return {name: getattr(lv, "bot", "heuristic") for name, lv in _levels().items()}


def plain_action(state: State) -> Action:
    """An engine-only move for the seat to move, using its own cards only: draw from the stock;
    declare when the cards allow it; else discard the loose card worth most."""
    p = state.turn
    if state.phase == DRAW:
        return Action.draw_stock(p)
    if state.phase == DISCARD:
        legal = legal_actions(state)
        declares = [a for a in legal if a.type == "declare"]
        if declares:
            return declares[0]
        discards = [a for a in legal if a.type == "discard"]
        kinds = [KIND[c] for c in state.hands[p]]
        best = arrange(kinds, meld_rules(state), state.points)
        loose = set(best.loose)
        return max(discards, key=lambda a: (a.card in loose and not state.wild[a.card], state.points[a.card]))
    if state.phase == SHOW:
        return legal_actions(state)[0]
    raise ValueError("nobody is to move in a finished deal")


class BotPlayer13:
    """A seat's bot for the whole deal (its memory, if it keeps one, stays with it)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.bot = None
        lv = _levels().get(level)
        if lv is not None:
            try:
                self.bot = lv.make(random.Random(seed))
            except Exception as exc:  # noqa: BLE001
                log.warning("the %s bot is not available (%s); plain moves instead", level, exc)

    def next_action(self, state: State) -> Action:
        if self.bot is not None:
            try:
                action = self.bot.choose(observe(state, state.turn))
                if isinstance(action, Action) and action.player == state.turn and is_legal(state, action):
                    return action
                log.warning("the %s bot gave %r, not a legal move; a plain move instead", self.level, action)
            except Exception as exc:  # noqa: BLE001  (a bot must never stop the game)
                log.warning("the %s bot failed (%s); a plain move instead", self.level, exc)
        return plain_action(state)
