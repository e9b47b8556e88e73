"""The one door from the tables to the bots of ``ai/``, for every game.

    level_names(front) -> ["Easy", "Medium", "Hard", "Expert", "Bot: heuristic", "Bot: random", ...]
    seat_kind(front, level) -> "human" | "bot:<name>"      (the engine's seat kind)
    BotPlayer(front, level, seed).next_action(state) -> action   # slow: call off the UI thread
    BotPlayer(front, level, seed).hint_plan(state) -> [action, ...]

A bot plays behind the one safety net (:class:`ai.safety.SafeBot`): whatever it does (raises,
returns junk or an illegal move, or cannot even be made), the action returned is legal.

Level names (``Medium``, ``Bot: random``) are stored values (settings, saves, statistics): they stay
English and are shown through :func:`level_shown`.
"""

from __future__ import annotations

from typing import Any

from ai.front import BotFront
from ai.players import BOT_PREFIX, SeatPlayer
from game.i18n import N_, _

HUMAN = "Human"
HINT_LEVEL = "Medium"
# The difficulty levels every game has (ai/<game>/levels.py), marked for the catalogue here.
LEVEL_WORDS = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))


def level_shown(level_or_name: str) -> str:
    """A seat choice as a player reads it: ``Human``, ``Medium``, ``Bot: random`` in the language in force."""
    if level_or_name == HUMAN:
        return _("Human")
    if level_or_name.startswith(BOT_PREFIX):
        return _("Bot: {name}").format(name=_(level_or_name.removeprefix(BOT_PREFIX)))  # built-in names: ai.players
    return _(level_or_name) if level_or_name else ""


def level_names(front: BotFront) -> list[str]:
    """The seat choices besides Human: the difficulty levels, then every bot registered by name
    (``Bot: random``), so a newly registered bot can be picked with no UI change."""
    return list(front.levels) + [BOT_PREFIX + name for name in sorted(front.bots.names())]


def level_measured(front: BotFront, level_or_name: str) -> str:
    """What the ladder measured a level to do (docs/bots.md), or '' when nothing was measured."""
    words = front.measured.get(level_or_name, "")
    return _(words) if words else ""


def level_description(front: BotFront, level_or_name: str) -> str:
    """The one line the new-game screen shows for a seat choice."""
    if level_or_name == HUMAN:
        return _("Human: a person at this screen (several people take turns, passing the device).")
    level = front.levels.get(level_or_name)
    if level is not None and level.description:
        return _(level.description)
    if level_or_name.removeprefix(BOT_PREFIX) in front.bots.names():
        return _("{level}: the registered bot of that name, at its default settings.").format(
            level=level_shown(level_or_name))
    return _("{level}: a computer player.").format(level=level_shown(level_or_name))


def seat_kind(front: BotFront, level_or_name: str) -> str:
    """The engine's seat kind of a seat choice: ``human``, or ``bot:<registry name>`` (the default
    level's bot for a name that is not registered)."""
    if level_or_name == HUMAN:
        return "human"
    level = front.level_or_bot(level_or_name.removeprefix(BOT_PREFIX)) or front.levels[front.default_level]
    return f"bot:{level.bot}"


class BotPlayer(SeatPlayer):
    """One bot seat (or the hint giver) of any game (:class:`ai.players.SeatPlayer`: the same
    answers again from the same seed).  Keep one per seat for a whole hand: a bot may plan several
    actions of its turn at once.  The UI already calls it from a worker thread of its own, so the
    net does not start another."""

    def hint(self, state: Any) -> Any | None:
        """What this bot would do now for the seat to move (``None`` when the hand is over)."""
        plan = self.hint_plan(state, 1)
        return plan[0] if plan else None

    def hint_plan(self, state: Any, limit: int = 12) -> list[Any]:
        """This bot's whole turn for the seat to move (a hint a player can follow step by step):
        every action until the turn passes.  Empty when the hand is over."""
        if state.result is not None:
            return []
        fresh = BotPlayer(self.front, self.level, self.rng.getrandbits(32))
        plan: list[Any] = []
        s = state
        while len(plan) < limit and s.result is None and s.turn == state.turn:
            action, s = fresh.advance(s)
            plan.append(action)
        fresh.close()
        return plan
