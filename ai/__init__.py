"""Bots for Vazhushal.  They see only an observation of their own seat (RULES.md V12).

* :mod:`ai.base` — the :class:`~ai.base.Bot` protocol, the registry (``make_bot("search", rng)``),
  the legal-move source built from an observation, and the difficulty :data:`~ai.base.LEVELS`.
* :mod:`ai.runner` — ``next_action(bot, state)`` for the UI, ``play_hand`` for the arena; every
  action goes through :class:`ai.safety.SafeBot` (fault tolerance, decision times).
* :mod:`ai.solver` — the exact best arrangement of a hand and a seat's melds, and going out.
* :mod:`ai.evaluate` — how good a hand is (the heuristic's evaluation).
* :mod:`ai.determinize` — states rebuilt from an observation: the view state, random
  determinizations consistent with the public record.
* Bots: :mod:`ai.random_bot` (``random``), :mod:`ai.heuristic` (``heuristic``),
  :mod:`ai.search` (``search``).
* :mod:`ai.arena` — ``python -m ai.arena --bots search,heuristic --hands 1000``.
"""
