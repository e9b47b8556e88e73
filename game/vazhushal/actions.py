"""Action objects (CONTRACT.md "Action objects"): value types with a JSON form.

Actions name cards by face (kind); which physical card of two identical ones is used does not
matter to any rule, so the engine picks.

>>> a = Action.from_json({"player": 1, "type": "take_line", "index": 2, "meld": ["8s", "9S", "TS"]})
>>> a.to_json()
{'player': 1, 'type': 'take_line', 'index': 2, 'meld': ['8S', '9S', '10S']}
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import JOKER, CardError, is_kind, is_kinds, kind_text, parse_kind
from game.core.errors import StateError
from game.core.reading import read_action_head

DRAW_STOCK = "draw_stock"
TAKE_LINE = "take_line"
MELD = "meld"
ARRANGE = "arrange"
DISCARD = "discard"
DONE = "done"

_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # type: (required fields, optional fields) besides player and type
    DRAW_STOCK: (frozenset(), frozenset()),
    TAKE_LINE: (frozenset({"index"}), frozenset({"meld"})),
    MELD: (frozenset({"melds"}), frozenset()),
    ARRANGE: (frozenset({"melds"}), frozenset()),
    DISCARD: (frozenset({"card"}), frozenset()),
    DONE: (frozenset(), frozenset()),
}
_REQUIRED = {kind: required for kind, (required, _) in _FIELDS.items()}
_OPTIONAL = {kind: optional for kind, (_, optional) in _FIELDS.items()}
ACTION_TYPES = tuple(_FIELDS)

Kinds = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Action:
    """One move by one seat.  Build with the class methods, or :meth:`from_json`."""

    player: int
    type: str
    index: int | None = None
    meld: Kinds | None = None
    melds: tuple[Kinds, ...] | None = None
    card: int | None = None

    @classmethod
    def draw_stock(cls, player: int) -> Action:
        return cls(player, DRAW_STOCK)

    @classmethod
    def take_line(cls, player: int, index: int, meld: Kinds | None = None) -> Action:
        return cls(player, TAKE_LINE, index=index, meld=None if meld is None else tuple(meld))

    @classmethod
    def meld_(cls, player: int, melds: list[Kinds] | tuple[Kinds, ...]) -> Action:
        return cls(player, MELD, melds=tuple(tuple(m) for m in melds))

    @classmethod
    def arrange(cls, player: int, melds: list[Kinds] | tuple[Kinds, ...]) -> Action:
        return cls(player, ARRANGE, melds=tuple(tuple(m) for m in melds))

    @classmethod
    def discard(cls, player: int, card: int) -> Action:
        return cls(player, DISCARD, card=card)

    @classmethod
    def done(cls, player: int) -> Action:
        return cls(player, DONE)

    def to_json(self) -> dict:
        out: dict = {"player": self.player, "type": self.type}
        if self.type == TAKE_LINE:
            out["index"] = self.index
            if self.meld is not None:
                out["meld"] = [kind_text(k) for k in self.meld]
        elif self.type in (MELD, ARRANGE):
            out["melds"] = [[kind_text(k) for k in m] for m in self.melds or ()]
        elif self.type == DISCARD:
            out["card"] = kind_text(self.card)  # type: ignore[arg-type]
        return out

    def shape_error(self) -> str | None:
        """What makes this object no action at all (a field no JSON action could give it, such as
        a card that is not a card), or ``None``; the rules are asked only of well-formed actions."""
        if type(self.player) is int:  # the common shapes first (every action applied is asked)
            kind = self.type
            if kind == DISCARD:
                card = self.card
                if type(card) is int and 0 <= card <= JOKER:
                    return None
            elif kind == DRAW_STOCK or kind == DONE:
                return None
            elif kind == TAKE_LINE and type(self.index) is int:
                meld = self.meld
                if meld is None or (type(meld) is tuple and all(type(k) is int and 0 <= k <= JOKER for k in meld)):
                    return None
            elif (kind == ARRANGE or kind == MELD) and type(self.melds) is tuple:
                for meld in self.melds:
                    if type(meld) is not tuple:
                        break
                    for k in meld:
                        if type(k) is not int or not 0 <= k <= JOKER:
                            break
                    else:
                        continue
                    break
                else:
                    return None
        if self.type not in _FIELDS or not _is_int(self.player):
            return f"{self!r:.120} is not an action"
        if self.type == TAKE_LINE and (not _is_int(self.index) or (self.meld is not None and not is_kinds(self.meld))):
            return f"take_line needs a whole-number index and a list of cards, not {self!r:.120}"
        if self.type in (MELD, ARRANGE) and not (isinstance(self.melds, (tuple, list))
                                                 and all(is_kinds(m) for m in self.melds)):
            return f"{self.type} needs lists of cards, not {self.melds!r:.120}"
        if self.type == DISCARD and not is_kind(self.card):
            return f"discard needs a card, not {self.card!r:.40}"
        return None

    @classmethod
    def from_json(cls, data: object, players: int | None = None) -> Action:
        """Parse and check the shape of an action object; raises :class:`StateError`."""
        kind, player = read_action_head(data, _REQUIRED, players, optional=_OPTIONAL, width=None)
        try:
            if kind == TAKE_LINE:
                index = data["index"]
                if not _is_int(index):
                    raise StateError(f"take_line key 'index' must be a whole number, not {index!r}")
                meld = data.get("meld")
                return cls.take_line(player, index, None if meld is None else _parse_cards(meld, "meld"))
            if kind in (MELD, ARRANGE):
                melds = data["melds"]
                if not isinstance(melds, list):
                    raise StateError(f"{kind} key 'melds' must be a list of card lists")
                parsed = tuple(_parse_cards(m, "melds") for m in melds)
                return cls(player, kind, melds=parsed)
            if kind == DISCARD:
                return cls.discard(player, parse_kind(data["card"]))
        except CardError as exc:
            raise StateError(f"{kind} action: {exc}") from None
        return cls(player, kind)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_cards(value: object, key: str) -> Kinds:
    if not isinstance(value, list):
        raise StateError(f"action key {key!r} must hold lists of cards")
    return tuple(parse_kind(t) for t in value)
