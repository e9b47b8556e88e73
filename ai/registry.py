"""What the games' bot packages share: bots found by name, and the difficulty levels.

Each game keeps one :class:`Registry` (``ai.vazhushal.base.BOTS`` for Vazhushal, ``ai.indian13.base.BOTS``
for Indian Rummy); its built-in bot modules are imported on first use and register themselves
with ``@BOTS.register("name")``.  A :class:`Level` is a bot of a registry with its options, its
time budget per decision and the one line the new-game screen shows.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

BotFactory = Callable[..., Any]


@runtime_checkable
class Bot(Protocol):
    """A computer player of a game whose bots answer with one action (the in-hand games):
    ``choose`` is called with the seat's observation whenever its seat must act."""

    name: str

    def choose(self, obs: Any) -> Any:
        ...


class Registry:
    """The bots of one game by name; ``builtin`` modules of ``package`` are loaded on first use.
    ``names`` and ``make`` are what a game's package offers as ``bot_names`` and ``make_bot``."""

    def __init__(self, package: str, builtin: Sequence[str]) -> None:
        self.package = package
        self.builtin = tuple(builtin)
        self.factories: dict[str, BotFactory] = {}

    def register(self, name: str) -> Callable[[BotFactory], BotFactory]:
        """Class decorator: make a bot available as ``name`` (and seat kind ``bot:<name>``)."""

        def deco(factory: BotFactory) -> BotFactory:
            self.factories[name] = factory
            return factory

        return deco

    def load(self) -> None:
        """Import the bots that come with the game (each registers itself)."""
        for module in self.builtin:
            importlib.import_module(f"{self.package}.{module}")

    def names(self) -> list[str]:
        self.load()
        return list(self.factories)

    def exports(self) -> tuple[Callable[[str], Callable[[BotFactory], BotFactory]], Callable[[], list[str]],
                               Callable[..., Any]]:
        """What a game's bot package offers: ``register``, ``bot_names`` and ``make_bot``."""
        return self.register, self.names, self.make

    def make(self, name: str, rng: random.Random, **options: object) -> Any:
        """A new bot of the registered ``name``; unknown names raise ``KeyError``."""
        self.load()
        try:
            factory = self.factories[name]
        except KeyError:
            raise KeyError(f"unknown bot {name!r}; bots: {', '.join(self.factories)}") from None
        return factory(rng, **options)


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty a player can pick: a bot of ``registry``, its options and its time budget per
    decision, and one line for the new-game screen.  A level not of one registered bot (a strength
    setting, :mod:`ai.strength`) gives its ``factory`` (rng -> bot) instead."""

    name: str
    bot: str
    options: dict = field(default_factory=dict)
    budget_s: float = 1.0
    description: str = ""
    registry: Registry | None = field(default=None, compare=False, repr=False)
    factory: Callable[[random.Random], Any] | None = field(default=None, compare=False, repr=False)

    def make(self, rng: random.Random) -> Any:
        if self.factory is not None:
            return self.factory(rng)
        assert self.registry is not None, "a level names the registry of its game"
        return self.registry.make(self.bot, rng, **self.options)
