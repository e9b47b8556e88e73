"""The shared core of the family of rummy games: what more than one game's engine uses.

- :mod:`~game.core.cards`: card kinds, physical ids, the text form of CONTRACT.md;
- :mod:`~game.core.errors`: :class:`IllegalAction`, :class:`StateError`, :class:`RulesError`;
- :mod:`~game.core.reading`: the readers every state document shares (header, numbers, seats,
  cards, every physical card exactly once), and well-formed actions;
- :mod:`~game.core.seats`: :class:`Seat`;
- :mod:`~game.core.storage`: atomic JSON files, one reading rule for every document;
- :mod:`~game.core.front`: :class:`GameFront`, what every game's engine offers the registry.

Pure Python: no pygame, no bots, and no game's rules.
"""
