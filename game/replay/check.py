"""Playing a replay again through the checked engine of its game.

:func:`replay` yields one :class:`Step` per recorded action, each applied with the game's own
``apply`` (found in :data:`game.games.GAMES` by the document's ``game``), so an action the rules
forbid stops the replay with the engine's rule id and code.  :func:`validate` plays a whole
replay and then checks that it ends where the recording says: the same ``result`` and the same
final state (by :func:`~game.replay.document.state_sha256`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction, StateError
from game.core.front import GameFront

from .document import MalformedReplay, ReplayError, canonical, read, state_sha256


@dataclass(frozen=True)
class Step:
    """One recorded action played again: its position, the seat, the action as recorded, and the
    state after it."""

    index: int
    seat: int
    action: dict
    state: Any


def play(game: GameFront, state: Any, entries: Sequence[dict], start: int = 0) -> Iterator[Step]:
    """Apply ``entries`` (``{"seat", "action"}``) to ``state`` one by one; raises
    :class:`ReplayError` (with the rule) at an illegal action, :class:`MalformedReplay` at an
    action object the game cannot read.  ``start`` numbers the first entry."""
    for i, entry in enumerate(entries, start):
        try:
            action = game.parse_action(entry["action"], state)
        except StateError as exc:
            raise MalformedReplay("bad_action", str(exc), index=i) from None
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(exc.code, exc.message, rule=exc.rule, index=i) from None
        yield Step(i, entry["seat"], entry["action"], state)


def replay(doc: object) -> Iterator[Step]:
    """The steps of a replay document, checked as they come (the document's structure first)."""
    header = read(doc)
    return play(header.game, header.initial, header.entries)


def states(doc: object) -> list[Any]:
    """Every state of the hand: the deal, then the state after each action."""
    header = read(doc)
    return [header.initial, *(step.state for step in play(header.game, header.initial, header.entries))]


def validate(doc: object) -> dict:
    """Play the whole replay and check its end; returns ``{"ok": True, "actions": n, "result": ...}``.

    Raises :class:`MalformedReplay` for a document that is not a well-formed replay and
    :class:`ReplayError` for one that does not hold (an illegal action, a hand that does not end,
    another result or another final state than recorded)."""
    header = read(doc)
    state = header.initial
    for step in play(header.game, state, header.entries):
        state = step.state
    end = header.game.to_json(state)
    n = len(header.entries)
    if end["result"] is None:
        raise ReplayError("unfinished", f"the replay stops before the hand is over (after {n} actions)")
    if canonical(end["result"]) != canonical(header.result):
        raise ReplayError("result_mismatch", "the replay ends with a different result than recorded: recorded "
                                             f"{_brief(header.result)}, replayed {_brief(end['result'])}")
    if state_sha256(end) != header.final_sha256:
        raise ReplayError("final_mismatch", "the replay ends at a different state than recorded")
    return {"ok": True, "actions": n, "result": end["result"]}


def _brief(value: object) -> str:
    text = canonical(value)
    return text if len(text) <= 160 else text[:157] + "..."
