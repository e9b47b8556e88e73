"""Action objects of Indian Marriage (CONTRACT.md ``marriage-state``): value types with a JSON form.

Actions name cards by face (kind); which physical card of identical ones is meant does not matter
to any rule, so the engine picks (M1.1, M5.2).

>>> a = Action.from_json({"player": 1, "type": "see_maal", "groups": [["as", "2S", "3s"]]})
>>> a.to_json()
{'player': 1, 'type': 'see_maal', 'groups': [['AS', '2S', '3S']]}
>>> Action.declare(0, 51, [[0, 0]]).to_json()
{'player': 0, 'type': 'declare', 'finish': 'KC', 'groups': [['AS', 'AS']]}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.core.hand_actions import DECLARE, DISCARD, DRAW_STOCK, TAKE_DISCARD, CardAction

EXPOSE = "expose"  # the family's draw, take, discard and declare (game.core.hand_actions), and Marriage's own two
SEE_MAAL = "see_maal"

_FIELDS: dict[str, frozenset[str]] = {  # type: required fields besides player and type
    EXPOSE: frozenset({"groups"}),
    DRAW_STOCK: frozenset(),
    TAKE_DISCARD: frozenset(),
    SEE_MAAL: frozenset({"groups"}),
    DISCARD: frozenset({"card"}),
    DECLARE: frozenset({"finish", "groups"}),
}
ACTION_TYPES = tuple(_FIELDS)

Kinds = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Action(CardAction):
    """One move by one seat.  Build with the class methods, or :meth:`from_json`."""

    FIELDS: ClassVar[dict[str, frozenset[str]]] = _FIELDS
    GROUPED: ClassVar[frozenset[str]] = frozenset({EXPOSE, SEE_MAAL, DECLARE})

    @classmethod
    def expose(cls, player: int, groups: Sequence[Sequence[int]] = ()) -> Action:
        return cls(player, EXPOSE, groups=tuple(tuple(g) for g in groups))

    @classmethod
    def see_maal(cls, player: int, groups: Sequence[Sequence[int]]) -> Action:
        return cls(player, SEE_MAAL, groups=tuple(tuple(g) for g in groups))
