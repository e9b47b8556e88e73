"""Bots for Indian Marriage (INDIAN_21.md Part B).  They see only an observation of their own seat
(M13: a seat that has not seen gets no joker information) and return one action:
``LEVELS["Expert"].make(rng).choose(obs)``.

* :mod:`~ai.marriage.base` — the registry (``make_bot("search", rng)``)
  and :class:`LegalMoves`, the legal-move source built from an observation.
* :mod:`~ai.marriage.view` — states rebuilt from an observation (the view state, random
  determinizations consistent with the public record, the tiplu among the unseen cards for a seat
  that has not seen).
* Bots: :mod:`~ai.marriage.random_bot` (``random``), :mod:`~ai.marriage.heuristic`
  (``heuristic``), :mod:`~ai.marriage.search` (``search``, PIMC).
* :mod:`~ai.marriage.levels` — Easy, Medium, Hard, Expert.
* :mod:`~ai.marriage.fallback` — :func:`safe_action`, the safety net's move.
* :mod:`~ai.marriage.review` — the deal review (``python -m ai.review REPLAY``) and the table's Hint.
* :mod:`~ai.marriage.front` — :data:`FRONT`, this game's entry of :mod:`ai.games`.
"""

from __future__ import annotations

from ai.registry import Bot

from .base import LegalMoves, bot_names, legal_moves_for, make_bot, register
from .fallback import safe_action
from .front import FRONT
from .levels import LEVELS, Level

__all__ = ["FRONT", "LEVELS", "Bot", "LegalMoves", "Level", "bot_names", "legal_moves_for", "make_bot", "register",
           "safe_action"]
