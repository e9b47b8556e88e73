"""One bot seat that plays the same way again: a level (or a registered bot) and a seed.

:class:`SeatPlayer` is what plays a bot seat at the table and in the same-cards replay
(:mod:`ai.same_cards`).  Before each decision it reseeds its bot's random generator from the seat's
seed and the moment (the length of the history, :func:`ai.rating.decision_seed`), so a bot's answer
depends on the state it sees and its seed, never on what it was asked before.  A hand recorded
with each bot seat's level and seed (the replay's ``bots``, docs/replays.md) is therefore played
again exactly, even when the game was saved and continued in between, by every bot that does not
think against a clock: the heuristics (Easy, Medium; 21-card and Marriage Expert) and a search
given iterations and no ``time_s``.  A search that stops at a time limit (Hard, Expert in
Vazhushal and 13-card) sees as many guesses as its machine allows that time, so it may answer
differently another time: :attr:`SeatPlayer.clocked` says so.

Every decision goes through the one safety net (:class:`ai.safety.SafeBot`): whatever the bot does,
the action played is legal.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from game.i18n import N_, _

from .front import BotFront
from .rating import decision_seed
from .registry import Level
from .safety import SafeBot
from .strength import level_or_setting, parse, setting_words

log = logging.getLogger(__name__)

BOT_PREFIX = "Bot: "  # a seat choice naming a registered bot rather than a difficulty level
# The names every game registers its built-in bots by (stored English: seat kind ``bot:random``),
# marked for the catalogue and translated where shown (:func:`level_words`).
BUILTIN_BOTS = (
    # Translators: a computer player that plays any legal move at random, shown as "Bot: random".
    N_("random"),
    # Translators: a computer player that plays by rules of thumb, shown as "Bot: heuristic".
    N_("heuristic"),
    # Translators: a computer player that tries its moves on guesses of the hidden cards, shown as "Bot: search".
    N_("search"),
)


def level_words(level_or_name: str) -> str:
    """A level (``Medium``) or a registered bot (``Bot: random``) as a player reads it, in the
    language in force (the stored names stay English; the table's :func:`game.ui.bots.level_shown`
    words them the same way)."""
    if level_or_name.startswith(BOT_PREFIX):
        return _("Bot: {name}").format(name=_(level_or_name.removeprefix(BOT_PREFIX)))
    setting = parse(level_or_name)
    if setting is not None:
        return setting_words(setting)
    return _(level_or_name) if level_or_name else ""


def clocked(level: Level | None) -> bool:
    """Whether a level's bot stops thinking at a time limit (so its answers depend on the machine):
    a bot with a ``time_s`` option, or whose registered default has one (the searches)."""
    if level is None:
        return False
    if "time_s" in level.options:
        return level.options["time_s"] is not None
    return level.bot == "search"


def seat_level(front: BotFront, level_or_name: str) -> Level | None:
    """What a seat's stored choice plays: a level, a registered bot (``"Bot: <name>"`` or its bare
    name), a strength setting or a named level in a style; ``None`` for a name that is none of these."""
    return front.level_or_bot(level_or_name.removeprefix(BOT_PREFIX)) or level_or_setting(front, level_or_name)


class SeatPlayer:
    """The bot of one seat, made from ``level_or_name`` (a level such as ``"Medium"``, a registered
    bot name, ``"Bot: <name>"`` or a strength setting such as ``"Strength -20"``, :mod:`ai.strength`)
    and ``seed``.  Keep one per seat for a whole hand: a bot may plan several actions of its turn at
    once.  A name that is none of these, or a bot that cannot be made, plays the game's safe move
    every time."""

    def __init__(self, front: BotFront, level_or_name: str, seed: int = 0, *, threaded: bool = False,
                 earlier: Callable[[int], Any] | None = None) -> None:
        self.front = front
        self.level = level_or_name
        self.seed = seed
        self.earlier = earlier  # moment -> the hand's state then (or None): to go on in the middle of a turn
        self.rng = random.Random(seed)
        chosen = seat_level(front, level_or_name)
        self.clocked = clocked(chosen)
        bot = None
        if chosen is not None:
            try:
                bot = chosen.make(self.rng)
            except Exception as exc:  # noqa: BLE001  (a bot that cannot be made: the safe move plays)
                log.warning("the %s bot is not available (%s); safe moves instead", level_or_name, exc)
        else:
            log.warning("no level or bot %r; safe moves instead", level_or_name)
        self.safe = SafeBot(bot, front, chosen.budget_s if chosen is not None else None, threaded=threaded)

    @property
    def fallback(self) -> bool:
        """No bot could be made: every move is the safe one."""
        return self.safe.bot is None

    @property
    def budget_s(self) -> float:
        return float(self.safe.budget_s or 1.0)

    def advance(self, state: Any) -> tuple[Any, Any]:
        """A legal action for the seat to move and the state after it."""
        if self.earlier is not None:
            earlier, self.earlier = self.earlier, None
            self._catch_up(state, earlier)
        self.rng.seed(decision_seed(self.seed, len(state.history)))
        return self.safe.advance(state)

    def _catch_up(self, state: Any, earlier: Callable[[int], Any]) -> None:
        """First asked in the middle of its seat's turn (a saved game continued; in Vazhushal a
        turn is several moves, planned together): think again from the turn's start, through the
        states ``earlier`` gives, so the plan it made then goes on as it would have.  A turn that
        went otherwise (a move the bot would not have made) leaves no plan: it thinks afresh."""
        seat, history = state.turn, state.history
        start = len(history)
        while start > 0 and isinstance(history[start - 1], dict) and history[start - 1].get("player") == seat:
            start -= 1
        for moment in range(start, len(history)):
            try:
                then = earlier(moment)
            except Exception:  # noqa: BLE001  (no record to go back to: think afresh)
                then = None
            if then is None or then.turn != seat:
                self.safe.forget()
                return
            self.rng.seed(decision_seed(self.seed, moment))
            after = self.safe.advance(then)[1]
            if after.history[moment] != history[moment]:  # as the engine records it (melds in order)
                self.safe.forget()
                return

    def next_action(self, state: Any) -> Any:
        """A legal action for the seat to move."""
        return self.advance(state)[0]

    def close(self) -> None:
        self.safe.close()


def play_recorded(front: BotFront, state: Any, seats: Any, recorder: Any) -> Any:
    """Play ``state`` to the end of the hand, each seat by ``seats[seat]`` (anything with
    ``advance``: a :class:`SeatPlayer`, a :class:`~ai.safety.SafeBot`), each action added to the
    started ``recorder`` (:class:`game.replay.Recorder`); the final state.  A hand still going after
    the front's ``max_actions`` raises ``RuntimeError``."""
    for _step in range(front.max_actions):
        if state.result is not None:
            return state
        turn = state.turn
        action, state = seats[turn].advance(state)
        recorder.add(turn, action)
    if state.result is None:
        raise RuntimeError(f"a {front.name} hand did not end within {front.max_actions} actions")
    return state


def seat_seed(deal_seed: int | None, seat: int) -> int:
    """The seed of the bot in ``seat`` for the deal shuffled from ``deal_seed`` (what a table gives
    its bots and records in the replay)."""
    return decision_seed(deal_seed if deal_seed is not None else 0, -1 - seat) >> 1
