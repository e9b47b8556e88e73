"""Vazhushal's bots.  They see only an observation of their own seat (RULES.md V12).

* :mod:`~ai.vazhushal.base` — the :class:`Bot` protocol, the registry (``make_bot("search", rng)``),
  the legal-move source built from an observation, and the difficulty :data:`LEVELS`.
* :mod:`~ai.vazhushal.runner` — ``next_action(bot, state)`` for the UI, ``play_hand`` for the
  arena; every action goes through :class:`ai.safety.SafeBot`.
* :mod:`~ai.vazhushal.solver` — the exact best arrangement of a hand and a seat's melds, and going out.
* :mod:`~ai.vazhushal.evaluate` — how good a hand is (the heuristic's evaluation).
* :mod:`~ai.vazhushal.determinize` — states rebuilt from an observation: the view state, random
  determinizations consistent with the public record.
* Bots: :mod:`~ai.vazhushal.random_bot` (``random``), :mod:`~ai.vazhushal.heuristic`
  (``heuristic``), :mod:`~ai.vazhushal.search` (``search``).
* :mod:`~ai.vazhushal.review` — the hand review.
"""

from . import levels  # the strength setting's part (ai.strength finds it by name; imported here, it is bundled)
from .front import FRONT

__all__ = ["FRONT", "levels"]
