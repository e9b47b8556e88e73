"""Who sits at a table: a seat's name and whether a person or a bot (``bot:<name>``) plays it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot:<name>"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def bot_name(self) -> str | None:
        return self.kind[4:] if self.kind.startswith("bot:") else None


@dataclass(frozen=True, slots=True)
class SeatView:
    """What every game's observation starts with: the seat that observes, the rules, who sits
    where and the dealer."""

    seat: int
    rules: Any
    seats: tuple[Seat, ...]
    dealer: int
