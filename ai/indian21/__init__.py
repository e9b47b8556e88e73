"""Bots for 21-card Indian Rummy and 27-card Rummy (INDIAN_21.md part A).  They see only an
observation of their own seat (T15) and return one action: ``LEVELS["Expert"].make(rng).choose(obs)``.

* :mod:`~ai.indian21.base` — the registry (``make_bot("search", rng)``)
  and :class:`LegalMoves`, the legal-move source built from an observation.
* :mod:`~ai.indian21.view` — states rebuilt from an observation (the view state, random
  determinizations consistent with the public record).
* :mod:`~ai.indian21.evaluate` — how far a hand is from a valid show, by each of the four ways.
* Bots: :mod:`~ai.indian21.random_bot` (``random``), :mod:`~ai.indian21.heuristic`
  (``heuristic``), :mod:`~ai.indian21.search` (``search``, PIMC).
* :mod:`~ai.indian21.levels` — Easy, Medium, Hard, Expert.
* :mod:`~ai.indian21.fallback` — :func:`safe_action`, the safety net's move.
* :mod:`~ai.indian21.review` — the deal review (each draw and discard rated by the Expert's search).
* :mod:`~ai.indian21.front` — :data:`FRONT`, this game's entry of :mod:`ai.games`.
"""

from __future__ import annotations

from ai.registry import Bot

from .base import LegalMoves, bot_names, legal_moves_for, make_bot, register
from .fallback import safe_action
from .front import FRONT
from .levels import LEVELS, Level

__all__ = ["FRONT", "LEVELS", "Bot", "LegalMoves", "Level", "bot_names", "legal_moves_for", "make_bot", "register",
           "safe_action"]
