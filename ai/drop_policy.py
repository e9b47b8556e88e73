"""What the heuristic policies of the games where a seat may drop share (13- and 21-card Indian
Rummy): the draw (or the drop), the discard (or a valid declaration, never refused), the blunders
of the Easy level, the cards the next seat is known to hold, and the cards the seat to move cannot
see.  A game's ``Policy`` subclasses :class:`DropPolicy` and gives how it values draws and
discards, when it drops and the declaration it would make."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from game.core.cards import rank_of, suit_of
from game.core.turns import next_in_play


class DropPolicy:
    """See the module docstring.  A game sets ``action`` (its ``Action``) and ``defaults`` (its
    default parameters) and gives :meth:`draw_values`, :meth:`should_drop`,
    :meth:`discard_values`, :meth:`quick_discard` and :meth:`declaration`."""

    action: ClassVar[Any]
    defaults: ClassVar[Any]
    take_refused: ClassVar[Callable[[Any], bool]]  # the rules refuse the top discard (a joker on the pile)

    def __init__(self, params: Any = None, rng: random.Random | None = None, blunder: float = 0.0,
                 *, fast: bool = False) -> None:
        self.params = params or self.defaults
        self.rng = rng or random.Random(0)
        self.blunder = blunder
        self.fast = fast  # play-outs: a quicker discard, no danger
        self._evaluators: dict[tuple, Any] = {}

    def draw_values(self, state: Any, record: Any = None) -> list[tuple[float, Any]]:
        """The legal draws with their expected gain in evaluation units, best first: the stock's
        average gain, the top discard's gain (infinite when it lets the seat declare)."""
        raise NotImplementedError

    def draws(self, state: Any) -> tuple[Any, Any]:
        """The stock draw of the seat to move, and its take of the top discard (``None`` when the
        pile is empty or the rules refuse the card)."""
        stock = self.action.draw_stock(state.turn)
        if not state.discard or self.take_refused(state):
            return stock, None
        return stock, self.action.take_discard(state.turn)

    def should_drop(self, state: Any) -> bool:
        raise NotImplementedError

    def discard_values(self, state: Any, record: Any = None) -> list[tuple[float, int]]:
        """Every kind the seat to move may discard with the cost of the hand without it plus
        its danger (best first; wild cards last while the hand holds a natural card)."""
        raise NotImplementedError

    def quick_discard(self, state: Any) -> Any:
        raise NotImplementedError

    def declaration(self, state: Any) -> Any:
        """A valid declaration of the seat to move, or ``None``."""
        raise NotImplementedError

    def draw(self, state: Any, record: Any = None) -> Any:
        """Drop a hopeless hand (not in a play-out), else the best draw (a random one, now and
        then, for the Easy level; never instead of a draw that goes out)."""
        p = state.turn
        if self.params.drop and not self.fast and self.should_drop(state):
            return self.action.drop(p)
        options = self.draw_values(state, record)
        if len(options) > 1 and options[0][0] != math.inf and self.blunder and self.rng.random() < self.blunder:
            return self.rng.choice(options)[1]
        return options[0][1]

    def discard(self, state: Any, record: Any = None) -> Any:
        """A valid declaration (never refused), else the best discard (for the Easy level, now and
        then a random one of the better half of the natural cards)."""
        if self.fast:
            return self.quick_discard(state)
        declaration = self.declaration(state)
        if declaration is not None:
            return declaration
        ranked = self.discard_values(state, record)
        if len(ranked) > 1 and self.blunder and self.rng.random() < self.blunder:
            natural = [k for _, k in ranked if not state.wild[k]] or [k for _, k in ranked]
            return self.action.discard(state.turn, self.rng.choice(natural[:max(1, (len(natural) + 1) // 2)]))
        return self.action.discard(state.turn, ranked[0][1])

    def watched(self, state: Any, record: Any) -> Counter:
        """Kinds the next seat in play is known to hold (taken from the discard pile)."""
        if record is None or not self.params.danger_weight:
            return Counter()
        nxt = next_in_play(state, state.turn)
        return record.known[nxt] if nxt != state.turn and nxt < len(record.known) else Counter()


def near(kind: int, other: int) -> bool:
    """Whether two natural cards may meld together: the same rank, or the same suit within two
    ranks (an ace is next to the king too)."""
    if rank_of(other) == rank_of(kind):
        return True
    if suit_of(other) != suit_of(kind):
        return False
    gap = abs(rank_of(other) - rank_of(kind))
    return gap <= 2 or 13 - gap <= 1


def logistic_win(value: float, rounds: int, players: int, slope: float, edge: float, floor: float, start: float,
                 fall: float) -> float:
    """The chance that a seat about to draw with hand value ``value`` wins the deal against
    ``players - 1`` seats of typical value ``max(floor, start * fall ** rounds)``: a logistic of
    the difference (``slope``), the mover's ``edge`` added (the fitted models of the games)."""
    typical = max(floor, start * fall ** rounds)
    return 1.0 / (1.0 + (players - 1) * math.exp(slope * (value - typical) - edge))


def unseen_counts_of(counts: list[int], state: Any, record: Any, kind_of: Sequence[int]) -> list[int]:
    """``counts`` (copies of each kind in the deal) less what the seat to move sees (its hand, the
    discard pile, the cut joker) and what other seats are known to hold: what the next stock card
    may be."""
    for c in state.hands[state.turn]:
        counts[kind_of[c]] -= 1
    for c in state.discard:
        counts[kind_of[c]] -= 1
    if state.cut_joker is not None:
        counts[kind_of[state.cut_joker]] -= 1
    if record is not None:
        for s, known in enumerate(record.known):
            if s != state.turn:
                for k, c in known.items():
                    counts[k] -= c
    return [max(0, c) for c in counts]
