"""The one door from the UI to the bots in ``ai/``.

    level_names() -> ["Easy", "Medium", "Hard", "Expert", "Bot: heuristic", "Bot: random", ...]
    BotPlayer(level_or_name, seed).next_action(state) -> Action   # slow: call off the UI thread
    BotPlayer(...).hint(state) -> Action | None

When ``ai`` cannot give a bot (not built yet, an unknown name, an import error) the adapter falls
back to the heuristic bot, and failing that to a plain engine-only player (legal draws, the greedy
arrangement, discard the highest non-wild card).  Whatever happens, the action returned is legal.
"""

from __future__ import annotations

import logging
import random

from game.core.cards import rank_value
from game.vazhushal import (
    DRAW,
    FINAL,
    OVER,
    PLAY,
    Action,
    IllegalAction,
    State,
    apply,
    greedy_arrangement,
    legal_actions,
    legal_draws,
)

log = logging.getLogger(__name__)

DEFAULT_LEVELS = ("Easy", "Medium", "Hard", "Expert")
HINT_LEVEL = "Medium"
BOT_PREFIX = "Bot: "  # a seat choice naming a registered bot rather than a difficulty level


def _levels() -> dict:
    try:
        from ai.vazhushal.base import LEVELS
        return dict(LEVELS)
    except Exception:  # noqa: BLE001  (ai/ is built by someone else and may be mid-change)
        return {}


def _registered() -> list[str]:
    try:
        from ai.vazhushal.base import bot_names
        return sorted(bot_names())
    except Exception:  # noqa: BLE001
        return []


def level_names() -> list[str]:
    """The seat choices besides Human: the difficulty levels, then every bot registered in
    ``ai`` by name (``Bot: random``), so a newly registered bot can be picked with no UI change."""
    found = list(_levels()) or list(DEFAULT_LEVELS)
    return found + [BOT_PREFIX + name for name in _registered()]


def level_description(level_or_name: str) -> str:
    """The one line the new-game screen shows for a seat choice."""
    if level_or_name == "Human":
        return "Human: a person at this screen (several people take turns, passing the device)."
    lv = _levels().get(level_or_name)
    if lv is not None and getattr(lv, "description", ""):
        return lv.description
    return f"{level_or_name}: the registered bot of that name, at its default settings."


def registry_name(level_or_name: str) -> str:
    """The registry name behind a seat choice: a level's bot, ``Bot: <name>`` or a bare name."""
    lv = _levels().get(level_or_name)
    if lv is not None:
        return lv.bot
    return level_or_name.removeprefix(BOT_PREFIX)


def bot_for_level(level: str) -> str:
    """The registry name of the bot behind a seat choice (the engine's seat kind is
    ``bot:<name>``); the heuristic when the name is not registered."""
    name = registry_name(level)
    return name if name in _registered() else "heuristic"


def _safe_bot(level_or_name: str, rng: random.Random):
    """An ``ai.safety.SafeBot`` for a level or bot name, or ``None`` when ai cannot give one."""
    try:
        from ai.vazhushal.base import make_bot
        from ai.vazhushal.runner import safe_bot
    except Exception as exc:  # noqa: BLE001
        log.warning("ai is not available (%s); using the engine-only player", exc)
        return None
    levels = _levels()
    tries = []
    if level_or_name in levels:
        lv = levels[level_or_name]
        tries.append((lv.bot, dict(lv.options), lv.budget_s))
    else:
        name = registry_name(level_or_name)
        tries.append((name, {}, _budget(name)))
    tries.append(("heuristic", {}, 1.0))
    for name, options, budget in tries:
        try:
            bot = make_bot(name, rng, **options)
        except Exception as exc:  # noqa: BLE001
            log.warning("bot %r is not available (%s)", name, exc)
            continue
        # Not ai's own thread: the UI already calls from its one worker thread, and a bot that
        # overruns keeps that single thread busy instead of leaving threads behind it.
        return safe_bot(bot, budget, threaded=False)
    return None


def _budget(name: str) -> float:
    """The time budget of a bot picked by name: that of the level playing it with its default
    options (Expert for the search, Medium for the heuristic), else one second."""
    for lv in _levels().values():
        if lv.bot == name and not lv.options:
            return lv.budget_s
    return 1.0


class BotPlayer:
    """One bot seat (or the hint giver).  Keep one per seat for a whole hand: a bot may plan
    several actions of its turn at once."""

    def __init__(self, level_or_name: str, seed: int = 0) -> None:
        self.level = level_or_name
        self.rng = random.Random(seed)
        self._bot = _safe_bot(level_or_name, self.rng)

    @property
    def fallback(self) -> bool:
        return self._bot is None

    @property
    def budget_s(self) -> float:
        bot = self._bot
        return float(getattr(bot, "budget_s", None) or 1.0) if bot is not None else 0.1

    def next_action(self, state: State) -> Action:
        if self._bot is not None:
            try:
                action = self._bot.next_action(state)
                apply(state, action)
                return action
            except BaseException as exc:  # noqa: BLE001  (a bot must never stop the game, not even by SystemExit)
                if isinstance(exc, KeyboardInterrupt):
                    raise
                log.warning("bot %s failed (%s); playing a plain move", self.level, type(exc).__name__)
        return plain_action(state)

    def hint(self, state: State) -> Action | None:
        """What this bot would do now for the seat to move (``None`` when the hand is over)."""
        if state.phase == OVER:
            return None
        fresh = BotPlayer(self.level, self.rng.getrandbits(32))
        return fresh.next_action(state)

    def hint_plan(self, state: State, limit: int = 12) -> list[Action]:
        """This bot's whole turn for the seat to move: the draw (or wipe), every meld, the discard
        (a hint a player can follow step by step).  Empty when the hand is over."""
        if state.phase == OVER:
            return []
        fresh = BotPlayer(self.level, self.rng.getrandbits(32))
        plan: list[Action] = []
        s = state
        while len(plan) < limit and s.phase != OVER and s.turn == state.turn:
            action = fresh.next_action(s)
            plan.append(action)
            s = apply(s, action)
            if action.type in ("discard", "done"):
                break
        fresh.close()
        return plan

    def close(self) -> None:
        if self._bot is not None:
            try:
                self._bot.close()
            except Exception:  # noqa: BLE001
                pass


def plain_action(state: State) -> Action:
    """An engine-only move: draw (a take that melds, else the stock), lay down what the greedy
    arrangement finds, then discard the highest-value card that is not wild."""
    p = state.turn
    if state.phase == DRAW:
        options = legal_draws(state)
        stock = [o for o in options if o.steps[0].type == "draw_stock"]
        return (stock or options)[0].steps[0]
    if state.phase in (PLAY, FINAL):
        arrangement = greedy_arrangement(state)
        if arrangement is not None:
            try:
                apply(state, arrangement)
                return arrangement
            except IllegalAction:
                pass
        if state.phase == FINAL:
            return Action.done(p)
        actions = legal_actions(state)
        discards = [a for a in actions if a.type == "discard"]
        if not discards:
            return actions[0]

        def cost(a: Action) -> tuple[int, int]:
            k = a.card
            return (0 if state.wild[k] else 1, rank_value(k % 13 + 1) if k < 52 else 0)

        return max(discards, key=cost)
    raise IllegalAction("hand_over", "V8", "the hand is over")


