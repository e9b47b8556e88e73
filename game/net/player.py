"""The decisions of a seat played by a bot behind a network connection, as a person would play it:
it sees only what the host sends its seat, rebuilds the deal from that observation (the engine's
``view``), asks its bot (behind the one safety net, :class:`ai.safety.SafeBot`) and answers with
the move; it says Next after each deal.  No I/O: :mod:`game.server.player` runs it behind a
connection (tests, the benchmark, the fuzzer), and the app's smoke test seats a loopback friend.
"""

from __future__ import annotations

import random
from typing import Any

from ai.front import BotFront
from ai.players import SeatPlayer

from . import protocol as P


class Player:
    """The decisions of a seat behind a network connection: messages in, messages out (no I/O).

    ``level`` is a bot level of the game (or ``Bot: <name>``); ``None`` plays the engine's random
    legal moves (the benchmark's players)."""

    def __init__(self, front: BotFront, level: str | None = "Easy", seed: int = 0) -> None:
        self.front = front
        self.engine = front.engine
        self.level = level
        self.rng = random.Random(seed)
        self.bot: SeatPlayer | None = None
        self.bot_deal: int | None = None  # the deal the bot was made for: a seat's bot plays one hand
        self.readied: set[int] = set()  # deals Next was said after
        self.last: dict | None = None  # the last observation of each seat, by seat
        self.observations: dict[str, Any] = {}
        self.over = False  # an update said the match is over (with the last observations)
        self.moves = 0  # actions answered

    def read(self, message: dict) -> list[dict]:
        """What to send in answer to one message of the host."""
        kind = message.get("type")
        if kind in (P.TABLE, P.WELCOME):  # the table's news: whether the match is over comes with an update,
            return []  # which brings the final observations (a player that comes back to a finished table gets one)
        if kind != P.UPDATE:
            return []
        self.over = bool(message.get("over"))
        out = []
        for seat, obs in (message.get("observations") or {}).items():
            if not isinstance(obs, dict):
                continue
            self.observations[seat] = obs
            out += self._answer(message, obs)
        return out

    def _answer(self, update: dict, obs: dict) -> list[dict]:
        if obs.get("result") is not None:
            deal = update.get("deal", 0)
            if update.get("over"):
                return []
            if deal in self.readied:
                return []
            self.readied.add(deal)
            return [{"type": P.READY}]
        if obs.get("turn") != obs.get("seat"):
            return []
        state = self.engine.from_json(self.engine.view(obs))
        if self.level is None:
            action = self.engine.random_action(state, self.rng)
        else:
            deal = update.get("deal", 0)
            if self.bot is None or self.bot_deal != deal:
                if self.bot is not None:
                    self.bot.close()
                self.bot, self.bot_deal = SeatPlayer(self.front, self.level, self.rng.getrandbits(32)), deal
            action = self.bot.next_action(state)
        self.moves += 1
        return [{"type": P.ACTION, "action": action.to_json(), "n": update["n"]}]
