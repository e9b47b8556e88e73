"""Action objects of 21-card Indian Rummy (CONTRACT.md: "as for indian13-state"): the family's
draw-discard-declare actions of :mod:`game.core.hand_actions`.

>>> a = Action.from_json({"player": 1, "type": "declare", "finish": "th", "groups": [["2s", "3S", "4S"]]})
>>> a.to_json()
{'player': 1, 'type': 'declare', 'finish': '10H', 'groups': [['2S', '3S', '4S']]}
"""

from __future__ import annotations

from game.core.hand_actions import ACTION_TYPES, DECLARE, DISCARD, DRAW_STOCK, DROP, SHOW, TAKE_DISCARD, Action, Kinds

__all__ = ["ACTION_TYPES", "Action", "DECLARE", "DISCARD", "DRAW_STOCK", "DROP", "Kinds", "SHOW", "TAKE_DISCARD"]
