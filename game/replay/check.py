"""Playing a replay again through the checked engine of its game.

:func:`replay` yields one :class:`Step` per recorded action, each applied with the game's own
``apply`` (found in :data:`game.games.GAMES` by the document's ``game``), so an action the rules
forbid stops the replay with the engine's rule id and code.  :func:`validate` plays a whole
replay and then checks that it ends where the recording says: the same ``result`` and the same
final state (by :func:`~game.replay.document.state_sha256`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
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
            error = ReplayError(exc.code, exc.message, rule=exc.rule, index=i)
            error.params = exc.params  # type: ignore[attr-defined]  # (the details, for the player's language)
            raise error from None
        yield Step(i, entry["seat"], entry["action"], state)


def replay(doc: object) -> Iterator[Step]:
    """The steps of a replay document, checked as they come (the document's structure first)."""
    header = read(doc)
    return play(header.game, header.initial, header.entries)


class States(Sequence):
    """Every state of a hand: the deal, then the state after each action (``len`` is the number of
    actions + 1), without keeping them all.  The document is played once, checked, keeping one
    state every :data:`CHECKPOINT` steps; a state asked for is played forward from the checkpoint
    before it, and the run of states around the last one asked for is kept, so stepping through
    costs one ``apply`` a step.  Time and memory grow linearly with the length of the hand.
    Raises like :func:`replay` at construction for a document that does not play.  ``visit``, if
    given, sees ``(before, entry, after)`` for every action of that one pass (the viewer words its
    steps so)."""

    def __init__(self, doc: object, visit: Callable[[Any, dict, Any], None] | None = None) -> None:
        header = read(doc)
        self.header = header
        self.game, self.entries = header.game, header.entries
        self.checkpoints = [header.initial]
        before, n = header.initial, 0
        for step in play(header.game, header.initial, header.entries):
            n += 1
            if visit is not None:
                visit(before, header.entries[step.index], step.state)
            if n % CHECKPOINT == 0:
                self.checkpoints.append(step.state)
            before = step.state
        self.count = n + 1
        self.final = before
        self._run_start, self._run = 0, [header.initial]

    def check_end(self) -> dict:
        """The hand ends where it was recorded (the same ``result``, the same final state); the
        summary ``{"ok": True, "actions": n, "result": ...}``, or :class:`ReplayError`."""
        end = self.game.to_json(self.final)
        n = len(self.entries)
        if end["result"] is None:
            raise ReplayError("unfinished", f"the replay stops before the hand is over (after {n} actions)")
        if canonical(end["result"]) != canonical(self.header.result):
            raise ReplayError("result_mismatch", "the replay ends with a different result than recorded: recorded "
                                                 f"{_brief(self.header.result)}, replayed {_brief(end['result'])}")
        if state_sha256(end) != self.header.final_sha256:
            raise ReplayError("final_mismatch", "the replay ends at a different state than recorded")
        return {"ok": True, "actions": n, "result": end["result"]}

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> Any:  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.count))]
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError("state index out of range")
        start = index - index % CHECKPOINT
        if start != self._run_start:  # another run of states: play it from its checkpoint
            self._run_start, self._run = start, [self.checkpoints[start // CHECKPOINT]]
        run = self._run
        while len(run) <= index - start:
            i = start + len(run) - 1  # the action that leads to the next state
            state = run[-1]
            run.append(self.game.apply(state, self.game.parse_action(self.entries[i]["action"], state)))
        return run[index - start]


CHECKPOINT = 256  # steps between the states a long replay keeps


def states(doc: object) -> States:
    """Every state of the hand, as a sequence (:class:`States`): the deal, then the state after
    each action."""
    return States(doc)


def validate(doc: object) -> dict:
    """Play the whole replay and check its end; returns ``{"ok": True, "actions": n, "result": ...}``.

    Raises :class:`MalformedReplay` for a document that is not a well-formed replay and
    :class:`ReplayError` for one that does not hold (an illegal action, a hand that does not end,
    another result or another final state than recorded)."""
    return States(doc).check_end()


def _brief(value: object) -> str:
    text = canonical(value)
    return text if len(text) <= 160 else text[:157] + "..."
