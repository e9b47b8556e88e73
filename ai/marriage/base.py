"""The bot interface of Indian Marriage, the legal-move helper and the registry of bots.

A bot is built with a seeded ``random.Random`` and options (``make_bot("heuristic", rng)``).  On
its turn it gets only its seat's :class:`game.marriage.Observation` (M13), never the state, and
returns one :class:`game.marriage.Action`: ``bot.choose(obs)``.

:class:`LegalMoves` answers "what may I do" from the observation alone: it asks the engine's
legal-move source (:func:`game.marriage.legal_actions`) on a state rebuilt from the observation
with the hidden cards dealt in id order (:func:`ai.marriage.view.view_state`), so it cannot leak a
hidden card, and it is exact because the seat's moves depend only on what the seat sees (for a
seat that has not seen, nothing listed depends on the tiplu, M13).

>>> import random
>>> sorted(bot_names())
['heuristic', 'random', 'search']
>>> make_bot("random", random.Random(1)).name
'random'
"""

from __future__ import annotations

from ai.hand_moves import ViewedMoves
from ai.registry import Registry
from game.marriage import Action, Observation, State, apply, finish_options, legal_actions, see_options

from .view import view_state


class LegalMoves(ViewedMoves):
    """The legal-move source for one seat, built from its observation alone."""

    view = staticmethod(view_state)

    def mine(self) -> bool:
        return self.obs.turn == self.obs.seat and self.obs.result is None

    def actions(self, *, searches: bool = True) -> list[Action]:
        """Every legal action the engine lists for the seat to move (one way to see by each route,
        one valid finish a finish card)."""
        if not self.mine():
            return []
        return legal_actions(self.state, searches=searches)

    def sights(self) -> list[Action]:
        """M6: one way to see the maal by each route open to the seat (phase ``discard``)."""
        return see_options(self.state) if self.mine() else []

    def finishes(self) -> list[Action]:
        """M7: the valid finishes of the seat (one a finish card, or one a dublee)."""
        return finish_options(self.state) if self.mine() else []

    def after(self, action: Action) -> State:
        """The view state after ``action`` (checked: raises ``IllegalAction``)."""
        return apply(self.state, action)

    def is_legal(self, action: object) -> bool:
        if not isinstance(action, Action) or action.player != self.obs.seat:
            return False
        try:
            apply(self.state, action)
        except Exception:  # noqa: BLE001  (a malformed action is not legal)
            return False
        return True


def legal_moves_for(obs: Observation) -> list[Action]:
    """Every legal action of the observing seat the engine lists (empty when it is not its turn)."""
    return LegalMoves(obs).actions()


BOTS = Registry(__package__, ("random_bot", "heuristic", "search"))  # this game's bots by name
register, bot_names, make_bot = BOTS.exports()  # make_bot(name, rng, **options); unknown names raise KeyError
