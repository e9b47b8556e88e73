"""Bots for 13-card Indian Rummy (INDIAN_RUMMY.md).  They see only an observation of their own
seat (I13) and return one action: ``LEVELS["Expert"].make(rng).choose(obs)``.

* :mod:`~ai.indian13.base` — the registry (``make_bot("search",
  rng)``) and :class:`LegalMoves`, the legal-move source built from an observation.
* :mod:`~ai.indian13.view` — states rebuilt from an observation (the view state, random
  determinizations consistent with the public record).
* :mod:`~ai.indian13.evaluate` — how far a hand is from a valid declaration.
* Bots: :mod:`~ai.indian13.random_bot` (``random``), :mod:`~ai.indian13.heuristic`
  (``heuristic``), :mod:`~ai.indian13.search` (``search``, PIMC).
* :mod:`~ai.indian13.levels` — Easy, Medium, Hard, Expert.
* :mod:`~ai.indian13.fallback` — :func:`safe_action`, the safety net's move (a sensible legal
  move from an observation).
* :mod:`~ai.indian13.front` — :data:`FRONT`, this game's entry of :mod:`ai.games`.
"""

from __future__ import annotations

from ai.registry import Bot

from .base import LegalMoves, bot_names, legal_moves_for, make_bot, register
from .fallback import safe_action
from .front import FRONT
from .levels import LEVELS, Level

__all__ = ["FRONT", "LEVELS", "Bot", "LegalMoves", "Level", "bot_names", "legal_moves_for", "make_bot", "register",
           "safe_action"]
