"""The Vazhushal rules engine: pure Python, no pygame, no bots.

State in, state out: :func:`new_hand` deals, :func:`apply` plays an action (checked; raises
:class:`IllegalAction`), :mod:`legal` lists what may be done, :func:`observe` gives one seat's
view, :func:`to_json`/:func:`from_json` speak CONTRACT.md.
"""

from .actions import Action
from .cards import JOKER, kind_pretty, kind_text, parse_kind
from .deal import new_hand, next_hand
from .errors import IllegalAction, StateError
from .greedy import greedy_arrangement
from .legal import DrawOption, explain, legal_actions, legal_draws, legal_takes
from .melds import Meld, readings
from .observation import Observation, observe
from .rules import PRESETS, RuleSet, preset
from .serialize import from_json, to_json
from .state import DRAW, FINAL, OVER, PLAY, Result, Seat, State
from .turn import apply, is_legal

__all__ = [
    "Action", "DRAW", "DrawOption", "FINAL", "IllegalAction", "JOKER", "Meld", "OVER", "Observation",
    "PLAY", "PRESETS", "Result", "RuleSet", "Seat", "State", "StateError", "apply", "explain",
    "from_json", "greedy_arrangement", "is_legal", "kind_pretty", "kind_text", "legal_actions",
    "legal_draws", "legal_takes", "new_hand", "next_hand", "observe", "parse_kind", "preset",
    "readings", "to_json",
]
