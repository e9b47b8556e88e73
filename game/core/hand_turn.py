"""The turn of the draw-discard-declare games (13- and 21-card Indian Rummy, CONTRACT.md): what
their rules say alike, worded and numbered by each game's own :class:`~game.core.turns.Refusals`.

A turn starts in phase ``draw``: drop (only then), draw from the stock or take the top discard.
In phase ``discard``: discard, or declare (a finish card face down and the rest in groups).  A
valid declaration ends the deal: the losers are scored at once, or (without
``auto_arrange_losers``) each shows its groups in turn, in phase ``show``.  An invalid one puts the
seat out and charges it, and ends the deal with ``invalid_declare_ends_deal``.  The deal also ends
when one seat is left in play, or when a turn starts with an empty stock that may not be
reshuffled (void).  The game gives what it decides alone: whether a declaration is valid
(``judge``), what the end charges (``settle``), whether the top discard may be taken.

The refusals a game's table holds, besides those of :class:`~game.core.turns.Turns`:
``not_show_time``, ``wrong_phase`` (``{doing}``), ``drop_after_draw``, ``already_drawn``,
``draw_first`` (``{doing}``), ``declare_cards_mismatch`` (``{held}``), ``finish_taken_card``
(``{card}``), ``show_cards_mismatch`` (``{held}``); :func:`hand_refusals` words them alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .hand_actions import DECLARE, DROP, SHOW, Action
from .hand_state import (
    ALL_DROPPED,
    DECLARED,
    DISCARD,
    DRAW,
    FIRST_DROP,
    INVALID,
    INVALID_END,
    MIDDLE_DROP,
    OVER,
    VOID,
)
from .hand_state import SHOW as SHOW_PHASE
from .turns import Refusals, Turns, banned_kind, next_in_play, refill_stock, split_matches, take_card

# What the refusals of a turn say where both games say it alike (code -> message).
REFUSAL_WORDS = {
    "deal_over": "the deal is over; deal the next one",
    "not_your_turn": "it is {name}'s turn, not seat {seat}'s",
    "drop_after_draw": "a player may drop only at the start of the turn, before drawing",
    "draw_first": "draw a card before you {doing}",
    "discard_pile_empty": "the discard pile is empty; draw from the stock",
    "joker_on_discard_pile": "the {card} on the discard pile is a joker and may not be taken; draw from the stock",
    "card_not_in_hand": "you hold no {card} to discard",
    "discard_taken_card": "the {card} just taken from the discard pile may not be discarded this turn",
    "declare_cards_mismatch": "the finish card and the groups must be exactly the {held} cards you hold",
    "finish_taken_card": "the {card} just taken from the discard pile may not be the finish card",
    "show_cards_mismatch": "the groups must be exactly the {held} cards you hold",
}


def hand_refusals(rules: dict[str, str], **words: str) -> Refusals:
    """A game's refusals of a turn: each code's rule id from ``rules`` (in its order), its message
    the game's own of ``words`` or else the shared one of :data:`REFUSAL_WORDS`."""
    return Refusals({code: (rule, words.get(code) or REFUSAL_WORDS[code]) for code, rule in rules.items()})

Groups = tuple[tuple[int, ...], ...]


def last_declaration(history: Sequence[dict]) -> dict | None:
    """The latest ``declare`` entry of the history (the one that ended the deal)."""
    for entry in reversed(history):
        if entry["type"] == DECLARE:
            return entry
    return None


def shown_groups(history: Sequence[dict], winner: int) -> dict[int, Groups]:
    """Groups each loser showed after the declaration, from the history."""
    out: dict[int, Groups] = {}
    for entry in history:
        if entry["type"] == SHOW:
            out[entry["player"]] = Action.from_json(entry).groups or ()
    out.pop(winner, None)
    return out


def charges(state: Any, winner: int | None, declared: Groups | None, all_dropped: bool,
            out_charge: Callable[[int], int],
            loser: Callable[[int], tuple[int, Groups | None]]) -> tuple[list[int], list[Groups | None]]:
    """What each seat is charged as a deal is settled, and the groups it is judged on: the winner
    nothing (its ``declared`` groups), a seat out of play ``out_charge(seat)`` (a drop or an invalid
    declaration), every other seat ``loser(seat)`` (its count and groups) unless ``all_dropped``."""
    points = [0] * state.players
    groups: list[Groups | None] = [None] * state.players
    for seat in range(state.players):
        if seat == winner:
            groups[seat] = declared
        elif state.out[seat] is not None:
            points[seat] = out_charge(seat)
        elif not all_dropped:
            points[seat], groups[seat] = loser(seat)
    return points, groups


class DeclareTurns(Turns):
    """The turn of a draw-discard-declare game.  ``declaring``: the word for a declaration in the
    game's messages; ``judge(state, groups)``: the groups a declaration is valid on, or ``None``;
    ``settle(state, winner, reason, declarer=, declared=, shown=)``: the result of a deal that ends."""

    def __init__(self, refusals: Refusals, joker_take_refused: Callable[[Any], bool], *, declaring: str,
                 judge: Callable[[Any, Groups], Groups | None], settle: Callable[..., Any]) -> None:
        super().__init__(Action, refusals, joker_take_refused, marks_drawn=True)
        self.declaring = declaring
        self.judge = judge
        self.settle = settle
        self.handlers.update({DROP: self.drop, DECLARE: self.declare, SHOW: self.show})

    def check_phase(self, state: Any, wanted: str, doing: str) -> None:
        """Refuse a move outside its phase, naming the rule that orders the turn."""
        if state.phase == wanted:
            return
        if wanted == SHOW_PHASE:
            raise self.refuse("not_show_time")
        if state.phase == SHOW_PHASE:
            raise self.refuse("wrong_phase", doing=doing)
        if wanted == DRAW:
            if doing == "drop":
                raise self.refuse("drop_after_draw")
            raise self.refuse("already_drawn")
        raise self.refuse("draw_first", doing=doing)

    def end_turn(self, state: Any) -> None:
        """The turn passes to the next seat in play, or the deal ends when one is left."""
        self.pass_turn(state, self._last_one)

    def _last_one(self, state: Any, seat: int) -> None:
        state.turn = seat
        state.phase = OVER
        state.result = self.settle(state, seat, ALL_DROPPED)

    def stock_out(self, state: Any) -> None:
        """A turn starts with an empty stock: reshuffle the discards under the top one, or void."""
        if refill_stock(state, state.hands + [state.discard]):
            return
        state.phase = OVER
        state.result = self.settle(state, None, VOID)

    # --- the moves ----------------------------------------------------------------------------

    def drop(self, state: Any, action: Any) -> None:
        self.check_phase(state, DRAW, "drop")
        p = action.player
        state.out[p] = MIDDLE_DROP if state.has_drawn[p] else FIRST_DROP
        self.end_turn(state)

    def declare(self, state: Any, action: Any) -> None:
        self.check_phase(state, DISCARD, self.declaring)
        p = action.player
        hand = state.hands[p]
        finish = action.card
        groups: Groups = action.groups or ()
        if not split_matches(hand, [finish, *(k for g in groups for k in g)]):
            raise self.refuse("declare_cards_mismatch", held=len(hand))
        if finish == banned_kind(state):
            raise self.refuse("finish_taken_card", card=finish)
        judged = self.judge(state, groups)
        if judged is not None:
            state.finish = take_card(hand, finish, state.taken_discard)  # face down
            state.taken_discard = None
            self.declared(state, p, judged)
            return
        state.out[p] = INVALID  # the cards are set aside, the penalty is charged
        if state.rules.invalid_declare_ends_deal:
            state.taken_discard = None
            state.phase = OVER
            state.result = self.settle(state, None, INVALID_END, declarer=p)
            return
        self.end_turn(state)

    def declared(self, state: Any, winner: int, judged: Groups) -> None:
        """A valid declaration ends the deal; the losers are scored now or show in turn."""
        losers = [s for s in state.in_play() if s != winner]
        if state.rules.auto_arrange_losers or not losers:
            state.phase = OVER
            state.result = self.settle(state, winner, DECLARED, declarer=winner, declared=judged)
            return
        state.phase = SHOW_PHASE
        state.turn = next_in_play(state, winner)

    def show(self, state: Any, action: Any) -> None:
        self.check_phase(state, SHOW_PHASE, "show")
        p = action.player
        groups: Groups = action.groups or ()
        if not split_matches(state.hands[p], [k for g in groups for k in g]):
            raise self.refuse("show_cards_mismatch", held=len(state.hands[p]))
        declaration = last_declaration(state.history)
        assert declaration is not None, "phase 'show' follows a declaration"
        winner = declaration["player"]
        nxt = next_in_play(state, p)
        if nxt != winner:
            state.turn = nxt
            return
        shown = shown_groups(state.history + [action.to_json()], winner)
        state.phase = OVER
        state.turn = winner
        declared = self.judge(state, Action.from_json(declaration).groups or ())
        state.result = self.settle(state, winner, DECLARED, declarer=winner, declared=declared, shown=shown)
