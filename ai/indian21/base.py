"""21-card Indian Rummy's bots: their registry (``make_bot``, ``bot_names``, ``register``) and
``LegalMoves``.  A bot sees nothing but its seat's observation (T15) and answers with one action;
``LegalMoves`` lists that seat's moves from the view :func:`ai.indian21.view.view_state` rebuilds
(hidden cards in kind order), as :func:`ai.hand_moves.hand_moves` explains."""

from __future__ import annotations

from ai.hand_moves import hand_moves
from ai.registry import Registry
from game.indian21 import Action, apply, legal_actions
from game.indian21.legal import declarations_of

from .view import view_state

LegalMoves = hand_moves(view_state, legal_actions, declarations_of, apply, Action)  # T7.2: its declarations
legal_moves_for = LegalMoves.listed  # every legal action of the observing seat (none when it is not its turn)
BOTS = Registry(__package__, ("random_bot", "heuristic", "search"))  # this game's bots by name
register, bot_names, make_bot = BOTS.exports()  # make_bot(name, rng, **options); unknown names raise KeyError
