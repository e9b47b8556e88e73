"""The actions of the draw-discard-declare games of the family (13-card and 21-card Indian Rummy,
CONTRACT.md): ``drop``, ``draw_stock``, ``take_discard``, ``discard``, ``declare``, ``show``;
value types with a JSON form.

Actions name cards by face (kind); which physical card of identical ones is meant does not matter
to any rule, so the engine picks (I1.3, I5.5; T4.3).

>>> a = Action.from_json({"player": 1, "type": "declare", "finish": "th", "groups": [["2s", "3S", "4S"]]})
>>> a.to_json()
{'player': 1, 'type': 'declare', 'finish': '10H', 'groups': [['2S', '3S', '4S']]}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import CardError, is_kind, is_kinds, kind_text, parse_kind
from .errors import StateError
from .reading import read_action_head

DROP = "drop"
DRAW_STOCK = "draw_stock"
TAKE_DISCARD = "take_discard"
DISCARD = "discard"
DECLARE = "declare"
SHOW = "show"

_FIELDS: dict[str, frozenset[str]] = {  # type: required fields besides player and type
    DROP: frozenset(),
    DRAW_STOCK: frozenset(),
    TAKE_DISCARD: frozenset(),
    DISCARD: frozenset({"card"}),
    DECLARE: frozenset({"finish", "groups"}),
    SHOW: frozenset({"groups"}),
}
ACTION_TYPES = tuple(_FIELDS)

Kinds = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardAction:
    """One move by one seat of a game whose actions name a card (``discard``; ``declare``'s finish
    card) or groups of cards: its JSON form, read and written.  A game's action type says which
    types it has (``FIELDS``: type -> the keys besides ``player`` and ``type``) and which of them
    carry groups (``GROUPED``)."""

    FIELDS: ClassVar[dict[str, frozenset[str]]] = _FIELDS
    GROUPED: ClassVar[frozenset[str]] = frozenset({DECLARE, SHOW})

    player: int
    type: str
    card: int | None = None  # discard: the card; declare: the finish card
    groups: tuple[Kinds, ...] | None = None  # the types of GROUPED

    @property
    def finish(self) -> int | None:
        """The card a declaration puts face down (I7.1, T7.1, M7)."""
        return self.card if self.type == DECLARE else None

    def to_json(self) -> dict:
        out: dict = {"player": self.player, "type": self.type}
        if self.type == DISCARD:
            out["card"] = kind_text(self.card)  # type: ignore[arg-type]
        elif self.type == DECLARE:
            out["finish"] = kind_text(self.card)  # type: ignore[arg-type]
        if self.type in self.GROUPED:
            out["groups"] = [[kind_text(k) for k in g] for g in self.groups or ()]
        return out

    def shape_error(self) -> str | None:
        """What makes this object no action at all (a field no JSON action could give it, such as
        a card that is not a card), or ``None``; the rules are asked only of well-formed actions."""
        if self.type not in self.FIELDS or not _is_int(self.player):
            return f"{self!r:.120} is not an action"
        if self.type in (DISCARD, DECLARE) and not is_kind(self.card):
            return f"{self.type} needs a card, not {self.card!r:.40}"
        if self.type in self.GROUPED and not (isinstance(self.groups, (tuple, list))
                                              and all(is_kinds(g) for g in self.groups)):
            return f"{self.type} needs lists of cards, not {self.groups!r:.120}"
        return None

    @classmethod
    def draw_stock(cls, player: int) -> Any:
        return cls(player, DRAW_STOCK)

    @classmethod
    def take_discard(cls, player: int) -> Any:
        return cls(player, TAKE_DISCARD)

    @classmethod
    def discard(cls, player: int, card: int) -> Any:
        return cls(player, DISCARD, card=card)

    @classmethod
    def declare(cls, player: int, finish: int, groups: Sequence[Sequence[int]]) -> Any:
        return cls(player, DECLARE, card=finish, groups=tuple(tuple(g) for g in groups))

    @classmethod
    def from_json(cls, data: object, players: int | None = None):
        """Parse and check the shape of an action object; raises :class:`StateError`."""
        kind, player = read_action_head(data, cls.FIELDS, players)
        try:
            card = parse_kind(data["card"]) if kind == DISCARD else parse_kind(data["finish"]) if kind == DECLARE \
                else None
            groups = _parse_groups(data["groups"], kind) if kind in cls.GROUPED else None
        except CardError as exc:
            raise StateError(f"{kind} action: {exc}") from None
        return cls(player, kind, card=card, groups=groups)


@dataclass(frozen=True, slots=True)
class Action(CardAction):
    """One move by one seat of 13- or 21-card Indian Rummy.  Build with the class methods, or
    :meth:`from_json`."""

    @classmethod
    def drop(cls, player: int) -> Action:
        return cls(player, DROP)

    @classmethod
    def show(cls, player: int, groups: Sequence[Sequence[int]]) -> Action:
        return cls(player, SHOW, groups=tuple(tuple(g) for g in groups))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_groups(value: object, kind: str) -> tuple[Kinds, ...]:
    if not isinstance(value, list) or not all(isinstance(g, list) for g in value):
        raise StateError(f"{kind} key 'groups' must be a list of card lists")
    return tuple(tuple(parse_kind(t) for t in g) for g in value)
