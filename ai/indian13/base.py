"""The bot interface of 13-card Indian Rummy: the registry of its bots (``make_bot(name, rng,
**options)``, whose ``choose(obs)`` gets only its seat's :class:`game.indian13.Observation`, I13, and
returns one :class:`game.indian13.Action`) and :class:`LegalMoves`, the moves read from that observation
alone (:func:`ai.hand_moves.hand_moves`, the hidden cards dealt in id order by
:func:`ai.indian13.view.view_state`).  ``tests/ai/test_every_bot.py`` checks the names of the bots."""

from __future__ import annotations

from ai.hand_moves import hand_moves
from ai.registry import Registry
from game.indian13 import Action, apply, legal_actions
from game.indian13.legal import declarations_of

from .view import view_state

LegalMoves = hand_moves(view_state, legal_actions, declarations_of, apply, Action)  # I7.2: its declarations
legal_moves_for = LegalMoves.listed  # every legal action of the observing seat (none when it is not its turn)
BOTS = Registry(__package__, ("random_bot", "heuristic", "search"))  # this game's bots by name
register, bot_names, make_bot = BOTS.exports()  # make_bot(name, rng, **options); unknown names raise KeyError
