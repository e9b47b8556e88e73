"""A match at a network table as one screen sees it: the game's own match class, rebuilt from what
the host sends this screen, so the game's own table, results and score sheet draw it unchanged.

The host sends each of this screen's seats its observation and the match's public document (the
save without any state and without the seed, :func:`game.net.table.public_document`).  The deal in
play is rebuilt from one seat's observation by the engine's ``view`` (the hidden cards dealt in a
fixed order: the other hands are drawn face down, as in hot seat), and the match from the public
document by the game's own ``from_json``.  This screen never holds the real state.

:func:`remote_class` makes, for a game's match class, the class whose moves go to the host
(:class:`RemoteMatch` first in its bases): ``play`` hands this screen's moves to the session
(:mod:`.session`) and plays the host's; every seat of another screen (people and bots) is played
by the host (``remote``); nothing is saved or counted here (the host saves the match).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any


class RemoteMatch:
    """The part of a network match that is the same for every game (first in the bases)."""

    net: Any  # the session (game.ui.lobby.session.Session) this match reaches the host through

    @property
    def practice(self) -> bool:
        """Never saved nor counted here: the host saves the match."""
        return True

    @practice.setter
    def practice(self, value: bool) -> None:  # the game's own __init__ sets it; this screen keeps True
        pass

    def is_human(self, seat: int) -> bool:
        """A person at *this* screen plays the seat, and no move of it is on its way to the host."""
        return self.table_seat(seat) in self.net.seats and not self.net.in_flight(seat)  # type: ignore[attr-defined]

    @property
    def humans(self) -> list[int]:
        """The seats of the deal in play that people at this screen play (whatever is in flight)."""
        return [s for s in range(len(self.state.seats)) if self.table_seat(s) in self.net.seats]  # type: ignore[attr-defined]

    def remote(self, seat: int) -> bool:
        return not self.is_human(seat)

    def away(self, seat: int) -> bool:
        """The host says the seat's person is away (their link dropped; a bot plays for them soon)."""
        info = self.net.info  # type: ignore[attr-defined]
        seats = info.get("seats") if isinstance(info, dict) else None
        at = self.table_seat(seat)  # type: ignore[attr-defined]
        if not isinstance(seats, list) or not 0 <= at < len(seats) or not isinstance(seats[at], dict):
            return False
        return seats[at].get("away") is not None and seats[at].get("kind") != "bot"

    def recorded_bots(self) -> list[dict]:
        """No bot seat: the host plays the bots, from seeds this screen does not know (they would tell
        the cards), so a replay of this screen cannot play them again."""
        return []

    def sync(self, table: Any) -> None:
        self.net.sync(self, table)

    def play(self, action: Any) -> Any:
        return self.net.play(self, action)

    def next_hand(self) -> None:
        self.net.next_deal(self)

    def next_deal(self) -> None:
        self.net.next_deal(self)

    @property
    def can_restart(self) -> bool:
        return False

    def restart_hand(self) -> bool:
        return False

    @property
    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def count_result(self) -> bool:
        return False


@cache
def remote_class(base: type) -> type:
    """The network version of a game's match class."""
    return type(f"Remote{base.__name__}", (RemoteMatch, base), {"__doc__": f"{base.__name__} at a network table."})


def rebuild(base: type, public: dict, state_doc: dict, engine: Any = None, last: Any = None) -> Any:
    """The game's match from the host's public document and a state document of this screen's
    view; raises ``ValueError`` (the game's own reading of a save) for anything that is not one.

    A save is refused when the seat to move has no legal move; in a view, another seat's hand is
    made up, so that check can fail on a state the host plays on (a Vazhushal seat that must take
    from the line holds cards this screen cannot see).  Then, with the match ``last`` built, the
    state alone is read by the ``engine`` (every check of the state document) and put in a copy of it."""
    doc = {**public, "state": state_doc, "seed": 0}
    try:
        return remote_class(base).from_json(doc)
    except ValueError:
        if last is None or engine is None:
            raise
        fresh = copy.copy(last)
        fresh.__dict__ = dict(last.__dict__)
        fresh.state = engine.from_json(state_doc)
        seats = last.state.seats
        if len(seats) == len(fresh.state.seats):
            fresh.state.seats = seats  # the names as the match cleaned them
        return fresh
