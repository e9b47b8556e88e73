"""The turn machinery of the games whose melds stay in the hand (13- and 21-card Indian Rummy,
Indian Marriage): the checked ``apply``, the draw, the take from the discard pile, the discard,
the pass to the next seat in play, the reshuffle of an empty stock; each game's refusals (its
codes, rule ids and words) are its own :class:`Refusals`.

A game builds one :class:`Turns` (or a subclass, :class:`game.core.hand_turn.DeclareTurns`) with
its action type and refusals, and gives it what its rules decide alone: which phase a move needs
(:meth:`Turns.check_phase`), whether the top discard may be taken, how a turn ends and what an
empty stock does.  States are the games' own; the machinery reads the fields they share
(``players``, ``seats``, ``turn``, ``phase``, ``hands``, ``stock``, ``discard``, ``out``,
``taken_discard``, ``history``, ``rules.stock_out``) and ``has_drawn`` where the game keeps it.

>>> refuse = Refusals({"draw_first": ("X5", "draw a card before you {doing}")})
>>> refuse("draw_first", doing="discard").message
'X5: draw a card before you discard'
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .cards import KIND_OF, kind_text
from .errors import IllegalAction
from .reading import well_formed

DRAW, DISCARD, OVER = "draw", "discard", "over"  # the phases every such game has
DRAW_STOCK, TAKE_DISCARD, DISCARD_ACTION = "draw_stock", "take_discard", "discard"  # the actions it has


class Refusals:
    """A game's refusals: ``code -> (rule id, message)``, a message's ``{name}`` fields filled in when
    it is raised (a ``card`` given as its kind, worded ``9S``); ``by_phase`` names another rule for a
    code in some phases (``(code, phase) -> rule id``).  The fields, raw, are the error's ``params``."""

    def __init__(self, table: Mapping[str, tuple[str, str]],
                 by_phase: Mapping[tuple[str, str], str] | None = None) -> None:
        self.table = dict(table)
        self.by_phase = dict(by_phase or {})

    def __call__(self, code: str, phase: str | None = None, **fields: object) -> IllegalAction:
        """The :class:`IllegalAction` of ``code`` (in ``phase``), to raise."""
        rule, message = self.table[code]
        rule = self.by_phase.get((code, phase), rule) if phase is not None else rule
        if not fields:
            return IllegalAction(code, rule, message)
        words = {**fields, "card": kind_text(fields["card"])} if "card" in fields else fields  # type: ignore[arg-type]
        return IllegalAction(code, rule, message.format(**words), fields)


# --- what every turn needs --------------------------------------------------------------------------

def take_card(hand: list[int], kind: int, avoid: int | None = None) -> int:
    """Remove and return a physical card of ``kind`` from ``hand`` (not ``avoid`` when possible)."""
    ids = [c for c in hand if KIND_OF[c] == kind]
    card = next((c for c in ids if c != avoid), ids[0])
    hand.remove(card)
    return card


def split_matches(hand: Sequence[int], kinds: Iterable[int]) -> bool:
    """The physical cards ``hand`` are exactly the kinds ``kinds``."""
    return Counter(KIND_OF[c] for c in hand) == Counter(kinds)


def next_in_play(state: Any, seat: int) -> int:
    """The next seat after ``seat`` in increasing index order that is not out."""
    n = state.players
    for step in range(1, n + 1):
        s = (seat + step) % n
        if state.out[s] is None:
            return s
    return seat


def banned_kind(state: Any) -> int | None:
    """The kind that may not leave the hand this turn: the card taken from the discard pile (still
    in the hand), unless the hand holds another copy of it (the ban is on that physical card only)."""
    taken = state.taken_discard
    if taken is None:
        return None
    kind = KIND_OF[taken]
    hand = state.hands[state.turn]
    copies = sum(1 for c in hand if KIND_OF[c] == kind)
    return kind if copies == 1 and taken in hand else None


def legal_draws(state: Any, action: Any, refused: bool, *, drop: bool) -> list:
    """The draws of the seat to move, in the engine's order: a drop first where the game has one,
    the stock, then the top discard unless the pile is empty or the take is ``refused``."""
    p = state.turn
    out = [action.drop(p)] if drop else []
    out.append(action.draw_stock(p))
    if state.discard and not refused:
        out.append(action.take_discard(p))
    return out


def legal_discards(state: Any, action: Any, kind_of: Sequence[int], banned: int | None) -> list:
    """One discard of every kind the seat to move holds but ``banned`` (in kind order)."""
    p = state.turn
    return [action.discard(p, k) for k in sorted({kind_of[c] for c in state.hands[p]} - {banned})]


def reshuffle_rng(piles: Iterable[Sequence[int]], moves: int) -> random.Random:
    """A generator seeded by the faces of ``piles`` (hidden ones included) and the number of moves
    so far, so a replay of ``(state, actions)`` (from JSON or not) reshuffles the same way while no
    seat can foresee the new stock."""
    text = "|".join([" ".join(kind_text(KIND_OF[c]) for c in pile) for pile in piles] + [str(moves)])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def refill_stock(state: Any, piles: Iterable[Sequence[int]]) -> bool:
    """An empty stock with ``rules.stock_out`` ``reshuffle``: every discard but the top one, shuffled
    (seeded by ``piles``, :func:`reshuffle_rng`), becomes the stock; ``False`` when the rules say
    void or there is nothing under the top card."""
    if state.rules.stock_out != "reshuffle" or len(state.discard) < 2:
        return False
    cards = state.discard[:-1]
    reshuffle_rng(piles, len(state.history)).shuffle(cards)
    state.stock = cards
    state.discard = state.discard[-1:]
    return True


# --- the checked apply and the moves every such game has ---------------------------------------------

class Turns:
    """The turn machinery of one game: ``apply`` and the handlers of the draw, the take and the
    discard (``handlers``, by action type; a game adds its own).  ``marks_drawn``: the game keeps
    ``has_drawn`` a seat.  A game says which phase a move needs (:meth:`check_phase`), whether the
    top discard may be taken (``joker_take_refused(state)``), how a turn ends (:meth:`end_turn`) and
    what a turn that starts with an empty stock does (:meth:`stock_out`).

    The refusals it raises: ``deal_over``, ``not_your_turn`` (``{name}``, ``{seat}``),
    ``discard_pile_empty``, ``joker_on_discard_pile`` (``{card}``), ``card_not_in_hand`` (``{card}``),
    ``discard_taken_card`` (``{card}``), and what :meth:`check_phase` raises."""

    def __init__(self, action_type: Any, refusals: Refusals, joker_take_refused: Callable[[Any], bool], *,
                 marks_drawn: bool) -> None:
        self.action_type = action_type
        self.refuse = refusals
        self.joker_take_refused = joker_take_refused
        self.marks_drawn = marks_drawn
        self.handlers: dict[str, Callable[[Any, Any], None]] = {
            DRAW_STOCK: self.draw_stock, TAKE_DISCARD: self.take_discard, DISCARD_ACTION: self.discard}

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
        :class:`StateError` when it is no well-formed action.  The state given is left as it was."""
        action = well_formed(self.action_type, action, state.players)
        if state.phase == OVER:
            raise self.refuse("deal_over")
        if action.player != state.turn:
            raise self.refuse("not_your_turn", state.phase, name=state.seats[state.turn].name, seat=action.player)
        new = state.copy()
        self.handlers[action.type](new, action)
        new.history.append(action.to_json())
        if new.phase == DRAW and not new.stock:
            self.stock_out(new)
        return new

    # --- what the game decides --------------------------------------------------------------------

    def check_phase(self, state: Any, wanted: str, doing: str) -> None:
        """Refuse a move outside phase ``wanted`` (``doing`` names it in words)."""
        raise NotImplementedError

    def end_turn(self, state: Any) -> None:
        """The turn is over (after a discard)."""
        raise NotImplementedError

    def stock_out(self, state: Any) -> None:
        """A turn starts with an empty stock."""
        raise NotImplementedError

    def pass_turn(self, state: Any, last_one: Callable[[Any, int], None]) -> None:
        """The turn passes to the next seat in play, or, when one seat is left, ``last_one(state,
        seat)`` ends the deal."""
        state.taken_discard = None
        left = state.in_play()
        if len(left) == 1:
            last_one(state, left[0])
            return
        state.turn = next_in_play(state, state.turn)
        state.phase = DRAW

    # --- the moves ----------------------------------------------------------------------------

    def draw_stock(self, state: Any, action: Any) -> None:
        self.check_phase(state, DRAW, "draw")
        state.hands[action.player].append(state.stock.pop())  # the top card
        if self.marks_drawn:
            state.has_drawn[action.player] = True
        state.phase = DISCARD

    def take_discard(self, state: Any, action: Any) -> None:
        self.check_phase(state, DRAW, "draw")
        if not state.discard:
            raise self.refuse("discard_pile_empty")
        if self.joker_take_refused(state):
            raise self.refuse("joker_on_discard_pile", card=KIND_OF[state.discard[-1]])
        card = state.discard.pop()  # only the top card
        state.hands[action.player].append(card)
        if self.marks_drawn:
            state.has_drawn[action.player] = True
        state.taken_discard = card
        state.phase = DISCARD

    def discard(self, state: Any, action: Any) -> None:
        self.check_phase(state, DISCARD, "discard")
        hand = state.hands[action.player]
        kind = action.card
        if not any(KIND_OF[c] == kind for c in hand):
            raise self.refuse("card_not_in_hand", card=kind)
        if kind == banned_kind(state):
            raise self.refuse("discard_taken_card", card=kind)
        state.discard.append(take_card(hand, kind, state.taken_discard))
        self.end_turn(state)
