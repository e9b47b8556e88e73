"""The checks of a draw-discard-declare game's state document that hold whatever the game (13- and
21-card Indian Rummy, CONTRACT.md): hand sizes and who is out against ``phase``, the seat to move,
and in phase ``show`` the declaration in the history and the seats that have shown since.

The words of every refusal are the game's (its terms and its rule ids): :class:`CheckWords`.  The
game gives how a finished deal is checked and how a declaration is judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import StateError
from .hand_state import DISCARD, DRAW, FIRST_DROP, INVALID, MIDDLE_DROP, OVER, SHOW


@dataclass(frozen=True, slots=True)
class CheckWords:
    """What a refusal says, in the game's words (each a whole message but for the parts filled in)."""

    drop_rule: str  # the rule of has_drawn for a seat that is out: "(I9.2)"
    two_in_play: str  # fewer than two seats in play before the end
    finish_too_soon: str  # a finish card before the declaration
    empty_stock: str  # a turn that starts with an empty stock
    show_auto: str  # phase show under auto_arrange_losers
    show_finish: str  # phase show without the declarer's finish card
    show_missing: str  # phase show without a declaration in the history
    show_declarer: str  # the declarer is out or is the seat to move
    show_invalid: str  # the declaration does not hold the declarer's cards or is not valid
    show_order: str  # "...seats {expected}...seat {turn}": who must have shown before the seat to move


def check_phase(state: Any, words: CheckWords, hand_size: int, check_over: Callable[[Any], None],
                judge: Callable[[Any, Sequence[Sequence[int]]], object], kind_of: Sequence[int],
                action_from_json: Callable[[dict], Any], declare: str = "declare", show: str = "show") -> None:
    """Hand sizes and who is out against ``phase`` (CONTRACT.md); ``check_over`` checks a finished
    deal, ``judge(state, groups)`` is ``None`` for groups that are not a valid declaration."""
    n, phase, turn = state.players, state.phase, state.turn
    for s in range(n):
        drew, out = state.has_drawn[s], state.out[s]
        if out == FIRST_DROP and drew or out in (MIDDLE_DROP, INVALID) and not drew:
            raise StateError(f"key 'has_drawn': seat {s} is out with {out!r}, so has_drawn must be "
                             f"{'false' if out == FIRST_DROP else 'true'} {words.drop_rule}")
        held = hand_size + (out == INVALID or (phase == DISCARD and s == turn and out is None))
        if len(state.hands[s]) != held:
            raise StateError(f"key 'hands': seat {s} must hold {held} cards in phase {phase!r} "
                             f"(out: {out}), not {len(state.hands[s])}")
    live = state.in_play()
    if phase == OVER:
        check_over(state)
        return
    if state.out[turn] is not None:
        raise StateError(f"key 'turn': seat {turn} is out ({state.out[turn]}) and cannot be the seat to move")
    if phase == SHOW:
        _check_show(state, words, judge, kind_of, action_from_json, declare, show)
        return
    if len(live) < 2:
        raise StateError(words.two_in_play)
    if state.finish is not None:
        raise StateError(words.finish_too_soon)
    if phase == DRAW and not state.stock:
        raise StateError(words.empty_stock)
    if phase == DISCARD and not state.has_drawn[turn]:
        raise StateError(f"key 'has_drawn': seat {turn} holds {hand_size + 1} cards in phase 'discard', so it has "
                         "drawn")


def _check_show(state: Any, words: CheckWords, judge: Callable[[Any, Sequence[Sequence[int]]], object],
                kind_of: Sequence[int], action_from_json: Callable[[dict], Any], declare: str, show: str) -> None:
    """Phase ``show`` (losers group their cards): the declaration is in the history."""
    if state.rules.auto_arrange_losers:
        raise StateError(words.show_auto)
    if state.finish is None:
        raise StateError(words.show_finish)
    index = max((i for i, e in enumerate(state.history) if e["type"] == declare), default=None)
    if index is None:
        raise StateError(words.show_missing)
    entry = state.history[index]
    winner = entry["player"]
    if state.out[winner] is not None or winner == state.turn:
        raise StateError(words.show_declarer)
    action = action_from_json(entry)
    held = Counter(kind_of[c] for c in state.hands[winner] + [state.finish])
    if held != Counter([action.card, *(k for g in action.groups or () for k in g)]) or judge(
            state, action.groups or ()) is None:
        raise StateError(words.show_invalid)
    expected, seat = [], winner
    while True:
        seat = (seat + 1) % state.players
        if seat == state.turn:
            break
        if state.out[seat] is None:
            expected.append(seat)
    shown = [e["player"] for e in state.history[index + 1:] if e["type"] == show]
    if shown != expected:
        raise StateError(words.show_order.format(expected=expected, turn=state.turn))
