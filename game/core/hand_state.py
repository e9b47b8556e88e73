"""The words of a draw-discard-declare game's state document (13- and 21-card Indian Rummy,
CONTRACT.md): its phases, why a seat is out, how a deal ended.

>>> PHASES, OUT_VALUES[1:], REASONS
(('draw', 'discard', 'show', 'over'), ('first_drop', 'middle_drop', 'invalid_declaration'), \
('declared', 'all_dropped', 'void', 'invalid_declaration'))
"""

from __future__ import annotations

DRAW, DISCARD, SHOW, OVER = "draw", "discard", "show", "over"
PHASES = (DRAW, DISCARD, SHOW, OVER)

# out: why a seat takes no further part in the deal
FIRST_DROP, MIDDLE_DROP, INVALID = "first_drop", "middle_drop", "invalid_declaration"
OUT_VALUES = (None, FIRST_DROP, MIDDLE_DROP, INVALID)

# result.reason
DECLARED, ALL_DROPPED, VOID, INVALID_END = "declared", "all_dropped", "void", "invalid_declaration"
REASONS = (DECLARED, ALL_DROPPED, VOID, INVALID_END)
