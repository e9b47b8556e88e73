"""The bots of every game, each game in its own package (:mod:`ai.vazhushal`, :mod:`ai.indian13`).

What every game's bots share lives here: :mod:`ai.registry` (bots by name, difficulty levels),
:mod:`ai.paired` (comparing candidates on the same determinizations), :mod:`ai.safety` (the one
safety net), :mod:`ai.weights` (tuned weights as data), and the tools that loop over the games:
:mod:`ai.arena`, :mod:`ai.ladder`.  Bots see only an observation of their own seat.
"""
