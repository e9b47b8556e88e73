"""Fair deals a player can check: the table's commitment to each deal's seed, and the check of it
(docs/network.md, "Fair deals: a commitment you can check").  No pygame here.

At the start of each deal the table sends every seat a commitment to the seed the deal was dealt
from (the ``random.Random`` seed of the game's own deal: the match's ``deal_seed()``)::

    commit = SHA-256(seed as 32 bytes, big-endian || salt)        # 64 lowercase hex digits

where ``salt`` is 32 random bytes drawn once a table.  When the deal is over the table shows the
seed and the salt.  :func:`check` is what any seat can then do with what it was sent: the seed and
salt give the commitment it was sent before the first move, and the seed, dealt through the game's
own engine, deals exactly what the seat saw (its hand as dealt, the open card, the cut joker, the
dealer: its whole observation), every move of the deal's public history is legal from that deal,
and the deal ends as the seat saw it end.  :class:`Watch` does it for a screen at a table: fed
every update, it gives one :class:`Verdict` a deal and seat.

What this proves: the deal was fixed before anyone moved and was not changed during play.  What it
cannot prove: the host's own process holds the seed, so every card; a host that looks at them is not
caught by any check a player can make.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.front import BotFront
from game.core.errors import IllegalAction, StateError

SEED_BYTES = 32  # a deal's seed, big-endian, in the commitment
SALT_BYTES = 32  # the table's salt
_HEX = re.compile(r"[0-9a-f]{64}\Z")


def new_salt() -> bytes:
    """A table's salt: :data:`SALT_BYTES` bytes of the operating system's randomness."""
    return secrets.token_bytes(SALT_BYTES)


def seed_bytes(seed: int) -> bytes:
    """A deal's seed as the commitment holds it: :data:`SEED_BYTES` bytes, big-endian; raises
    ``ValueError`` for a seed below 0 or of more than 256 bits."""
    if type(seed) is not int or not 0 <= seed < 1 << (8 * SEED_BYTES):
        raise ValueError("a deal's seed is a whole number from 0 below 2**256")
    return seed.to_bytes(SEED_BYTES, "big")


def commitment(seed: int, salt: bytes) -> str:
    """``SHA-256(seed_bytes(seed) || salt)`` in lowercase hex."""
    return hashlib.sha256(seed_bytes(seed) + salt).hexdigest()


def record(deal: int, seed: int, salt: bytes, shown: bool) -> dict:
    """An update's ``fair`` object for deal ``deal`` (the match's number, from 0): the commitment,
    and once ``shown`` (the deal is over) the seed and the salt in hex."""
    return {"deal": deal, "commit": commitment(seed, salt), "seed": seed_bytes(seed).hex() if shown else None,
            "salt": salt.hex() if shown else None}


@dataclass(frozen=True)
class Verdict:
    """What the check of one deal found, for one seat (``seat``: a table seat; ``None`` when no seat
    of this screen was dealt in).  ``fair`` is False only when something does not match; ``words``
    say what was checked and what was found, in a sentence for the player."""

    deal: int
    seat: int | None
    fair: bool
    words: str
    complete: bool = False  # the cards and every move were checked, not only the commitment


def from_hex(value: object) -> bytes | None:
    """32 bytes written as 64 lowercase hex digits (a seed, a salt), or ``None``."""
    return bytes.fromhex(value) if isinstance(value, str) and _HEX.match(value) else None


def _plain(doc: Any) -> Any:
    """A document as it reads after a JSON round trip (tuples are lists): what a seat was sent."""
    return json.loads(json.dumps(doc))


def check(front: BotFront, deal: int, commit: object, seed: object, salt: object,
          seen: Sequence[dict] = (), seat: int | None = None) -> Verdict:
    """Check deal ``deal`` (the match's number, from 0) of the game of ``front``.

    ``commit`` is the commitment the seat was sent while the deal was in play, ``seed`` and ``salt``
    what the table showed at its end (hex, as in :func:`record`); ``seen`` the seat's observation
    documents of the deal in the order it got them (at least the first it saw, at the deal's start
    when it was there, and the last, at its end).  Returns a :class:`Verdict`; never raises."""
    word = front.hand_word  # "deal", or "hand" in Vazhushal
    label = f"{word.capitalize()} {deal + 1}"
    seed_raw, salt_raw = from_hex(seed), from_hex(salt)
    if seed_raw is None or salt_raw is None or not isinstance(commit, str):
        return Verdict(deal, seat, False, f"{label} cannot be checked: the table did not show its seed properly.")
    if hashlib.sha256(seed_raw + salt_raw).hexdigest() != commit:
        return Verdict(deal, seat, False, f"{label} does not match: the seed the table showed at the end is not "
                                          "the one it promised when it dealt.")
    if not seen or not isinstance(seen[0], dict) or seen[0].get("result") is not None:
        return Verdict(deal, seat, True, f"{label}: the table kept its promise, but you did not see this {word} "
                                         "being played, so only the promise was checked.")
    if not isinstance(seen[-1], dict) or seen[-1].get("result") is None:
        return Verdict(deal, seat, True, f"{label}: the table kept its promise, but you did not see this {word} "
                                         "to its end, so only the promise was checked.")
    try:
        problem = _replay(front, deal, int.from_bytes(seed_raw, "big"), [_plain(o) for o in seen])
    except Exception as exc:  # noqa: BLE001  (whatever a host sent, the check answers and the screen goes on)
        problem = f"what the table sent cannot be dealt again ({str(exc)[:80]})"
    if problem is not None:
        return Verdict(deal, seat, False, f"{label} does not match the table's promise: {problem}.")
    return Verdict(deal, seat, True, f"{label} was fair: the cards you were dealt and every move match the seed "
                                     "the table promised before the first move.", complete=True)


def _replay(front: BotFront, deal: int, seed: int, seen: list[dict]) -> str | None:
    """Deal again from ``seed`` and play the deal's public history; what does not match, in words,
    or ``None``.  ``seen`` are plain observation documents of one seat, the last at the deal's end."""
    first, end = seen[0], seen[-1]
    me = first["seat"]
    if any(o.get("seat") != me for o in seen):
        raise ValueError("the seat's observations name different seats")
    shown = front.engine.from_json(front.engine.view(first))  # rules, seats, dealer, totals as the seat saw them
    # The deal's first three arguments are the engine's (rules, rng, seats); then the dealer (drawn from the
    # rng at the first deal of a match) and what the state carries from earlier deals, under the same name.
    params = list(inspect.signature(front.deal).parameters)
    carried = [getattr(shown, params[4])] if len(params) > 4 and hasattr(shown, params[4]) else []
    state = front.deal(shown.rules, random.Random(seed), shown.seats, None if deal == 0 else shown.dealer, *carried)
    history = end["history"]
    dealt = _plain(front.observe(state, me).to_json())
    start = len(dealt["history"])
    if history[:start] != dealt["history"]:
        return "the cards that seed deals are not the cards you were dealt"
    wanted = {len(o["history"]): o for o in seen}
    if not all(start <= k <= len(history) for k in wanted):
        return f"what you saw is not part of this {front.hand_word}"
    for i in range(start, len(history) + 1):
        if i > start:
            try:
                state = front.engine.apply(state, front.engine.parse_action(history[i - 1], state))
            except (IllegalAction, StateError):
                return f"move {i} of the deal could not have been made from the cards that seed deals"
        if i in wanted and _plain(front.observe(state, me).to_json()) != wanted[i]:
            if i == start:
                return "the cards that seed deals are not the cards you were dealt"
            if wanted[i] is end:
                return "the end of the deal is not what that seed and the moves make"
            return f"what you saw after move {i} is not what that seed and the moves make"
    if state.result is None:
        return "the moves shown do not finish the deal that seed makes"
    return None


@dataclass
class _Deal:
    commit: object
    seen: dict[int, list[dict]] = field(default_factory=dict)  # table seat -> [first, last] observation


class Watch:
    """One screen's check of the deals it plays at a network table (:mod:`game.ui.lobby`): give it
    every update from the host in order (:meth:`read`).  It keeps each deal's commitment and, for
    each of this screen's seats, the first and the latest observation; when the deal's seed and salt
    arrive it checks them (:func:`check`) and gives one :class:`Verdict` a seat, once a deal."""

    def __init__(self, front: BotFront) -> None:
        self.front = front
        self.deals: dict[int, _Deal] = {}
        self.checked: set[int] = set()

    def read(self, update: dict) -> list[Verdict]:
        """The verdicts this update brings (none until a deal's seed is shown); never raises."""
        fair = update.get("fair") if isinstance(update, dict) else None
        if not isinstance(fair, dict) or type(fair.get("deal")) is not int or fair["deal"] in self.checked:
            return []
        number = fair["deal"]
        for old in [d for d in self.deals if d < number]:  # an earlier deal whose end this screen missed
            del self.deals[old]
        deal = self.deals.setdefault(number, _Deal(fair.get("commit")))
        if fair.get("commit") != deal.commit:
            self.checked.add(number)
            del self.deals[number]
            word = self.front.hand_word
            return [Verdict(number, None, False, f"{word.capitalize()} {number + 1} does not match: the table "
                                                 f"changed its promise about the cards during the {word}.")]
        observations = update.get("observations")
        for key, obs in (observations.items() if isinstance(observations, dict) else ()):
            if isinstance(obs, dict) and isinstance(key, str) and key.isdigit():
                kept = deal.seen.setdefault(int(key), [obs, obs])
                kept[1] = obs
        if fair.get("seed") is None and fair.get("salt") is None:
            return []
        self.checked.add(number)
        del self.deals[number]
        if not deal.seen:
            return [check(self.front, number, deal.commit, fair.get("seed"), fair.get("salt"))]
        return [check(self.front, number, deal.commit, fair.get("seed"), fair.get("salt"), kept, seat)
                for seat, kept in sorted(deal.seen.items())]
