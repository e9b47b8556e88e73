"""Where the bot under study sits in each deal of an experiment (``tools.*.study``)."""

from __future__ import annotations


def seatings(index: int, players: int) -> tuple[int, ...]:
    """The studied bot's seats in deal ``index``: both at two players (the deal played from each
    seat, duplicate), else one, moving round the table from deal to deal."""
    return (0, 1) if players == 2 else (index % players,)
