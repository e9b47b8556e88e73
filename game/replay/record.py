"""Recording one hand while it is played: :class:`Recorder`.

A table calls :meth:`Recorder.start` when a hand is dealt, :meth:`Recorder.add` for every action
it applies, :meth:`Recorder.undo` when the player takes an action back, and
:meth:`Recorder.finish` when the hand is over; ``finish`` returns the replay document.  The
recorder takes engine states and actions or their JSON, for any game of :data:`game.games.GAMES`.
A hand in progress survives a save and a restart of the app through :meth:`Recorder.to_json`
and :meth:`Recorder.from_json`; :meth:`Recorder.current_state` plays it again, so a table can
check that a saved recording leads to the state it saved.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from game.core.front import GameFront
from game.games import GAMES

from .check import play
from .document import FORMAT, MATCH_ID, VERSION, MalformedReplay, read, state_sha256

log = logging.getLogger(__name__)
_PROGRESS_KEYS = {"game", "match_id", "hand_no", "seed", "initial", "actions"}  # and "bots" when recorded


def new_match_id(now: datetime | None = None) -> str:
    """A new match id: the UTC start time and a random tail (``20260131-180500-3fa9c1``), so the
    replays of one match sort together and matches sort by when they began."""
    now = now or datetime.now(UTC)
    return f"{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def utc_now() -> datetime:
    return datetime.now(UTC)


class Recorder:
    """The replay of one hand while it is played.

    >>> deal = GAMES["vazhushal"].new_document("Standard", 2, None, 1)
    >>> rec = Recorder()
    >>> rec.start(deal, "vazhushal", match_id="demo", hand_no=0, seed=1)
    >>> rec.add(0, {"player": 0, "type": "draw_stock"})
    >>> len(rec), rec.recording
    (1, True)
    """

    def __init__(self, clock: Callable[[], datetime] = utc_now) -> None:
        self._clock = clock
        self._game: GameFront | None = None
        self._head: dict = {}
        self._actions: list[dict] = []

    # --- recording ------------------------------------------------------------------------

    def start(self, state: object, game: str, *, match_id: str, hand_no: int, seed: int | None = None,
              bots: list[dict] | None = None) -> None:
        """Begin the record of a hand dealt as ``state`` (an engine state or its document) of
        ``game`` (a name of :data:`~game.games.GAMES`); anything recorded before is dropped.
        ``bots``: the level and seed of each bot seat (``{"seat", "level", "seed"}``), kept in the
        replay so the hand can be played again with its bots (:mod:`ai.same_cards`)."""
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
        if not MATCH_ID.match(match_id):
            raise ValueError(f"match id {match_id!r} must be 1 to 64 letters, digits, '-' or '_'")
        if type(hand_no) is not int or hand_no < 0 or (seed is not None and type(seed) is not int):
            raise ValueError("hand_no must be a whole number from 0 and seed a whole number or None")
        self._game = GAMES[game]
        self._head = {"game": game, "match_id": match_id, "hand_no": hand_no, "seed": seed,
                      "initial": self._document(state)}
        if bots is not None:
            self._head["bots"] = [dict(b) for b in bots]
        self._actions = []

    def add(self, seat: int, action: object) -> None:
        """Record the action ``seat`` just played (an engine action or its JSON object)."""
        if self._game is None:
            raise ValueError("no hand is being recorded")
        data = action if isinstance(action, dict) else action.to_json()  # type: ignore[attr-defined]
        self._actions.append({"seat": seat, "action": data})

    def undo(self, count: int = 1) -> None:
        """Forget the last ``count`` actions (the player took them back)."""
        if count > 0:
            del self._actions[-count:]

    def finish(self, final_state: object) -> dict:
        """The replay document of the hand that ended in ``final_state`` (a state or its document);
        recording stops.  Raises ``ValueError`` when nothing is recorded or the hand is not over."""
        if self._game is None:
            raise ValueError("no hand is being recorded")
        end = self._document(final_state)
        if end.get("result") is None:
            raise ValueError("the hand is not over: a replay is written when it ends")
        head = self._head
        doc = {"format": FORMAT, "version": VERSION, "game": head["game"], "match_id": head["match_id"],
               "hand_no": head["hand_no"], "recorded": self._clock().strftime("%Y-%m-%dT%H:%M:%SZ"),
               "seed": head["seed"], "initial": head["initial"], "actions": self._actions,
               "result": end["result"], "final_sha256": state_sha256(end)}
        if "bots" in head:
            doc["bots"] = head["bots"]
        self._game, self._head, self._actions = None, {}, []
        return doc

    # --- questions ------------------------------------------------------------------------

    @property
    def recording(self) -> bool:
        return self._game is not None

    @property
    def match_id(self) -> str | None:
        return self._head.get("match_id")

    @property
    def hand_no(self) -> int | None:
        return self._head.get("hand_no")

    def __len__(self) -> int:
        return len(self._actions)

    def current_state(self) -> Any:
        """The state the recorded actions lead to, played again through the checked engine;
        raises :class:`~game.replay.ReplayError` when they do not hold."""
        if self._game is None:
            raise ValueError("no hand is being recorded")
        state = self._game.from_json(self._head["initial"])
        for step in play(self._game, state, self._actions):
            state = step.state
        return state

    def state_at(self, moment: int) -> Any | None:
        """The recorded hand's state when its history was ``moment`` entries long (``None`` when
        the record does not reach it)."""
        if self._game is None:
            return None
        state = self._game.from_json(self._head["initial"])
        count = moment - len(state.history)
        if not 0 <= count <= len(self._actions):
            return None
        for step in play(self._game, state, self._actions[:count]):
            state = step.state
        return state

    # --- saving a hand in progress --------------------------------------------------------

    def to_json(self) -> dict | None:
        """The hand so far (``None`` when nothing is being recorded), for a save."""
        if self._game is None:
            return None
        return {**self._head, "actions": list(self._actions)}

    @classmethod
    def from_json(cls, doc: object, clock: Callable[[], datetime] = utc_now) -> Recorder:
        """A recorder going on from :meth:`to_json`; raises :class:`MalformedReplay` for a document
        of another shape (whether its actions hold is :meth:`current_state`'s question)."""
        if not isinstance(doc, dict) or set(doc) - {"bots"} != _PROGRESS_KEYS:
            raise MalformedReplay("bad_value", "a hand in progress has the keys " + ", ".join(sorted(_PROGRESS_KEYS))
                                  + " (and 'bots')")
        probe = {**doc, "format": FORMAT, "version": VERSION, "recorded": "2000-01-01T00:00:00Z",
                 "result": {}, "final_sha256": "0" * 64}
        read(probe)  # the same checks as a finished replay's header
        rec = cls(clock)
        rec.start(doc["initial"], doc["game"], match_id=doc["match_id"], hand_no=doc["hand_no"], seed=doc["seed"],
                  bots=doc.get("bots"))
        rec._actions = list(doc["actions"])
        return rec

    @classmethod
    def resume(cls, doc: object, state: object, match_id: str, hand_no: int) -> Recorder | None:
        """The saved record of a hand (:meth:`to_json`), if it is this match's and hand's and its
        actions, played again, lead exactly to ``state``; ``None`` otherwise (``None`` in, too:
        a save from before replays), so the rest of that hand goes unrecorded."""
        if doc is None:
            return None
        try:
            rec = cls.from_json(doc)
            ok = (rec.match_id == match_id and rec.hand_no == hand_no
                  and rec._document(rec.current_state()) == rec._document(state))
        except (ValueError, TypeError, KeyError):  # a ReplayError is a ValueError
            ok = False
        if not ok:
            log.warning("the saved record of hand %s does not lead to the saved state; it is not kept", hand_no)
            return None
        return rec

    def _document(self, state: object) -> dict:
        assert self._game is not None
        return state if isinstance(state, dict) else self._game.to_json(state)
