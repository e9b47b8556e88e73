"""Bots for 13-card Indian Rummy (INDIAN_RUMMY.md).  They see only an observation of their own
seat (I13) and return one action: ``LEVELS["Expert"].make(rng).choose(obs)``.

* :mod:`~ai.indian13.base` — the :class:`Bot` protocol, the registry (``make_bot("search",
  rng)``) and :class:`LegalMoves`, the legal-move source built from an observation.
* :mod:`~ai.indian13.view` — states rebuilt from an observation (the view state, random
  determinizations consistent with the public record).
* :mod:`~ai.indian13.evaluate` — how far a hand is from a valid declaration.
* Bots: :mod:`~ai.indian13.random_bot` (``random``), :mod:`~ai.indian13.heuristic`
  (``heuristic``), :mod:`~ai.indian13.search` (``search``, PIMC).
* :mod:`~ai.indian13.levels` — Easy, Medium, Hard, Expert.
* :mod:`~ai.indian13.safety` — :func:`safe_action` (a sensible legal move from an observation)
  and :class:`SafeSeat` (fault tolerance and decision times for the arena).
* :mod:`~ai.indian13.arena` — the arena's front: ``python -m ai.arena --game indian13``.
"""

from __future__ import annotations

from game.indian13 import Action, Observation

from .base import Bot, LegalMoves, bot_names, legal_moves_for, make_bot, register
from .levels import LEVELS, Level
from .safety import SafeSeat, play_deal, safe_action


def safe_choose(bot: Bot, obs: Observation) -> Action:
    """``bot.choose(obs)`` when it gives a legal action, else :func:`safe_action` (an exception,
    junk or an illegal action from a bot never stops the game)."""
    try:
        action = bot.choose(obs)
    except Exception:  # noqa: BLE001  (any bug in a bot is replaced by a safe move)
        return safe_action(obs)
    return action if LegalMoves(obs).is_legal(action) else safe_action(obs)


__all__ = ["LEVELS", "Bot", "LegalMoves", "Level", "SafeSeat", "bot_names", "legal_moves_for", "make_bot",
           "play_deal", "register", "safe_action", "safe_choose"]
