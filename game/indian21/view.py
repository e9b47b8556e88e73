"""A 21-card Indian Rummy state rebuilt from one seat's observation document
(:func:`game.core.views.hand_view`): the state document a network client draws its table from,
holding nothing the seat may not know.  The cut joker is public (so every wild and value card,
T3); the hidden cards go to the other hands and the stock in deck order; the card the seat to move
took from the discard pile this turn is public (T4.3).
"""

from __future__ import annotations

from game.core.views import hand_view

from .deck import DECK_IDS, KIND
from .serialize import FORMAT, VERSION

view_document = hand_view(FORMAT, VERSION, lambda rules: (KIND[c] for c in DECK_IDS))
